package annotate

import (
	"math"
	"slices"
	"sort"
	"strings"
)

// PairAgreement is the agreement of two annotators on one scale.
type PairAgreement struct {
	A, B  string
	Units int     // outputs both rated on the scale with a label other than Other
	Kappa float64 // quadratically weighted Cohen's kappa; NaN when undefined
}

// ScaleAgreement is the agreement of all annotators on one scale.
type ScaleAgreement struct {
	Scale string
	Pairs []PairAgreement
	Units int     // outputs rated (not Other) by at least two annotators
	Alpha float64 // Krippendorff's alpha, ordinal; NaN when undefined
}

// SystemDistance is how far annotators had to edit one system's outputs.
type SystemDistance struct {
	System     string
	Judgements int     // confirmed post-edits of the system's outputs
	Unchanged  int     // post-edits equal to the output
	MeanNED    float64 // mean normalised token edit distance, output → post-edit
}

// Agreement computes, for every scale of the task, weighted kappa between
// each pair of annotators and Krippendorff's alpha over all of them, and
// per system the normalised edit distance from outputs to post-edits.
// Ratings of Other are left out of the statistics.
func (d *DB) Agreement() ([]ScaleAgreement, []SystemDistance, error) {
	js, err := d.Judgements("")
	if err != nil {
		return nil, nil, err
	}
	var annotators []string
	for _, j := range js {
		if !slices.Contains(annotators, j.Annotator) {
			annotators = append(annotators, j.Annotator)
		}
	}
	sort.Strings(annotators)
	type unit struct {
		item   int
		system string
	}
	var scales []ScaleAgreement
	for _, r := range d.Protocol.Scales {
		// label index per annotator and unit
		idx := map[string]map[unit]int{}
		var units []unit
		seen := map[unit]bool{}
		for _, j := range js {
			l, ok := j.Ratings[r.Scale.Name]
			if !ok {
				continue
			}
			i := slices.IndexFunc(r.Scale.Labels, func(x label) bool { return x.Name == l })
			if i < 0 {
				continue // Other
			}
			u := unit{j.Item, j.System}
			if idx[j.Annotator] == nil {
				idx[j.Annotator] = map[unit]int{}
			}
			idx[j.Annotator][u] = i
			if !seen[u] {
				seen[u] = true
				units = append(units, u)
			}
		}
		sa := ScaleAgreement{Scale: r.Scale.Name}
		for x := 0; x < len(annotators); x++ {
			for y := x + 1; y < len(annotators); y++ {
				var a, b []int
				for _, u := range units {
					va, oka := idx[annotators[x]][u]
					vb, okb := idx[annotators[y]][u]
					if oka && okb {
						a, b = append(a, va), append(b, vb)
					}
				}
				sa.Pairs = append(sa.Pairs, PairAgreement{A: annotators[x], B: annotators[y], Units: len(a),
					Kappa: cohenKappa(a, b, len(r.Scale.Labels), quadratic)})
			}
		}
		data := make([][]float64, len(annotators))
		for x, an := range annotators {
			data[x] = make([]float64, len(units))
			for k, u := range units {
				if v, ok := idx[an][u]; ok {
					data[x][k] = r.Scale.Labels[v].Value
				} else {
					data[x][k] = math.NaN()
				}
			}
		}
		for k := range units {
			n := 0
			for x := range annotators {
				if !math.IsNaN(data[x][k]) {
					n++
				}
			}
			if n >= 2 {
				sa.Units++
			}
		}
		sa.Alpha = krippendorffAlpha(data, ordinal)
		scales = append(scales, sa)
	}
	var dists []SystemDistance
	if d.Protocol.PostEdit {
		by := map[string]*SystemDistance{}
		for _, j := range js {
			sd := by[j.System]
			if sd == nil {
				sd = &SystemDistance{System: j.System}
				by[j.System] = sd
			}
			out := d.items[j.Item].Outputs[j.System]
			ned := NormalizedEditDistance(out, j.PostEdit)
			sd.Judgements++
			sd.MeanNED += ned
			if ned == 0 {
				sd.Unchanged++
			}
		}
		for _, sd := range by {
			sd.MeanNED /= float64(sd.Judgements)
			dists = append(dists, *sd)
		}
		sort.Slice(dists, func(i, j int) bool { return dists[i].System < dists[j].System })
	}
	return scales, dists, nil
}

