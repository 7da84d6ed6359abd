package main

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf16"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// TestMain lets the scripts in testdata/script run the gecmetric command
// built into the test binary, and reports the tests skipped for want of
// the shared data (testdata.Main).
func TestMain(m *testing.M) {
	testscript.Main(reporting{m}, map[string]func(){
		"gecmetric": func() { os.Exit(run(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// reporting runs the tests through testdata.Main.
type reporting struct{ m *testing.M }

func (r reporting) Run() int { return testdata.Main(r.m) }

// scriptSkips counts the scripts' [data] conditions that were false.
var scriptSkips atomic.Int32

// TestScripts runs the CLI scripts in testdata/script: commands, their
// exact output and their exit status. UPDATE_SCRIPTS=1 rewrites the
// golden files that `cmp stdout FILE` compares with (review the diff).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") != "",
		// [data]: the shared data is there ($DATA); scripts that read it
		// skip without it.
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"encode": encodeCmd},
		Condition: func(cond string) (bool, error) {
			if cond == "data" {
				if testdata.Root() == "" {
					// [!data] skip: counted once per evaluation.
					testdata.Skipped(fmt.Sprintf("TestScripts/[data] #%d", scriptSkips.Add(1)))
					return false, nil
				}
				return true, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(env *testscript.Env) error {
			// Shared data for the scripts that read it in place.
			if root := testdata.Root(); root != "" {
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

// encodeCmd is the scripts' "encode ENC SRC DST": it writes the UTF-8
// file SRC to DST in ENC (utf-16le, utf-16be, utf-32le or utf-32be; with
// +bom, the byte order mark first), as Windows tools and iconv write it,
// for the scripts that feed gecmetric such files.
func encodeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: encode ENC SRC DST")
	}
	enc, bom := args[0], false
	if e, ok := strings.CutSuffix(enc, "+bom"); ok {
		enc, bom = e, true
	}
	text := ts.ReadFile(args[1])
	if bom {
		text = "\uFEFF" + text
	}
	var order binary.AppendByteOrder = binary.LittleEndian
	if strings.HasSuffix(enc, "be") {
		order = binary.BigEndian
	}
	var out []byte
	switch strings.TrimSuffix(strings.TrimSuffix(enc, "le"), "be") {
	case "utf-16":
		for _, u := range utf16.Encode([]rune(text)) {
			out = order.AppendUint16(out, u)
		}
	case "utf-32":
		for _, r := range text {
			out = order.AppendUint32(out, uint32(r))
		}
	default:
		ts.Fatalf("encode: unknown encoding %q", args[0])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), out, 0o644))
}
