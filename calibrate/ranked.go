package calibrate

import (
	"fmt"

	"github.com/gecmetric/gecmetric/calibrate/ordinal"
	"github.com/gecmetric/gecmetric/calibrate/pairwise"
)

// FitRanked fits a model of scale sc whose ordering comes from human
// preferences and whose calibration comes from ratings: the direction is
// the ranker's score (a pairwise.Model over opt.Features, fitted to
// preferences between outputs of one source), and a proportional-odds
// model over that one score is fitted to units (rows x, columns
// opt.Features) as FitModel fits one, cross-validation included. The
// result is an ordinary Model over opt.Features: its linear predictor is
// β/σ_z · score(x) with the score's ordinal cut points shifted by β·μ_z/σ_z
// (μ_z, σ_z the score's mean and deviation over the units), so it ranks
// outputs exactly as the ranker does and speaks the scale's labels with the
// raters' label distribution (thresholds as FitModel sets them).
//
// Use it where ratings on an absolute scale and preferences between
// outputs of one source come from different data: the ranker learns what
// makes one correction of a sentence better than another, the ratings how
// good a sentence is on the scale.
func FitRanked(sc *Scale, ranker *pairwise.Model, units []Unit, x [][]float64, opt FitOptions) (*Model, *CV, error) {
	if len(ranker.Coef) != len(opt.Features) {
		return nil, nil, fmt.Errorf("calibrate: ranker has %d weights for %d features", len(ranker.Coef), len(opt.Features))
	}
	z := make([][]float64, len(x))
	for i, row := range x {
		z[i] = []float64{ranker.Score(row)}
	}
	one := opt
	one.Features = []string{"score"}
	m, cv, err := FitModel(sc, units, z, one)
	if err != nil {
		return nil, nil, err
	}
	o := m.Ordinal
	beta, mu, sd := o.Coef[0], o.Mean[0], o.Scale[0]
	comp := &ordinal.Model{Labels: o.Labels, Mean: ranker.Mean, Scale: ranker.Scale, Coef: make([]float64, len(ranker.Coef)), Cuts: make([]float64, len(o.Cuts))}
	for j, w := range ranker.Coef {
		comp.Coef[j] = beta * w / sd
	}
	for k, c := range o.Cuts {
		comp.Cuts[k] = c + beta*mu/sd
	}
	m.Ordinal = comp
	m.Features = opt.Features
	return m, cv, nil
}
