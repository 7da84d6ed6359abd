package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/urfave/cli/v3"
	"golang.org/x/term"

	"github.com/gecmetric/gecmetric/internal/progress"
)

// slowCommands are the commands that can run longer than a few seconds on
// real data; they report progress on stderr (package progress).
var slowCommands = map[string]bool{"eval": true, "edits": true, "judge": true, "correlate": true, "agreement": true,
	"compare": true, "meta-eval": true, "fit": true, "defaults": true, "report": true}

// withProgress gives every slow command a --progress flag and a
// progress.Meter in e.meter while it runs: on a terminal an updating line
// (elapsed time, and the counts, rate and ETA the command reports), with
// --progress plain lines every 10 s otherwise, else nothing. When stdout
// is the same terminal, the line is cleared before the first output.
func withProgress(e *env, cmd *cli.Command) {
	for _, sub := range cmd.Commands {
		withProgress(e, sub)
	}
	if cmd.Action == nil || !slowCommands[cmd.Name] {
		return
	}
	if !slices.ContainsFunc(cmd.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), "progress") }) {
		cmd.Flags = append(cmd.Flags, &cli.BoolFlag{Name: "progress", Usage: "report progress on stderr even when it is not a terminal"})
	}
	action := cmd.Action
	cmd.Action = func(ctx context.Context, c *cli.Command) error {
		m := progress.Start(e.stderr, progress.Options{
			Label: "gecmetric: " + strings.TrimPrefix(c.FullName(), "gecmetric "),
			TTY:   isTerminal(e.stderr), Log: c.Bool("progress"),
		})
		saved, savedOut := e.meter, e.stdout
		e.meter = m
		if m.On() && isTerminal(e.stdout) {
			e.stdout = &stopOnWrite{w: e.stdout, m: m}
		}
		defer func() { m.Stop(); e.meter, e.stdout = saved, savedOut }()
		return action(ctx, c)
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// stopOnWrite stops a Meter before the first write to a terminal that
// also shows the Meter's line.
type stopOnWrite struct {
	w    io.Writer
	m    *progress.Meter
	once sync.Once
}

func (s *stopOnWrite) Write(p []byte) (int, error) {
	s.once.Do(s.m.Stop)
	return s.w.Write(p)
}

// sentences returns a progress callback counting sentences of a file of
// total lines (0: unknown), for the streaming commands.
func (e *env) sentences(total int) func(done int) {
	return func(done int) { e.meter.Update(done, total, "sentences") }
}

// lineCount counts the lines of the first of paths that is a regular
// file, the sentences a streaming command will read; 0 when none is.
func lineCount(paths ...string) int {
	for _, p := range paths {
		if n, err := progress.CountLines(p); err == nil {
			return n
		}
	}
	return 0
}

// lineCounter passes a log through and counts its lines as units done
// (calibrate defaults and report log one line per model fitted).
type lineCounter struct {
	w    io.Writer
	m    *progress.Meter
	unit string
	n    int
}

func (l *lineCounter) Write(p []byte) (int, error) {
	l.n += bytes.Count(p, []byte{'\n'})
	l.m.Update(l.n, 0, l.unit)
	return l.w.Write(p)
}
