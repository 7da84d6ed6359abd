package evidence

import (
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/gleu"
)

// refMetrics sets the reference metrics of the toolbox as features:
//
//	ref.gleu      sentence GLEU (compute_gleu -d: zero counts smoothed to 1),
//	              averaged over the references, which is the expectation of
//	              compute_gleu's sampling of one reference per iteration
//	ref.errant_f  ERRANT's sentence F0.5 (span-based correction, edits from
//	              package edits) against the reference that gives the best
//	              F0.5, compare_m2's conventions for empty counts
//	ref.errant_p  the precision of that comparison
//	ref.errant_r  its recall
//
// chrF against the references is me.chrf_ref.
func (x *Extractor) refMetrics(v Values, in Input, hypEdits []edits.Edit, refEdits [][]edits.Edit) {
	sc := x.gleuScorer(in)
	sum := 0.0
	for _, c := range sc.Counts(0, in.Hyp.Texts()) {
		sum += gleu.Smoothed(c)
	}
	v["ref.gleu"] = sum / float64(len(in.Refs))

	hypS := errant.Group(withNoop(hypEdits), make([]int, max(1, len(hypEdits))), nil)
	var es []edits.Edit
	var coders []int
	for k, r := range refEdits {
		r = withNoop(r)
		es = append(es, r...)
		for range r {
			coders = append(coders, k)
		}
	}
	refS := errant.Group(es, coders, nil)
	bestF, bestP, bestR := -1.0, 0.0, 0.0
	for _, p := range errant.Pairs(hypS, refS, errant.Options{}) {
		pr, rc, f := errant.Score(p.Counts, 0.5)
		if f > bestF {
			bestF, bestP, bestR = f, pr, rc
		}
	}
	v["ref.errant_f"], v["ref.errant_p"], v["ref.errant_r"] = max(0, bestF), bestP, bestR
}

// withNoop returns es, or the noop edit of an unchanged sentence when es is
// empty, as ERRANT writes an unchanged sentence.
func withNoop(es []edits.Edit) []edits.Edit {
	if len(es) == 0 {
		return []edits.Edit{edits.Noop()}
	}
	return es
}
