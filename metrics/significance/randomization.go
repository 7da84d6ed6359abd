package significance

import (
	"math"

	"github.com/gecmetric/gecmetric/metrics"
)

// A Randomization is the outcome of a paired approximate randomisation
// test of the score difference candidate − baseline.
type Randomization struct {
	P         float64 `json:"p"`         // two-sided p-value
	Count     int     `json:"count"`     // trials (or patterns) with |delta'| ≥ |delta|
	Trials    int     `json:"trials"`    // trials run, or 2^Differing patterns when Exact
	Exact     bool    `json:"exact"`     // all swap patterns were enumerated
	Differing int     `json:"differing"` // sentences whose statistics differ between the systems
}

// ApproxRandomization tests whether the candidate's score differs from the
// baseline's by more than chance: n trials, each swapping the two systems'
// statistics of every sentence with probability 1/2, p = (c+1)/(n+1) (see
// the package documentation; exact enumeration when 2^k ≤ n for k
// differing sentences). Both corpora must hold the same metric over the
// same sentences; otherwise ApproxRandomization panics.
func ApproxRandomization(base, cand *metrics.Corpus, n int, seed uint64) Randomization {
	return randomize(mustPair(base, cand), n, seed)
}

// maxExact bounds the number of differing sentences for which all swap
// patterns are enumerated.
const maxExact = 24

func randomize(p *pair, n int, seed uint64) Randomization {
	if n < 0 {
		panic("significance: negative number of trials")
	}
	k := len(p.differ)
	res := Randomization{Differing: k}
	delta := math.Abs(p.cand - p.base)
	if math.IsNaN(delta) {
		res.P = math.NaN()
		return res
	}
	tol := 1e-12 * max(1, delta)
	w := p.w
	ds := make(metrics.Stats, w)
	sb, sc := make(metrics.Stats, w), make(metrics.Stats, w)
	// trial scores the systems with the differences in ds swapped.
	trial := func() bool {
		for t := range w {
			sb[t] = p.sumB[t] + ds[t]
			sc[t] = p.sumC[t] - ds[t]
		}
		d := math.Abs(p.score(sc) - p.score(sb))
		return d >= delta-tol || math.IsNaN(d)
	}
	if k <= maxExact && uint64(1)<<k <= uint64(max(n, 1)) {
		res.Exact = true
		res.Trials = 1 << k
		for mask := range uint64(res.Trials) {
			clear(ds)
			for j := range k {
				if mask>>j&1 != 0 {
					p.addDiff(j, ds)
				}
			}
			if trial() {
				res.Count++
			}
		}
		res.P = float64(res.Count) / float64(res.Trials)
		return res
	}
	rng := newRNG(seed, streamRandomization, p.metric)
	res.Trials = n
	for range n {
		clear(ds)
		var bitsLeft int
		var word uint64
		for j := range k {
			if bitsLeft == 0 {
				word, bitsLeft = rng.Uint64(), 64
			}
			swap := word&1 != 0
			word >>= 1
			bitsLeft--
			if swap {
				p.addDiff(j, ds)
			}
		}
		if trial() {
			res.Count++
		}
	}
	res.P = float64(res.Count+1) / float64(n+1)
	return res
}
