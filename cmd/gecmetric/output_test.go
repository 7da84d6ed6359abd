package main

import (
	"slices"
	"testing"

	"github.com/urfave/cli/v3"
)

// -o means one thing in every command: the file (or, for commands that
// write several files, the folder) the output goes to. Every command that
// does something has it, except annotate init, whose --hyp (--output) names the
// rated systems and which prints only links; no other flag is called -o.
func TestOutputFlagEverywhere(t *testing.T) {
	e := &env{}
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, c := range cmds {
			name := prefix + c.Name
			if len(c.Commands) > 0 {
				walk(name+" ", c.Commands)
				continue
			}
			var o cli.Flag
			for _, f := range c.Flags {
				if slices.Contains(f.Names(), "o") {
					o = f
				}
			}
			switch {
			case name == "annotate init":
				if o != nil {
					t.Errorf("%s: -o is %v", name, o.Names())
				}
			case o == nil:
				t.Errorf("%s has no -o", name)
			case o.Names()[0] != "output" && o.Names()[0] != "out":
				t.Errorf("%s: -o is --%s, not the output", name, o.Names()[0])
			}
		}
	}
	app := &cli.Command{Name: "gecmetric", Commands: commands(e)}
	for _, c := range app.Commands {
		sameOutputFlag(e, c)
	}
	walk("", app.Commands)
}
