package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/corpora"
)

// The bounds policy (docs/limits.md), enforced here and nowhere else:
//
//   - every input is bounded: the bytes of a file or stream, a line's
//     length, the edits of an M2 sentence (corpora.Limits), each with a
//     flag to raise it (inputLimitFlags) named in the error's hint;
//   - every count flag that allocates, and every flag whose zero or
//     negative values mean nothing, has a range (flagBounds), checked as
//     the flag is read, before any work.

// A flagBound is the range of a numeric flag: values in [min, max], or
// also the one extra value `also` with its meaning (max-tokens' -1, no
// limit). minOpen excludes min itself (a positive float).
type flagBound struct {
	min, max  float64
	minOpen   bool
	also      *float64
	alsoMeans string
	why       string // what the upper bound protects
}

func ptr(v float64) *float64 { return &v }

// flagBounds holds the range of every bounded flag by name; a name takes
// the same range in every command. A count flag's memory grows with its
// value (resamples × systems × 8 bytes, say), so that 2^62 asked for
// more memory than exists (a panic in makeslice) and 1e10 ran out of it.
// The upper bounds sit at least ten times above the largest values in
// use (compare's tests run 100,000 resamples; GJG15 ran 1,000 TrueSkill
// runs), low enough that what they ask for fits in memory.
var flagBounds = map[string]flagBound{
	"gleu-iter":      {min: 1, max: 100_000, why: "GLEU samples a reference per sentence for each iteration"},
	"confidence-n":   {min: 1, max: 1_000_000, why: "each resample keeps a score per system"},
	"resamples":      {min: 0, max: 1_000_000, why: "each resample keeps a score per system"},
	"trueskill-runs": {min: 1, max: 100_000, why: "each run keeps a rating per system"},
	"max-tokens":     {min: 1, max: 10_000_000, also: ptr(-1), alsoMeans: "no limit"},
	"max-edits":      {min: 1, max: 100_000_000},
	"llm-retries":    {min: 0, max: 20, why: "retries wait up to a minute each: 20 wait up to 15 minutes for a dead server"},
	"beta":           {min: 0, minOpen: true, max: 100, why: "beta 100 weighs recall 10,000 times as much as precision"},
}

// durationBounds are flagBounds of duration flags.
var durationBounds = map[string][2]time.Duration{
	"llm-timeout": {time.Millisecond, 24 * time.Hour},
}

// sizeFlags are the flags that take a size in bytes (inputLimitFlags),
// with their range.
var sizeFlags = map[string][2]int64{
	"max-input-bytes": {1, 1 << 50},
	"max-line-bytes":  {1, 1 << 40},
}

// check returns nil when v is in the range, or what the range is (urfave/cli
// prefixes the flag and value; flagUsageErrors words it "--NAME V: want
// ...").
func (b flagBound) check(v float64) error {
	if b.also != nil && v == *b.also {
		return nil
	}
	low := v < b.min || (b.minOpen && v == b.min)
	if !low && v <= b.max && !math.IsNaN(v) {
		return nil
	}
	want := fmt.Sprintf("%s to %s", num64(b.min), num64(b.max))
	if b.minOpen {
		want = fmt.Sprintf("more than %s, at most %s", num64(b.min), num64(b.max))
	}
	if b.also != nil {
		want += fmt.Sprintf(", or %s for %s", num64(*b.also), b.alsoMeans)
	}
	msg := "want " + want
	if !low && b.why != "" {
		msg += " (" + b.why + ")"
	}
	return errors.New(msg)
}

