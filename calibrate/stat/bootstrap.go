package stat

import (
	"iter"
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
	vals := make([]float64, 0, resamples)
	for idx := range BootstrapIndices(n, resamples, seed) {
		vals = append(vals, f(idx))
	}
	return Percentile(vals, level)
}

// BootstrapIndices yields the index sets of Bootstrap's resamples: resamples
// sets of n indices in [0, n) drawn with replacement from a PCG seeded with
// seed, the same draws Bootstrap makes with the same arguments. The slice is
// reused between iterations.
func BootstrapIndices(n, resamples int, seed uint64) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if n <= 0 {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
		idx := make([]int, n)
		for r := 0; r < resamples; r++ {
			for i := range idx {
				idx[i] = rng.IntN(n)
			}
			if !yield(idx) {
				return
			}
		}
	}
}

// Percentile returns the percentile interval of a statistic's resampled
// values: the (1−level)/2 and (1+level)/2 quantiles (Quantile) of the
// defined (non-NaN) values, N their number; NaN bounds when none is
// defined.
func Percentile(vals []float64, level float64) CI {
	ok := make([]float64, 0, len(vals))
	for _, v := range vals {
		if !math.IsNaN(v) {
			ok = append(ok, v)
		}
	}
	if len(ok) == 0 {
		return CI{Lo: math.NaN(), Hi: math.NaN(), Level: level}
	}
	a := (1 - level) / 2
	return CI{Lo: Quantile(ok, a), Hi: Quantile(ok, 1-a), Level: level, N: len(ok)}
}
