package annotate

import (
	"os"
	"path/filepath"
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

// newFixtureDB creates the fixture task on the swell scales in a temporary
// directory and opens it.
func newFixtureDB(t testing.TB) *DB {
	t.Helper()
	dir := t.TempDir()
	p, _ := LookupProtocol("swell")
	task, err := ReadTask(p, writeLines(t, dir, "src.txt", fixture.source), writeLines(t, dir, "ref.txt", fixture.ref),
		[]SystemFile{{"sysA", writeLines(t, dir, "a.txt", fixture.sysA)}, {"sysB", writeLines(t, dir, "b.txt", fixture.sysB)}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "task.db")
	if err := Create(path, task); err != nil {
		t.Fatal(err)
	}
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// fixtureItem returns the index of the fixture item whose source is s.
func fixtureItem(t testing.TB, s string) int {
	t.Helper()
	for i, src := range fixture.source {
		if src == s {
			return i
		}
	}
	t.Fatalf("source %q is not a fixture sentence", s)
	return -1
}
