package evidence

import (
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/ged"
)

// gedAlone sets the error-detector features of the hypothesis alone:
//
//	ged.expected  expected number of erroneous tokens (sum of p)
//	ged.max       the most likely erroneous token's p
//	ged.mean      mean p per token
//	ged.detected  tokens with p >= ged.Threshold
func (x *Extractor) gedAlone(v Values, hyp *edits.Sentence) []float64 {
	for _, n := range []string{"ged.expected", "ged.max", "ged.mean", "ged.detected"} {
		v[n] = 0
	}
	if x.GED == nil {
		return nil
	}
	p := x.cachedProbs(hyp)
	sum, mx, det := 0.0, 0.0, 0
	for _, q := range p {
		sum += q
		mx = max(mx, q)
		if q >= ged.Threshold {
			det++
		}
	}
	v["ged.expected"] = sum
	v["ged.max"] = mx
	v["ged.mean"] = sum / float64(max(1, len(p)))
	v["ged.detected"] = float64(det)
	return p
}

// gedSource sets the features comparing the hypothesis with its source:
//
//	ged.src_expected       the source's expected number of errors
//	ged.expected_diff_src  ged.expected of the hypothesis minus the source's
//	ged.max_diff_src       the same for ged.max
//	ged.fixed              sum of p of the source tokens the edits touch
//	                       (ged.ErrorTokens): the errors the edits addressed
//	ged.left               sum of p of the source tokens no edit touches:
//	                       the errors left alone
//	ged.introduced         sum of p of the hypothesis tokens the edits
//	                       wrote: errors the edits brought in
func (x *Extractor) gedSource(v Values, src *edits.Sentence, hp []float64, es []edits.Edit) []float64 {
	for _, n := range []string{"ged.src_expected", "ged.expected_diff_src", "ged.max_diff_src", "ged.fixed", "ged.left", "ged.introduced"} {
		v[n] = 0
	}
	if hp == nil {
		return nil
	}
	sp := x.cachedProbs(src)
	sum, mx := 0.0, 0.0
	touched := ged.ErrorTokens(len(sp), es)
	fixed, left := 0.0, 0.0
	for i, q := range sp {
		sum += q
		mx = max(mx, q)
		if touched[i] {
			fixed += q
		} else {
			left += q
		}
	}
	intro := 0.0
	for _, e := range es {
		for i := max(0, e.CStart); i < min(e.CEnd, len(hp)); i++ {
			intro += hp[i]
		}
	}
	v["ged.src_expected"] = sum
	v["ged.expected_diff_src"] = v["ged.expected"] - sum
	v["ged.max_diff_src"] = v["ged.max"] - mx
	v["ged.fixed"] = fixed
	v["ged.left"] = left
	v["ged.introduced"] = intro
	return sp
}

// gedReference sets the features comparing the hypothesis with the
// reference closest to it:
//
//	ged.expected_diff_ref  ged.expected of the hypothesis minus the reference's
//	ged.missed             sum of p of the source tokens that the closest
//	                       reference edits and the hypothesis leaves alone
func (x *Extractor) gedReference(v Values, ref *edits.Sentence, sp []float64, hypEdits, refEdits []edits.Edit) {
	v["ged.expected_diff_ref"], v["ged.missed"] = 0, 0
	if sp == nil {
		return
	}
	sum := 0.0
	for _, q := range x.cachedProbs(ref) {
		sum += q
	}
	v["ged.expected_diff_ref"] = v["ged.expected"] - sum
	byRef := ged.ErrorTokens(len(sp), refEdits)
	byHyp := ged.ErrorTokens(len(sp), hypEdits)
	missed := 0.0
	for i, q := range sp {
		if byRef[i] && !byHyp[i] {
			missed += q
		}
	}
	v["ged.missed"] = missed
}
