// Command gecmetric evaluates grammatical error correction systems: exact
// reference-based scores (M2, ERRANT, GLEU), edit extraction, significance
// tests, and judgements on human rating scales.
//
// The command is a thin layer over the library packages: it parses flags,
// reads files through corpora, calls the library and prints. Data goes to
// stdout, progress and errors to stderr. Exit status: 0 success, 1 a check
// failed (a regression gate), 2 usage or input error.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/internal/atomicfile"
	"github.com/gecmetric/gecmetric/internal/progress"
	"github.com/gecmetric/gecmetric/internal/usage"
	"github.com/gecmetric/gecmetric/parseerr"
)

// version is the gecmetric release; it appears in every score signature.
const version = "0.1.0"

func main() {
	lazyGC()
	os.Exit(run(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// lazyHeap is the heap below which a run collects no garbage.
const lazyHeap = 64 << 20

// lazyGC lets a short run (one system's eval, a sentence's judgement)
// finish without collecting garbage, which took a fifth of its CPU: the
// collector is off until the heap reaches lazyHeap, where a memory limit
// starts the first collection, after which it runs as Go's default
// (GOGC=100) would. A long run's peak memory is what it was (it passes
// lazyHeap early). GOGC or GOMEMLIMIT in the environment are obeyed
// instead.
func lazyGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	gogc := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(lazyHeap)
	// The first collection finds the sentinel unreachable; its cleanup
	// then puts the defaults back.
	runtime.AddCleanup(new([64]byte), func(int) {
		debug.SetGCPercent(gogc)
		debug.SetMemoryLimit(limit)
	}, 0)
}

// env is what a command may touch of the outside world, so that the whole
// CLI runs in-process in tests.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	meter          *progress.Meter // the running command's progress; nil outside slow commands
}

// commands lists the subcommands. Each lives in its own file.
func commands(e *env) []*cli.Command {
	return []*cli.Command{
		// Subcommands are added here, one line each, in the order of `help`,
		// which is the order of the README's jobs: score systems, gate a
		// change in CI, judge outputs, meta-evaluate a metric, collect
		// ratings, then the tools behind them.
		evalCommand(e),
		compareCommand(e),
		judgeCommand(e),
		metaEvalCommand(e),
		correlateCommand(e),
		annotateCommand(e),
		agreementCommand(e),
		editsCommand(e),
		calibrateCommand(e),
		serveCommand(e),
	}
}

// setUpCommand adds what every command shares: --output beside its
// output flag, --progress, a refusal of stray arguments, the input
// limit flags and the flag ranges (limits.go).
func setUpCommand(e *env, c *cli.Command) {
	sameOutputFlag(e, c)
	withProgress(e, c)
	noStrayArgs(c)
	withInputLimits(c)
	boundFlags(c)
}

// An exitError carries an exit status other than 2 for a failed command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// checkFailed returns an error that makes gecmetric exit with status 1: the
// run worked but a check (a regression gate) failed.
func checkFailed(err error) error { return &exitError{code: 1, err: err} }

// run executes the CLI with args (args[0] is the program name) and returns
// the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	code, _ := runErr(ctx, args, stdin, stdout, stderr)
	return code
}

// runErr is run that also returns the error that made the command fail
// (printed on stderr as run prints it).
func runErr(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	app := &cli.Command{
		Name:    "gecmetric",
		Usage:   "evaluate grammatical error correction the way human raters would",
		Version: version,
		Description: "Exact M2, ERRANT and GLEU scores, edit extraction, significance tests and " +
			"calibrated judgements of grammaticality, fluency, meaning and over-correction.",
		Reader:                e.stdin,
		Writer:                e.stdout,
		ErrWriter:             e.stderr,
		Commands:              commands(e),
		EnableShellCompletion: true,
		Suggest:               true,
		ExitErrHandler:        func(context.Context, *cli.Command, error) {},
	}
	for _, c := range app.Commands {
		setUpCommand(e, c)
	}
	// A panic removes the temporary files (standard input's copy, an
	// output being written) before it ends the process.
	defer func() {
		if r := recover(); r != nil {
			atomicfile.RemoveTemps()
			panic(r)
		}
	}()
	flagUsageErrors(app)
	args, err := prepareArgs(args, app)
	if err == nil {
		var done func(error) error
		if args, done, err = stdinArgs(e, args); err == nil {
			err = done(app.Run(ctx, args))
		} else {
			err = done(err)
		}
	}
	if err == nil {
		return 0, nil
	}
	fmt.Fprintf(stderr, "gecmetric: error: %v\n", err)
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code, err
	}
	var he *hintedError
	if errors.As(err, &he) {
		fmt.Fprintf(stderr, "gecmetric: hint: %s\n", he.hint)
		return 2, err
	}
	if enc, ok := errors.AsType[*parseerr.EncodingError](err); ok {
		file := ""
		if pe, ok := errors.AsType[*parseerr.Error](err); ok {
			file = pe.File
		}
		fmt.Fprintf(stderr, "gecmetric: hint: %s\n", enc.Hint(file))
		return 2, err
	}
	var ue usageError
	if errors.As(err, &ue) || usage.Is(err) {
		fmt.Fprintf(stderr, "gecmetric: hint: run 'gecmetric help' or 'gecmetric COMMAND --help'\n")
	}
	return 2, err
}

// A usageError is a mistake in the command line.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

// outputPath is the Action of every flag that names a file to write: it
// checks the path (package atomicfile) while the flags are read, before
// any work.
func outputPath(_ context.Context, _ *cli.Command, path string) error {
	return atomicfile.Check(path)
}

// outputDir is outputPath for a flag that names a folder to write into.
func outputDir(_ context.Context, _ *cli.Command, dir string) error {
	return atomicfile.CheckDir(dir)
}

// A hintedError is an input error with advice, printed as
// "gecmetric: hint: ..." after the error (exit status 2).
type hintedError struct {
	err  error
	hint string
}

func (h *hintedError) Error() string { return h.err.Error() }
func (h *hintedError) Unwrap() error { return h.err }

// hinted attaches a hint to err.
func hinted(err error, hint string) error { return &hintedError{err: err, hint: hint} }
