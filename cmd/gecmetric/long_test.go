package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// writeJoined writes into dir one sentence of at least n tokens made of
// the CoNLL-2014 test sentences joined in order (and repeated when n asks
// for more): source.txt, ref0.txt, ref1.txt, AMU.txt, and gold.m2 with
// the gold edits moved to their place in the joined sentence.
func writeJoined(tb testing.TB, dir string, n int) {
	tb.Helper()
	data := testdata.Dir(tb, "conll14-errant")
	lines := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(data, "text", name))
		if err != nil {
			tb.Fatal(err)
		}
		return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	}
	src := lines("source.txt")
	k, toks := 0, 0
	for ; toks < n; k++ {
		toks += len(strings.Fields(src[k%len(src)]))
	}
	for _, name := range []string{"source.txt", "ref0.txt", "ref1.txt", "AMU.txt"} {
		ls := lines(name)
		var joined []string
		for i := range k {
			joined = append(joined, strings.Fields(ls[i%len(ls)])...)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(joined, " ")+"\n"), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	b, err := os.ReadFile(filepath.Join(data, "m2", "gold.m2"))
	if err != nil {
		tb.Fatal(err)
	}
	blocks := strings.Split(strings.TrimSpace(string(b)), "\n\n")
	var s []string
	var a strings.Builder
	for i := range k {
		ls := strings.Split(blocks[i%len(blocks)], "\n")
		off := len(s)
		s = append(s, strings.Fields(strings.TrimPrefix(ls[0], "S "))...)
		for _, l := range ls[1:] {
			f := strings.SplitN(strings.TrimPrefix(l, "A "), "|||", 2)
			var start, end int
			fmt.Sscanf(f[0], "%d %d", &start, &end)
			if start < 0 {
				continue
			}
			fmt.Fprintf(&a, "A %d %d|||%s\n", start+off, end+off, f[1])
		}
	}
	m2 := "S " + strings.Join(s, " ") + "\n" + a.String() + "\n"
	if err := os.WriteFile(filepath.Join(dir, "gold.m2"), []byte(m2), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// longCommands are the commands run on a joined sentence, with the files
// of writeJoined.
func longCommands(dir string) map[string][]string {
	p := func(name string) string { return filepath.Join(dir, name) }
	return map[string][]string{
		"edits":     {"edits", "--source", p("source.txt"), "--target", p("AMU.txt")},
		"eval-text": {"eval", "--source", p("source.txt"), "--ref", p("ref0.txt"), "--ref", p("ref1.txt"), "--hyp", p("AMU.txt")},
		// The joined gold has more edits on its one sentence than the
		// default --max-edits (TestLimits refuses it so); raised, the
		// sentence meets the --max-tokens and cell limits.
		"eval-m2": {"eval", "--ref", p("gold.m2"), "--hyp", p("AMU.txt"), "--max-edits", "1000000"},
		"judge":   {"judge", "--source", p("source.txt"), "--ref", p("ref0.txt"), "--hyp", p("AMU.txt")},
	}
}

func runCLI(args []string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"gecmetric"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestOneMegabyteLine: a 1 MB line (CoNLL-2014 joined, 186,730 tokens) is
// refused by edits, eval and judge at once, with its file, line and the
// --max-tokens limit.
func TestOneMegabyteLine(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dir := t.TempDir()
	writeJoined(t, dir, 186000)
	for name, args := range longCommands(dir) {
		_, errOut, code := runCLI(args)
		file := "source.txt:1:"
		if name == "eval-m2" {
			file = "gold.m2:1:"
		}
		if code != 2 || !strings.Contains(errOut, file+" sentence too long: ") || !strings.Contains(errOut, "more than the limit of 10000") || !strings.Contains(errOut, "--max-tokens") {
			t.Errorf("%s: exit %d, stderr %q", name, code, errOut)
		}
	}
}

// TestOneMegabyteLineNoLimit: without the --max-tokens limit, the
// aligners' cell limits stop edits, eval and judge on the 1 MB line with
// a positioned error and a hint, never a crash. Long: each command fills
// its band up to the limit (a few seconds each).
func TestOneMegabyteLineNoLimit(t *testing.T) {
	testdata.Long(t)
	dir := t.TempDir()
	writeJoined(t, dir, 186000)
	for name, args := range longCommands(dir) {
		// --no-tokenize-check: the raw-text check counts lines that
		// change when tokenised, and the one joined line holds CoNLL-2014's
		// few such tokens ("bomb'"), so the file of 1 line counts as raw.
		_, errOut, code := runCLI(append(args, "--max-tokens", "-1", "--no-tokenize-check"))
		if code != 2 || !strings.Contains(errOut, "too large") || !strings.Contains(errOut, "more than the limit of") || !strings.Contains(errOut, "hint: a correction this far") {
			t.Errorf("%s --max-tokens -1: exit %d, stderr %q", name, code, errOut)
		}
	}
}

// BenchmarkOneMegabyteLine times edits, eval (text and M2 references) and
// judge on a 1 MB line, with the default --max-tokens (refused at once)
// and with none (stopped by the aligners' cell limits).
func BenchmarkOneMegabyteLine(b *testing.B) {
	dir := b.TempDir()
	writeJoined(b, dir, 186000)
	for name, args := range longCommands(dir) {
		for _, limit := range []string{"default", "none"} {
			a := args
			if limit == "none" {
				a = append(a, "--max-tokens", "-1")
			}
			b.Run(name+"/"+limit, func(b *testing.B) {
				for b.Loop() {
					if _, errOut, code := runCLI(a); code != 2 || !strings.Contains(errOut, "more than the limit of") {
						b.Fatalf("exit %d: %s", code, errOut)
					}
				}
			})
		}
	}
}

// BenchmarkLongSentenceCLI runs the commands on one sentence of 8,029
// tokens (CoNLL-2014 sentences joined), which they score.
func BenchmarkLongSentenceCLI(b *testing.B) {
	dir := b.TempDir()
	writeJoined(b, dir, 8000)
	for name, args := range longCommands(dir) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, errOut, code := runCLI(args); code != 0 {
					b.Fatalf("exit %d: %s", code, errOut)
				}
			}
		})
	}
}
