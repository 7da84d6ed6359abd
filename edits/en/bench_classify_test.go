package en_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// alignedPair is a CoNLL-2014 source and system sentence, annotated and
// aligned, ready for the merger.
type alignedPair struct {
	o, c *edits.Sentence
	ops  []edits.AlignOp
}

// conllPairs annotates and aligns every changed (source, system) pair of
// the six CoNLL-2014 systems; it skips when the data is absent.
func conllPairs(b *testing.B, lang *en.Language) []alignedPair {
	dir := testdata.Dir(b, "conll14-errant")
	var pairs []alignedPair
	for _, sys := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"} {
		files, err := corpora.ReadParallel(filepath.Join(dir, "text", "source.txt"), filepath.Join(dir, "text", sys+".txt"))
		if err != nil {
			b.Fatal(err)
		}
		src, hyp := files[0], files[1]
		for i := range src.Lines {
			if strings.Join(src.Tokens[i], " ") == strings.Join(hyp.Tokens[i], " ") {
				continue
			}
			o, c := lang.Annotate(src.Tokens[i]), lang.Annotate(hyp.Tokens[i])
			pairs = append(pairs, alignedPair{o, c, edits.Align(o, c, edits.Options{})})
		}
	}
	return pairs
}

// BenchmarkMergeClassifyCoNLL14 runs the English merger and classifier on
// the aligned CoNLL-2014 system outputs (tagging and alignment excluded)
// and reports changed sentence pairs per second.
func BenchmarkMergeClassifyCoNLL14(b *testing.B) {
	lang := en.New()
	pairs := conllPairs(b, lang)
	n := 0
	for b.Loop() {
		for _, p := range pairs {
			for _, e := range lang.Merge(p.o, p.c, p.ops) {
				lang.Classify(p.o, p.c, e)
			}
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "pairs/s")
}
