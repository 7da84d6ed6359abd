package calibrate

import (
	"fmt"
	"math"

	"github.com/gecmetric/gecmetric/calibrate/ordinal"
	"github.com/gecmetric/gecmetric/calibrate/pairwise"
	"github.com/gecmetric/gecmetric/calibrate/stat"
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

// A Stretch spreads expected values on a scale from lo to hi: the value's
// place u = (e−lo)/(hi−lo) is moved in logit space away from Center by
// the factor K,
//
//	e' = lo + (hi−lo)·σ(Center + K·(logit(u) − Center)),
//
// a strictly increasing map of (lo, hi) onto itself, so outputs keep their
// order and no two become equal.
type Stretch struct {
	K      float64 `json:"k"`
	Center float64 `json:"center"`
}

// Apply stretches e on a scale from lo to hi.
func (s *Stretch) Apply(e, lo, hi float64) float64 {
	u := (e - lo) / (hi - lo)
	u = math.Min(math.Max(u, 1e-9), 1-1e-9)
	l := math.Log(u / (1 - u))
	return lo + (hi-lo)/(1+math.Exp(-(s.Center+s.K*(l-s.Center))))
}

// Spread sets m.Spread so that m's expected values spread over units as
// much as the units' mean ratings do: the standard deviation of the
// expected value over units equals that of the mean ratings, K found by
// bisection (K ≥ 1; 1 when m already spreads as far), Center the logit of
// the mean expected value's place on the scale. The order of outputs is
// unchanged; what changes is how far apart two outputs land: an ordinal
// model's expected value regresses to the middle labels, and a user
// comparing 3.14 with 3.15 learns nothing. The thresholds are set again
// from the stretched predictions. The cost is calibration in the
// mean-squared sense; rank agreement is untouched. It returns K.
func Spread(m *Model, units []Unit, x [][]float64) float64 {
	m.Spread = nil
	if len(units) < 2 {
		return 1
	}
	var means []float64
	for _, u := range units {
		means = append(means, u.Mean())
	}
	target := stat.PopStdDev(means)
	lo, hi := m.Values[0], m.Values[len(m.Values)-1]
	raw := make([]float64, len(x))
	for i, row := range x {
		raw[i] = m.Predict(row).Expected
	}
	u := (stat.Mean(raw) - lo) / (hi - lo)
	center := math.Log(u / (1 - u))
	at := func(k float64) float64 {
		s := &Stretch{K: k, Center: center}
		out := make([]float64, len(raw))
		for i, e := range raw {
			out[i] = s.Apply(e, lo, hi)
		}
		return stat.PopStdDev(out)
	}
	k := 1.0
	if at(1) < target {
		a, b := 1.0, 2.0
		for at(b) < target && b < 16 {
			a, b = b, b*2
		}
		for range 40 {
			mid := (a + b) / 2
			if at(mid) < target {
				a = mid
			} else {
				b = mid
			}
		}
		k = (a + b) / 2
	}
	m.Spread = &Stretch{K: k, Center: center}
	m.Thresholds = thresholds(m, units, x, func(int) bool { return true })
	return k
}
