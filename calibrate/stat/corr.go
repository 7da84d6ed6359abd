package stat

import (
	"math"
	"slices"
	"sort"

	"github.com/gecmetric/gecmetric/internal/pairwise"
)

func checkLen(fn string, x, y []float64) {
	if len(x) != len(y) {
		panic("stat: " + fn + ": slices of different lengths")
	}
}

// Sum returns the sum of x by pairwise summation in numpy's order
// (package internal/pairwise), so that Mean and PopStdDev give numpy's
// np.mean and np.std bit for bit, and the rounding error grows as O(log n).
func Sum(x []float64) float64 { return pairwise.Sum(x) }

// Mean returns the arithmetic mean of x, NaN if x is empty.
func Mean(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	return Sum(x) / float64(len(x))
}

// PopStdDev returns the population standard deviation of x, dividing by n
// (numpy's np.std default, ddof=0), NaN if x is empty.
func PopStdDev(x []float64) float64 {
	m := Mean(x)
	if math.IsNaN(m) {
		return m
	}
	d := make([]float64, len(x))
	for i, v := range x {
		d[i] = (v - m) * (v - m)
	}
	return math.Sqrt(Sum(d) / float64(len(x)))
}

// Ranks returns the 1-based ranks of x in increasing order, ties receiving
// the average of the ranks they span (scipy.stats.rankdata's "average").
func Ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return x[idx[a]] < x[idx[b]] })
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i + 1
		for j < len(idx) && x[idx[j]] == x[idx[i]] {
			j++
		}
		avg := float64(i+j+1) / 2 // mean of 1-based positions i+1..j
		for k := i; k < j; k++ {
			r[idx[k]] = avg
		}
		i = j
	}
	return r
}

// Pearson returns Pearson's product-moment correlation of x and y, NaN when
// either has no variance or fewer than two values.
func Pearson(x, y []float64) float64 {
	checkLen("Pearson", x, y)
	if len(x) < 2 {
		return math.NaN()
	}
	mx, my := Mean(x), Mean(y)
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	r := sxy / math.Sqrt(sxx*syy)
	return math.Max(-1, math.Min(1, r))
}

// Spearman returns Spearman's rank correlation: Pearson's correlation of the
// average ranks of x and y.
func Spearman(x, y []float64) float64 {
	checkLen("Spearman", x, y)
	return Pearson(Ranks(x), Ranks(y))
}

// KendallTauB returns Kendall's tau-b,
//
//	(C − D) / sqrt((n0 − n1)(n0 − n2))
//
// where C and D count concordant and discordant pairs, n0 = n(n−1)/2, and
// n1, n2 count pairs tied in x and in y. A pair tied in either variable is
// neither concordant nor discordant. NaN when either variable is constant.
// (Kendall 1945; scipy.stats.kendalltau's default variant.) The pairs are
// counted in O(n log n) time with Knight's (1966) merge-sort method.
func KendallTauB(x, y []float64) float64 {
	checkLen("KendallTauB", x, y)
	c := countPairs(x, y)
	den := math.Sqrt((c.n0 - c.tx) * (c.n0 - c.ty))
	if den == 0 {
		return math.NaN()
	}
	return (c.concordant - c.discordant) / den
}

// pairCounts classifies the n(n−1)/2 pairs of two variables.
type pairCounts struct {
	n0                     float64 // all pairs
	tx, ty, txy            float64 // tied in x (incl. both), in y (incl. both), in both
	concordant, discordant float64 // strictly ordered the same / opposite way
}

