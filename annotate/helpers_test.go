package annotate

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fixture is a small task of sentences written for these tests. The
// second item carries markup and an ampersand, which the page must show
// as text.
var fixture = struct {
	source, ref, sysA, sysB []string
}{
	source: []string{"She go to school every days .", "I has <b>two</b> cat & a dog ."},
	ref:    []string{"She goes to school every day .", "I have <b>two</b> cats & a dog ."},
	sysA:   []string{"She goes to school every days .", "I have <b>two</b> cat & a dog ."},
	sysB:   []string{"She go to school every day .", "I has <b>two</b> cats & a dog ."},
}

func writeLines(t testing.TB, dir, name string, lines []string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// createTask writes the sentences to files in dir, reads them as a task on
// the named protocol (ref nil: a task without references) and creates the
// task database dir/task.db, whose path it returns.
func createTask(t testing.TB, dir, protocol string, src, ref []string, systems map[string][]string) string {
	t.Helper()
	p, err := LookupProtocol(protocol)
	if err != nil {
		t.Fatal(err)
	}
	refPath := ""
	if ref != nil {
		refPath = writeLines(t, dir, "ref.txt", ref)
	}
	var files []SystemFile
	for _, name := range slices.Sorted(maps.Keys(systems)) {
		files = append(files, SystemFile{name, writeLines(t, dir, "sys-"+name+".txt", systems[name])})
	}
	task, err := ReadTask(p, writeLines(t, dir, "src.txt", src), refPath, files)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "task.db")
	if err := Create(path, task); err != nil {
		t.Fatal(err)
	}
	return path
}

// openTestDB opens the task database at path until the test ends.
func openTestDB(t testing.TB, path string) *DB {
	t.Helper()
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// newFixtureDB creates the fixture task on the swell scales in a temporary
// directory and opens it.
func newFixtureDB(t testing.TB) *DB {
	t.Helper()
	return openTestDB(t, createTask(t, t.TempDir(), "swell", fixture.source, fixture.ref,
		map[string][]string{"sysA": fixture.sysA, "sysB": fixture.sysB}))
}
