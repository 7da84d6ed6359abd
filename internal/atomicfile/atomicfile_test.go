package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	if err == nil || err.Error() != "disk on fire" {
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

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir) // the messages name paths as given, relative here
	os.WriteFile("file", []byte("x"), 0o644)
	os.Mkdir("adir", 0o755)
	for _, tc := range []struct{ path, want string }{
		{"", ""},
		{"new.jsonl", ""},
		{"file", ""},
		{"adir/new.jsonl", ""},
		{"/dev/null", ""},
		{"adir", "adir is a directory"},
		{"adir/", "adir/ is a directory"},
		{".", ". is a directory"},
		{"missing/x.jsonl", "missing/x.jsonl: no directory missing"},
		{"adir/missing/x.jsonl", "adir/missing/x.jsonl: no directory adir/missing"},
		{"file/x.jsonl", "file/x.jsonl: file is not a directory"},
	} {
		err := Check(tc.path)
		if got := fmt.Sprint(err); (err == nil) != (tc.want == "") || err != nil && got != tc.want {
			t.Errorf("Check(%q) = %v, want %q", tc.path, err, tc.want)
		}
	}
	if ents, _ := os.ReadDir("."); len(ents) != 2 {
		t.Errorf("Check left files behind: %v", ents)
	}
}

func TestCheckReadOnlyDir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	t.Chdir(t.TempDir())
	os.Mkdir("ro", 0o555)
	if err := Check("ro/x"); err == nil || err.Error() != "ro/x: cannot create files in ro: permission denied" {
		t.Errorf("Check(ro/x) = %v", err)
	}
}

func TestCheckDir(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("file", []byte("x"), 0o644)
	os.Mkdir("adir", 0o755)
	for _, tc := range []struct{ path, want string }{
		{"", ""},
		{"adir", ""},
		{"new", ""},
		{"new/deeper", ""},
		{"adir/new", ""},
		{"file", "file is not a directory"},
		{"file/sub", "file/sub: file is not a directory"},
		{"file/sub/deeper", "file/sub/deeper: file is not a directory"},
	} {
		err := CheckDir(tc.path)
		if got := fmt.Sprint(err); (err == nil) != (tc.want == "") || err != nil && got != tc.want {
			t.Errorf("CheckDir(%q) = %v, want %q", tc.path, err, tc.want)
		}
	}
}

// TestWriteErrors: Write's messages name the path given, never the temporary file.
func TestWriteErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	os.Mkdir("adir", 0o755)
	called := false
	write := func(w io.Writer) error { called = true; _, err := io.WriteString(w, "x"); return err }
	for _, tc := range []struct{ path, want string }{
		{"adir", "adir is a directory"},
		{"no/x.jsonl", "no/x.jsonl: no directory no"},
	} {
		called = false
		err := Write(tc.path, write)
		if err == nil || err.Error() != tc.want || called {
			t.Errorf("Write(%q) = %v (writer called: %v), want %q", tc.path, err, called, tc.want)
		}
	}
	if err := Write("/dev/null", write); err != nil || !called {
		t.Errorf("Write(/dev/null) = %v (writer called: %v)", err, called)
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode().IsRegular() {
		t.Errorf("/dev/null replaced: %v %v", fi.Mode(), err)
	}
}
