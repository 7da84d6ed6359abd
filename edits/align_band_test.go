package edits_test

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// sameBandAlignment fails unless the banded alignment (started at half-width
// w) equals the whole matrix's.
func sameBandAlignment(t testing.TB, o, c *edits.Sentence, opts edits.Options, w int) {
	t.Helper()
	want := edits.AlignFull(o, c, opts)
	got := edits.AlignBand(o, c, opts, w)
	if !slices.Equal(got, want) {
		t.Fatalf("lev %v, w %d: o %q c %q\nbanded %s\nfull   %s", opts.Lev, w, o.Texts(), c.Texts(), opString(got), opString(want))
	}
}

// TestAlignBandCoNLL14 aligns every CoNLL-2014 source with every system
// output (the 13 official systems and the six of conll14-errant) and both
// references, in bands started at half-width 1, and compares each with
// the whole matrix: zero differences, ERRANT's and Levenshtein costs.
func TestAlignBandCoNLL14(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	lang := en.New()
	dir := testdata.Dir(t, "conll14-errant", "text")
	src := readLines(t, filepath.Join(dir, "source.txt"))
	var files []string
	for _, f := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "ref0", "ref1"} {
		files = append(files, filepath.Join(dir, f+".txt"))
	}
	more, _ := filepath.Glob(filepath.Join(testdata.Dir(t, "gjg15", "outputs"), "*"))
	files = append(files, more...)
	srcs := make([]*edits.Sentence, len(src))
	for i, s := range src {
		srcs[i] = lang.Annotate(s)
	}
	pairs := 0
	for _, f := range files {
		hyps := readLines(t, f)
		if len(hyps) != len(src) {
			t.Fatalf("%s: %d lines, source %d", f, len(hyps), len(src))
		}
		for i, h := range hyps {
			c := lang.Annotate(h)
			sameBandAlignment(t, srcs[i], c, edits.Options{}, 1)
			sameBandAlignment(t, srcs[i], c, edits.Options{Lev: true}, 1)
			pairs++
		}
	}
	t.Logf("%d files, %d pairs, both cost models", len(files), pairs)
}

// TestAlignBandLong compares a long joined sentence (the first 2,000-odd
// tokens of CoNLL-2014) with AMU's correction of it, banded (by Align
// itself, and by AlignBounded under a cell limit) and over the whole
// matrix.
func TestAlignBandLong(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	lang := en.New()
	o, c := joinedCoNLL(t, "AMU", 2000)
	os, cs := lang.Annotate(o), lang.Annotate(c)
	want := edits.AlignFull(os, cs, edits.Options{})
	if got := edits.Align(os, cs, edits.Options{}); !slices.Equal(got, want) {
		t.Fatalf("%d/%d tokens: banded alignment differs from the whole matrix's", len(o), len(c))
	}
	sameBandAlignment(t, os, cs, edits.Options{}, 1)

	// A cell limit below the first band (half-width 64): the widest band
	// within it still holds the pair, with the whole matrix's result, and
	// a pair no band within the limit holds is refused with ErrTooLarge.
	// 2,000-odd tokens: a band of half-width 64 is about 2,000 × 139 cells.
	// The limit allows 56; halving to 32 (this test's first version) was
	// too narrow for AMU's edits, for which the search then asked 48.
	limit := (len(o) + 1) * (max(len(o)-len(c), len(c)-len(o)) + 2*56 + 1)
	got, err := edits.AlignBounded(os, cs, edits.Options{MaxCells: limit})
	if err != nil {
		t.Fatalf("%d cells: %v", limit, err)
	}
	if !slices.Equal(got, want) {
		t.Fatal("narrower band: alignment differs from the whole matrix's")
	}
	same := lang.Annotate(o)
	if got, err := edits.AlignBounded(os, same, edits.Options{MaxCells: 4 * len(o)}); err != nil || len(got) != len(o) {
		t.Errorf("a sentence with itself in %d cells: %d steps, %v", 4*len(o), len(got), err)
	}
	_, other := joinedCoNLL(t, "CAMB", 2000)
	far := lang.Annotate(slices.Concat(other[1000:], other[:1000])) // the halves swapped
	if _, err := edits.AlignBounded(os, far, edits.Options{MaxCells: limit}); !errors.Is(err, edits.ErrTooLarge) {
		t.Errorf("a pair far apart in %d cells: err %v, want ErrTooLarge", limit, err)
	}
}

