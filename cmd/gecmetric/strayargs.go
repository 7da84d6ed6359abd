package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"
)

// noStrayArgs makes a positional argument a usage error (exit status 2) on
// every command that takes none: gecmetric takes its files by flags, and
// `gecmetric eval sys.txt gold.m2` (the M2 scorer's habit) must not fall
// back to the built-in demo and exit 0. A command takes positional
// arguments only when its ArgsUsage names them. The hint rewrites the
// command line with the flag each file was likely meant for.
func noStrayArgs(cmd *cli.Command) {
	for _, sub := range cmd.Commands {
		noStrayArgs(sub)
	}
	if cmd.Action == nil || len(cmd.Commands) > 0 || strings.TrimSpace(cmd.ArgsUsage) != "" {
		return
	}
	action := cmd.Action
	cmd.Action = func(ctx context.Context, c *cli.Command) error {
		if c.Args().Len() == 0 {
			return action(ctx, c)
		}
		return strayArgsError(c, c.Args().Slice())
	}
}

// strayArgsError names the positional arguments and suggests flags.
func strayArgsError(c *cli.Command, args []string) error {
	name := strings.TrimPrefix(c.FullName(), "gecmetric ")
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = strconv.Quote(a)
	}
	noun := "argument"
	if len(args) > 1 {
		noun = "arguments"
	}
	err := usageError{fmt.Errorf("unexpected %s %s: %s takes its files by flags", noun, strings.Join(quoted, " "), name)}
	has := func(flag string) bool {
		return slices.ContainsFunc(c.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), flag) })
	}
	var parts []string
	used := map[string]bool{}
	for _, a := range args {
		flag := strayFlag(a, has, used)
		if flag == "" {
			parts = nil
			break
		}
		used[flag] = true
		parts = append(parts, "--"+flag+" "+a)
	}
	if len(parts) == 0 {
		return hinted(err, fmt.Sprintf("'gecmetric %s --help' lists the flags", name))
	}
	return hinted(err, fmt.Sprintf("did you mean 'gecmetric %s %s'? ('gecmetric %s --help' lists the flags)", name, strings.Join(parts, " "), name))
}

// strayFlag returns the flag a positional file argument was likely meant
// for: an M2 file (by extension or by a first line "S ...") is a
// reference, other text a system output (--hyp; compare's first is
// --baseline, the rest --candidate); "" when no flag fits.
func strayFlag(arg string, has func(string) bool, used map[string]bool) string {
	switch {
	case isM2File(arg) && has("ref"):
		return "ref"
	case has("hyp"):
		return "hyp"
	case has("baseline") && !used["baseline"]:
		return "baseline"
	case has("candidate"):
		return "candidate"
	case has("human") && !used["human"]:
		return "human"
	}
	return ""
}

// isM2File reports whether path names an M2 file: by its extension, or by
// a first non-empty line that starts with "S ".
func isM2File(path string) bool {
	if strings.EqualFold(filepath.Ext(path), ".m2") {
		return true
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimPrefix(sc.Text(), "\ufeff")
		if strings.TrimSpace(line) == "" {
			continue
		}
		return strings.HasPrefix(line, "S ")
	}
	return false
}
