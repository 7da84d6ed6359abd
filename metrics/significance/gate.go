package significance

import "fmt"

// A Gate decides which differences are regressions: a metric regresses
// when the candidate is worse than the baseline by more than the metric's
// tolerated drop and the difference is significant. The zero Gate fails
// on any significant drop at level DefaultAlpha.
type Gate struct {
	// Alpha is the significance level; 0 means DefaultAlpha.
	Alpha float64
	// MaxDrop is the largest drop tolerated per metric name, in the
	// metric's own units (0.01 is one point of F0.5); a metric without an
	// entry tolerates no significant drop at all.
	MaxDrop map[string]float64
}

// A Regression is a Result that failed a Gate.
type Regression struct {
	Result
	Alpha   float64 `json:"alpha"`
	MaxDrop float64 `json:"max_drop"`
}

// String describes the regression in one line, e.g.
// "m2 dropped 0.1234 (0.5000 → 0.3766, 95% CI [-0.1500, -0.0900], p = 0.0010 < 0.05)".
func (r Regression) String() string {
	s := fmt.Sprintf("%s dropped %.4f (%.4f → %.4f, 95%% CI [%.4f, %.4f], p = %.4f < %g)",
		r.Metric, -r.Delta, r.Baseline, r.Candidate, r.Low, r.High, r.P, r.Alpha)
	if r.MaxDrop > 0 {
		s += fmt.Sprintf(", more than the tolerated %g", r.MaxDrop)
	}
	return s
}

// Check returns the results that are regressions under g, in the order
// given: Delta < −MaxDrop[Metric] and P < Alpha.
func (g Gate) Check(results []Result) []Regression {
	alpha := g.Alpha
	if alpha == 0 {
		alpha = DefaultAlpha
	}
	var out []Regression
	for _, r := range results {
		drop := g.MaxDrop[r.Metric]
		if r.Delta < -drop && r.P < alpha {
			out = append(out, Regression{Result: r, Alpha: alpha, MaxDrop: drop})
		}
	}
	return out
}