// randomSentence draws tokens from a tiny vocabulary whose lemmas and POS
// tags overlap, so that costs tie often and transpositions occur.
func randomSentence(rng *rand.Rand, n int) []edits.Token {
	words := []struct{ text, lemma, pos string }{
		{"a", "a", "DET"}, {"the", "the", "DET"}, {"The", "the", "DET"}, {"cat", "cat", "NOUN"},
		{"cats", "cat", "NOUN"}, {"run", "run", "VERB"}, {"runs", "run", "VERB"}, {"ran", "run", "VERB"},
		{".", ".", "PUNCT"}, {"big", "big", "ADJ"}, {"bag", "bag", "NOUN"}, {"of", "of", "ADP"},
	}
	out := make([]edits.Token, n)
	for i := range out {
		w := words[rng.IntN(len(words))]
		out[i] = edits.Token{Text: w.text, Lower: strings.ToLower(w.text), Lemma: w.lemma, POS: w.pos}
	}
	return out
}

// mutate edits a copy of toks: substitutions, insertions, deletions and
// swaps of neighbours (transpositions) and of runs.
func mutate(rng *rand.Rand, toks []edits.Token, rate int) []edits.Token {
	out := slices.Clone(toks)
	for k := rng.IntN(rate + 1); k > 0 && len(out) > 0; k-- {
		p := rng.IntN(len(out))
		switch rng.IntN(5) {
		case 0:
			out[p] = randomSentence(rng, 1)[0]
		case 1:
			out = slices.Insert(out, p, randomSentence(rng, 1+rng.IntN(3))...)
		case 2:
			out = slices.Delete(out, p, min(len(out), p+1+rng.IntN(3)))
		case 3:
			if p+1 < len(out) {
				out[p], out[p+1] = out[p+1], out[p]
			}
		default:
			if q := p + 2 + rng.IntN(4); q < len(out) {
				slices.Reverse(out[p:q])
			}
		}
	}
	return out
}

// TestAlignBandRandom compares banded and whole-matrix alignments of
// random pairs with many ties: related pairs (a few edits, swaps
// included) and unrelated ones.
func TestAlignBandRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	for it := range 4000 {
		o := randomSentence(rng, rng.IntN(60))
		var c []edits.Token
		if it%5 == 0 {
			c = randomSentence(rng, rng.IntN(60))
		} else {
			c = mutate(rng, o, 1+rng.IntN(12))
		}
		os, cs := &edits.Sentence{Tokens: o}, &edits.Sentence{Tokens: c}
		for _, w := range []int{1, 3} {
			sameBandAlignment(t, os, cs, edits.Options{}, w)
			sameBandAlignment(t, os, cs, edits.Options{Lev: true}, w)
		}
	}
}

// FuzzAlignBand compares banded and whole-matrix alignments of fuzzed
// pairs.
func FuzzAlignBand(f *testing.F) {
	f.Add("the big red ball is here", "the red big ball is there", uint8(1), false)
	f.Add("a b c d e f g", "g f e d c b a", uint8(2), false)
	f.Add("a b c", "", uint8(1), true)
	f.Fuzz(func(t *testing.T, a, b string, w uint8, lev bool) {
		o, c := sent(a), sent(b)
		if o.Len()*c.Len() > 1<<14 {
			return
		}
		sameBandAlignment(t, o, c, edits.Options{Lev: lev}, 1+int(w%8))
	})
}

// joinedCoNLL joins the first CoNLL-2014 source sentences into one of at
// least n tokens, and the same sentences of file (a system or reference).
func joinedCoNLL(tb testing.TB, file string, n int) (o, c []string) {
	dir := testdata.Dir(tb, "conll14-errant", "text")
	src, hyp := readLines(tb, filepath.Join(dir, "source.txt")), readLines(tb, filepath.Join(dir, file+".txt"))
	for i := 0; len(o) < n; i++ {
		o, c = append(o, src[i]...), append(c, hyp[i]...)
	}
	return o, c
}

// BenchmarkAlignLong aligns a sentence of 8,029 tokens (CoNLL-2014
// sentences joined) with AMU's output and with each reference (the
// references are edited more, so their bands are wider), in a band.
func BenchmarkAlignLong(b *testing.B) {
	lang := en.New()
	for _, f := range []string{"AMU", "ref0", "ref1"} {
		o, c := joinedCoNLL(b, f, 8000)
		os, cs := lang.Annotate(o), lang.Annotate(c)
		b.Run(f, func(b *testing.B) {
			for b.Loop() {
				edits.Align(os, cs, edits.Options{})
			}
			b.ReportMetric(float64(len(o)), "tokens")
		})
	}
}
