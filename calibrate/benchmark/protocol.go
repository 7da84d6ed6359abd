package benchmark

import (
	"fmt"
	"math"
	"slices"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
)

func nanf() float64 { return math.NaN() }

// indices returns the positions of the set's systems in b.Systems.
func (b *Benchmark) indices(set SystemSet) ([]int, error) {
	out := make([]int, len(set.Systems))
	for k, s := range set.Systems {
		i := slices.Index(b.Systems, s)
		if i < 0 {
			return nil, fmt.Errorf("benchmark %s: set %s names system %q, which is not ranked", b.Name, set.Name, s)
		}
		out[k] = i
	}
	return out, nil
}

// Correlate returns Pearson's r and Spearman's rho between the human and
// the metric system scores (both in the order of b.Systems) over the set's
// systems, as corr_system.py (scipy.stats.pearsonr and spearmanr). A system
// without a metric score (NaN) is an error: the authors' protocol
// correlates every system of the set.
func (b *Benchmark) Correlate(set SystemSet, human, metric []float64) (r, rho float64, err error) {
	idx, err := b.indices(set)
	if err != nil {
		return 0, 0, err
	}
	h, m := pick(human, idx), pick(metric, idx)
	for k, v := range m {
		if math.IsNaN(v) {
			return 0, 0, fmt.Errorf("no system score for %s", set.Systems[k])
		}
	}
	return stat.Pearson(h, m), stat.Spearman(h, m), nil
}

func pick(x []float64, idx []int) []float64 {
	out := make([]float64, len(idx))
	for k, i := range idx {
		out[k] = x[i]
	}
	return out
}

// A Window is the correlation over Size systems adjacent in the human
// ranking, ranks From to From+len(Systems)−1 (1 = best).
type Window struct {
	From              int
	Systems           []string
	Pearson, Spearman float64
}

// Windows returns, as window_analysis_system.py, the correlations over each
// run of size systems adjacent in the human ranking of the set: systems
// sorted by human score, best first, equal scores with the later system (in
// the set's order) first (numpy's stable argsort of ≤ 16 values,
// reversed).
func (b *Benchmark) Windows(set SystemSet, human, metric []float64, size int) ([]Window, error) {
	idx, err := b.indices(set)
	if err != nil {
		return nil, err
	}
	if size < 2 || size > len(idx) {
		return nil, fmt.Errorf("window of %d systems: want 2 to %d", size, len(idx))
	}
	order := make([]int, len(idx)) // positions in idx
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, c int) int {
		ha, hc := human[idx[a]], human[idx[c]]
		switch {
		case ha > hc:
			return -1
		case ha < hc:
			return 1
		}
		return c - a
	})
	var out []Window
	for from := 0; from+size <= len(order); from++ {
		w := Window{From: from + 1}
		var h, m []float64
		for _, k := range order[from : from+size] {
			w.Systems = append(w.Systems, set.Systems[k])
			h = append(h, human[idx[k]])
			m = append(m, metric[idx[k]])
		}
		w.Pearson, w.Spearman = stat.Pearson(h, m), stat.Spearman(h, m)
		out = append(out, w)
	}
	return out, nil
}

// PairCounts are a metric's sentence-level agreement with the human
// pairwise preferences over a system set.
type PairCounts struct {
	// Pairs counts the comparisons (every annotator's ranking of every
	// item, every pair of the set's systems) with a strict human
	// preference: Agree + Disagree + TiesFirst + TiesSecond.
	Pairs    int `json:"pairs"`
	Agree    int `json:"agree"`    // the metric prefers the system the human preferred
	Disagree int `json:"disagree"` // the metric prefers the other
	// TiesFirst and TiesSecond count the metric ties where the human
	// preferred the first and the second system of the pair (in the
	// protocol's order).
	TiesFirst  int `json:"ties_first"`
	TiesSecond int `json:"ties_second"`
	HumanTies  int `json:"human_ties"` // comparisons the human tied, left out
	// Unscored counts comparisons with a strict preference whose outputs
	// the metric did not both score (left out).
	Unscored int `json:"unscored"`
}

