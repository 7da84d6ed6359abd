package stat

import (
	"math"
	"math/rand/v2"
)

// A MeanBootstrap is a percentile bootstrap of the means of k quantities
// that sees each item once, as it streams past, and keeps nothing of it:
// memory is resamples × k numbers, whatever the number of items.
//
// It is the Poisson bootstrap (Hanley and MacGibbon 2006, "Creating
// non-parametric bootstrap samples using Poisson frequencies", Computer
// Methods and Programs in Biomedicine 83(1); Chamandy et al. 2012,
// "Estimating uncertainty for massive data streams", Google): where the
// multinomial bootstrap (Bootstrap) draws n items with replacement, which
// needs all n at hand, each item here enters each resample w times, w drawn
// from Poisson(1), independently per item and resample. A resample's mean
// is then Σ w·x / Σ w. The two agree as n grows (the multinomial counts of
// one item tend to Poisson(1)); for a few dozen items and more the
// intervals differ by a fraction of their width.
//
// An item's k values share its weight in a resample, so that quantities
// (and the systems behind them) stay paired, as Bootstrap's doc asks. A NaN
// value means the item has no value for that quantity: it adds neither to
// the quantity's sums nor to its weight.
type MeanBootstrap struct {
	k, resamples int
	rng          *rand.PCG
	sum, n       []float64 // the plain sum and count of defined values, per quantity
	rsum, rw     []float64 // per resample r and quantity q, at r*k+q: Σ w·x and Σ w
	w            []uint8   // the weights of the item being added, per resample
}

// NewMeanBootstrap returns a bootstrap of the means of k quantities over
// resamples resamples, its Poisson draws from a PCG seeded with seed, so
// that the same items in the same order give the same intervals.
func NewMeanBootstrap(k, resamples int, seed uint64) *MeanBootstrap {
	return &MeanBootstrap{
		k: k, resamples: resamples,
		rng: rand.NewPCG(seed, 0x9e3779b97f4a7c15),
		sum: make([]float64, k), n: make([]float64, k),
		rsum: make([]float64, resamples*k), rw: make([]float64, resamples*k),
		w: make([]uint8, resamples),
	}
}

// poissonCDF holds P(X ≤ j)·2⁶⁴ for X ~ Poisson(1), j = 0, 1, ...: a
// uniform 64-bit draw u gives the weight j for the first j with
// u < poissonCDF[j]. The table stops where the cumulative probability
// rounds to 1 (j = 17: a tail of about 10⁻¹⁶); a draw at or above its last
// entry gets its length.
var poissonCDF = func() []uint64 {
	var out []uint64
	p, cum := math.Exp(-1), 0.0
	for j := 1; ; j++ {
		cum += p
		if cum >= 1 || 1-cum < 0x1p-64 {
			return out
		}
		out = append(out, uint64(cum*0x1p64))
		p /= float64(j)
	}
}()

func (b *MeanBootstrap) poisson() uint8 {
	u := b.rng.Uint64()
	for j, c := range poissonCDF {
		if u < c {
			return uint8(j)
		}
	}
	return uint8(len(poissonCDF))
}

// Add adds one item's k values, NaN where it has none. It panics if x
// does not hold k values.
func (b *MeanBootstrap) Add(x []float64) {
	if len(x) != b.k {
		panic("stat: MeanBootstrap.Add: wrong number of values")
	}
	for q, v := range x {
		if !math.IsNaN(v) {
			b.sum[q] += v
			b.n[q]++
		}
	}
	for r := range b.w {
		b.w[r] = b.poisson()
	}
	k := b.k
	for r, w := range b.w {
		if w == 0 {
			continue
		}
		fw := float64(w)
		s, ws := b.rsum[r*k:(r+1)*k], b.rw[r*k:(r+1)*k]
		for q, v := range x {
			if !math.IsNaN(v) {
				s[q] += fw * v
				ws[q] += fw
			}
		}
	}
}

// Count returns the number of items with a value for quantity q.
func (b *MeanBootstrap) Count(q int) int { return int(b.n[q]) }

// Mean returns the mean of quantity q over the items that have it (NaN if
// none does).
func (b *MeanBootstrap) Mean(q int) float64 {
	if b.n[q] == 0 {
		return math.NaN()
	}
	return b.sum[q] / b.n[q]
}

// Interval returns the percentile interval of quantity q's mean at the
// given level, the (1−level)/2 and (1+level)/2 quantiles of the resamples'
// means, interpolated as Quantile does; a resample in which no item with a
// value for q was drawn has no mean and is left out (N counts the rest).
func (b *MeanBootstrap) Interval(q int, level float64) CI {
	vals := make([]float64, 0, b.resamples)
	for r := range b.resamples {
		if w := b.rw[r*b.k+q]; w > 0 {
			vals = append(vals, b.rsum[r*b.k+q]/w)
		}
	}
	if len(vals) == 0 {
		return CI{Lo: math.NaN(), Hi: math.NaN(), Level: level}
	}
	a := (1 - level) / 2
	return CI{Lo: Quantile(vals, a), Hi: Quantile(vals, 1-a), Level: level, N: len(vals)}
}
