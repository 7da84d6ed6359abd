package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v3"
	"golang.org/x/term"
)

// slowCommands are the commands that can run longer than a few seconds on
// real data; on a terminal they show what they are doing and for how long.
var slowCommands = map[string]bool{"judge": true, "correlate": true, "agreement": true, "compare": true,
	"meta-eval": true, "fit": true, "defaults": true, "report": true}

// elapsedProgress wraps the Action of every slow command so that, when
// stderr is a terminal, one status line ("gecmetric: judge: 12 s") is
// updated every second and cleared at the end. Nothing is written when
// stderr is a file or a pipe, so scripts and tests see no difference.
func elapsedProgress(e *env, cmd *cli.Command) {
	for _, sub := range cmd.Commands {
		elapsedProgress(e, sub)
	}
	if cmd.Action == nil || !slowCommands[cmd.Name] {
		return
	}
	f, ok := e.stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return
	}
	action := cmd.Action
	cmd.Action = func(ctx context.Context, c *cli.Command) error {
		start := time.Now()
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					fmt.Fprint(f, "\r\033[K")
					return
				case t := <-tick.C:
					fmt.Fprintf(f, "\r\033[Kgecmetric: %s: %d s", strings.TrimPrefix(c.FullName(), "gecmetric "), int(t.Sub(start).Seconds()))
				}
			}
		}()
		err := action(ctx, c)
		close(stop)
		<-done
		return err
	}
}