// countPairs counts concordant, discordant and tied pairs in O(n log n):
// sort by (x, y), count x ties and joint ties from runs, count strict
// inversions of y with a merge sort (Knight 1966), count y ties from runs
// of the sorted y.
func countPairs(x, y []float64) pairCounts {
	n := len(x)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool {
		if x[idx[a]] != x[idx[b]] {
			return x[idx[a]] < x[idx[b]]
		}
		return y[idx[a]] < y[idx[b]]
	})
	var c pairCounts
	c.n0 = float64(n) * float64(n-1) / 2
	runs := func(eq func(i, j int) bool) float64 {
		t := 0.0
		for i := 0; i < n; {
			j := i + 1
			for j < n && eq(i, j) {
				j++
			}
			k := float64(j - i)
			t += k * (k - 1) / 2
			i = j
		}
		return t
	}
	c.tx = runs(func(i, j int) bool { return x[idx[i]] == x[idx[j]] })
	c.txy = runs(func(i, j int) bool { return x[idx[i]] == x[idx[j]] && y[idx[i]] == y[idx[j]] })
	ys := make([]float64, n)
	for i, k := range idx {
		ys[i] = y[k]
	}
	c.discordant = float64(inversions(ys, make([]float64, n)))
	c.ty = runs(func(i, j int) bool { return ys[i] == ys[j] }) // ys is now sorted
	c.concordant = c.n0 - c.tx - c.ty + c.txy - c.discordant
	return c
}

// inversions sorts a in place and returns the number of pairs i<j with
// a[i] > a[j] (strictly); buf has len(a).
func inversions(a, buf []float64) int64 {
	if len(a) < 2 {
		return 0
	}
	m := len(a) / 2
	inv := inversions(a[:m], buf[:m]) + inversions(a[m:], buf[m:])
	i, j, k := 0, m, 0
	for i < m && j < len(a) {
		if a[j] < a[i] {
			buf[k] = a[j]
			inv += int64(m - i)
			j++
		} else {
			buf[k] = a[i]
			i++
		}
		k++
	}
	k += copy(buf[k:], a[i:m])
	copy(buf[k:], a[j:])
	copy(a, buf[:len(a)])
	return inv
}

func sign(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// PairwiseAccuracy returns acc_eq (Deutsch, Foster and Freitag 2023, "Ties
// Matter"): over all pairs i<j, the fraction where human and metric agree,
// agreement meaning the same strict order, or a tie in both. human values
// tie when equal; metric values tie when they differ by at most epsilon
// (0 for exact ties). With no ties anywhere it is (1+tau)/2 of Kendall's
// tau-a. NaN with fewer than two items. With epsilon 0 it takes O(n log n)
// time, otherwise O(n²).
func PairwiseAccuracy(human, metric []float64, epsilon float64) float64 {
	checkLen("PairwiseAccuracy", human, metric)
	n := len(human)
	if n < 2 {
		return math.NaN()
	}
	if epsilon == 0 {
		c := countPairs(human, metric)
		return (c.concordant + c.txy) / c.n0
	}
	agree := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			h := sign(human[i] - human[j])
			dm := metric[i] - metric[j]
			m := sign(dm)
			if math.Abs(dm) <= epsilon {
				m = 0
			}
			if h == m {
				agree++
			}
		}
	}
	return float64(agree) / (float64(n) * float64(n-1) / 2)
}

// WMTKendall returns the Kendall-tau-like coefficient of the WMT metrics
// tasks for relative-ranking and DARR judgements (Ma et al. 2018, 2019):
// pairs the humans tie are skipped; of the rest, a pair is concordant when
// the metric orders it as the humans do and discordant otherwise,
// including metric ties:
//
//	(Concordant − Discordant) / (Concordant + Discordant)
//
// NaN when the humans tie every pair.
func WMTKendall(human, metric []float64) float64 {
	checkLen("WMTKendall", human, metric)
	c := countPairs(human, metric)
	metricOnlyTies := c.ty - c.txy
	den := c.concordant + c.discordant + metricOnlyTies
	if den == 0 {
		return math.NaN()
	}
	return (c.concordant - c.discordant - metricOnlyTies) / den
}

// Quantile returns the q-quantile of x by linear interpolation between order
// statistics (numpy's default "linear" method, R's type 7). x is not
// modified. NaN for empty x.
func Quantile(x []float64, q float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	s := slices.Clone(x)
	slices.Sort(s)
	h := q * float64(len(s)-1)
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (h-lo)*(s[i+1]-s[i])
}
