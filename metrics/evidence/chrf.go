package evidence

import "github.com/gecmetric/gecmetric/metrics/chrf"

// ChrF returns the sentence-level chrF of hyp against ref (Popović 2015;
// package chrf, sacreBLEU's defaults: character n-grams of orders 1 to 6
// with white space removed, precision and recall averaged over the orders
// both sentences have, F-score with β = 2), in [0, 1]; two sentences
// without a character score 1.
func ChrF(hyp, ref []string) float64 { return chrfOf(charGramsOf(hyp), charGramsOf(ref)) }

// charGrams are a sentence's character n-grams, counted once however many
// sentences it is compared with (the Extractor caches them).
type charGrams = chrf.Grams

func charGramsOf(tokens []string) *charGrams { return chrf.GramsOf(tokens) }

// chrfOf is the chrF of two sentences' n-grams.
func chrfOf(h, r *charGrams) float64 {
	if h.Chars() == 0 && r.Chars() == 0 {
		return 1
	}
	s := chrf.Compare(h, r)
	return chrf.Score(s[:])
}
