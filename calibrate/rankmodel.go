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
// compared is this one", not a rating scale. A RankModel is saved and read
// as JSON.
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

// String says what the score is built on, the scales of weight 0 left
// out, e.g. "built on fluency 0.56 + meaning 0.77 per SD (45% of the
// spread)"; "evidence only (every scale weighed 0)" when none counts.
func (c *Composition) String() string {
	var parts []string
	for _, s := range c.Scales {
		if s.Weight != 0 {
			parts = append(parts, fmt.Sprintf("%s %.2f", s.Scale, s.Weight))
		}
	}
	if parts == nil {
		return "evidence only (every scale weighed 0)"
	}
	return fmt.Sprintf("built on %s per SD (%.0f%% of the spread)", strings.Join(parts, " + "), 100*c.Share)
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
	Folds   int      `json:"folds"`   // cross-validation folds, grouped by source
	Seed    uint64   `json:"seed"`
	L2      float64  `json:"l2"`
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
