package testdata

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestReportLine runs a test that wants the shared data in a child
// process with GECMETRIC_DATA naming a missing folder: the test is
// skipped, and the child (not run by the go command) prints Main's line
// on its own output.
func TestReportLine(t *testing.T) {
	if os.Getenv("TESTDATA_CHILD") == "report" {
		for _, name := range []string{"a", "b"} {
			t.Run(name, func(t *testing.T) { Dir(t, "conll14-errant") })
		}
		return
	}
	missing := filepath.Join(t.TempDir(), "nothing-here")
	cmd := exec.Command(os.Args[0], "-test.run=^TestReportLine$")
	cmd.Env = append(os.Environ(), "TESTDATA_CHILD=report", "GECMETRIC_DATA="+missing)
	out, err := cmd.CombinedOutput()
	want := "gecmetric: 2 tests skipped for want of the shared data (GECMETRIC_DATA=" + missing + " is not a folder): it is public GEC data"
	if err != nil || !strings.Contains(string(out), want) || !strings.Contains(string(out), "docs/testing.md") {
		t.Errorf("err %v, output:\n%s\nwant a line starting %q", err, out, want)
	}
}

// TestDataPackagesRunMain keeps the report complete: every package whose
// tests import this package runs them through Main (else its skips go
// uncounted and the set of packages Main waits for never completes), and
// no test reads the data folder but through this package.
func TestDataPackagesRunMain(t *testing.T) {
	root, mod := moduleRoot()
	if root == "" {
		t.Fatal("no go.mod above the working directory")
	}
	pkgs := dataPackages(root, mod)
	for _, want := range []string{"cmd/gecmetric", "metrics/m2", "corpora/tokenize", "calibrate/metaeval"} {
		if !slices.Contains(pkgs, filepath.FromSlash(want)) {
			t.Errorf("dataPackages misses %s: %v", want, pkgs)
		}
	}
	for _, p := range pkgs {
		files, _ := filepath.Glob(filepath.Join(root, p, "*_test.go"))
		found := false
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(data, []byte("testdata.Main(")) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no TestMain calling testdata.Main: its tests' data skips go unreported", p)
		}
	}
	// Tests find the data through this package (Root, Dir, Golden,
	// SkipData), so that every skip for want of it is counted.
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		if strings.HasPrefix(rel, filepath.Join("internal", "datadir")) || strings.HasPrefix(rel, filepath.Join("internal", "testdata")) || strings.HasPrefix(rel, "beam") {
			return nil // these two packages; beam is a module of its own
		}
		data, err := os.ReadFile(path)
		if err == nil && bytes.Contains(data, []byte("datadir.Root()")) {
			t.Errorf("%s calls datadir.Root(): use testdata.Root, Dir or SkipData so that its skips are counted", rel)
		}
		return nil
	})
}

// TestCounts: sumCounts adds what writeCounts wrote, and a package's key
// is its folder.
func TestCounts(t *testing.T) {
	dir := t.TempDir()
	for k, c := range [][2]int{{3, 3}, {5, 0}, {10, 2}} {
		if err := writeCounts(filepath.Join(dir, key(filepath.Join("a", string(rune('x'+k))))), c[0], c[1]); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, ".printed"), nil, 0o600)
	if asked, skipped := sumCounts(dir); asked != 18 || skipped != 5 {
		t.Errorf("sumCounts = %d, %d, want 18, 5", asked, skipped)
	}
	if k := key(filepath.Join("cmd", "gecmetric")); k != "cmd~gecmetric" {
		t.Errorf("key = %q", k)
	}
}
