package stat

import (
	"math"
	"math/rand/v2"
)

// A CI is a two-sided confidence interval.
type CI struct {
	Lo, Hi float64
	Level  float64 // e.g. 0.95
	N      int     // resamples whose statistic was defined (not NaN)
}

// Bootstrap returns the percentile bootstrap interval (Efron and Tibshirani
// 1993) of a statistic of n items: it draws resamples index sets of size n
// with replacement, evaluates f on each, and returns the (1−level)/2 and
// (1+level)/2 quantiles of the defined (non-NaN) values, interpolated as
// Quantile does. Items are the unit of resampling: pass sentences, not
// (sentence, system) pairs, so that all systems' ratings of a sentence stay
// together. The draws come from a PCG seeded with seed, so the same seed
// gives the same interval. f may keep idx only for the duration of a call.
//
// The paired bootstrap of corpus scores (metrics/significance) is a second
// implementation on purpose: it resamples summed sufficient statistics with
// sacreBLEU's order-statistic interval; see the comment on its bootstrap.
func Bootstrap(n, resamples int, seed uint64, level float64, f func(idx []int) float64) CI {
	if n <= 0 || resamples <= 0 {
		return CI{Lo: math.NaN(), Hi: math.NaN(), Level: level}
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	idx := make([]int, n)
	vals := make([]float64, 0, resamples)
	for r := 0; r < resamples; r++ {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		if v := f(idx); !math.IsNaN(v) {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return CI{Lo: math.NaN(), Hi: math.NaN(), Level: level}
	}
	a := (1 - level) / 2
	return CI{Lo: Quantile(vals, a), Hi: Quantile(vals, 1-a), Level: level, N: len(vals)}
}
