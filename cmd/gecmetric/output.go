package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// sameOutputFlag gives every command the one meaning of -o: the file its
// output goes to. A command that prints to stdout and has no -o yet gets
// -o/--output FILE, which writes what it would print to FILE atomically
// (also when a check fails, exit status 1, so that a CI job keeps the
// report); a command whose --out names the file it writes gets -o as
// another name for it.
func sameOutputFlag(e *env, cmd *cli.Command) {
	for _, sub := range cmd.Commands {
		sameOutputFlag(e, sub)
	}
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), "o") || slices.Contains(f.Names(), "output") {
			return // -o as it is; annotate init's --hyp (alias --output: its systems) has no -o
		}
		if sf, ok := f.(*cli.StringFlag); ok && sf.Name == "out" {
			sf.Aliases = append(sf.Aliases, "o")
			return
		}
	}
	if cmd.Action == nil || len(cmd.Commands) > 0 {
		return
	}
	cmd.Flags = append(cmd.Flags, &cli.StringFlag{Name: "output", Aliases: []string{"o"},
		Usage: "write the output to this file instead of stdout", Action: outputPath})
	action := cmd.Action
	cmd.Action = func(ctx context.Context, c *cli.Command) error {
		path := c.String("output")
		if path == "" {
			return action(ctx, c)
		}
		var buf bytes.Buffer
		saved := e.stdout
		e.stdout = &buf
		err := action(ctx, c)
		e.stdout = saved
		var ee *exitError
		if err != nil && !(errors.As(err, &ee) && ee.code == 1) {
			return err
		}
		if werr := atomicfile.Write(path, func(w io.Writer) error {
			_, err := w.Write(buf.Bytes())
			return err
		}); werr != nil {
			return werr
		}
		return err
	}
}
