package calibrate

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/pairwise"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// A RankModel scores outputs the way human preferences order them: a
// linear score fitted to pairwise preferences between outputs of one
// source (package pairwise), reported on [0, 1] by a linear map that puts
// the 1st percentile of the training outputs' scores at 0 and the 99th at
// 1 (clamped). The map is linear so that a mean over outputs (a system's
// score) orders systems as the mean of the scores does. It has no labels:
// it answers "which is better, and how far up the range of outputs humans
// compared is this one", not a rating scale. Prefer reads two scores of
// outputs of one source as the chance that raters prefer the first, the
// Bradley-Terry reading of the score calibrated by Preference. A RankModel
// is saved and read as JSON.
type RankModel struct {
	Scale    string          `json:"scale"`    // what it ranks, e.g. "overall"
	Language string          `json:"language"` // language of the evidence
	Form     string          `json:"form"`     // evidence form
	Features []string        `json:"features"` // feature names, in vector order
	Pairwise *pairwise.Model `json:"pairwise"`
	// Low and High are the training outputs' 1st and 99th percentile
	// scores: Value maps Low to 0 and High to 1.
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Preference is the slope a of Prefer: the probability that raters
	// prefer an output scoring s to another output of the same source
	// scoring s0 is 1/(1+exp(−a(s−s0))) (Bradley and Terry, 1952). It is
	// fitted by maximum likelihood to the raters' preferences the model
	// was trained on, each output scored by the model of the
	// cross-validation fold that did not see its source (FitPreference),
	// so that the probability is calibrated on held-out scores rather
	// than as confident as the ridge-penalised fit. 0 (a model saved
	// before it existed) reads as 1.
	Preference float64 `json:"preference,omitempty"`
	// Composition, when set, says how the score was built from the
	// raters' own dimensions: each rating model's linear predictor was a
	// feature of its own, and the evidence features (a larger ridge
	// penalty) adjust the sum. The weights are folded into Pairwise, so
	// Score needs nothing else; Composition explains it.
	Composition *Composition   `json:"composition,omitempty"`
	Training    RankTraining   `json:"training"`
	CV          RankValidation `json:"cross_validation"`
}

// A Composition is the share of each rating scale in a RankModel's score.
type Composition struct {
	Scales []ScaleWeight `json:"scales"`
	// EvidencePenalty is the ridge multiplier of the evidence features
	// against the scales' 1.
	EvidencePenalty float64 `json:"evidence_penalty"`
	// ReferencePenalty, when not 0, is the ridge multiplier of the
	// evidence features that need references, instead of EvidencePenalty.
	ReferencePenalty float64 `json:"reference_penalty,omitempty"`
	// Share is the part of the score's variance over the training
	// outputs that the scales' terms account for: 1 − var(evidence
	// terms)/var(score).
	Share float64 `json:"share"`
}

