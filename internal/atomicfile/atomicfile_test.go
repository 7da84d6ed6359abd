package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A failing writer leaves the old file and no temporary file.
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("disk on fire")
	})
	if err == nil || !strings.Contains(err.Error(), "writing "+path+": disk on fire") {
		t.Errorf("error = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("after a failed write the file holds %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files left in the folder, want 1", len(ents))
	}
	// A good write replaces it, readable by all.
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if string(b) != "new" || fi.Mode().Perm() != 0o644 {
		t.Errorf("got %q mode %v", b, fi.Mode().Perm())
	}
	if err := Write(filepath.Join(dir, "no", "such", "dir.txt"), func(io.Writer) error { return nil }); err == nil {
		t.Error("writing into a missing folder gave no error")
	}
}