// NormalizedEditDistance is the token-level Levenshtein distance between
// a and b (white-space tokens; insertions, deletions and substitutions cost
// 1) divided by the length of the longer one: 0 for equal token sequences,
// 1 when nothing is shared. Two empty sentences are at distance 0.
func NormalizedEditDistance(a, b string) float64 {
	x, y := strings.Fields(a), strings.Fields(b)
	n := max(len(x), len(y))
	if n == 0 {
		return 0
	}
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			c := prev[j-1]
			if x[i-1] != y[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return float64(prev[len(y)]) / float64(n)
}

// TEMPORARY: private copies of the statistics that calibrate/stat will
// export (CohenKappa, KrippendorffAlpha); replaced by them once on main.

type weighting int

const (
	unweighted weighting = iota
	linear
	quadratic
)

// cohenKappa is Cohen's weighted kappa of categories a and b in 0..k-1:
// 1 − Σ w·O / Σ w·E with E the chance counts row·col/N.
func cohenKappa(a, b []int, k int, w weighting) float64 {
	if len(a) != len(b) {
		panic("annotate: cohenKappa: slices of different lengths")
	}
	if len(a) == 0 {
		return math.NaN()
	}
	obs := make([]float64, k*k)
	row := make([]float64, k)
	col := make([]float64, k)
	for i := range a {
		obs[a[i]*k+b[i]]++
		row[a[i]]++
		col[b[i]]++
	}
	n := float64(len(a))
	var num, den float64
	for i := range k {
		for j := range k {
			var wt float64
			switch w {
			case unweighted:
				if i != j {
					wt = 1
				}
			case linear:
				wt = math.Abs(float64(i - j))
			case quadratic:
				wt = float64((i - j) * (i - j))
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

type level int

const (
	nominal level = iota
	ordinal
	interval
)

// krippendorffAlpha is Krippendorff's alpha of data[coder][unit] (NaN =
// missing), after Krippendorff (2011), "Computing Krippendorff's Alpha-
// Reliability": coincidences o_ck from pairable values, n_c their margins,
// α = 1 − (n−1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck.
func krippendorffAlpha(data [][]float64, lv level) float64 {
	var dom []float64
	for _, row := range data {
		for _, v := range row {
			if !math.IsNaN(v) && !slices.Contains(dom, v) {
				dom = append(dom, v)
			}
		}
	}
	sort.Float64s(dom)
	k := len(dom)
	if k < 2 || len(data) == 0 {
		return math.NaN()
	}
	pos := map[float64]int{}
	for i, v := range dom {
		pos[v] = i
	}
	o := make([]float64, k*k)
	for u := range data[0] {
		var vals []int
		for _, row := range data {
			if !math.IsNaN(row[u]) {
				vals = append(vals, pos[row[u]])
			}
		}
		m := len(vals)
		if m < 2 {
			continue
		}
		for i := range vals {
			for j := range vals {
				if i != j {
					o[vals[i]*k+vals[j]] += 1 / float64(m-1)
				}
			}
		}
	}
	nc := make([]float64, k)
	var n float64
	for c := range k {
		for kk := range k {
			nc[c] += o[c*k+kk]
		}
		n += nc[c]
	}
	delta := func(c, kk int) float64 {
		switch lv {
		case nominal:
			if c == kk {
				return 0
			}
			return 1
		case ordinal:
			lo, hi := min(c, kk), max(c, kk)
			var s float64
			for g := lo; g <= hi; g++ {
				s += nc[g]
			}
			s -= (nc[lo] + nc[hi]) / 2
			return s * s
		default:
			d := dom[c] - dom[kk]
			return d * d
		}
	}
	var do, de float64
	for c := range k {
		for kk := range k {
			dd := delta(c, kk)
			do += o[c*k+kk] * dd
			de += nc[c] * nc[kk] * dd
		}
	}
	if de == 0 {
		return math.NaN()
	}
	return 1 - (n-1)*do/de
}
