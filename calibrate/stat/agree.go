package stat

import (
	"fmt"
	"math"
	"slices"
)

// Weighting selects the disagreement weights of Cohen's kappa.
type Weighting int

const (
	Unweighted Weighting = iota // every disagreement weighs 1
	Linear                      // |i−j|
	Quadratic                   // (i−j)²
)

func (w Weighting) String() string {
	switch w {
	case Linear:
		return "linear"
	case Quadratic:
		return "quadratic"
	}
	return "unweighted"
}

// CohenKappa returns Cohen's kappa (Cohen 1960; weighted: Cohen 1968) of two
// annotators' categories a and b, each in 0..k−1 (the positions of the
// labels on an ordered scale):
//
//	κ = 1 − Σ w_ij O_ij / Σ w_ij E_ij
//
// with O the observed confusion counts, E_ij = row_i·col_j / N the counts
// expected by chance, and w the disagreement weights. Unweighted kappa is
// (p_o − p_e)/(1 − p_e). NaN when chance disagreement is zero (both
// annotators always use one and the same category).
func CohenKappa(a, b []int, k int, w Weighting) float64 {
	if len(a) != len(b) {
		panic("stat: CohenKappa: slices of different lengths")
	}
	if len(a) == 0 {
		return math.NaN()
	}
	obs := make([]float64, k*k)
	row := make([]float64, k)
	col := make([]float64, k)
	for i := range a {
		if a[i] < 0 || a[i] >= k || b[i] < 0 || b[i] >= k {
			panic(fmt.Sprintf("stat: CohenKappa: category out of range 0..%d", k-1))
		}
		obs[a[i]*k+b[i]]++
		row[a[i]]++
		col[b[i]]++
	}
	n := float64(len(a))
	var num, den float64
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			var wt float64
			switch w {
			case Linear:
				wt = math.Abs(float64(i - j))
			case Quadratic:
				wt = float64((i - j) * (i - j))
			default:
				if i != j {
					wt = 1
				}
			}
			num += wt * obs[i*k+j]
			den += wt * row[i] * col[j] / n
		}
	}
	if den == 0 {
		return math.NaN()
	}
	return 1 - num/den
}

// CohenKappaValues is CohenKappa over numeric labels whose categories are
// the distinct values observed in a or b, in increasing order, so that
// weights count steps between observed values. This is scikit-learn's
// cohen_kappa_score convention (labels=None), kept for reproducing results
// computed with it; when a label of the scale is never used, it differs
// from CohenKappa over the full scale.
func CohenKappaValues(a, b []float64, w Weighting) float64 {
	if len(a) != len(b) {
		panic("stat: CohenKappaValues: slices of different lengths")
	}
	dom := slices.Concat(a, b)
	slices.Sort(dom)
	dom = slices.Compact(dom)
	ia := make([]int, len(a))
	ib := make([]int, len(b))
	for i := range a {
		ia[i], _ = slices.BinarySearch(dom, a[i])
		ib[i], _ = slices.BinarySearch(dom, b[i])
	}
	return CohenKappa(ia, ib, len(dom), w)
}

// Level is a level of measurement for Krippendorff's alpha.
type Level int

const (
	Nominal  Level = iota // δ = 0 if equal, else 1
	Ordinal               // Krippendorff's rank-based distance (see KrippendorffAlpha)
	Interval              // δ = (c − k)²
	Ratio                 // δ = ((c − k)/(c + k))²
)

func (l Level) String() string {
	return [...]string{"nominal", "ordinal", "interval", "ratio"}[l]
}

// KrippendorffAlpha returns Krippendorff's alpha of reliability data:
// data[i][u] is coder i's value for unit u, NaN where missing (or where the
// coder chose a label that is not on the scale, such as Other).
//
// Following Krippendorff (2011, "Computing Krippendorff's Alpha-
// Reliability"), values are pairable only within units that have at least
// two of them; each unit with m_u values adds 1/(m_u−1) to the coincidence
// o_ck of every ordered pair of values from different coders; n_c = Σ_k
// o_ck, n = Σ n_c, and
//
//	α = 1 − (n−1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck.
//
// The value domain is the set of distinct observed values, in increasing
// order. The ordinal distance between the c-th and k-th values of the
// domain (c ≤ k) is (Σ_{g=c..k} n_g − (n_c + n_k)/2)², so it depends on how
// often the values in between were used, not on their numeric spacing. This
// matches the `krippendorff` Python package (Castro 2017), whose results it
// reproduces, including its default domain. NaN when fewer than two
// distinct values are pairable or there is no expected disagreement.
func KrippendorffAlpha(data [][]float64, level Level) float64 {
	var dom []float64
	nu := -1
	for _, row := range data {
		if nu >= 0 && len(row) != nu {
			panic("stat: KrippendorffAlpha: rows of different lengths")
		}
		nu = len(row)
		for _, v := range row {
			if !math.IsNaN(v) {
				dom = append(dom, v)
			}
		}
	}
	slices.Sort(dom)
	dom = slices.Compact(dom)
	V := len(dom)
	if V < 2 {
		return math.NaN()
	}
	o := make([]float64, V*V)
	vals := make([]int, 0, len(data))
	for u := 0; u < nu; u++ {
		vals = vals[:0]
		for _, row := range data {
			if v := row[u]; !math.IsNaN(v) {
				i, _ := slices.BinarySearch(dom, v)
				vals = append(vals, i)
			}
		}
		m := len(vals)
		if m < 2 {
			continue
		}
		inc := 1 / float64(m-1)
		for a := range vals {
			for b := range vals {
				if a != b {
					o[vals[a]*V+vals[b]] += inc
				}
			}
		}
	}
	nc := make([]float64, V)
	n := 0.0
	for c := 0; c < V; c++ {
		for k := 0; k < V; k++ {
			nc[c] += o[c*V+k]
		}
		n += nc[c]
	}
	delta := func(c, k int) float64 {
		switch level {
		case Nominal:
			if c == k {
				return 0
			}
			return 1
		case Ordinal:
			if c > k {
				c, k = k, c
			}
			s := 0.0
			for g := c; g <= k; g++ {
				s += nc[g]
			}
			s -= (nc[c] + nc[k]) / 2
			return s * s
		case Interval:
			d := dom[c] - dom[k]
			return d * d
		case Ratio:
			if dom[c]+dom[k] == 0 {
				return 0
			}
			d := (dom[c] - dom[k]) / (dom[c] + dom[k])
			return d * d
		}
		panic("stat: KrippendorffAlpha: unknown level")
	}
	var do, de float64
	for c := 0; c < V; c++ {
		for k := 0; k < V; k++ {
			d := delta(c, k)
			do += o[c*V+k] * d
			e := nc[c] * nc[k]
			if c == k {
				e = nc[c] * (nc[c] - 1)
			}
			de += e * d
		}
	}
	if de == 0 || n <= 1 {
		return math.NaN()
	}
	return 1 - (n-1)*do/de
}
