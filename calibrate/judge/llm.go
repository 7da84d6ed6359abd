package judge

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/llmjudge"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// LLMFeatures are the evidence a language model's seed-000 answer gives:
// the values of its semantics (1-5), grammaticality (errors left, 0-2)
// and over-correction (0-3) labels.
var LLMFeatures = []string{"llm.semantics", "llm.grammaticality", "llm.overcorrection"}

// LLMValues returns the LLMFeatures of an answer.
func LLMValues(a llmjudge.Answer) evidence.Values {
	v := a.Values()
	return evidence.Values{LLMFeatures[0]: v[0], LLMFeatures[1]: v[1], LLMFeatures[2]: v[2]}
}

// IsLLMModel reports whether m judges from a language model's answers
// (its features are LLMFeatures), as FitLLM makes them.
func IsLLMModel(m *calibrate.Model) bool {
	return len(m.Features) > 0 && !slices.ContainsFunc(m.Features, func(f string) bool { return !strings.HasPrefix(f, "llm.") })
}

// JudgeAnswer turns a language model's seed-000 answer into a Judgement
// in the judge's quantities. A quantity with a model fitted on LLM answers
// (FitLLM; added to j.Models with --model) is that model's prediction
// from the answer. Otherwise meaning is semantics mapped linearly from
// 1-5 onto 1-4 (as the judge maps its own semantics models), remaining
// errors the grammaticality label's value (0, 1, 2 for "2 or more") and
// over-correction its label's value (0-3); grammaticality and fluency,
// which the protocol does not ask, are NaN. The evidence form is
// FormSource: the model saw the source and the output.
func (j *Judge) JudgeAnswer(a llmjudge.Answer) Judgement {
	vals := LLMValues(a)
	v := a.Values()
	out := Judgement{Grammaticality: math.NaN(), Fluency: math.NaN(), Labels: map[string]string{}, Form: evidence.FormSource}
	out.Meaning = 1 + (v[0]-1)*3/4
	out.Labels[Meaning] = human.Meaning4.Labels[calibrate.Nearest(human.Meaning4.Values(), out.Meaning)].Name
	out.RemainingErrors, out.Labels[RemainingErrors] = v[1], a.Grammaticality
	out.Overcorrection, out.Labels[Overcorrection] = v[2], a.Overcorrection
	for _, q := range []string{Grammaticality, Fluency, Meaning, Overcorrection, RemainingErrors, Semantics5, ErrorCount3} {
		m := j.llmModel(q)
		if m == nil {
			continue
		}
		p := m.Predict(vals.Vector(m.Features))
		switch q {
		case Grammaticality:
			out.Grammaticality = p.Expected
		case Fluency:
			out.Fluency = p.Expected
		case Meaning:
			out.Meaning = p.Expected
		case Overcorrection:
			out.Overcorrection = p.Expected
		case RemainingErrors, ErrorCount3:
			out.RemainingErrors = p.Expected
			q = RemainingErrors
		case Semantics5:
			out.Meaning = 1 + (p.Expected-1)*3/4
			out.Labels[Meaning] = human.Meaning4.Labels[calibrate.Nearest(human.Meaning4.Values(), out.Meaning)].Name
			continue
		}
		out.Labels[q] = p.Label
	}
	out.Overall = overall(out)
	return out
}

// llmModel returns the model of quantity fitted on LLM answers, if any.
func (j *Judge) llmModel(quantity string) *calibrate.Model {
	for _, f := range []evidence.Form{evidence.FormReference, evidence.FormSource, evidence.FormAlone} {
		if m := j.Models[quantity][f]; m != nil && IsLLMModel(m) {
			return m
		}
	}
	return nil
}

// LLMFitted is a model fitted on a language model's answers, with the
// agreement of the answers as given beside its cross-validated agreement.
type LLMFitted struct {
	Fitted
	// AsGiven is the agreement of the answer's own label on the fitted
	// scale (same name) with the same target over the same units; nil
	// when the scale is not one the protocol asks.
	AsGiven *calibrate.Validation
}

// FitLLM fits a model of one scale of ds, the ratings of annotators (all
// but the model's own when nil), from a language model's answers on the
// seed-000 scales (answers, as human.Sottana.ReadAnswers reads them, by
// any annotator name): the calibration that maps the model's labels to
// the raters' scale, with its cross-validated agreement (grouped by
// source sentence) in Model.CV. Units the model did not answer are left
// out. The model's features are LLMFeatures and its form FormSource.
func FitLLM(ds *Dataset, answers human.Ratings, scale string, annotators []string, opt calibrate.FitOptions) (LLMFitted, error) {
	type key struct{ item, system string }
	vals := map[key]evidence.Values{}
	llmAnnotators := map[string]bool{}
	for _, r := range answers {
		k := key{r.Item, r.System}
		if vals[k] == nil {
			vals[k] = evidence.Values{}
		}
		llmAnnotators[r.Annotator] = true
		if r.Other {
			continue
		}
		for i, sc := range llmjudge.Scales {
			if r.Scale.Name == sc.Name {
				vals[k][LLMFeatures[i]] = r.Value
			}
		}
	}
	rs := ds.Ratings.OnScale(scale)
	if annotators != nil {
		rs = rs.Where(func(r *human.Rating) bool { return slices.Contains(annotators, r.Annotator) })
	} else {
		rs = rs.Where(func(r *human.Rating) bool { return !llmAnnotators[r.Annotator] })
		annotators = rs.Annotators()
	}
	if len(rs) == 0 {
		return LLMFitted{}, fmt.Errorf("judge: %s: no ratings on scale %q by %s", ds.Name, scale, who(annotators))
	}
	var units []calibrate.Unit
	var xs [][]float64
	for _, u := range calibrate.Units(rs, scale, annotators) {
		v := vals[key{u.Item, u.System}]
		if len(v) != len(LLMFeatures) {
			continue
		}
		units = append(units, u)
		xs = append(xs, v.Vector(LLMFeatures))
	}
	if len(units) == 0 {
		return LLMFitted{}, fmt.Errorf("judge: %s: the model answered none of the %d rated outputs on scale %q (item ids and system names must match)", ds.Name, len(calibrate.Units(rs, scale, annotators)), scale)
	}
	f, err := fitUnits(ds, rs[0].Scale, scale, annotators, units, xs, evidence.FormSource, LLMFeatures, opt)
	if err != nil {
		return LLMFitted{}, err
	}
	out := LLMFitted{Fitted: f}
	for k, sc := range llmjudge.Scales {
		if sc.Name == scale {
			given := make([]float64, len(xs))
			for i, x := range xs {
				given[i] = x[k]
			}
			v := calibrate.Validate(given, nil, units, f.Model.Values, f.Model.Training.Seed)
			out.AsGiven = &v
		}
	}
	return out, nil
}
