package testdata

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestSkipComparison runs a comparison that cannot be made in a child
// process, with and without CI=true: skipped, then failed.
func TestSkipComparison(t *testing.T) {
	if os.Getenv("TESTDATA_CHILD") == "1" {
		SkipComparison(t, "no %s here", "wswedish")
		return
	}
	for _, tc := range []struct {
		ci   string
		fail bool
		want string
	}{
		{"", false, "comparison skipped: no wswedish here"},
		{"true", true, "CI=true, but this comparison cannot run: no wswedish here"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSkipComparison$", "-test.v")
		cmd.Env = append(os.Environ(), "TESTDATA_CHILD=1", "CI="+tc.ci)
		out, err := cmd.CombinedOutput()
		if (err != nil) != tc.fail || !strings.Contains(string(out), tc.want) {
			t.Errorf("CI=%q: err %v, output:\n%s\nwant failure %v and %q", tc.ci, err, out, tc.fail, tc.want)
		}
	}
}

// TestLong runs a long test in a child process with and without
// GECMETRIC_LONG=1: skipped, then run.
func TestLong(t *testing.T) {
	if os.Getenv("TESTDATA_CHILD") == "1" {
		Long(t)
		t.Log("the long test ran")
		return
	}
	for _, tc := range []struct{ long, want string }{
		{"", "long test: run with GECMETRIC_LONG=1 go test"},
		{"0", "long test: run with GECMETRIC_LONG=1 go test"},
		{"1", "the long test ran"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLong$", "-test.v")
		cmd.Env = append(os.Environ(), "TESTDATA_CHILD=1", LongEnv+"="+tc.long)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), tc.want) {
			t.Errorf("%s=%q: err %v, output:\n%s\nwant %q", LongEnv, tc.long, err, out, tc.want)
		}
	}
}
