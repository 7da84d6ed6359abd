package m2

import (
	"math/rand/v2"
	"testing"

	"github.com/gecmetric/gecmetric/metrics"
)

// Scoring each sentence on its own (as shards do) and choosing the
// annotators afterwards, in order, gives Score's choices and totals.
func TestChooserAfterSentenceBySentence(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var gold []Sentence
	var hyps [][]string
	for range 300 {
		s, h := randomCase(rng, 8)
		gold, hyps = append(gold, s), append(hyps, h)
	}
	for _, beta := range []float64{0.5, 1, 2} {
		opts := Options{Beta: beta}
		want, err := Score(gold, hyps, opts)
		if err != nil {
			t.Fatal(err)
		}
		c := NewChooser(beta)
		several := 0
		for i := range gold {
			one, err := Score(gold[i:i+1], hyps[i:i+1], opts)
			if err != nil {
				t.Fatal(err)
			}
			var stats []metrics.Stats
			for _, a := range one.Sentences[0].Annotators {
				stats = append(stats, a.Stats)
			}
			if len(stats) > 1 {
				several++
			}
			if got := c.Next(stats); got != want.Sentences[i].Chosen {
				t.Fatalf("beta %g, sentence %d: chose %d, Score chose %d", beta, i, got, want.Sentences[i].Chosen)
			}
		}
		tot := c.Totals()
		if int(tot[Correct]) != want.Correct || int(tot[Proposed]) != want.Proposed || int(tot[Gold]) != want.Gold {
			t.Errorf("beta %g: totals %v, Score %d/%d/%d", beta, tot, want.Correct, want.Proposed, want.Gold)
		}
		if _, _, f := PRF(tot, beta); f != want.F {
			t.Errorf("beta %g: F %v, Score %v", beta, f, want.F)
		}
		if several < 50 {
			t.Fatalf("only %d sentences with several annotators: the test does not test the choice", several)
		}
	}
}
