package calibrate

import (
	"fmt"
	"math"
	"slices"
)

// Bounds of a model's numbers. The fitted models' coefficients (on
// standardised features) and cut points lie within ±5; a ridge-penalised
// fit cannot reach these bounds, and a model past them predicts nothing
// but its extreme labels (or NaN, through exp overflow).
const (
	MaxCoefficient = 1000 // |β| of one standardised feature, and |cut point|
	MaxFeatureMean = 1e9  // |mean| of a feature, and its standard deviation
)

// Validate checks that m is a model Predict can use: labels and values
// that match (values finite and increasing), an ordinal part with one
// coefficient, mean and positive scale per feature, all finite and within
// the bounds above, increasing cut points, thresholds (when given) finite
// and not decreasing, and feature names neither empty nor repeated.
// Which feature names exist, and which evidence form computes them, is
// for the package that computes them to check (judge.CheckModel). The
// error names the field as it is spelt in the model's JSON.
func (m *Model) Validate() error {
	o := m.Ordinal
	switch {
	case o == nil:
		return fmt.Errorf("model has no ordinal part (field \"ordinal\")")
	case len(m.Labels) < 2:
		return fmt.Errorf("field \"labels\": %d labels, want at least 2", len(m.Labels))
	case len(m.Values) != len(m.Labels):
		return fmt.Errorf("field \"values\": %d values for %d labels", len(m.Values), len(m.Labels))
	case o.Labels != len(m.Labels):
		return fmt.Errorf("field \"ordinal.labels\": %d, but the model has %d labels", o.Labels, len(m.Labels))
	case len(o.Coef) != len(m.Features):
		return fmt.Errorf("field \"ordinal.coef\": %d coefficients for %d features", len(o.Coef), len(m.Features))
	case len(o.Mean) != len(m.Features):
		return fmt.Errorf("field \"ordinal.mean\": %d means for %d features", len(o.Mean), len(m.Features))
	case len(o.Scale) != len(m.Features):
		return fmt.Errorf("field \"ordinal.scale\": %d standard deviations for %d features", len(o.Scale), len(m.Features))
	case len(o.Cuts) != o.Labels-1:
		return fmt.Errorf("field \"ordinal.cuts\": %d cut points for %d labels, want %d", len(o.Cuts), o.Labels, o.Labels-1)
	case m.Thresholds != nil && len(m.Thresholds) != o.Labels-1:
		return fmt.Errorf("field \"thresholds\": %d thresholds for %d labels, want %d", len(m.Thresholds), o.Labels, o.Labels-1)
	}
	for i, l := range m.Labels {
		if l == "" || slices.Index(m.Labels, l) != i {
			return fmt.Errorf("field \"labels\": label %d %q is empty or repeated", i+1, l)
		}
	}
	if err := increasing("values", m.Values, true, math.Inf(1)); err != nil {
		return err
	}
	if err := increasing("ordinal.cuts", o.Cuts, true, MaxCoefficient); err != nil {
		return err
	}
	if m.Thresholds != nil {
		if err := increasing("thresholds", m.Thresholds, false, math.Inf(1)); err != nil {
			return err
		}
	}
	for i, f := range m.Features {
		if f == "" || slices.Index(m.Features, f) != i {
			return fmt.Errorf("field \"features\": feature %d %q is empty or repeated", i+1, f)
		}
		switch {
		case !finiteWithin(o.Coef[i], MaxCoefficient):
			return fmt.Errorf("field \"ordinal.coef\": coefficient of %s is %v, want a finite number within ±%v", f, o.Coef[i], float64(MaxCoefficient))
		case !finiteWithin(o.Mean[i], MaxFeatureMean):
			return fmt.Errorf("field \"ordinal.mean\": mean of %s is %v, want a finite number within ±%v", f, o.Mean[i], MaxFeatureMean)
		case !(o.Scale[i] > 0) || !finiteWithin(o.Scale[i], MaxFeatureMean):
			return fmt.Errorf("field \"ordinal.scale\": standard deviation of %s is %v, want a finite number above 0", f, o.Scale[i])
		}
	}
	return nil
}

// increasing checks that xs are finite, within ±bound, and increasing
// (strictly, or else not decreasing).
func increasing(field string, xs []float64, strict bool, bound float64) error {
	for i, x := range xs {
		if !finiteWithin(x, bound) {
			return fmt.Errorf("field %q: value %d is %v, want a finite number within ±%v", field, i+1, x, bound)
		}
		if i == 0 {
			continue
		}
		if prev := xs[i-1]; x < prev || strict && x == prev {
			want := "increasing"
			if !strict {
				want = "not decreasing"
			}
			return fmt.Errorf("field %q: value %d (%v) after %v: want %s values", field, i+1, x, prev, want)
		}
	}
	return nil
}

func finiteWithin(x, bound float64) bool {
	return !math.IsNaN(x) && !math.IsInf(x, 0) && math.Abs(x) <= bound
}
