package metaeval

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
)

// Judgements are relative human rankings expanded into pairwise
// comparisons, the unit every figure of this package is computed from.
type Judgements struct {
	// Systems are the ranked systems, sorted by name.
	Systems []string
	// Items are the judged items (Ranking.Item: for Appraise XML the
	// src-id), in the order first seen.
	Items []string
	// Comparisons are the pairwise outcomes of every ranking (see
	// human.Comparisons): A < B index Systems, Outcome is from A's side.
	Comparisons []Comparison

	// Progress, when not nil, is told how far the slow computations of
	// the human scores have come: stage "TrueSkill runs" (the runs on all
	// items) and "resamples" (the bootstrap resamples of the items, each
	// a TrueSkill run), done of total, from any goroutine.
	Progress func(stage string, done, total int)

	byItem [][]int // comparison indices per item

	mu   sync.Mutex // guards the caches of human scores below
	full map[TrueSkillOptions]humanScores
	reps map[resampleKey][]humanScores
}

// A Comparison is one pairwise outcome of one human ranking.
type Comparison struct {
	Item    int // index into Items
	Ranking int // index of the ranking it came from
	A, B    int // indices into Systems, A < B
	Outcome human.Outcome
}

// NewJudgements expands rankings into pairwise comparisons: every pair of
// distinct systems within a ranking gives one comparison, a win, a loss or
// a tie (equal ranks; systems collapsed into one element because their
// outputs were identical share its rank and so tie). It fails when no two
// systems were compared.
func NewJudgements(rankings []human.Ranking) (*Judgements, error) {
	j := &Judgements{Systems: human.RankedSystems(rankings)}
	sys := map[string]int{}
	for i, s := range j.Systems {
		sys[s] = i
	}
	item := map[string]int{}
	for r, rk := range rankings {
		if len(rk.Systems) != len(rk.Ranks) {
			return nil, fmt.Errorf("metaeval: %s: %d systems and %d ranks", rk.Pos, len(rk.Systems), len(rk.Ranks))
		}
		it, ok := item[rk.Item]
		if !ok {
			it = len(j.Items)
			item[rk.Item] = it
			j.Items = append(j.Items, rk.Item)
			j.byItem = append(j.byItem, nil)
		}
		for _, c := range human.Comparisons(rankings[r : r+1]) {
			a, b, o := sys[c.A], sys[c.B], c.Outcome
			if a > b {
				a, b, o = b, a, -o
			}
			j.byItem[it] = append(j.byItem[it], len(j.Comparisons))
			j.Comparisons = append(j.Comparisons, Comparison{Item: it, Ranking: r, A: a, B: b, Outcome: o})
		}
	}
	if len(j.Comparisons) == 0 {
		return nil, errors.New("metaeval: the rankings compare no two systems")
	}
	return j, nil
}

// comparisonsOf returns the comparisons of the items idx (repeats allowed,
// as in a bootstrap resample), or all comparisons when idx is nil.
func (j *Judgements) comparisonsOf(idx []int) []Comparison {
	if idx == nil {
		return j.Comparisons
	}
	var out []Comparison
	for _, it := range idx {
		for _, c := range j.byItem[it] {
			out = append(out, j.Comparisons[c])
		}
	}
	return out
}

// ExpectedWins returns each system's Expected Wins (stat.ExpectedWins:
// Koehn 2012; Bojar et al. 2013) over the comparisons of the items idx (nil:
// all), in the order of Systems. Ties are left out, as in Grundkiewicz et
// al. (2015)'s EW.pl and Sakaguchi's infer_EW.py; the divisor is the number
// of ranked systems less one. On GJG15 this gives the paper's Table 3b to
// the third decimal. (The paper prints the mean over 1,000 resamples of the
// comparisons, which rounds to the same values; see doc.go.)
func (j *Judgements) ExpectedWins(idx []int) []float64 {
	n := len(j.Systems)
	wins := make([][]float64, n)
	for i := range wins {
		wins[i] = make([]float64, n)
	}
	for _, c := range j.comparisonsOf(idx) {
		switch c.Outcome {
		case human.Win:
			wins[c.A][c.B]++
		case human.Loss:
			wins[c.B][c.A]++
		}
	}
	return stat.ExpectedWins(wins)
}

// TrueSkill returns each system's TrueSkill mu over the comparisons of the
// items idx (nil: all), in the order of Systems, by Sakaguchi, Post and Van
// Durme (2014)'s procedure as Grundkiewicz et al. (2015) ran it; see
// TrueSkillOptions.
func (j *Judgements) TrueSkill(idx []int, opt TrueSkillOptions) []float64 {
	return trueSkill(len(j.Systems), j.comparisonsOf(idx), opt, nil)
}

// report returns a func that counts one more of total done in stage and
// tells Progress; nil without Progress.
func (j *Judgements) report(stage string, total int) func() {
	if j.Progress == nil {
		return nil
	}
	var done atomic.Int64
	j.Progress(stage, 0, total)
	return func() { j.Progress(stage, int(done.Add(1)), total) }
}

// ranked returns the indices of Systems in order of score, best first,
// ties by name.
func ranked(score []float64) []int {
	idx := make([]int, len(score))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case score[a] > score[b]:
			return -1
		case score[a] < score[b]:
			return 1
		}
		return 0
	})
	return idx
}

// Subset returns the judgements of the items keep accepts (their Systems
// unchanged), for cross-validation grouped by source sentence: fit on one
// subset, measure SentenceLevel or SystemLevel on the other.
func (j *Judgements) Subset(keep func(item string) bool) *Judgements {
	out := &Judgements{Systems: j.Systems}
	for it, name := range j.Items {
		if !keep(name) {
			continue
		}
		k := len(out.Items)
		out.Items = append(out.Items, name)
		var idx []int
		for _, c := range j.byItem[it] {
			cmp := j.Comparisons[c]
			cmp.Item = k
			idx = append(idx, len(out.Comparisons))
			out.Comparisons = append(out.Comparisons, cmp)
		}
		out.byItem = append(out.byItem, idx)
	}
	return out
}
