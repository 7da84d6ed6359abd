package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// gecmetric runs the CLI in-process and returns stdout, stderr and the
// exit status.
func gecmetric(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"gecmetric"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestVersion(t *testing.T) {
	out, _, code := gecmetric(t, "", "--version")
	if code != 0 || !strings.Contains(out, "gecmetric version "+version) {
		t.Errorf("--version: code %d, out %q", code, out)
	}
}

func TestHelp(t *testing.T) {
	out, _, code := gecmetric(t, "", "help")
	if code != 0 || !strings.Contains(out, "gecmetric") || !strings.Contains(out, "USAGE") {
		t.Errorf("help: code %d, out %q", code, out)
	}
}

func TestUnknownFlag(t *testing.T) {
	_, errOut, code := gecmetric(t, "", "--no-such-flag")
	if code != 2 || !strings.Contains(errOut, "gecmetric: error:") {
		t.Errorf("unknown flag: code %d, stderr %q", code, errOut)
	}
}
