package main

// The docs test: every command shown in README.md and docs/*.md is run, or
// at least checked, and every figure quoted in their prose is one that a
// run prints. The conventions (docs/contributing.md says them for writers):
//
//   - A fenced block whose info string is "console" is a transcript. A line
//     "$ gecmetric ARGS" (or "$ go run ./cmd/gecmetric ARGS") is a command,
//     continued by a trailing " \"; the lines after it, up to the next
//     command, are its exact standard output (trailing blanks ignored). A
//     line "..." alone matches any number of lines. A command ending in
//     " 2>&1" is compared with stderr merged into stdout; one ending in
//     "> FILE" writes its stdout to FILE. A line "[exit N]" says the
//     command exits N (default 0). Commands run in-process, without a
//     shell, in a fresh folder per block holding the built-in demo set
//     (source.txt, ref0.txt, ref1.txt, careful.txt, eager.txt and gold.m2,
//     the references' M2 as `gecmetric edits` writes it); the commands of
//     one block share it. $GECMETRIC_DATA expands to the shared data
//     folder, and a block that names it is skipped where the data is
//     absent. An info string "console long" marks a block run only under
//     GECMETRIC_LONG=1 (its figures are checked all the same).
//   - A fenced block "sh" holds commands no test can run (installs, servers,
//     the test command itself): in its lines that call gecmetric, the
//     subcommand and every flag must exist.
//   - A fenced block "pycon" is a Python doctest, run by python/tests.
//   - A decimal figure in prose (0.3488, r .911) must appear verbatim in
//     the expected output of a console block of the same file. Numbers that
//     are not measurements (a version, a cited constant) are listed in the
//     file, once, in a comment: <!-- not figures: 3.2 1.26 -->.
//
// DOCS_FILES=README.md,docs/eval.md limits the run to those files.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/internal/demo"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// A docBlock is one fenced block of a Markdown file.
type docBlock struct {
	file string
	line int    // line of the opening fence, 1-based
	info string // the info string: "console", "console long", "sh", ...
	body []string
}

// docLines returns the lines of a Markdown file outside its fenced blocks
// (with their line numbers) and the blocks.
func parseDoc(file, text string) (prose []docLine, blocks []docBlock) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var cur *docBlock
	var fence string
	for i, l := range lines {
		trimmed := strings.TrimLeft(l, " ")
		if cur == nil {
			if strings.HasPrefix(trimmed, "```") {
				fence = trimmed[:len(trimmed)-len(strings.TrimLeft(trimmed, "`"))]
				cur = &docBlock{file: file, line: i + 1, info: strings.TrimSpace(trimmed[len(fence):])}
				continue
			}
			prose = append(prose, docLine{i + 1, l})
			continue
		}
		if strings.HasPrefix(trimmed, fence) && strings.TrimSpace(strings.TrimLeft(trimmed, "`")) == "" {
			blocks = append(blocks, *cur)
			cur = nil
			continue
		}
		cur.body = append(cur.body, l)
	}
	if cur != nil {
		blocks = append(blocks, *cur)
	}
	return prose, blocks
}

type docLine struct {
	n    int
	text string
}

// A docCommand is one command of a console block with what it must print.
type docCommand struct {
	line   int      // in the file
	src    []string // the command's lines as written
	args   []string
	merge  bool   // 2>&1
	redir  string // > FILE
	want   []string
	exit   int
	usesDS bool // names $GECMETRIC_DATA
}

