package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/gecmetric/gecmetric/internal/datadir"
)

// TestMain lets the scripts in testdata/script run the gecmetric command
// built into the test binary.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gecmetric": func() { os.Exit(run(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI scripts in testdata/script: commands, their
// exact output and their exit status. UPDATE_SCRIPTS=1 rewrites the
// golden files that `cmp stdout FILE` compares with (review the diff).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") != "",
		// [data]: the shared data is there ($DATA); scripts that read it
		// skip without it.
		Condition: func(cond string) (bool, error) {
			if cond == "data" {
				return datadir.Root() != "", nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(env *testscript.Env) error {
			// Shared data for the scripts that read it in place.
			if root := datadir.Root(); root != "" {
				abs, err := filepath.Abs(root)
				if err != nil {
					return err
				}
				env.Setenv("DATA", abs)
			}
			// Golden files a txtar cannot hold (the M2 scorer's dumps
			// have lines of the form "-- name --").
			golden, err := filepath.Abs(filepath.Join("testdata", "golden"))
			if err != nil {
				return err
			}
			env.Setenv("GOLDEN", golden)
			return nil
		},
	})
}
