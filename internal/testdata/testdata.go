// Package testdata finds the shared public data that golden tests read in
// place: the folder named by GECMETRIC_DATA, or ../shared/data beside the
// repository root. Tests that need it call Dir (or Golden, or SkipData)
// and are skipped with a clear message when it is absent; a package whose
// tests do so runs them through Main, which counts those skips and, at the
// end of `go test ./...`, prints how many tests the missing data skipped
// and where the data comes from (see Main). Tests too slow for the everyday `go test
// ./...` (a full refit of the judge's models, a long golden comparison)
// call Long and run only with GECMETRIC_LONG=1, .ci/run's second step.
package testdata

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gecmetric/gecmetric/internal/datadir"
)

// Root returns the data folder, or "" if it does not exist.
func Root() string { return datadir.Root() }

// Dir returns the path of a file or folder inside the data folder, and
// skips the test when the data is absent (counted for Main's report).
func Dir(t testing.TB, elem ...string) string {
	t.Helper()
	used(t)
	root := Root()
	if root == "" {
		SkipData(t, "shared data not found: set GECMETRIC_DATA or place it at ../shared/data beside the repository")
	}
	p := filepath.Join(append([]string{root}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		SkipData(t, "shared data %s not found: %v", p, err)
	}
	return p
}

// Golden returns a path inside the golden folder (../golden beside the data
// folder), and skips the test when it is absent (counted for Main's
// report).
func Golden(t testing.TB, elem ...string) string {
	t.Helper()
	used(t)
	root := Root()
	if root == "" {
		SkipData(t, "shared data not found: set GECMETRIC_DATA or place it at ../shared/data beside the repository")
	}
	p := filepath.Join(append([]string{root, "..", "golden"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		SkipData(t, "golden file %s not found: %v", p, err)
	}
	return p
}

// SkipComparison reports a comparison the test cannot make here (a word
// list or tool not installed): it skips with the message, or fails with it
// under CI=true, where everything a comparison needs is installed (.ci/run)
// and a skip would hide a regression.
func SkipComparison(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true, but this comparison cannot run: "+format, args...)
	}
	t.Skipf("comparison skipped: "+format, args...)
}

// LongEnv names the environment variable that turns the long tests on:
// GECMETRIC_LONG=1 go test ./... runs them (the test cache keeps the
// results of packages without any, since they never read it).
const LongEnv = "GECMETRIC_LONG"

// Long skips a long test unless GECMETRIC_LONG=1. A long test is one that
// cannot be fast: it refits every default judge model, or compares long
// golden outputs. .ci/run runs them as its second, named step.
func Long(t testing.TB) {
	t.Helper()
	if os.Getenv(LongEnv) != "1" {
		t.Skipf("long test: run with %s=1 go test (the long step of .ci/run)", LongEnv)
	}
}
