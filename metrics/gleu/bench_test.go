package gleu

import (
	"path/filepath"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// BenchmarkScore scores one CoNLL-2014 system (1,312 sentences, two
// references, 500 iterations) with the n-grams of the sources and
// references already counted, as for every system after the first.
func BenchmarkScore(b *testing.B) {
	dir := testdata.Dir(b, "conll14-errant", "text")
	sc, err := New(readTokens(b, filepath.Join(dir, "source.txt")),
		readTokens(b, filepath.Join(dir, "ref0.txt")), readTokens(b, filepath.Join(dir, "ref1.txt")))
	if err != nil {
		b.Fatal(err)
	}
	hyp := readTokens(b, filepath.Join(dir, "AMU.txt"))
	for b.Loop() {
		if _, err := sc.Score(hyp, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNew counts the n-grams of the CoNLL-2014 sources and references.
func BenchmarkNew(b *testing.B) {
	dir := testdata.Dir(b, "conll14-errant", "text")
	src := readTokens(b, filepath.Join(dir, "source.txt"))
	r0, r1 := readTokens(b, filepath.Join(dir, "ref0.txt")), readTokens(b, filepath.Join(dir, "ref1.txt"))
	for b.Loop() {
		if _, err := New(src, r0, r1); err != nil {
			b.Fatal(err)
		}
	}
}