// parseConsole splits a console block into its commands.
func parseConsole(b docBlock) ([]docCommand, error) {
	var cmds []docCommand
	for i := 0; i < len(b.body); i++ {
		l := b.body[i]
		if !strings.HasPrefix(l, "$ ") {
			if len(cmds) == 0 {
				if strings.TrimSpace(l) == "" {
					continue
				}
				return nil, fmt.Errorf("%s:%d: output before the first command: %q", b.file, b.line+1+i, l)
			}
			c := &cmds[len(cmds)-1]
			if m := exitLine.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
				c.exit, _ = strconv.Atoi(m[1])
				continue
			}
			c.want = append(c.want, l)
			continue
		}
		start := i
		cmd := strings.TrimPrefix(l, "$ ")
		for strings.HasSuffix(cmd, "\\") && i+1 < len(b.body) {
			i++
			cmd = strings.TrimSuffix(cmd, "\\") + " " + strings.TrimSpace(b.body[i])
		}
		c := docCommand{line: b.line + 1 + start, src: b.body[start : i+1]}
		words, err := shellWords(cmd)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", b.file, c.line, err)
		}
		if n := len(words); n > 0 && words[n-1] == "2>&1" {
			c.merge, words = true, words[:n-1]
		}
		if n := len(words); n > 1 && words[n-2] == ">" {
			c.redir, words = words[n-1], words[:n-2]
		}
		switch {
		case len(words) > 0 && words[0] == "gecmetric":
			words = words[1:]
		case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/gecmetric":
			words = words[3:]
		default:
			return nil, fmt.Errorf("%s:%d: a console command must start with gecmetric: %q", b.file, c.line, cmd)
		}
		for _, w := range words {
			if strings.ContainsAny(w, "|<>*;&") && !strings.Contains(w, "=") {
				return nil, fmt.Errorf("%s:%d: no shell here (pipes, globs, redirections other than a final > FILE or 2>&1): %q", b.file, c.line, w)
			}
			if strings.Contains(w, "$GECMETRIC_DATA") {
				c.usesDS = true
			}
		}
		c.args = words
		cmds = append(cmds, c)
	}
	return cmds, nil
}

var exitLine = regexp.MustCompile(`^\[exit (\d+)\]$`)

// shellWords splits a command line as a POSIX shell would for the simple
// cases the docs use: blanks separate words, '...' and "..." quote, a
// backslash escapes the next character outside single quotes, and # at
// the start of a word begins a comment.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			return words, nil
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unclosed %c in %q", c, s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '\\' && i+1 < len(s):
			w.WriteByte(s[i+1])
			i++
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// matchOutput reports whether got matches want, where a want line "..."
// matches any number of lines; trailing blanks and trailing empty lines
// are ignored.
func matchOutput(want, got []string) bool {
	norm := func(ls []string) []string {
		out := make([]string, len(ls))
		for i, l := range ls {
			out[i] = strings.TrimRight(l, " \t")
		}
		for len(out) > 0 && out[len(out)-1] == "" {
			out = out[:len(out)-1]
		}
		return out
	}
	want, got = norm(want), norm(got)
	var match func(w, g []string) bool
	match = func(w, g []string) bool {
		if len(w) == 0 {
			return len(g) == 0
		}
		if w[0] == "..." {
			for k := 0; k <= len(g); k++ {
				if match(w[1:], g[k:]) {
					return true
				}
			}
			return false
		}
		return len(g) > 0 && w[0] == g[0] && match(w[1:], g[1:])
	}
	return match(want, got)
}

// docFiles returns README.md and docs/*.md, relative to the repository
// root, or those DOCS_FILES names.
func docFiles(t *testing.T, root string) []string {
	if only := os.Getenv("DOCS_FILES"); only != "" {
		return strings.Split(only, ",")
	}
	files := []string{"README.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range more {
		rel, _ := filepath.Rel(root, f)
		files = append(files, rel)
	}
	return files
}

