package annotate

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestExportReadOnlyMount is the audit's case: `annotate export` of a
// task on a read-only mount said "unable to open database file (14)". It
// bind-mounts a task's folder read-only (root with CAP_SYS_ADMIN, as CI
// runs; skipped elsewhere) and checks that the error says what is wrong.
func TestExportReadOnlyMount(t *testing.T) {
	src := t.TempDir()
	path := createTask(t, src, "swell", fixture.source, fixture.ref,
		map[string][]string{"sysA": fixture.sysA, "sysB": fixture.sysB})
	mnt := t.TempDir()
	if err := syscall.Mount(src, mnt, "", syscall.MS_BIND, ""); err != nil {
		t.Skipf("cannot bind-mount a folder here (%v): needs root with CAP_SYS_ADMIN", err)
	}
	t.Cleanup(func() { syscall.Unmount(mnt, syscall.MNT_DETACH) })
	if err := syscall.Mount("", mnt, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY, ""); err != nil {
		t.Skipf("cannot remount read-only: %v", err)
	}
	if f, err := os.Create(filepath.Join(mnt, "probe")); err == nil || !errors.Is(err, syscall.EROFS) {
		if f != nil {
			f.Close()
		}
		t.Skipf("the mount is not read-only: %v", err)
	}
	ro := filepath.Join(mnt, "task.db")
	var out bytes.Buffer
	err := Export(&out, ro, "jsonl", "", "")
	want := ro + ": cannot open the task database: its folder " + mnt + " takes no new files (read-only file system), and SQLite needs to create task.db-wal and task.db-shm beside it even to read it; copy it to a writable folder"
	if err == nil || err.Error() != want {
		t.Errorf("export on a read-only mount: %v\nwant %s", err, want)
	}
	if err != nil && strings.Contains(err.Error(), "(14)") {
		t.Errorf("SQLite's code reached the message: %v", err)
	}
	// The same database where it can be written exports.
	if err := Export(&out, path, "jsonl", "", ""); err != nil {
		t.Errorf("export on the writable mount: %v", err)
	}
}
