package main

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"
)

// prepareArgs rewrites `gecmetric help A B` as `gecmetric A B --help`, so
// that help shows a subcommand's own help (urfave/cli's help topic stops
// at the first level), and checks command names, returning a hinted error
// for a mistyped one ("did you mean ...").
func prepareArgs(args []string, root *cli.Command) ([]string, error) {
	if len(args) > 2 && args[1] == "help" {
		args = append(append([]string{args[0]}, args[2:]...), "--help")
	}
	cmd := root
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") || len(cmd.Commands) == 0 {
			break
		}
		next := findCommand(cmd, a)
		if next == nil {
			if cmd == root && (a == "help" || a == "h" || a == "completion") {
				break
			}
			err := usageError{fmt.Errorf("%q is not a gecmetric%s command", a, strings.TrimPrefix(" "+cmd.Name, " gecmetric"))}
			if s := nearest(a, commandNames(cmd)); s != "" {
				full := strings.TrimSpace(strings.TrimPrefix(cmd.FullName(), "gecmetric") + " " + s)
				return nil, hinted(err, fmt.Sprintf("did you mean '%s'? ('gecmetric help' lists the commands)", full))
			}
			return nil, hinted(err, "'gecmetric help' lists the commands")
		}
		cmd = next
	}
	return args, nil
}

func findCommand(cmd *cli.Command, name string) *cli.Command {
	for _, c := range cmd.Commands {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c
		}
	}
	return nil
}

func commandNames(cmd *cli.Command) []string {
	var names []string
	for _, c := range cmd.Commands {
		names = append(names, c.Name)
	}
	return names
}

// flagUsageErrors makes every command's flag mistakes a usage error with
// a suggestion: "--hpy" → did you mean --hyp?
// invalidValue matches urfave/cli's message for a value a flag refuses
// (a parse error, or a Validator's: see boundFlags).
var invalidValue = regexp.MustCompile(`^invalid value "(.*)" for flag -{1,2}([^: ]+): (.*)$`)

func flagUsageErrors(cmd *cli.Command) {
	cmd.OnUsageError = func(_ context.Context, c *cli.Command, err error, _ bool) error {
		msg := err.Error()
		if m := invalidValue.FindStringSubmatch(msg); m != nil {
			// urfave/cli's `invalid value "V" for flag -NAME: why` read
			// as every other refusal of a flag reads: `--NAME V: why`.
			return usageError{fmt.Errorf("--%s %s: %s", m[2], m[1], m[3])}
		}
		if _, bad, ok := strings.Cut(msg, "flag provided but not defined: "); ok {
			bad = strings.TrimLeft(bad, "-")
			if hint := habitHint(c, bad); hint != "" {
				return hinted(usageError{err}, hint)
			}
			var names []string
			for _, f := range c.Flags {
				names = append(names, f.Names()...)
			}
			if s := nearest(bad, names); s != "" {
				dash := "--"
				if len(s) == 1 {
					dash = "-"
				}
				return hinted(usageError{err}, fmt.Sprintf("did you mean %s%s? ('gecmetric %s --help' lists the flags)", dash, s, strings.TrimPrefix(c.FullName(), "gecmetric ")))
			}
		}
		return usageError{err}
	}
	for _, sub := range cmd.Commands {
		flagUsageErrors(sub)
	}
}

// habits maps flags of the tools gecmetric replaces to gecmetric's
// flags, given as the flag's name and the value it takes: ERRANT
// compare_m2's -ds/-dt/-cs/-cse are --errant-mode, sacreBLEU's and the M2
// scorer's input file (-i/--input) is --hyp.
var habits = map[string][2]string{
	"ds": {"errant-mode", "ds"}, "dt": {"errant-mode", "dt"}, "cs": {"errant-mode", "cs"}, "cse": {"errant-mode", "cse"},
	"i": {"hyp", "FILE"}, "input": {"hyp", "FILE"}, "hyp-file": {"hyp", "FILE"},
}

// habitHint returns the hint for a flag of another tool (habits) that c
// has under another name, or "".
func habitHint(c *cli.Command, bad string) string {
	h, ok := habits[bad]
	if !ok || !slices.ContainsFunc(c.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), h[0]) }) {
		return ""
	}
	name := strings.TrimPrefix(c.FullName(), "gecmetric ")
	return fmt.Sprintf("did you mean --%s %s? (-%s is another tool's flag; 'gecmetric %s --help' lists the flags)", h[0], h[1], bad, name)
}

// nearest returns the candidate closest to s in edit distance, if it is
// close enough to be a typo (at most a third of the letters, at least 1),
// or a candidate that s is a prefix of.
func nearest(s string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := editDistance(s, c)
		if strings.HasPrefix(c, s) && len(s) >= 3 {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	if bestD <= max(1, len([]rune(s))/3) {
		return best
	}
	return ""
}

// editDistance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and swaps of two neighbours ("fti" → "fit")
// cost 1.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