// writeDemo writes the built-in demo set into dir under the names the docs
// use, and gold.m2, the references' M2, made once by `gecmetric edits`
// and copied into every block's folder.
func writeDemo(t *testing.T, dir string) {
	t.Helper()
	files := map[string]string{"source.txt": demo.Source().Text}
	for _, f := range append(demo.References(), demo.Hypotheses()...) {
		files[f.Name+".txt"] = f.Text
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if demoGold == nil {
		var out, errb bytes.Buffer
		args := []string{"gecmetric", "edits", "--source", filepath.Join(dir, "source.txt"),
			"--target", filepath.Join(dir, "ref0.txt"), "--target", filepath.Join(dir, "ref1.txt")}
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errb); code != 0 {
			t.Fatalf("writing the demo's gold.m2: exit %d: %s", code, errb.String())
		}
		demoGold = out.Bytes()
	}
	if err := os.WriteFile(filepath.Join(dir, "gold.m2"), demoGold, 0o644); err != nil {
		t.Fatal(err)
	}
}

// demoGold is the demo's gold.m2, once made.
var demoGold []byte

// figure matches a decimal figure: 0.3488, .911, 12.5 (not 1.2.3).
var figure = regexp.MustCompile(`(^|[^0-9A-Za-z_.=\-/])(\d*\.\d+(?:\.\d+)*)`)

var notFigures = regexp.MustCompile(`<!--\s*not figures:([^>]*)-->`)

// linkTarget and url are left out of the figure check.
var (
	linkTarget = regexp.MustCompile(`\]\([^)]*\)`)
	bareURL    = regexp.MustCompile(`https?://\S+`)
)

// proseFigures returns the figures quoted in prose lines, with their lines.
func proseFigures(prose []docLine, exempt map[string]bool) []docLine {
	var out []docLine
	for _, l := range prose {
		text := bareURL.ReplaceAllString(linkTarget.ReplaceAllString(l.text, "]"), "")
		if strings.Contains(text, "<!--") {
			continue
		}
		for _, m := range figure.FindAllStringSubmatch(text, -1) {
			f := m[2]
			if strings.Count(f, ".") > 1 || exempt[f] {
				continue // a version (3.0.2) or a declared non-figure
			}
			out = append(out, docLine{l.n, f})
		}
	}
	return out
}

func TestDocs(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	data := testdata.Root()
	if data != "" {
		if data, err = filepath.Abs(data); err != nil {
			t.Fatal(err)
		}
	}
	long := os.Getenv("GECMETRIC_LONG") != ""
	app := &cli.Command{Name: "gecmetric", Commands: commands(&env{})}
	var nBlocks, nRun, nSkipped, nFigures, nSh int
	for _, file := range docFiles(t, root) {
		text, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			t.Fatal(err)
		}
		prose, blocks := parseDoc(file, string(text))
		var edits []docEdit
		var shown strings.Builder // every expected output of the file
		for _, b := range blocks {
			kind := strings.Fields(b.info + " x")[0]
			switch kind {
			case "console":
				nBlocks++
				cmds, err := parseConsole(b)
				if err != nil {
					t.Error(err)
					continue
				}
				for _, c := range cmds {
					shown.WriteString(strings.Join(c.want, "\n") + "\n")
				}
				if strings.Contains(b.info, "long") && !long {
					nSkipped += len(cmds)
					continue
				}
				if slices.ContainsFunc(cmds, func(c docCommand) bool { return c.usesDS }) && data == "" {
					t.Logf("%s:%d: skipped: no shared data (set GECMETRIC_DATA)", file, b.line)
					testdata.Skipped(fmt.Sprintf("%s/%s:%d", t.Name(), file, b.line))
					nSkipped += len(cmds)
					continue
				}
				outs, codes := runConsole(t, b, cmds, data)
				nRun += len(outs)
				elided := slices.ContainsFunc(cmds, func(c docCommand) bool { return slices.Contains(c.want, "...") })
				if update && !elided {
					edits = append(edits, docEdit{b.line, len(b.body), rewriteBlock(cmds, outs, codes)})
				}
			case "sh":
				nSh += checkShell(t, app, b)
			}
		}
		if len(edits) > 0 {
			writeEdits(t, filepath.Join(root, file), string(text), edits)
		}
		exempt := map[string]bool{}
		for _, m := range notFigures.FindAllStringSubmatch(string(text), -1) {
			for _, f := range strings.Fields(m[1]) {
				exempt[f] = true
			}
		}
		for _, f := range proseFigures(prose, exempt) {
			nFigures++
			if !strings.Contains(shown.String(), f.text) {
				t.Errorf("%s:%d: the figure %s is in no transcript of %s: show the command that prints it, or declare it <!-- not figures: %s --> if it is no measurement", file, f.n, f.text, file, f.text)
			}
		}
	}
	t.Logf("docs: %d console blocks, %d commands run and compared, %d skipped; %d figures in prose checked; %d gecmetric lines of sh blocks flag-checked", nBlocks, nRun, nSkipped, nFigures, nSh)
}

