package significance_test

import (
	"fmt"

	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/significance"
)

// precision is a corpus of {TP, FP} rows scored as TP/(TP+FP).
func precision(rows ...metrics.Stats) *metrics.Corpus {
	return metrics.CorpusOf("precision", rows, func(s metrics.Stats) float64 {
		if s[0]+s[1] == 0 {
			return 1
		}
		return s[0] / (s[0] + s[1])
	})
}

func Example() {
	// Eight sentences; the candidate turns six correct edits into wrong ones.
	base := precision(
		metrics.Stats{1, 0}, metrics.Stats{1, 0}, metrics.Stats{1, 0}, metrics.Stats{1, 0},
		metrics.Stats{1, 0}, metrics.Stats{1, 0}, metrics.Stats{0, 1}, metrics.Stats{1, 0})
	cand := precision(
		metrics.Stats{0, 1}, metrics.Stats{0, 1}, metrics.Stats{0, 1}, metrics.Stats{0, 1},
		metrics.Stats{0, 1}, metrics.Stats{0, 1}, metrics.Stats{0, 1}, metrics.Stats{1, 0})

	results, err := significance.Compare(
		[]*metrics.Corpus{base}, []*metrics.Corpus{cand},
		significance.Options{Resamples: 10000, Seed: 1})
	if err != nil {
		panic(err)
	}
	r := results[0]
	fmt.Printf("%s: %.3f → %.3f, delta %.3f, 95%% CI [%.3f, %.3f], p = %.5f\n",
		r.Metric, r.Baseline, r.Candidate, r.Delta, r.Low, r.High, r.P)

	gate := significance.Gate{Alpha: 0.05, MaxDrop: map[string]float64{"precision": 0.1}}
	for _, reg := range gate.Check(results) {
		fmt.Println("regression:", reg)
	}
	// Output:
	// precision: 0.875 → 0.125, delta -0.750, 95% CI [-1.000, -0.375], p = 0.03125
	// regression: precision dropped 0.7500 (0.8750 → 0.1250, 95% CI [-1.0000, -0.3750], p = 0.0312 < 0.05), more than the tolerated 0.1
}
