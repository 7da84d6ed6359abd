package judge

import (
	"embed"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// The quantities a Judge reports, and the seed-000 scales it answers in
// the LLM-judge protocol.
const (
	Grammaticality  = "grammaticality"
	Fluency         = "fluency"
	Meaning         = "meaning"
	Overcorrection  = "overcorrection"
	RemainingErrors = "remaining_errors"
	Overall         = "overall"

	Semantics5  = "semantics5"  // seed 000 semantics, 1-5
	ErrorCount3 = "errorcount3" // seed 000 grammaticality, "0"/"1"/"2 or more"
)

// A Judgement is what a Judge says of one output. A quantity the language
// has no model for is NaN and has no label.
type Judgement struct {
	Grammaticality  float64 // 1-4, 4 = Perfect
	Fluency         float64 // 1-4, 4 = Extremely natural
	Meaning         float64 // 1-4, 4 = Identical
	Overcorrection  float64 // 0-3, 0 = No over-correction
	RemainingErrors float64 // expected number of errors left
	// Overall is the probability that raters prefer the output to its
	// unchanged source (0.5 for the source itself; see PreferOverSource).
	// It needs the source: NaN without one. A judge without a ranker for
	// the evidence (no default for its language, or the language model's
	// answers) gives instead the mean of the other quantities, each
	// mapped to 0-1 with 1 the best end.
	Overall float64
	Labels  map[string]string // most likely label per quantity
	Form    evidence.Form     // the evidence the judgement used
	// score is the ranker's linear score of the output (NaN without a
	// ranker), kept so that a source's score is computed once for all the
	// outputs of a sentence.
	score float64
}

// PreferOverSource says in one sentence what Judgement.Overall is when a
// ranker gives it, as `gecmetric judge` prints it above its tables.
const PreferOverSource = "overall: the chance that raters prefer an output to its unchanged source " +
	"(0.5: no better than leaving it alone), calibrated on raters' preferences; its means compare " +
	"systems on the same sentences, not across test sets, whose sources need more or less correcting"

// A ModelSet holds the models of one language, keyed by quantity and form.
type ModelSet map[string]map[evidence.Form]*calibrate.Model

// Add files m under its quantity (the model's Scale field names the
// quantity it was fitted for, see FitDefaults) and form.
func (s ModelSet) Add(quantity string, m *calibrate.Model) error {
	f, ok := evidence.ParseForm(m.Form)
	if !ok {
		return fmt.Errorf("judge: model for %s has unknown form %q", quantity, m.Form)
	}
	if s[quantity] == nil {
		s[quantity] = map[evidence.Form]*calibrate.Model{}
	}
	s[quantity][f] = m
	return nil
}

// Best returns the model of quantity for the richest form not richer than
// form (nil when there is none).
func (s ModelSet) Best(quantity string, form evidence.Form) *calibrate.Model {
	return s.best(quantity, form)
}

// best returns the model of quantity for the richest form not richer than
// form (a reference-form model needs references; an alone-form model can
// judge any output).
func (s ModelSet) best(quantity string, form evidence.Form) *calibrate.Model {
	for f := form; f <= evidence.FormAlone; f++ {
		if m := s[quantity][f]; m != nil {
			return m
		}
	}
	return nil
}

// Rankers holds the overall-score models of one language by form.
type Rankers map[evidence.Form]*calibrate.RankModel

// best returns the ranker of the richest form not richer than form.
func (r Rankers) best(form evidence.Form) *calibrate.RankModel {
	for f := form; f <= evidence.FormAlone; f++ {
		if m := r[f]; m != nil {
			return m
		}
	}
	return nil
}

// A Judge judges outputs in one language. It is safe for concurrent use.
type Judge struct {
	Evidence *evidence.Extractor
	Models   ModelSet
	// Rankers give the overall score, ranking outputs as human
	// preferences do (FitRanker); where none fits the evidence at hand,
	// the overall score is the mean of the other judgements.
	Rankers Rankers
}

// New returns the judge of a language ("en", "sv") with its evidence
// extractor and a copy of its default models, which the caller may
// replace (Models.Add) without touching the defaults.
func New(lang string) (*Judge, error) {
	x, err := ExtractorFor(lang)
	if err != nil {
		return nil, err
	}
	defs, err := Defaults(lang)
	if err != nil {
		return nil, err
	}
	set := ModelSet{}
	for q, byForm := range defs {
		set[q] = maps.Clone(byForm)
	}
	rankers, err := DefaultOverall(lang)
	if err != nil {
		return nil, err
	}
	return &Judge{Evidence: x, Models: set, Rankers: maps.Clone(rankers)}, nil
}

// An Input is one output to judge with its source and references, as
// token sequences (Source may be nil, Refs empty).
type Input struct {
	Source []string
	Hyp    []string
	Refs   [][]string
}

// Judge returns the judgement of one output.
func (j *Judge) Judge(in Input) Judgement {
	lang := j.Evidence.Lang
	ev := evidence.Input{Hyp: lang.Annotate(in.Hyp)}
	if in.Source != nil {
		ev.Source = lang.Annotate(in.Source)
		for _, r := range in.Refs {
			ev.Refs = append(ev.Refs, lang.Annotate(r))
		}
	}
	return j.JudgeEvidence(ev)
}

// JudgeEvidence judges an output whose sentences are already annotated,
// so that a source and its references are annotated once for many outputs.
// Its overall score compares the output with its source, which is judged
// too (in.Hyp == in.Source is judged once); Stream judges a sentence's
// source once for all its outputs.
func (j *Judge) JudgeEvidence(in evidence.Input) Judgement {
	return j.judgeEvidence(in, nil)
}

// judgeEvidence is JudgeEvidence with the source's judgement, when not
// nil, giving the source's ranker score instead of judging it again.
func (j *Judge) judgeEvidence(in evidence.Input, source *Judgement) Judgement {
	vals, form := j.Evidence.Compute(in)
	out := Judgement{Labels: map[string]string{}, Form: form, score: math.NaN()}
	get := func(q string) (calibrate.Prediction, bool) {
		m := j.Models.best(q, form)
		if m == nil {
			return calibrate.Prediction{}, false
		}
		p := m.Predict(vals.Vector(m.Features))
		out.Labels[q] = p.Label
		return p, true
	}
	set := func(q string, dst *float64) {
		*dst = math.NaN()
		if p, ok := get(q); ok {
			*dst = p.Expected
		}
	}
	set(Grammaticality, &out.Grammaticality)
	set(Fluency, &out.Fluency)
	set(Meaning, &out.Meaning)
	set(Overcorrection, &out.Overcorrection)
	set(RemainingErrors, &out.RemainingErrors)
	if math.IsNaN(out.Meaning) {
		// English meaning comes from the 1-5 semantics scale, mapped
		// linearly onto 1-4.
		if p, ok := get(Semantics5); ok {
			out.Meaning = 1 + (p.Expected-1)*3/4
			delete(out.Labels, Semantics5)
			m4 := human.Meaning4
			out.Labels[Meaning] = m4.Labels[calibrate.Nearest(m4.Values(), out.Meaning)].Name
		}
	}
	if math.IsNaN(out.RemainingErrors) {
		if p, ok := get(ErrorCount3); ok {
			out.RemainingErrors = p.Expected
			out.Labels[RemainingErrors] = out.Labels[ErrorCount3]
			delete(out.Labels, ErrorCount3)
		}
	}
	out.Overall = overall(out)
	if r := j.Rankers.best(form); r != nil {
		out.score = r.Score(vals.Vector(r.Features))
		out.Overall = math.NaN()
		if in.Source != nil {
			s0 := out.score
			switch {
			case in.Hyp == in.Source:
			case source != nil && !math.IsNaN(source.score):
				s0 = source.score
			default:
				s0 = j.sourceScore(in, r)
			}
			out.Overall = r.Prefer(out.score, s0)
		}
	}
	return out
}

// sourceScore is the ranker score of in's source judged as its own output,
// with in's references.
func (j *Judge) sourceScore(in evidence.Input, r *calibrate.RankModel) float64 {
	in.Hyp = in.Source
	vals, _ := j.Evidence.Compute(in)
	return r.Score(vals.Vector(r.Features))
}

// overall is the mean of the available judgements, each mapped to [0, 1]
// with 1 the best end: (g-1)/3, (f-1)/3, (m-1)/3, 1 - oc/3 and
// 1 - min(remaining errors, 2)/2. The last term keeps an output that left
// its errors alone from scoring well on meaning and over-correction alone.
func overall(j Judgement) float64 {
	var sum float64
	var n int
	for _, v := range []float64{(j.Grammaticality - 1) / 3, (j.Fluency - 1) / 3, (j.Meaning - 1) / 3, 1 - j.Overcorrection/3, 1 - math.Min(j.RemainingErrors, 2)/2} {
		if !math.IsNaN(v) {
			sum += math.Min(1, math.Max(0, v))
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// LLMAnswer is the seed-000 answer for one candidate.
type LLMAnswer struct {
	Semantics      int    `json:"semantics"`
	Grammaticality string `json:"grammaticality"`
	Overcorrection string `json:"overcorrection"`
}

// AnswerLLM answers one candidate in the seed-000 protocol: semantics 1-5,
// grammaticality "0"/"1"/"2 or more", over-correction "No" ..
// "Substantial over-correction", each the model's decided label.
func (j *Judge) AnswerLLM(in evidence.Input) (LLMAnswer, error) {
	vals, form := j.Evidence.Compute(in)
	var a LLMAnswer
	for _, q := range []string{Semantics5, ErrorCount3, Overcorrection} {
		m := j.Models.best(q, form)
		if m == nil {
			return a, fmt.Errorf("judge: no %s model for %s", q, j.Evidence.Lang.Name())
		}
		p := m.Predict(vals.Vector(m.Features))
		switch q {
		case Semantics5:
			fmt.Sscan(p.Label, &a.Semantics)
		case ErrorCount3:
			a.Grammaticality = p.Label
		case Overcorrection:
			a.Overcorrection = p.Label
		}
	}
	return a, nil
}

//go:generate go run ./internal/gen -out models

//go:embed models
var defaultModels embed.FS

// embedded holds the default models of every language.
type embedded struct {
	models  map[string]ModelSet
	rankers map[string]Rankers
}

var defaults = sync.OnceValues(func() (embedded, error) {
	d := embedded{models: map[string]ModelSet{}, rankers: map[string]Rankers{}}
	names, err := defaultModels.ReadDir("models")
	if err != nil {
		return d, err
	}
	for _, e := range names {
		name := e.Name()
		if !strings.HasSuffix(name, ".json") {
			continue
		}
		lang, quantity, ok := parseModelName(name)
		if !ok {
			return d, fmt.Errorf("judge: embedded model %s: name is not LANG-QUANTITY-FORM.json", name)
		}
		f, err := defaultModels.Open(path.Join("models", name))
		if err != nil {
			return d, err
		}
		if quantity == Overall {
			m, err := calibrate.ReadRankModel(f, name)
			f.Close()
			if err != nil {
				return d, err
			}
			form, ok := evidence.ParseForm(m.Form)
			if !ok {
				return d, fmt.Errorf("judge: embedded model %s has unknown form %q", name, m.Form)
			}
			if d.rankers[lang] == nil {
				d.rankers[lang] = Rankers{}
			}
			d.rankers[lang][form] = m
			continue
		}
		m, err := calibrate.ReadModel(f, name)
		f.Close()
		if err != nil {
			return d, err
		}
		if d.models[lang] == nil {
			d.models[lang] = ModelSet{}
		}
		if err := d.models[lang].Add(quantity, m); err != nil {
			return d, err
		}
	}
	return d, nil
})

// DefaultOverall returns the embedded overall-score models of a language
// (none is no error: the overall score is then the mean of the others).
func DefaultOverall(lang string) (Rankers, error) {
	d, err := defaults()
	if err != nil {
		return nil, err
	}
	return d.rankers[lang], nil
}

// ModelFileName is the file name of a default model.
func ModelFileName(lang, quantity string, form evidence.Form) string {
	return fmt.Sprintf("%s-%s-%s.json", lang, quantity, form)
}

func parseModelName(name string) (lang, quantity string, ok bool) {
	base, found := strings.CutSuffix(name, ".json")
	parts := strings.Split(base, "-")
	if !found || len(parts) != 3 {
		return "", "", false
	}
	return parts[0], parts[1], true
}

// Defaults returns the embedded models of a language ("en", "sv").
func Defaults(lang string) (ModelSet, error) {
	d, err := defaults()
	if err != nil {
		return nil, err
	}
	sets := d.models
	s, ok := sets[lang]
	if !ok {
		var have []string
		for l := range sets {
			have = append(have, l)
		}
		sort.Strings(have)
		return nil, fmt.Errorf("judge: no default models for language %q (have %s)", lang, strings.Join(have, ", "))
	}
	return s, nil
}

// Quantities returns the quantities a set has models for, sorted.
func (s ModelSet) Quantities() []string {
	var out []string
	for q := range s {
		out = append(out, q)
	}
	sort.Strings(out)
	return out
}

// MarshalJSON writes a Judgement in the layout of `gecmetric judge --jsonl`
// (NaN quantities as null).
func (j Judgement) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Grammaticality  *float64          `json:"grammaticality"`
		Fluency         *float64          `json:"fluency"`
		Meaning         *float64          `json:"meaning"`
		Overcorrection  *float64          `json:"overcorrection"`
		RemainingErrors *float64          `json:"remaining_errors"`
		Overall         *float64          `json:"overall"`
		Labels          map[string]string `json:"labels"`
		Evidence        string            `json:"evidence"`
	}{num(j.Grammaticality), num(j.Fluency), num(j.Meaning), num(j.Overcorrection),
		num(j.RemainingErrors), num(j.Overall), j.Labels, j.Form.String()})
}

func num(v float64) *float64 {
	if math.IsNaN(v) {
		return nil
	}
	return &v
}
