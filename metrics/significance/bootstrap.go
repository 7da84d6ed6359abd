package significance

import (
	"math"
	"slices"

	"github.com/gecmetric/gecmetric/metrics"
)

// A Bootstrap is the outcome of a paired bootstrap of the score difference
// candidate − baseline.
type Bootstrap struct {
	// Deltas holds the difference on each resample, sorted ascending.
	Deltas []float64
	// Low and High bound the 95% percentile interval of the difference
	// (Interval(0.95)).
	Low, High float64
	// Worse and Better are the fractions of resamples on which the
	// candidate scored below and above the baseline.
	Worse, Better float64
}

// Interval returns the percentile interval of the difference at the given
// level (0.95 for 95%): with B resamples, the ⌊B(1−level)/2⌋-th smallest
// and largest deltas (0-based), as sacreBLEU's estimate_ci does for 95%.
// It returns NaNs when there are no resamples.
func (b *Bootstrap) Interval(level float64) (lo, hi float64) {
	n := len(b.Deltas)
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	cut := int(math.Floor(float64(n)*(1-level)/2 + 1e-9))
	cut = max(0, min(cut, (n-1)/2))
	return b.Deltas[cut], b.Deltas[n-1-cut]
}

// PairedBootstrap draws n resamples of the sentences, with replacement and
// with the same indices for baseline and candidate, and returns the
// distribution of score(candidate) − score(baseline). Both corpora must
// hold the same metric over the same sentences; otherwise PairedBootstrap
// panics.
func PairedBootstrap(base, cand *metrics.Corpus, n int, seed uint64) Bootstrap {
	return bootstrap([]*pair{mustPair(base, cand)}, n, seed)[0]
}

// bootstrap resamples all pairs with one shared set of indices per
// resample.
//
// It is not calibrate/stat.Bootstrap, and cannot be without moving golden
// numbers: a corpus score is not a mean of per-sentence values but a
// function of summed sufficient statistics, so a resample is a vector of
// index multiplicities applied to stat rows (no per-resample allocation,
// several metrics and candidates share one draw), the interval is
// sacreBLEU's uninterpolated order statistic rather than stat.Quantile's
// interpolation, the draws come from this package's named RNG streams
// (shared with approximate randomisation), and the paired deltas, not a
// statistic's values, are what is kept. stat.Bootstrap answers a different
// question (an interval for one statistic of items, such as a
// correlation) and, in calibrate, never sees Stats. Resamples are index multiplicities in a reused buffer, so
// nothing is allocated per resample.
func bootstrap(pairs []*pair, n int, seed uint64) []Bootstrap {
	out := make([]Bootstrap, len(pairs))
	if len(pairs) == 0 {
		return out
	}
	if n < 0 {
		panic("significance: negative number of resamples")
	}
	size := pairs[0].n
	counts := make([]float64, size)
	width := 0
	for i, p := range pairs {
		out[i].Deltas = make([]float64, n)
		width = max(width, p.w)
	}
	bufB, bufC := make(metrics.Stats, width), make(metrics.Stats, width)
	rng := newRNG(seed, streamBootstrap, "")
	for r := range n {
		clear(counts)
		for range size {
			counts[below(rng, uint64(size))]++
		}
		for i, p := range pairs {
			sb, sc := bufB[:p.w], bufC[:p.w]
			clear(sb)
			clear(sc)
			p.resample(counts, sb, sc)
			out[i].Deltas[r] = p.score(sc) - p.score(sb)
		}
	}
	for i := range out {
		b := &out[i]
		worse, better := 0, 0
		for _, d := range b.Deltas {
			if d < 0 {
				worse++
			} else if d > 0 {
				better++
			}
		}
		if n > 0 {
			b.Worse, b.Better = float64(worse)/float64(n), float64(better)/float64(n)
		}
		slices.Sort(b.Deltas)
		b.Low, b.High = b.Interval(0.95)
	}
	return out
}
