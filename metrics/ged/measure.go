package ged

import "github.com/gecmetric/gecmetric/edits"

// ErrorTokens marks the source tokens that the edits from a sentence of n
// tokens touch: those inside an edit's source span, and for a missing-word
// edit (an empty source span) the token after it, or the last token when
// it is at the end.
func ErrorTokens(n int, es []edits.Edit) []bool {
	out := make([]bool, n)
	for _, e := range es {
		if e.IsNoop() || n == 0 {
			continue
		}
		if e.OStart == e.OEnd {
			out[min(e.OStart, n-1)] = true
			continue
		}
		for i := max(0, e.OStart); i < min(e.OEnd, n); i++ {
			out[i] = true
		}
	}
	return out
}

// Threshold is the error probability from which a token is called an
// error by default: the best F0.5 of 0.3, 0.35 and 0.5 on the generator's
// tuning split (JFLEG test sentences 600-746 with a model trained on the
// rest of test and synthetic errors).
const Threshold = 0.35

// Detect returns, per token, whether its probability reaches threshold.
func Detect(probs []float64, threshold float64) []bool {
	out := make([]bool, len(probs))
	for i, p := range probs {
		out[i] = p >= threshold
	}
	return out
}

// Counts are token-level detection counts.
type Counts struct{ TP, FP, FN, Tokens int }

// Add counts the tokens of one sentence: pred[i] is the detector's
// decision, gold[i] the annotation.
func (c *Counts) Add(pred, gold []bool) {
	for i := range gold {
		switch {
		case pred[i] && gold[i]:
			c.TP++
		case pred[i]:
			c.FP++
		case gold[i]:
			c.FN++
		}
		c.Tokens++
	}
}

// Precision, Recall and F05 are the usual scores (F0.5 weights precision
// twice as much as recall, as GED and GEC evaluation do).
func (c Counts) Precision() float64 { return ratio(c.TP, c.TP+c.FP) }
func (c Counts) Recall() float64    { return ratio(c.TP, c.TP+c.FN) }
func (c Counts) F05() float64 {
	p, r := c.Precision(), c.Recall()
	if p+r == 0 {
		return 0
	}
	return 1.25 * p * r / (0.25*p + r)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
