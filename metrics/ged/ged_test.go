package ged

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

func detector(tb testing.TB) *Detector {
	tb.Helper()
	d, err := Default()
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

func TestErrorTokens(t *testing.T) {
	tests := []struct {
		name string
		n    int
		es   []edits.Edit
		want []int
	}{
		{"replacement", 5, []edits.Edit{{OStart: 1, OEnd: 3}}, []int{1, 2}},
		{"missing word", 5, []edits.Edit{{OStart: 2, OEnd: 2}}, []int{2}},
		{"missing at the end", 5, []edits.Edit{{OStart: 5, OEnd: 5}}, []int{4}},
		{"noop", 3, []edits.Edit{edits.Noop()}, nil},
	}
	for _, tt := range tests {
		var got []int
		for i, e := range ErrorTokens(tt.n, tt.es) {
			if e {
				got = append(got, i)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestInflections(t *testing.T) {
	tests := []struct {
		lemma string
		verb  bool
		want  string
	}{
		{"go", true, "go goes goed going"},
		{"study", true, "study studies studied studying"},
		{"make", true, "make makes maked making"},
		{"box", false, "box boxes"},
		{"city", false, "city cities"},
		{"3D", false, ""},
	}
	for _, tt := range tests {
		if got := strings.Join(Inflections(tt.lemma, tt.verb), " "); got != tt.want {
			t.Errorf("Inflections(%q, %v) = %q, want %q", tt.lemma, tt.verb, got, tt.want)
		}
	}
}

// TestProbs checks, on pairs of a learner sentence and its correction,
// that the error token is more likely an error than the token at its
// place in the correction, and that the learner sentence has more
// expected errors.
func TestProbs(t *testing.T) {
	d := detector(t)
	lang := en.New()
	tests := []struct {
		bad, good string
		at        int
	}{
		{"He go to school every day .", "He goes to school every day .", 1},
		{"I have a apple in my bag .", "I have an apple in my bag .", 2},
		{"She is interested on music .", "She is interested in music .", 3},
		{"My sister have two children .", "My sister has two children .", 2},
		{"We discussed about the problem yesterday .", "We discussed the problem yesterday .", 2},
		{"He can swims very well .", "He can swim very well .", 2},
		{"There are many peoples in the park .", "There are many people in the park .", 3},
		{"This is a very importent decision .", "This is a very important decision .", 4},
	}
	sum := func(p []float64) (s float64) {
		for _, x := range p {
			s += x
		}
		return s
	}
	for _, tt := range tests {
		pb := d.Probs(lang.Annotate(strings.Fields(tt.bad)), nil)
		pg := d.Probs(lang.Annotate(strings.Fields(tt.good)), nil)
		if !(pb[tt.at] > pg[tt.at]) || !(sum(pb) > sum(pg)) {
			t.Errorf("%q: p %.3f, expected errors %.2f; correction %q: p %.3f, %.2f", tt.bad, pb[tt.at], sum(pb), tt.good, pg[tt.at], sum(pg))
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	if _, err := Decode([]byte("x")); err == nil {
		t.Error("Decode of junk: no error")
	}
	d := &Detector{Bits: 8, W: make([]float32, 256)}
	d.W[3] = 1.5
	back, err := Decode(d.Encode())
	if err != nil || back.Bits != 8 || back.W[3] != 1.5 {
		t.Errorf("round trip: %v %v", back, err)
	}
}

// labelled reads a parallel set: the source file and reference files,
// each reference's error tokens per source sentence.
func labelled(t *testing.T, src string, refs ...string) ([]*edits.Sentence, [][][]bool) {
	t.Helper()
	lang := en.New()
	read := func(p string) []string {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	}
	var srcs []*edits.Sentence
	for _, s := range read(src) {
		srcs = append(srcs, lang.Annotate(strings.Fields(s)))
	}
	gold := make([][][]bool, len(srcs))
	for _, r := range refs {
		lines := read(r)
		if len(lines) != len(srcs) {
			t.Fatalf("%s: %d lines, %s %d", r, len(lines), src, len(srcs))
		}
		edits.Parallel(len(srcs), func(i int) {
			es := edits.Extract(lang, srcs[i], lang.Annotate(strings.Fields(lines[i])), edits.Options{})
			gold[i] = append(gold[i], ErrorTokens(srcs[i].Len(), es))
		})
	}
	return srcs, gold
}

func measure(d *Detector, srcs []*edits.Sentence, gold [][]bool) Counts {
	var c Counts
	for i, s := range srcs {
		c.Add(Detect(d.Probs(s, nil), Threshold), gold[i])
	}
	return c
}

// TestHeldOutJFLEG measures the detector on JFLEG dev, which its training
// never saw: a token is an error when at least two of the four references
// edit it.
func TestHeldOutJFLEG(t *testing.T) {
	dir := testdata.Dir(t, "jfleg", "dev")
	d := detector(t)
	var refs []string
	for k := range 4 {
		refs = append(refs, filepath.Join(dir, fmt.Sprintf("dev.ref%d", k)))
	}
	srcs, gold := labelled(t, filepath.Join(dir, "dev.src"), refs...)
	maj := make([][]bool, len(srcs))
	for i := range srcs {
		maj[i] = make([]bool, srcs[i].Len())
		for j := range maj[i] {
			n := 0
			for _, g := range gold[i] {
				if g[j] {
					n++
				}
			}
			maj[i][j] = n >= 2
		}
	}
	c := measure(d, srcs, maj)
	t.Logf("JFLEG dev (held out): P %.3f R %.3f F0.5 %.3f over %d tokens", c.Precision(), c.Recall(), c.F05(), c.Tokens)
	// measured F0.5 0.555 (P 0.780), floors 0.52 and 0.74.
	if c.F05() < 0.52 || c.Precision() < 0.74 {
		t.Errorf("F0.5 %.3f (floor 0.52), P %.3f (floor 0.74)", c.F05(), c.Precision())
	}
}

// TestCoNLL14 measures the detector out of sample on CoNLL-2014 test (never
// used in training or tuning), against each annotator's corrections.
func TestCoNLL14(t *testing.T) {
	dir := testdata.Dir(t, "conll14-errant", "text")
	d := detector(t)
	srcs, gold := labelled(t, filepath.Join(dir, "source.txt"), filepath.Join(dir, "ref0.txt"), filepath.Join(dir, "ref1.txt"))
	for k := range 2 {
		g := make([][]bool, len(srcs))
		for i := range srcs {
			g[i] = gold[i][k]
		}
		c := measure(d, srcs, g)
		t.Logf("CoNLL-2014 annotator %d (out of sample): P %.3f R %.3f F0.5 %.3f over %d tokens", k, c.Precision(), c.Recall(), c.F05(), c.Tokens)
		if c.F05() < 0.2 {
			t.Errorf("annotator %d: F0.5 %.3f (floor 0.2)", k, c.F05())
		}
	}
}

func BenchmarkProbs(b *testing.B) {
	d := detector(b)
	s := en.New().Annotate(strings.Fields("In my opinion , the government should spend more money on public transport because many people can not afford to buy a car in the city ."))
	var p []float64
	b.ReportAllocs()
	for b.Loop() {
		p = d.Probs(s, p)
	}
}

func FuzzDecode(f *testing.F) {
	d := &Detector{Bits: 8, W: make([]float32, 256)}
	f.Add(d.Encode())
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Decode(data)
		if err != nil {
			return
		}
		if len(d.W) != 1<<d.Bits {
			t.Fatalf("%d weights for %d bits", len(d.W), d.Bits)
		}
	})
}

// TestOddSentences checks that the detector gives a probability in [0, 1]
// for every token of sentences without words, with numbers, non-Latin
// script, unknown words and clitics, and nothing for an empty one.
func TestOddSentences(t *testing.T) {
	d := detector(t)
	lang := en.New()
	for _, s := range []string{"", ". . !", "1990 ; 3.5 %", "Ça va très bien , merci", "日本 語 です", "xyzzy qwrtp zzz", "I do n't know , do n't I ?", "-- '' `` ( )"} {
		toks := strings.Fields(s)
		p := d.Probs(lang.Annotate(toks), nil)
		if len(p) != len(toks) {
			t.Errorf("%q: %d probabilities for %d tokens", s, len(p), len(toks))
		}
		for i, x := range p {
			if !(x >= 0 && x <= 1) {
				t.Errorf("%q: token %d p = %v", s, i, x)
			}
		}
	}
}
