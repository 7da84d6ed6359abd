package m2

import (
	"math"

	"github.com/gecmetric/gecmetric/metrics"
)

// A Chooser picks each sentence's annotator as Score does, for sentences
// given one at a time in corpus order: the annotator whose counts, added to
// the running totals of the sentences before, give the highest F; among
// equal F the one with more correct edits, then the one with fewer
// proposed + beta²·gold; among full ties the first. Score uses it, so a
// caller that computes each sentence's per-annotator Stats elsewhere (in
// parallel, on other machines) and feeds them here in order gets Score's
// choices and totals exactly.
//
// The zero value is not usable; call NewChooser.
type Chooser struct {
	beta       float64
	sc, sp, sg float64
}

// NewChooser returns a Chooser for F_beta with no sentences seen.
func NewChooser(beta float64) *Chooser { return &Chooser{beta: beta} }

// Next chooses among the Stats {Correct, Proposed, Gold} of one sentence's
// annotators (in the scorer's order, at least one), adds the chosen
// annotator's counts to the totals and returns its index.
func (c *Chooser) Next(annotators []metrics.Stats) int {
	bb := float64(c.beta * c.beta)
	fMax, maxC := -1.0, -1.0
	minP, minG := math.Inf(1), math.Inf(1)
	chosen := 0
	for a, st := range annotators {
		cc, p, g := c.sc+st[Correct], c.sp+st[Proposed], c.sg+st[Gold]
		f := runningF(cc, p, g, c.beta)
		if fMax < f || (fMax == f && maxC < cc) ||
			(fMax == f && maxC == cc && minP+float64(bb*minG) > p+float64(bb*g)) {
			chosen, fMax, maxC, minP, minG = a, f, cc, p, g
		}
	}
	st := annotators[chosen]
	c.sc += st[Correct]
	c.sp += st[Proposed]
	c.sg += st[Gold]
	return chosen
}

// Totals returns the summed Stats of the annotators chosen so far; PRF of
// it is the corpus score.
func (c *Chooser) Totals() metrics.Stats { return metrics.Stats{c.sc, c.sp, c.sg} }