// Authors returns corr_sentence.py's accuracy and Kendall: a metric tie is
// a preference for the second system of the pair.
func (c PairCounts) Authors() (accuracy, tau float64) {
	n := float64(c.Pairs)
	agree, dis := float64(c.Agree+c.TiesSecond), float64(c.Disagree+c.TiesFirst)
	return agree / n, (agree - dis) / n
}

// TiesAsDisagreement returns gecmetric's first convention
// (metaeval.SentenceResult.Accuracy and Tau): a metric tie is a
// disagreement whatever the order of the pair.
func (c PairCounts) TiesAsDisagreement() (accuracy, tau float64) {
	n, ties := float64(c.Pairs), float64(c.TiesFirst+c.TiesSecond)
	return float64(c.Agree) / n, (float64(c.Agree-c.Disagree) - ties) / n
}

// NoTies returns gecmetric's second convention: metric ties left out.
func (c PairCounts) NoTies() (accuracy, tau float64) {
	n := float64(c.Agree + c.Disagree)
	return float64(c.Agree) / n, float64(c.Agree-c.Disagree) / n
}

// CountPairs counts, as corr_sentence.py, the metric's agreement with
// every strict human preference between two systems of the set in the
// ranking (see the package doc). sentence[system][item] are the metric's
// sentence scores keyed by the rankings' items (metaeval.Scores.Sentence).
func (b *Benchmark) CountPairs(r Ranking, set SystemSet, sentence map[string]map[string]float64) (PairCounts, error) {
	var c PairCounts
	j := r.Judgements
	pos := make([]int, len(j.Systems)) // position in the set, -1 outside
	for i, s := range j.Systems {
		pos[i] = slices.Index(set.Systems, s)
	}
	for _, cmp := range j.Comparisons {
		pa, pb := pos[cmp.A], pos[cmp.B]
		if pa < 0 || pb < 0 {
			continue
		}
		if cmp.Outcome == human.Tie {
			c.HumanTies++
			continue
		}
		item := j.Items[cmp.Item]
		ma, okA := sentence[j.Systems[cmp.A]][item]
		mb, okB := sentence[j.Systems[cmp.B]][item]
		if !okA || !okB {
			c.Unscored++
			continue
		}
		// from the side of the first system of the pair in the set's order
		hFirst, mFirst, mSecond := cmp.Outcome == human.Win, ma, mb
		if pb < pa {
			hFirst, mFirst, mSecond = cmp.Outcome == human.Loss, mb, ma
		}
		c.Pairs++
		switch {
		case mFirst == mSecond && hFirst:
			c.TiesFirst++
		case mFirst == mSecond:
			c.TiesSecond++
		case (mFirst > mSecond) == hFirst:
			c.Agree++
		default:
			c.Disagree++
		}
	}
	if c.Pairs == 0 {
		return c, fmt.Errorf("no human preference between two scored outputs of set %s (check system names and items)", set.Name)
	}
	return c, nil
}

// systemScores returns the metric's system scores in the order of
// b.Systems under the aggregate, the TrueSkill and Expected Wins
// aggregates replaying the ranking's comparisons.
func (b *Benchmark) systemScores(r Ranking, s *metaeval.Scores, agg string, opt metaeval.TrueSkillOptions) []float64 {
	var v []float64
	switch agg {
	case AggTrueSkill:
		v = s.SystemScores(r.Judgements, metaeval.TrueSkill, opt)
	case AggExpectedWins:
		v = s.ReplayedExpectedWins(r.Judgements)
	default:
		v = s.SystemScores(r.Judgements, metaeval.Corpus, opt)
	}
	return b.inOrder(r.Judgements, v)
}
