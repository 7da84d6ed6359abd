package evidence

import (
	"math"
	"slices"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/lm"
)

// lmScore is one sentence scored by the language model.
type lmScore struct {
	s   lm.Score
	tok []float64 // per token log probability (0: not scored on its own)
}

// editWindow is how many tokens after an edit's span still feel the edit
// through the trigram history.
const editWindow = 2

// lmAlone sets the lm.* features of the hypothesis alone:
//
//	lm.mean      mean log P per predicted word (and the end of sentence)
//	lm.min       the least likely word's log P
//	lm.low3      mean log P of the three least likely words (fewer if shorter)
//	lm.oov_rate  share of scored words outside the model's vocabulary
//	lm.slor      SLOR (lm.Score.SLOR): lm.mean with each word's unigram
//	             log probability taken out, so rare fitting words do not count
func (x *Extractor) lmAlone(v Values, hyp *edits.Sentence) *lmScore {
	for _, n := range []string{"lm.mean", "lm.min", "lm.low3", "lm.oov_rate", "lm.slor"} {
		v[n] = 0
	}
	if x.LM == nil {
		return nil
	}
	h := x.cachedScore(hyp)
	v["lm.mean"] = h.s.Mean()
	v["lm.min"] = h.s.MinLogProb
	v["lm.low3"] = low3(h)
	v["lm.oov_rate"] = float64(h.s.OOV) / float64(max(1, h.s.Words))
	v["lm.slor"] = h.s.SLOR()
	return h
}

func (x *Extractor) score(s *edits.Sentence) *lmScore {
	toks := make([]string, len(s.Tokens))
	for i, t := range s.Tokens {
		toks[i] = t.Text
	}
	sc, tok := x.LM.Score(toks, nil)
	return &lmScore{s: sc, tok: tok}
}

func low3(h *lmScore) float64 {
	lps := make([]float64, 0, len(h.tok)+1)
	for _, lp := range h.tok {
		if lp != 0 {
			lps = append(lps, lp)
		}
	}
	lps = append(lps, h.s.End)
	slices.Sort(lps)
	lps = lps[:min(3, len(lps))]
	sum := 0.0
	for _, lp := range lps {
		sum += lp
	}
	return sum / float64(len(lps))
}

// lmSource sets the features comparing the hypothesis with its source:
//
//	lm.mean_diff_src  lm.mean of the hypothesis minus that of the source
//	lm.sum_diff_src   the same for the whole-sentence log P
//	lm.slor_diff_src  the same for lm.slor
//	lm.edit_gain      summed over the edits, log P of the hypothesis's tokens
//	                  in the edit and the two after it minus that of the
//	                  source's: how much more likely the edits made the text
//	lm.edit_worst     the least such gain of one edit (0 with no edits)
func (x *Extractor) lmSource(v Values, src *edits.Sentence, h *lmScore, es []edits.Edit) {
	for _, n := range []string{"lm.mean_diff_src", "lm.sum_diff_src", "lm.slor_diff_src", "lm.edit_gain", "lm.edit_worst"} {
		v[n] = 0
	}
	if h == nil {
		return
	}
	s := x.cachedScore(src)
	v["lm.mean_diff_src"] = h.s.Mean() - s.s.Mean()
	v["lm.sum_diff_src"] = h.s.LogProb - s.s.LogProb
	v["lm.slor_diff_src"] = h.s.SLOR() - s.s.SLOR()
	gain, worst := 0.0, math.Inf(1)
	for _, e := range es {
		if e.IsNoop() || e.CStart < 0 {
			continue
		}
		g := window(h, e.CStart, e.CEnd) - window(s, e.OStart, e.OEnd)
		gain += g
		worst = math.Min(worst, g)
	}
	if !math.IsInf(worst, 1) {
		v["lm.edit_gain"] = gain
		v["lm.edit_worst"] = worst
	}
}

// window sums the log probabilities of tokens [start, end+editWindow),
// the end of sentence standing for positions past the last token.
func window(s *lmScore, start, end int) float64 {
	sum := 0.0
	for i := start; i < end+editWindow; i++ {
		switch {
		case i < len(s.tok):
			sum += s.tok[i]
		case i == len(s.tok):
			sum += s.s.End
		}
	}
	return sum
}

// lmReference sets the features comparing the hypothesis with the
// reference closest to it:
//
//	lm.mean_diff_ref  lm.mean of the hypothesis minus that of the reference
//	lm.sum_diff_ref   the same for the whole-sentence log P
//	lm.slor_diff_ref  the same for lm.slor
func (x *Extractor) lmReference(v Values, ref *edits.Sentence, h *lmScore) {
	v["lm.mean_diff_ref"], v["lm.sum_diff_ref"], v["lm.slor_diff_ref"] = 0, 0, 0
	if h == nil {
		return
	}
	r := x.cachedScore(ref)
	v["lm.mean_diff_ref"] = h.s.Mean() - r.s.Mean()
	v["lm.sum_diff_ref"] = h.s.LogProb - r.s.LogProb
	v["lm.slor_diff_ref"] = h.s.SLOR() - r.s.SLOR()
}