// String says in plain words what the score is built on: the share of
// its variation over the training outputs that follows the rating scales
// (Share) and which scales they are, the weightiest first, the scales of
// weight 0 left out; e.g. "20% from the fluency and grammaticality
// ratings (fluency weighing most), 80% from other evidence". The weights
// themselves (the score's change per standard deviation of each scale)
// are in Scales.
func (c *Composition) String() string {
	scales := slices.Clone(c.Scales)
	scales = slices.DeleteFunc(scales, func(s ScaleWeight) bool { return s.Weight == 0 })
	if len(scales) == 0 {
		return "from other evidence only (no rating scale counts)"
	}
	slices.SortStableFunc(scales, func(a, b ScaleWeight) int { return cmpFloat(b.Weight, a.Weight) })
	names := make([]string, len(scales))
	for i, s := range scales {
		names[i] = s.Scale
	}
	share := math.Round(100 * c.Share)
	switch len(names) {
	case 1:
		return fmt.Sprintf("%.0f%% from the %s rating, %.0f%% from other evidence", share, names[0], 100-share)
	default:
		list := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
		return fmt.Sprintf("%.0f%% from the %s ratings (%s weighing most), %.0f%% from other evidence", share, list, names[0], 100-share)
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// A ScaleWeight is one scale's weight in a Composition: the score's
// change for one standard deviation of the scale model's linear predictor
// over the training outputs.
type ScaleWeight struct {
	Scale  string  `json:"scale"`
	Form   string  `json:"form"`
	Weight float64 `json:"weight"`
}

// RankTraining records what a RankModel was fitted on.
type RankTraining struct {
	Data    []string `json:"data"`    // the preference sets, e.g. "gjg15 (13 systems)"
	Outputs int      `json:"outputs"` // distinct outputs
	Pairs   int      `json:"pairs"`   // preferences
	// PreferencePairs is the number of raters' preferences Preference
	// was fitted to.
	PreferencePairs int     `json:"preference_pairs,omitempty"`
	Folds           int     `json:"folds"` // cross-validation folds, grouped by source
	Seed            uint64  `json:"seed"`
	L2              float64 `json:"l2"`
}

// RankValidation is how well cross-validated scores order the preference
// pairs: per preference set, the share of pairs whose preferred output
// scores higher (ties count as wrong).
type RankValidation struct {
	Sets []RankSetValidation `json:"sets"`
}

// RankSetValidation is the cross-validated agreement on one preference set.
type RankSetValidation struct {
	Data     string  `json:"data"`
	Pairs    int     `json:"pairs"`
	Accuracy float64 `json:"accuracy"`
}

// Score returns the model's linear score of a feature vector in
// m.Features order: higher is better.
func (m *RankModel) Score(x []float64) float64 { return m.Pairwise.Score(x) }

// Value returns the score of x on [0, 1] (Share).
func (m *RankModel) Value(x []float64) float64 { return m.Share(m.Score(x)) }

// Prefer returns the probability that raters prefer an output scoring s
// to another output of the same source scoring s0: 1/(1+exp(−a(s−s0)))
// with a = Preference. Prefer(s, s) is 0.5; it rises with s.
func (m *RankModel) Prefer(s, s0 float64) float64 {
	a := m.Preference
	if a == 0 {
		a = 1
	}
	return 1 / (1 + math.Exp(-a*(s-s0)))
}

// FitPreference returns the slope a that maximises the likelihood of
// preferences under the Bradley-Terry model P(better over worse) =
// 1/(1+exp(−a·d)), where diffs holds each preference's score of the
// preferred output less the other's: a one-parameter logistic regression
// through the origin, solved by Newton's method (the log likelihood is
// concave in a). It returns 1 when diffs is empty or every difference is
// 0, and a large finite slope (where the steps fade) when every difference
// is positive.
func FitPreference(diffs []float64) float64 {
	if !slices.ContainsFunc(diffs, func(d float64) bool { return d != 0 }) {
		return 1
	}
	a := 1.0
	for range 100 {
		var g, h float64
		for _, d := range diffs {
			p := 1 / (1 + math.Exp(-a*d))
			g += d * (1 - p)
			h += d * d * p * (1 - p)
		}
		if h == 0 {
			break
		}
		step := g / h
		next := a + step
		if next <= 0 {
			next = a / 2
		}
		if math.Abs(next-a) < 1e-9*math.Max(1, a) {
			a = next
			break
		}
		a = math.Min(next, 1e6)
	}
	return a
}

// Share maps a score to [0, 1]: (s − Low)/(High − Low), clamped.
func (m *RankModel) Share(s float64) float64 {
	if math.IsNaN(s) {
		return s
	}
	return math.Min(1, math.Max(0, (s-m.Low)/(m.High-m.Low)))
}

// SetRange sets Low and High from the training outputs' scores.
func (m *RankModel) SetRange(scores []float64) {
	s := slices.Clone(scores)
	slices.Sort(s)
	at := func(q float64) float64 {
		pos := q * float64(len(s)-1)
		i := int(pos)
		if i >= len(s)-1 {
			return s[len(s)-1]
		}
		return s[i] + (pos-float64(i))*(s[i+1]-s[i])
	}
	m.Low, m.High = at(0.01), at(0.99)
}

func (m *RankModel) check() error {
	p := m.Pairwise
	switch {
	case p == nil:
		return fmt.Errorf("rank model has no pairwise part")
	case len(p.Coef) != len(m.Features) || len(p.Mean) != len(m.Features) || len(p.Scale) != len(m.Features):
		return fmt.Errorf("rank model has %d features but %d coefficients", len(m.Features), len(p.Coef))
	case !(m.High > m.Low):
		return fmt.Errorf("rank model has an empty score range [%v, %v]", m.Low, m.High)
	case !(m.Preference >= 0) || math.IsInf(m.Preference, 0):
		return fmt.Errorf("rank model has preference slope %v: want a finite number, 0 or more", m.Preference)
	}
	if c := m.Composition; c != nil {
		if !(c.EvidencePenalty > 0) || math.IsInf(c.EvidencePenalty, 0) || math.IsNaN(c.Share) || c.Share > 1 {
			return fmt.Errorf("rank model's composition has evidence penalty %v and share %v", c.EvidencePenalty, c.Share)
		}
		for i, s := range c.Scales {
			if s.Scale == "" || math.IsNaN(s.Weight) || math.IsInf(s.Weight, 0) {
				return fmt.Errorf("rank model's composition: scale %d (%q) has weight %v", i+1, s.Scale, s.Weight)
			}
		}
	}
	return nil
}

// ReadRankModel reads a model saved by WriteRankModel.
func ReadRankModel(r io.Reader, name string) (*RankModel, error) {
	var m RankModel
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: reading rank model: %w", name, err)
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &m, nil
}

// WriteRankModel writes m as indented JSON.
func WriteRankModel(w io.Writer, m *RankModel) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(m)
}

// WriteRankModelFile writes m to path atomically.
func WriteRankModelFile(path string, m *RankModel) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteRankModel(w, m) })
}
