package significance

import (
	"fmt"
	"sort"

	"github.com/gecmetric/gecmetric/metrics"
)

// A Ranked system is one row of a Ranking.
type Ranked struct {
	Name  string  `json:"name"`
	Score float64 `json:"score"`
	Rank  int     `json:"rank"`  // 1-based position by score, best first
	Group int     `json:"group"` // 1-based; a group's systems are not significantly different
}

// A Ranking orders systems by one metric and groups those that are not
// significantly different.
type Ranking struct {
	Metric  string   `json:"metric"`
	Systems []Ranked `json:"systems"` // best first
	// P[i][j] is the approximate randomisation p-value between the i-th
	// and j-th systems as given to Rank (1 on the diagonal).
	P [][]float64 `json:"p"`
}

// Rank orders systems (one metric, the same sentences, higher scores
// better) and groups them from the top: a system joins the current group
// when its p-value against every system already in the group is at least
// opt.Alpha, and starts the next group otherwise. Ties in score keep the
// order given. names[i] names systems[i].
func Rank(names []string, systems []*metrics.Corpus, opt Options) (*Ranking, error) {
	if len(names) != len(systems) {
		return nil, fmt.Errorf("significance: %d names for %d systems", len(names), len(systems))
	}
	if len(systems) == 0 {
		return nil, fmt.Errorf("significance: no systems to rank")
	}
	for _, s := range systems[1:] {
		if err := checkPair(systems[0], s); err != nil {
			return nil, fmt.Errorf("significance: %w", err)
		}
	}
	n := len(systems)
	scores := make([]float64, n)
	for i, s := range systems {
		scores[i] = s.Total()
	}
	pv := make([][]float64, n)
	for i := range pv {
		pv[i] = make([]float64, n)
		pv[i][i] = 1
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			r := randomize(newPair(systems[i], systems[j]), opt.resamples(), opt.Seed)
			pv[i][j], pv[j][i] = r.P, r.P
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
	rk := &Ranking{Metric: systems[0].Metric, P: pv}
	alpha := opt.alpha()
	var group []int
	g := 0
	for pos, i := range order {
		join := len(group) > 0
		for _, m := range group {
			if pv[i][m] < alpha {
				join = false
				break
			}
		}
		if !join {
			g++
			group = group[:0]
		}
		group = append(group, i)
		rk.Systems = append(rk.Systems, Ranked{Name: names[i], Score: scores[i], Rank: pos + 1, Group: g})
	}
	return rk, nil
}
