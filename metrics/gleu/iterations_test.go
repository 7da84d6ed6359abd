package gleu

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// sentenceBySentence scores each sentence with a Scorer of its own (as a
// shard would) and adds the Counts in order with Iterations.
func sentenceBySentence(t *testing.T, src [][]string, refs [][][]string, hyp [][]string, opt Options) *Iterations {
	t.Helper()
	it := NewIterations(len(refs), opt)
	for i := range src {
		one := make([][][]string, len(refs))
		for k := range refs {
			one[k] = refs[k][i : i+1]
		}
		sc, err := New(src[i:i+1], one...)
		if err != nil {
			t.Fatal(err)
		}
		it.Add(sc.Counts(0, hyp[i]))
	}
	return it
}

func TestIterationsEqualScore(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vocab := []string{"a", "b", "c", "d", "."}
	sent := func() []string {
		s := make([]string, 1+rng.IntN(9))
		for i := range s {
			s[i] = vocab[rng.IntN(len(vocab))]
		}
		return s
	}
	const n = 400
	src, hyp := make([][]string, n), make([][]string, n)
	refs := make([][][]string, 3)
	for k := range refs {
		refs[k] = make([][]string, n)
	}
	for i := range n {
		src[i], hyp[i] = sent(), sent()
		for k := range refs {
			refs[k][i] = sent()
			if rng.IntN(3) == 0 { // references that agree
				refs[k][i] = src[i]
			}
		}
	}
	for _, tc := range []struct {
		refs int
		opt  Options
	}{{3, Options{}}, {2, Options{Iterations: 37, Sampler: Python3}}, {1, Options{}}} {
		sc, err := New(src, refs[:tc.refs]...)
		if err != nil {
			t.Fatal(err)
		}
		want, err := sc.Score(hyp, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		it := sentenceBySentence(t, src, refs[:tc.refs], hyp, tc.opt)
		if got := it.Scores(); !slices.Equal(got, want.Iterations) {
			t.Fatalf("%d refs %+v: iterations differ from Score's", tc.refs, tc.opt)
		}
		if got := it.Summary(); got.Mean != want.Mean || got.Std != want.Std {
			t.Errorf("%d refs %+v: summary %+v, Score %+v", tc.refs, tc.opt, got, want.Summary)
		}
		if it.Len() != n {
			t.Errorf("Len %d", it.Len())
		}
	}
}

// On CoNLL-2014 (two references, 500 iterations) the sentence-by-sentence
// sum gives compute_gleu's number as Score does.
func TestIterationsCoNLL(t *testing.T) {
	dir := testdata.Dir(t, "conll14-errant", "text")
	src := readTokens(t, filepath.Join(dir, "source.txt"))
	refs := [][][]string{readTokens(t, filepath.Join(dir, "ref0.txt")), readTokens(t, filepath.Join(dir, "ref1.txt"))}
	hyp := readTokens(t, filepath.Join(dir, "CUUI.txt"))
	sc, err := New(src, refs...)
	if err != nil {
		t.Fatal(err)
	}
	want, err := sc.Score(hyp, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := sentenceBySentence(t, src, refs, hyp, Options{}).Summary()
	if got.Mean != want.Mean {
		t.Errorf("mean %v, Score %v", got.Mean, want.Mean)
	}
}
