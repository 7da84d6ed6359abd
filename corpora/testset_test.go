package corpora

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora/tokenize"
)

// writeTestFiles writes files into a temporary folder and returns a
// function giving their paths.
func writeTestFiles(t *testing.T, files map[string]string) func(string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return func(name string) string { return filepath.Join(dir, name) }
}

var testSetFiles = map[string]string{
	"src.txt":   "a b c\nd e\n",
	"ref.txt":   "a B c\nd e f\n",
	"hyp.txt":   "a b c\nd x\n",
	"short.txt": "a b c\n",
	"long.txt":  "a b c\nd e\ng h\n",
	"gold.m2":   "S a b c\nA 1 2|||R:X|||B|||REQUIRED|||-NONE-|||0\nA 0 1|||R:X|||A|||REQUIRED|||-NONE-|||2\n\nS d e\nA 2 2|||M:X|||f|||REQUIRED|||-NONE-|||0\n\n",
	"other.m2":  "S a b c\n\nS d z\n\n",
	"empty.txt": " \n\n",
	"nul.txt":   "a b c\nd\x00e\n",
	"raw.txt":   "He said: fine.\nI don't know.\n",
}

func readAll(t *testing.T, opt TestSetOptions) (*TestSet, []*TestSentence, error) {
	t.Helper()
	ts, err := OpenTestSet(opt)
	if err != nil {
		return nil, nil, err
	}
	defer ts.Close()
	var out []*TestSentence
	for ts.Scan() {
		out = append(out, ts.Sentence())
	}
	return ts, out, ts.Err()
}