// num64 prints a bound: whole numbers in full, with thousands separated
// by commas ("100,000"), others as %g.
func num64(v float64) string {
	if v != math.Trunc(v) || math.Abs(v) >= 1e15 {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	s := strconv.FormatInt(int64(math.Abs(v)), 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if v < 0 {
		s = "-" + s
	}
	return s
}

// boundFlags gives every bounded flag of cmd and its subcommands its
// Validator, from flagBounds, durationBounds and sizeFlags.
func boundFlags(cmd *cli.Command) {
	for _, sub := range cmd.Commands {
		boundFlags(sub)
	}
	for _, f := range cmd.Flags {
		switch f := f.(type) {
		case *cli.IntFlag:
			if b, ok := flagBounds[f.Name]; ok {
				f.Validator = func(v int) error { return b.check(float64(v)) }
			}
		case *cli.FloatFlag:
			if b, ok := flagBounds[f.Name]; ok {
				f.Validator = func(v float64) error { return b.check(v) }
			}
		case *cli.DurationFlag:
			if b, ok := durationBounds[f.Name]; ok {
				f.Validator = func(v time.Duration) error {
					if v < b[0] || v > b[1] {
						return fmt.Errorf("want %v to %v", b[0], b[1])
					}
					return nil
				}
			}
		case *cli.StringFlag:
			if _, ok := sizeFlags[f.Name]; ok {
				f.Validator = func(v string) error { _, err := parseSize(f.Name, v); return err }
			}
		}
	}
}

// readingCommands are the commands that read test sets through corpora
// and take the input limit flags.
var readingCommands = []string{"eval", "compare", "judge", "meta-eval", "edits"}

// inputLimitFlags are the flags that raise (or lower) corpora.Limits.
func inputLimitFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "max-input-bytes", Value: "2GiB", Usage: "refuse a file or stream longer than this (a number of bytes, or with KiB, MiB, GiB)"},
		&cli.StringFlag{Name: "max-line-bytes", Value: "16MiB", Usage: "refuse a line longer than this (bytes, KiB, MiB, GiB)"},
		&cli.IntFlag{Name: "max-edits", Value: corpora.DefaultMaxEdits, Usage: "refuse an M2 sentence with more edits (A lines) than this"},
	}
}

// limitHints name the flag that raises each limit.
var limitHints = []struct {
	err  error
	flag string
}{
	{corpora.ErrTooBig, "max-input-bytes"},
	{corpora.ErrLineTooLong, "max-line-bytes"},
	{corpora.ErrTooManyEdits, "max-edits"},
}

// withInputLimits adds the input limit flags to the reading commands, and
// to a refusal by a limit the hint of the flag that raises it.
func withInputLimits(cmd *cli.Command) {
	if cmd.Action == nil || !slices.Contains(readingCommands, cmd.Name) {
		return
	}
	cmd.Flags = append(cmd.Flags, inputLimitFlags()...)
	action := cmd.Action
	cmd.Action = func(ctx context.Context, c *cli.Command) error {
		err := action(ctx, c)
		for _, h := range limitHints {
			if errors.Is(err, h.err) {
				return hinted(err, limitHint(h.flag))
			}
		}
		return err
	}
}

// limitHint is the hint of a refusal by the limit that flag raises.
func limitHint(flag string) string {
	return fmt.Sprintf("--%s raises the limit (docs/limits.md)", flag)
}

// inputLimits returns the limits the flags of cmd ask for; a command
// without the flags gets the defaults.
func inputLimits(cmd *cli.Command) corpora.Limits {
	var l corpora.Limits
	if v := cmd.String("max-input-bytes"); v != "" {
		l.MaxBytes, _ = parseSize("max-input-bytes", v)
	}
	if v := cmd.String("max-line-bytes"); v != "" {
		n, _ := parseSize("max-line-bytes", v)
		l.MaxLineBytes = int(n)
	}
	l.MaxEdits = cmd.Int("max-edits")
	return l
}

// maxInputBytesArg returns the --max-input-bytes of the command line
// args (read before the flags are parsed, for standard input's copy), or
// the default.
func maxInputBytesArg(args []string) int64 {
	for i, a := range args {
		name, val, eq := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "max-input-bytes" {
			continue
		}
		if !eq && i+1 < len(args) {
			val = args[i+1]
		}
		if n, err := parseSize(name, val); err == nil {
			return n
		}
	}
	return corpora.DefaultMaxBytes
}

// sizeUnits are the suffixes parseSize reads, as powers of 1024 (K and
// KB read as KiB: a limit, not a measurement).
var sizeUnits = []struct {
	suffix string
	shift  uint
}{
	{"KiB", 10}, {"MiB", 20}, {"GiB", 30}, {"TiB", 40},
	{"KB", 10}, {"MB", 20}, {"GB", 30}, {"TB", 40},
	{"K", 10}, {"M", 20}, {"G", 30}, {"T", 40}, {"B", 0},
}

// parseSize reads the value of a size flag: a whole number of bytes, or
// one followed by a unit of sizeUnits ("64MiB", "2G"), in the flag's
// range (sizeFlags).
func parseSize(flag, v string) (int64, error) {
	s, shift := strings.TrimSpace(v), uint(0)
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			s, shift = strings.TrimSpace(rest), u.shift
			break
		}
	}
	r := sizeFlags[flag]
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64>>shift || n<<shift < r[0] || n<<shift > r[1] {
		return 0, fmt.Errorf("want a size from %d byte to %d TiB (a number of bytes, or one with KiB, MiB, GiB or TiB)", r[0], r[1]>>40)
	}
	return n << shift, nil
}
