package significance

import (
	"fmt"

	"github.com/gecmetric/gecmetric/metrics"
)

// DefaultResamples is the number of bootstrap resamples and randomisation
// trials used when Options.Resamples is zero.
const DefaultResamples = 1000

// DefaultAlpha is the significance level used when a level is zero.
const DefaultAlpha = 0.05

// Options configure Compare and Rank. The zero value is usable.
type Options struct {
	// Resamples is the number of bootstrap resamples and of randomisation
	// trials; 0 means DefaultResamples.
	Resamples int
	// Seed selects the random resamples; the same seed gives the same
	// results. 0 is a seed like any other.
	Seed uint64
	// Alpha is the significance level of Rank's groups; 0 means
	// DefaultAlpha.
	Alpha float64
}

func (o Options) resamples() int {
	if o.Resamples == 0 {
		return DefaultResamples
	}
	return o.Resamples
}

func (o Options) alpha() float64 {
	if o.Alpha == 0 {
		return DefaultAlpha
	}
	return o.Alpha
}

// A Result compares a candidate with the baseline on one metric.
type Result struct {
	Metric    string  `json:"metric"`
	Baseline  float64 `json:"baseline"`  // corpus score of the baseline
	Candidate float64 `json:"candidate"` // corpus score of the candidate
	Delta     float64 `json:"delta"`     // Candidate − Baseline
	// Low and High bound the 95% paired bootstrap interval of Delta.
	Low  float64 `json:"ci_low"`
	High float64 `json:"ci_high"`
	// P is the two-sided p-value of paired approximate randomisation.
	P float64 `json:"p"`

	// Statistic, when not empty, names the statistic that Low, High and
	// P were computed on when it is not the reported score itself (set
	// by callers that report a score the rows cannot give, as compare
	// does for GLEU), and StatisticDelta is its observed difference.
	Statistic      string  `json:"tested_statistic,omitempty"`
	StatisticDelta float64 `json:"tested_delta,omitempty"`

	Bootstrap     Bootstrap     `json:"-"`
	Randomization Randomization `json:"randomization"`
}

// Disagree reports whether the bootstrap interval and the randomisation
// p-value tell different stories at level alpha: the interval excludes 0
// but P >= alpha, or it includes 0 but P < alpha.
func (r *Result) Disagree(alpha float64) bool {
	excludes := r.Low > 0 || r.High < 0
	return excludes != r.Significant(alpha)
}

// Significant reports whether the difference is significant at level
// alpha (P < alpha).
func (r *Result) Significant(alpha float64) bool { return r.P < alpha }

// Compare compares a candidate with a baseline on several metrics at once:
// base[i] and cand[i] are the two systems' statistics of one metric over
// the same sentences. All metrics share the bootstrap resamples (the same
// sentence indices on each), and each metric has its own randomisation
// stream, so a metric's numbers do not depend on the other metrics asked
// for: Compare gives for base[i], cand[i] exactly what PairedBootstrap and
// ApproxRandomization give for them with the same seed and count.
func Compare(base, cand []*metrics.Corpus, opt Options) ([]Result, error) {
	if err := checkCompare(len(base), len(cand), opt); err != nil {
		return nil, err
	}
	pairs := make([]*pair, len(base))
	for i := range base {
		if err := checkPair(base[i], cand[i]); err != nil {
			return nil, fmt.Errorf("significance: %w", err)
		}
		if i > 0 && base[i].Len() != base[0].Len() {
			return nil, fmt.Errorf("significance: %s has %d sentences but %s has %d",
				base[i].Metric, base[i].Len(), base[0].Metric, base[0].Len())
		}
		pairs[i] = newPair(base[i], cand[i])
	}
	return compare(pairs, opt), nil
}

// checkCompare checks what Compare and CompareSparse are given beside the
// corpora: as many baseline as candidate metrics, no negative count.
func checkCompare(nb, nc int, opt Options) error {
	if nb != nc {
		return fmt.Errorf("significance: %d baseline metrics but %d candidate metrics", nb, nc)
	}
	if opt.Resamples < 0 {
		return fmt.Errorf("significance: negative number of resamples %d", opt.Resamples)
	}
	return nil
}

func compare(pairs []*pair, opt Options) []Result {
	n := opt.resamples()
	boots := bootstrap(pairs, n, opt.Seed)
	out := make([]Result, len(pairs))
	for i, p := range pairs {
		ar := randomize(p, n, opt.Seed)
		out[i] = Result{
			Metric:        p.metric,
			Baseline:      p.base,
			Candidate:     p.cand,
			Delta:         p.cand - p.base,
			Low:           boots[i].Low,
			High:          boots[i].High,
			P:             ar.P,
			Bootstrap:     boots[i],
			Randomization: ar,
		}
	}
	return out
}
