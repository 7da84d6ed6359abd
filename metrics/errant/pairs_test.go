package errant

import (
	"math/rand/v2"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// randomSentence makes up to three coders' edits over a 6-token sentence
// from few spans and words, so that hypotheses and references often agree.
func randomSentence(rng *rand.Rand) Sentence {
	types := []string{"R:NOUN", "M:DET", "U:PUNCT", "R:VERB:SVA", "UNK"}
	words := []string{"a", "the", "b"}
	var es []edits.Edit
	var coders []int
	for range rng.IntN(6) {
		start := rng.IntN(6)
		e := edits.Edit{OStart: start, OEnd: start + rng.IntN(2), Type: types[rng.IntN(len(types))]}
		if rng.IntN(4) > 0 {
			e.C = []string{words[rng.IntN(len(words))]}
		}
		es = append(es, e)
		coders = append(coders, rng.IntN(3))
	}
	return Group(es, coders, nil)
}

// Counting every coder pair of each sentence on its own (as shards do) and
// choosing afterwards, in order, gives Compare's choices and totals.
func TestPairsThenChooserEqualCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var hyp, ref []Sentence
	for range 2000 {
		hyp, ref = append(hyp, randomSentence(rng)), append(ref, randomSentence(rng))
	}
	for _, opt := range []Options{{}, {Mode: SpanDetection, Beta: 1}, {Mode: TokenDetection, Beta: 2}, {Mode: SpanCorrectionType, Single: true}} {
		want, err := Compare(hyp, ref, opt)
		if err != nil {
			t.Fatal(err)
		}
		c := NewChooser(opt)
		notFirst := 0
		for i := range hyp {
			pairs := Pairs(hyp[i], ref[i], opt)
			k := c.Next(pairs)
			if k > 0 {
				notFirst++
			}
			w := want.Sentences[i]
			if got := pairs[k]; got.Counts != w.Counts || got.Hyp != w.Hyp || got.Ref != w.Ref {
				t.Fatalf("%v, sentence %d: chose %+v, Compare %+v", opt, i, got, w)
			}
		}
		if c.Counts() != want.Counts {
			t.Errorf("%v: totals %+v, Compare %+v", opt, c.Counts(), want.Counts)
		}
		if notFirst < 100 {
			t.Fatalf("%v: only %d choices other than the first pair: the test does not test the choice", opt, notFirst)
		}
	}
}
