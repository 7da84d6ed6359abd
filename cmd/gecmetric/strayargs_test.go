package main

import (
	"io"
	"strings"
	"testing"

	"github.com/urfave/cli/v3"
)

// TestStrayArgsEveryCommand gives every command that takes no positional
// argument its required flags and one stray argument: each must stop with
// exit status 2 and name the argument, before doing any work.
func TestStrayArgsEveryCommand(t *testing.T) {
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	var walk func(path []string, cmds []*cli.Command)
	n := 0
	walk = func(path []string, cmds []*cli.Command) {
		for _, c := range cmds {
			p := append(append([]string(nil), path...), c.Name)
			if len(c.Commands) > 0 {
				walk(p, c.Commands)
				continue
			}
			if strings.TrimSpace(c.ArgsUsage) != "" {
				continue // takes positional arguments (annotate import FILE...)
			}
			args := p
			for _, f := range c.Flags {
				if r, ok := f.(cli.RequiredFlag); ok && r.IsRequired() {
					args = append(args, "--"+f.Names()[0], "x")
				}
			}
			args = append(args, "stray.txt")
			n++
			_, errOut, code := gecmetric(t, "", args...)
			want := `gecmetric: error: unexpected argument "stray.txt": ` + strings.Join(p, " ") + " takes its files by flags"
			if code != 2 || !strings.Contains(errOut, want) {
				t.Errorf("gecmetric %s: exit %d, stderr %q; want 2 and %q", strings.Join(args, " "), code, errOut, want)
			}
		}
	}
	walk(nil, commands(e))
	if n < 14 {
		t.Errorf("%d commands checked, want every command (at least 14)", n)
	}
	t.Logf("%d commands", n)
}
