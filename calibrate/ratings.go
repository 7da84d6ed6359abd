package calibrate

import (
	"fmt"
	"math"
	"slices"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/human"
)

// Scale is a human rating scale: labels in order, direction, and an Other
// label kept apart. See package human for the scales gecmetric knows.
type Scale = human.Scale

// Ratings is a table of human ratings.
type Ratings = human.Ratings

// A SystemScore summarises one annotator's ratings of one system on one
// scale. Other ratings are counted in Other and left out of N, Mean and SD.
type SystemScore struct {
	Scale     *Scale
	System    string
	Annotator string  // "" when pooled over annotators
	Mean      float64 // mean value of the labels, NaN when N is 0
	SD        float64 // population standard deviation (divides by N, numpy's np.std)
	N         int     // ratings on the scale
	Other     int     // ratings of Other
}

// SystemMeans returns, for every scale, system and annotator (in order of
// first appearance), the mean and population standard deviation of the
// rated values. With pooled true, annotators are pooled into one score per
// scale and system (Annotator "").
func SystemMeans(rs Ratings, pooled bool) []SystemScore {
	type key struct{ scale, system, annotator string }
	var order []key
	vals := map[key][]float64{}
	others := map[key]int{}
	scales := map[string]*Scale{}
	for _, r := range rs {
		if r.Scale == nil {
			continue
		}
		k := key{r.Scale.Name, r.System, r.Annotator}
		if pooled {
			k.annotator = ""
		}
		if _, ok := vals[k]; !ok {
			order = append(order, k)
			vals[k] = nil
		}
		scales[k.scale] = r.Scale
		if r.Other {
			others[k]++
			continue
		}
		vals[k] = append(vals[k], r.Value)
	}
	out := make([]SystemScore, 0, len(order))
	for _, k := range order {
		v := vals[k]
		out = append(out, SystemScore{
			Scale: scales[k.scale], System: k.system, Annotator: k.annotator,
			Mean: stat.Mean(v), SD: stat.PopStdDev(v), N: len(v), Other: others[k],
		})
	}
	return out
}

// A PairAgreement is Cohen's kappa between two annotators over the units
// both rated on the scale (Other excluded), with weights by position on
// the full scale.
type PairAgreement struct {
	A, B                     string
	N                        int
	Kappa, Linear, Quadratic float64
	ObservedAgreement        float64 // fraction of identical labels
}

// An AgreementResult is the inter-annotator agreement on one scale.
type AgreementResult struct {
	Scale      *Scale
	Annotators []string
	Units      int // units rated (not Other) by at least two annotators
	// Krippendorff's alpha over all annotators, Other as missing.
	Nominal, Ordinal, Interval float64
	// Krippendorff's alpha over the annotators' rankings of the systems by
	// mean rating (RankAlpha; Sottana et al. 2023's measure), NaN with
	// fewer than two systems.
	RankNominal, RankOrdinal, RankInterval float64
	Pairs                                  []PairAgreement
}

// Agreement computes, for every scale of rs, Krippendorff's alpha
// (nominal, ordinal, interval) over all annotators, the same alphas over
// the annotators' system rankings (RankAlpha), and Cohen's kappa
// (unweighted, linear, quadratic) for every pair of annotators. A unit is
// an (item, system) pair. Other ratings are missing values: they are not
// points of the scale and have no distance to its labels.
func Agreement(rs Ratings) ([]AgreementResult, error) {
	var out []AgreementResult
	for _, sc := range rs.Scales() {
		on := rs.OnScale(sc.Name)
		anns := on.Annotators()
		m, _, err := on.Matrix(sc.Name, anns)
		if err != nil {
			return nil, err
		}
		res := AgreementResult{Scale: sc, Annotators: anns,
			Nominal:  stat.KrippendorffAlpha(m, stat.Nominal),
			Ordinal:  stat.KrippendorffAlpha(m, stat.Ordinal),
			Interval: stat.KrippendorffAlpha(m, stat.Interval),
		}
		means := SystemMeans(on, false)
		systems := on.Systems()
		res.RankNominal, res.RankOrdinal, res.RankInterval = math.NaN(), math.NaN(), math.NaN()
		if len(systems) >= 2 {
			ranks := rankMatrix(means, sc.Name, anns, systems)
			res.RankNominal = stat.KrippendorffAlpha(ranks, stat.Nominal)
			res.RankOrdinal = stat.KrippendorffAlpha(ranks, stat.Ordinal)
			res.RankInterval = stat.KrippendorffAlpha(ranks, stat.Interval)
		}
		if len(m) > 0 {
			for u := range m[0] {
				c := 0
				for i := range m {
					if !math.IsNaN(m[i][u]) {
						c++
					}
				}
				if c >= 2 {
					res.Units++
				}
			}
		}
		values := sc.Values()
		for i := 0; i < len(anns); i++ {
			for j := i + 1; j < len(anns); j++ {
				var a, b []int
				same := 0
				for u := range m[i] {
					if math.IsNaN(m[i][u]) || math.IsNaN(m[j][u]) {
						continue
					}
					x := slices.Index(values, m[i][u])
					y := slices.Index(values, m[j][u])
					a, b = append(a, x), append(b, y)
					if x == y {
						same++
					}
				}
				if len(a) == 0 {
					continue
				}
				k := len(values)
				res.Pairs = append(res.Pairs, PairAgreement{A: anns[i], B: anns[j], N: len(a),
					Kappa: stat.CohenKappa(a, b, k, stat.Unweighted), Linear: stat.CohenKappa(a, b, k, stat.Linear),
					Quadratic: stat.CohenKappa(a, b, k, stat.Quadratic), ObservedAgreement: float64(same) / float64(len(a))})
			}
		}
		out = append(out, res)
	}
	return out, nil
}

