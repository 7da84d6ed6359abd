package calibrate

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"

	"github.com/gecmetric/gecmetric/calibrate/pairwise"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// A RankModel scores outputs the way human preferences order them: a
// linear score fitted to pairwise preferences between outputs of one
// source (package pairwise), reported on [0, 1] as the share of the
// training outputs that score lower (the empirical distribution function
// of the training scores, interpolated between stored quantiles). It has
// no labels: it answers "which is better, and how far up the range of
// outputs humans compared is this one", not a rating scale. A RankModel is
// saved and read as JSON.
type RankModel struct {
	Scale    string          `json:"scale"`    // what it ranks, e.g. "overall"
	Language string          `json:"language"` // language of the evidence
	Form     string          `json:"form"`     // evidence form
	Features []string        `json:"features"` // feature names, in vector order
	Pairwise *pairwise.Model `json:"pairwise"`
	// Quantiles holds the training outputs' scores at shares 0, 1/q, ...,
	// 1 (q+1 values, ascending): Value interpolates a score's share.
	Quantiles []float64      `json:"quantiles"`
	Training  RankTraining   `json:"training"`
	CV        RankValidation `json:"cross_validation"`
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

// Value returns the score of x as the share of training outputs scoring
// lower, in [0, 1].
func (m *RankModel) Value(x []float64) float64 { return m.Share(m.Score(x)) }

// Share maps a score to [0, 1] through the stored quantiles.
func (m *RankModel) Share(s float64) float64 {
	q := m.Quantiles
	n := len(q) - 1
	switch {
	case math.IsNaN(s):
		return math.NaN()
	case s <= q[0]:
		return 0
	case s >= q[n]:
		return 1
	}
	i := sort.SearchFloat64s(q, s) // q[i-1] < s ≤ q[i]
	lo, hi := q[i-1], q[i]
	frac := 0.0
	if hi > lo {
		frac = (s - lo) / (hi - lo)
	}
	return (float64(i-1) + frac) / float64(n)
}

// SetQuantiles stores q+1 quantiles of scores.
func (m *RankModel) SetQuantiles(scores []float64, q int) {
	s := slices.Clone(scores)
	slices.Sort(s)
	m.Quantiles = make([]float64, q+1)
	for k := range m.Quantiles {
		pos := float64(k) / float64(q) * float64(len(s)-1)
		i := int(pos)
		if i >= len(s)-1 {
			m.Quantiles[k] = s[len(s)-1]
			continue
		}
		m.Quantiles[k] = s[i] + (pos-float64(i))*(s[i+1]-s[i])
	}
}

func (m *RankModel) check() error {
	p := m.Pairwise
	switch {
	case p == nil:
		return fmt.Errorf("rank model has no pairwise part")
	case len(p.Coef) != len(m.Features) || len(p.Mean) != len(m.Features) || len(p.Scale) != len(m.Features):
		return fmt.Errorf("rank model has %d features but %d coefficients", len(m.Features), len(p.Coef))
	case len(m.Quantiles) < 2 || !slices.IsSorted(m.Quantiles):
		return fmt.Errorf("rank model needs at least 2 ascending quantiles, has %d", len(m.Quantiles))
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