func TestTestSet(t *testing.T) {
	p := writeTestFiles(t, testSetFiles)
	ts, sents, err := readAll(t, TestSetOptions{Refs: []string{p("gold.m2"), p("ref.txt")}, Hyps: []string{p("hyp.txt"), p("gold.m2")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(sents) != 2 {
		t.Fatalf("%d sentences", len(sents))
	}
	if got := ts.RefNames(); !slices.Equal(got, []string{p("gold.m2") + "#0", p("gold.m2") + "#2", p("ref.txt")}) {
		t.Errorf("RefNames %q", got)
	}
	if !slices.Equal(ts.Refs[0].Coders, []int{0, 2}) || ts.Refs[1].M2 || !ts.Hyps[1].M2 {
		t.Errorf("files %+v %+v", ts.Refs, ts.Hyps)
	}
	// The source comes from the M2 reference; its coders give one
	// reference each (coder 2 has no edit in sentence 2: the source).
	refs := ts.References(sents[1])
	want := [][]string{{"d", "e", "f"}, {"d", "e"}, {"d", "e", "f"}}
	for k := range want {
		if !slices.Equal(refs[k], want[k]) {
			t.Errorf("sentence 2 reference %d: %q, want %q", k, refs[k], want[k])
		}
	}
	if s := sents[0]; strings.Join(s.Source, " ") != "a b c" || s.Hyps[0].Line != 1 || s.Hyps[1].Block.Line != 1 || s.Refs[0].Block != s.Hyps[1].Block {
		t.Errorf("sentence 1: %+v", s)
	}
	if toks, es := sents[0].Refs[0].Correction(2); strings.Join(toks, " ") != "A b c" || len(es) != 1 {
		t.Errorf("coder 2's correction %q %v", toks, es)
	}
}

func TestTestSetErrors(t *testing.T) {
	p := writeTestFiles(t, testSetFiles)
	tests := []struct {
		name string
		opt  TestSetOptions
		is   error
		msg  string
	}{
		{"short", TestSetOptions{Source: p("src.txt"), Refs: []string{p("ref.txt")}, Hyps: []string{p("short.txt")}},
			ErrLineCount, p("short.txt") + ":2: line counts differ: 1 lines, but the source " + p("src.txt") + " has 2"},
		{"long", TestSetOptions{Source: p("src.txt"), Refs: []string{p("ref.txt")}, Hyps: []string{p("long.txt")}},
			ErrLineCount, p("long.txt") + ":3: line counts differ: 3 lines, but the source " + p("src.txt") + " has 2"},
		{"S line", TestSetOptions{Source: p("src.txt"), Refs: []string{p("other.m2")}, Hyps: []string{p("hyp.txt")}},
			nil, p("other.m2") + ":3: the S line differs from sentence 2 of the source " + p("src.txt")},
		{"no source", TestSetOptions{Refs: []string{p("ref.txt")}, Hyps: []string{p("hyp.txt")}}, ErrNoSource, ErrNoSource.Error()},
		{"empty", TestSetOptions{Refs: []string{p("gold.m2")}, Hyps: []string{p("empty.txt")}},
			ErrEmptyInput, p("empty.txt") + ": empty input: the file has no sentences"},
		{"M2 source", TestSetOptions{Source: p("gold.m2"), Refs: []string{p("gold.m2")}}, nil,
			"the source " + p("gold.m2") + " is an M2 file: give it as a reference (it holds the source) or give the plain source text"},
		{"NUL", TestSetOptions{Refs: []string{p("gold.m2")}, Hyps: []string{p("nul.txt")}},
			ErrNUL, p("nul.txt") + ":2:2: NUL byte: in text line"},
		{"max tokens", TestSetOptions{Refs: []string{p("gold.m2")}, Hyps: []string{p("hyp.txt")}, MaxTokens: 2},
			ErrTooLong, p("gold.m2") + ":1: sentence too long: 3 tokens, more than the limit of 2"},
		{"missing", TestSetOptions{Refs: []string{p("nope.m2")}}, os.ErrNotExist, "open " + p("nope.m2") + ": no such file or directory"},
		{"swapped", TestSetOptions{Source: p("src.txt"), Refs: []string{p("hyp.txt")}, Hyps: []string{p("gold.m2")}}, ErrSwapped,
			"references and hypotheses look swapped: the hypothesis " + p("gold.m2") + " is an M2 file (annotated references) while the reference " + p("hyp.txt") + " is plain text (a system's output)"},
		{"swapped, no source", TestSetOptions{Refs: []string{p("hyp.txt")}, Hyps: []string{p("hyp.txt"), p("gold.m2")}}, ErrSwapped,
			"references and hypotheses look swapped: the hypothesis " + p("gold.m2") + " is an M2 file (annotated references) while the reference " + p("hyp.txt") + " is plain text (a system's output)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := readAll(t, tt.opt)
			if err == nil || err.Error() != tt.msg || tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("got %v\nwant %s", err, tt.msg)
			}
		})
	}
}

// Hypotheses alone (no source, no reference) are read as they are, raw
// text tokenised when the Policy asks for it.
func TestTestSetHypothesesAlone(t *testing.T) {
	p := writeTestFiles(t, testSetFiles)
	ts, sents, err := readAll(t, TestSetOptions{Hyps: []string{p("hyp.txt"), p("raw.txt")}, Policy: tokenize.Policy{Tokenize: true}})
	if err == nil && ts.HasSource() {
		t.Error("a source without one")
	}
	if err != nil || len(sents) != 2 || sents[1].Source != nil || strings.Join(sents[1].Hyps[1].Tokens, " ") != "I do n't know ." ||
		!ts.Hyps[1].Tokenized || ts.Hyps[0].Tokenized || ts.Hyps[1].Outcome != tokenize.Tokenized {
		t.Errorf("got %v %+v %+v", err, sents, ts.Hyps)
	}
}

// A raw hypothesis next to tokenised references stops the test set before
// the first sentence, unless the Policy tokenises it or lets it through.
func TestTestSetRawHypothesis(t *testing.T) {
	p := writeTestFiles(t, testSetFiles)
	opt := TestSetOptions{Source: p("src.txt"), Refs: []string{p("ref.txt")}, Hyps: []string{p("raw.txt")}}
	if _, err := OpenTestSet(opt); !errors.Is(err, tokenize.ErrRaw) {
		t.Errorf("raw hypothesis: %v", err)
	}
	opt.Policy.NoCheck = true
	ts, sents, err := readAll(t, opt)
	if err != nil || ts.Hyps[0].Outcome != tokenize.KeptRaw || strings.Join(sents[1].Hyps[0].Tokens, " ") != "I don't know." {
		t.Errorf("no check: %v %+v", err, ts.Hyps)
	}
}

// A 1 MB line (a document on one line) is refused at open, with its file,
// line and the limit, before any costly work.
func TestTestSetOneMegabyteLine(t *testing.T) {
	line := strings.Repeat("word , ", 1<<20/7)
	p := writeTestFiles(t, map[string]string{"src.txt": "a b\n" + line + "\n", "hyp.txt": "a b\n" + line + "\n"})
	_, err := OpenTestSet(TestSetOptions{Source: p("src.txt"), Refs: []string{p("src.txt")}, Hyps: []string{p("hyp.txt")}})
	want := p("src.txt") + ":2: sentence too long: 299592 tokens, more than the limit of 10000"
	if err == nil || err.Error() != want || !errors.Is(err, ErrTooLong) {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// A raw hypothesis is measured against M2 references' corrections, read
// only then: against tokenised corrections it is raw, against corrections
// as untidy as itself it is not; and an M2 reference's error comes before
// the raw hypothesis's, as a reader of every file meets it first.
func TestTestSetRawHypothesisM2(t *testing.T) {
	p := writeTestFiles(t, map[string]string{
		"raw.txt":   "He said: fine.\nI don't know.\n",
		"tidy.m2":   "S He said : fine .\n\nS I do n't know .\n\n",
		"untidy.m2": "S He said : fine .\nA 3 5|||R:X|||fine.|||REQUIRED|||-NONE-|||0\n\nS I do n't know .\nA 1 5|||R:X|||don't know.|||REQUIRED|||-NONE-|||0\n\n",
		"bad.m2":    "S He said : fine .\n\nS I do n't know .\nA x|||R:X|||y|||REQUIRED|||-NONE-|||0\n\n",
	})
	for _, tc := range []struct {
		ref  string
		want error // nil: the hypothesis is taken as it is
	}{
		{"tidy.m2", tokenize.ErrRaw},
		{"untidy.m2", nil},
		{"bad.m2", ErrM2Syntax},
	} {
		ts, err := OpenTestSet(TestSetOptions{Refs: []string{p(tc.ref)}, Hyps: []string{p("raw.txt")}})
		if tc.want == nil {
			if err != nil || ts.Hyps[0].Outcome != tokenize.AsGiven {
				t.Errorf("%s: %v", tc.ref, err)
			}
		} else if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.ref, err, tc.want)
		}
		if ts != nil {
			ts.Close()
		}
	}
}
