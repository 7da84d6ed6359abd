package main

import (
	"context"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts in testdata/script run the gecmetric command
// built into the test binary.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gecmetric": func() { os.Exit(run(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI scripts in testdata/script: commands, their
// exact output and their exit status.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