// runConsole runs a console block's commands in a fresh demo folder and
// compares their output; it returns what each printed and its exit status.
func runConsole(t *testing.T, b docBlock, cmds []docCommand, data string) (outs []string, codes []int) {
	dir := t.TempDir()
	writeDemo(t, dir)
	t.Chdir(dir)
	for _, c := range cmds {
		args := make([]string, len(c.args))
		for i, a := range c.args {
			args[i] = strings.ReplaceAll(a, "$GECMETRIC_DATA", data)
		}
		var out, errb bytes.Buffer
		stderr := &errb
		if c.merge {
			stderr = &out
		}
		// A block of one command that writes no file prints the same
		// wherever it stands (every block starts from the same demo
		// folder), so pages that show the same slow command share a run.
		key := fmt.Sprint(c.merge, args)
		cacheable := len(cmds) == 1 && c.redir == ""
		var code int
		if r, ok := docRuns[key]; ok && cacheable {
			out.WriteString(r.out)
			code = r.code
		} else {
			start := time.Now()
			code = run(context.Background(), append([]string{"gecmetric"}, args...), strings.NewReader(""), &out, stderr)
			if d := time.Since(start); d > 3*time.Second {
				t.Logf("%s:%d: %.1f s", b.file, c.line, d.Seconds())
			}
			if cacheable {
				docRuns[key] = docRun{out.String(), code}
			}
		}
		got := out.String()
		if c.redir != "" {
			if err := os.WriteFile(c.redir, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			got = ""
		}
		outs, codes = append(outs, got), append(codes, code)
		where := fmt.Sprintf("%s:%d: gecmetric %s", b.file, c.line, strings.Join(c.args, " "))
		if update {
			continue
		}
		if code != c.exit {
			t.Errorf("%s: exit %d, want %d; stderr:\n%s", where, code, c.exit, errb.String())
		}
		gotLines := strings.Split(strings.TrimRight(got, "\n"), "\n")
		if got == "" {
			gotLines = nil
		}
		if !matchOutput(c.want, gotLines) {
			t.Errorf("%s: output differs from the docs.\n--- docs\n%s\n--- gecmetric prints\n%s", where, strings.Join(c.want, "\n"), got)
		}
	}
	return outs, codes
}

// docRuns holds the output of the one-command blocks run so far, by
// their arguments.
var docRuns = map[string]docRun{}

type docRun struct {
	out  string
	code int
}

// update is UPDATE_DOCS=1: the console blocks with no "..." line get the
// output the commands print now (review the diff).
var update = os.Getenv("UPDATE_DOCS") != ""

// rewriteBlock returns a console block's new body: each command as
// written, then what it printed and its exit status.
func rewriteBlock(cmds []docCommand, outs []string, codes []int) []string {
	var body []string
	for i, c := range cmds {
		body = append(body, c.src...)
		if o := strings.TrimRight(outs[i], "\n"); o != "" {
			body = append(body, strings.Split(o, "\n")...)
		}
		if codes[i] != 0 {
			body = append(body, fmt.Sprintf("[exit %d]", codes[i]))
		}
	}
	return body
}

// checkShell checks that each gecmetric line of an sh block names a real
// subcommand and real flags; it returns how many lines it checked.
func checkShell(t *testing.T, app *cli.Command, b docBlock) int {
	n := 0
	for i := 0; i < len(b.body); i++ {
		l := strings.TrimSpace(b.body[i])
		for strings.HasSuffix(l, "\\") && i+1 < len(b.body) {
			i++
			l = strings.TrimSuffix(l, "\\") + " " + strings.TrimSpace(b.body[i])
		}
		words, err := shellWords(l)
		if err != nil {
			t.Errorf("%s:%d: %v", b.file, b.line+1+i, err)
			continue
		}
		switch {
		case len(words) > 0 && words[0] == "gecmetric":
			words = words[1:]
		case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/gecmetric":
			words = words[3:]
		default:
			continue
		}
		n++
		cmd := app
		for len(words) > 0 && !strings.HasPrefix(words[0], "-") {
			sub := cmd.Command(words[0])
			if sub == nil {
				break
			}
			cmd, words = sub, words[1:]
		}
		if cmd == app && len(words) > 0 && !strings.HasPrefix(words[0], "-") {
			t.Errorf("%s:%d: no such command: gecmetric %s", b.file, b.line+1+i, words[0])
			continue
		}
		for _, w := range words {
			if w == "|" || w == ">" || w == "&&" {
				break
			}
			if !strings.HasPrefix(w, "-") || w == "-" {
				continue
			}
			name := strings.TrimLeft(strings.SplitN(w, "=", 2)[0], "-")
			if name == "help" || name == "h" {
				continue
			}
			if !hasFlag(cmd, name) {
				t.Errorf("%s:%d: gecmetric %s has no flag --%s", b.file, b.line+1+i, cmd.Name, name)
			}
		}
	}
	return n
}

func hasFlag(cmd *cli.Command, name string) bool {
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}

// TestDocsCatchesDrift shows that the docs test is not vacuous: an edited
// figure, an edited output line and an unknown flag are each caught.
func TestDocsCatchesDrift(t *testing.T) {
	const doc = "Careful scores F0.5 0.9474 and eager 0.1234.\n\n" +
		"```console\n$ gecmetric eval --metrics m2 --hyp careful.txt --ref gold.m2\nsystem   M2 P    R       F0.5\ncareful  1.0000  0.7826  0.9474\n...\n```\n"
	prose, blocks := parseDoc("x.md", doc)
	cmds, err := parseConsole(blocks[0])
	if err != nil {
		t.Fatal(err)
	}
	shown := strings.Join(cmds[0].want, "\n")
	var missing []string
	for _, f := range proseFigures(prose, nil) {
		if !strings.Contains(shown, f.text) {
			missing = append(missing, f.text)
		}
	}
	if !slices.Equal(missing, []string{"0.1234"}) {
		t.Errorf("figures not in a transcript: %v, want [0.1234]", missing)
	}
	if matchOutput([]string{"careful  1.0000  0.7826  0.9475", "..."}, []string{"careful  1.0000  0.7826  0.9474", "x"}) {
		t.Error("an edited output line matched")
	}
	if !matchOutput([]string{"a", "...", "c"}, []string{"a", "b1", "b2", "c"}) || matchOutput([]string{"a", "...", "c"}, []string{"a", "b"}) {
		t.Error("... matches wrongly")
	}
	app := &cli.Command{Name: "gecmetric", Commands: commands(&env{})}
	if !hasFlag(app.Command("eval"), "hyp") || hasFlag(app.Command("eval"), "hypp") {
		t.Error("flag lookup is wrong")
	}
}

// A docEdit replaces the body of the block that opens on line.
type docEdit struct {
	line, n int
	body    []string
}

// writeEdits rewrites a Markdown file's console blocks (UPDATE_DOCS=1).
func writeEdits(t *testing.T, path, text string, edits []docEdit) {
	lines := strings.Split(text, "\n")
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		lines = slices.Concat(lines[:e.line], e.body, lines[e.line+e.n:])
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d console blocks rewritten", path, len(edits))
}