// RankAlpha is the agreement of annotators on the ranking of systems, as
// Sottana et al. (2023) report it: each annotator's system means on the
// scale are turned into average ranks (pandas' rank(ascending=False);
// ties share the mean rank), and Krippendorff's alpha is computed over the
// annotators × systems matrix of ranks at the given level. Annotators and
// systems are taken in the order given; scores missing for a pair give a
// missing value.
func RankAlpha(scores []SystemScore, scale string, annotators, systems []string, level stat.Level) float64 {
	return stat.KrippendorffAlpha(rankMatrix(scores, scale, annotators, systems), level)
}

// rankMatrix is RankAlpha's annotators × systems matrix of average ranks
// (best first), NaN where an annotator has no mean for a system.
func rankMatrix(scores []SystemScore, scale string, annotators, systems []string) [][]float64 {
	m := make([][]float64, len(annotators))
	for i, a := range annotators {
		means := make([]float64, len(systems))
		for j, s := range systems {
			means[j] = math.NaN()
			for _, sc := range scores {
				if sc.Scale.Name == scale && sc.Annotator == a && sc.System == s {
					means[j] = -sc.Mean // descending
				}
			}
		}
		m[i] = ranksSkippingNaN(means)
	}
	return m
}

func ranksSkippingNaN(x []float64) []float64 {
	var idx []int
	var v []float64
	for i, f := range x {
		if !math.IsNaN(f) {
			idx = append(idx, i)
			v = append(v, f)
		}
	}
	r := stat.Ranks(v)
	out := make([]float64, len(x))
	for i := range out {
		out[i] = math.NaN()
	}
	for k, i := range idx {
		out[i] = r[k]
	}
	return out
}

// NormalizedEditDistance is the character-level Levenshtein distance of a
// and b (insertions, deletions and substitutions of Unicode code points, all
// costing 1) divided by the length of the longer string in code points:
// the NLD of Östling et al. (2024), computed there with python-Levenshtein
// on str. 0 for two empty strings.
func NormalizedEditDistance(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	n := max(len(ra), len(rb))
	if n == 0 {
		return 0
	}
	return float64(edits.Levenshtein(ra, rb)) / float64(n)
}

// A PostEditScore is the mean normalised edit distance from a system's
// outputs to annotators' post-edits of them.
type PostEditScore struct {
	System string
	Mean   float64
	N      int
}

// PostEditDistance returns, per system (in order of first appearance), the
// mean NormalizedEditDistance between each output and its post-edit, over
// every (item, annotator) that post-edited it. Ratings repeat the post-edit
// on every scale; each is counted once.
func PostEditDistance(rs Ratings) []PostEditScore {
	type key struct{ item, system, annotator string }
	seen := map[key]bool{}
	sums := map[string][]float64{}
	var order []string
	for _, r := range rs {
		if r.PostEdit == "" && r.Output == "" {
			continue
		}
		k := key{r.Item, r.System, r.Annotator}
		if seen[k] {
			continue
		}
		seen[k] = true
		if _, ok := sums[r.System]; !ok {
			order = append(order, r.System)
		}
		sums[r.System] = append(sums[r.System], NormalizedEditDistance(r.Output, r.PostEdit))
	}
	out := make([]PostEditScore, 0, len(order))
	for _, s := range order {
		out = append(out, PostEditScore{System: s, Mean: stat.Mean(sums[s]), N: len(sums[s])})
	}
	return out
}

func (s SystemScore) String() string {
	return fmt.Sprintf("%s %s %s %.3f±%.3f n=%d other=%d", s.Scale.Name, s.System, s.Annotator, s.Mean, s.SD, s.N, s.Other)
}
