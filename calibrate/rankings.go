package calibrate

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
)

// A SystemRank is a system's standing from pairwise human judgements.
type SystemRank struct {
	System             string
	Wins, Losses, Ties int     // pairwise outcomes involving the system
	ExpectedWins       float64 // stat.ExpectedWins
	Mu, Sigma          float64 // TrueSkill posterior (WMT parameters)
}

// RankSystems ranks systems from relative rankings (WMT CSV, Appraise XML)
// by Expected Wins and by TrueSkill, best Mu first. The rankings are
// expanded into pairwise comparisons (human.Comparisons); TrueSkill, whose
// result depends on the order of its matches, plays each comparison once in
// an order shuffled by a PCG with the given seed, with the parameters of
// stat.WMTTrueSkill (Sakaguchi et al. 2014: mu 0, sigma 0.5, tau 0, draw
// probability 0.25, beta = sigma·matches/40). Sakaguchi's infer_TS.py
// instead samples matches at random with replacement, choosing the next
// pair of systems actively; the single shuffled pass keeps the estimate
// reproducible from a seed.
func RankSystems(rankings []human.Ranking, seed uint64) []SystemRank {
	systems := human.RankedSystems(rankings)
	idx := map[string]int{}
	for i, s := range systems {
		idx[s] = i
	}
	out := make([]SystemRank, len(systems))
	wins := make([][]float64, len(systems))
	for i, s := range systems {
		out[i].System = s
		wins[i] = make([]float64, len(systems))
	}
	comps := human.Comparisons(rankings)
	matches := make([]stat.Match, 0, len(comps))
	for _, c := range comps {
		a, b := idx[c.A], idx[c.B]
		switch c.Outcome {
		case human.Win:
			wins[a][b]++
			out[a].Wins++
			out[b].Losses++
			matches = append(matches, stat.Match{Winner: a, Loser: b})
		case human.Loss:
			wins[b][a]++
			out[b].Wins++
			out[a].Losses++
			matches = append(matches, stat.Match{Winner: b, Loser: a})
		default:
			out[a].Ties++
			out[b].Ties++
			matches = append(matches, stat.Match{Winner: a, Loser: b, Draw: true})
		}
	}
	ew := stat.ExpectedWins(wins)
	rng := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	rng.Shuffle(len(matches), func(i, j int) { matches[i], matches[j] = matches[j], matches[i] })
	sk := stat.TrueSkill(len(systems), matches, stat.WMTTrueSkill(len(matches)))
	for i := range out {
		out[i].ExpectedWins = ew[i]
		out[i].Mu, out[i].Sigma = sk[i].Mu, sk[i].Sigma
	}
	slices.SortStableFunc(out, func(a, b SystemRank) int {
		switch {
		case a.Mu > b.Mu:
			return -1
		case a.Mu < b.Mu:
			return 1
		}
		return 0
	})
	return out
}

// CorrelateRankings measures how well a metric's system scores agree with
// system rankings inferred from relative human rankings: once against
// Expected Wins ("expected_wins") and once against TrueSkill mu
// ("trueskill"), each one point per system. A system's metric score is its
// corpus-level score when given (MetricScore with empty Item), else the mean
// of its sentence scores. Intervals come from a percentile bootstrap over
// items: a resample draws ranked items with replacement (all rankings of a
// drawn item), ranks the systems again and recomputes the statistics.
// Systems without a metric score are left out.
func CorrelateRankings(rankings []human.Ranking, metric []MetricScore, opt CorrelateOptions) ([]Correlation, error) {
	opt = opt.withDefaults()
	opt.Level = SystemLevel
	sum := map[string]float64{}
	cnt := map[string]float64{}
	corpus := map[string]float64{}
	for _, m := range metric {
		if m.Item == "" {
			corpus[m.System] = m.Value
		} else {
			sum[m.System] += m.Value
			cnt[m.System]++
		}
	}
	metricOf := func(s string) (float64, bool) {
		if v, ok := corpus[s]; ok {
			return v, true
		}
		if cnt[s] > 0 {
			return sum[s] / cnt[s], true
		}
		return 0, false
	}
	var items []string
	byItem := map[string][]human.Ranking{}
	for _, r := range rankings {
		if _, ok := byItem[r.Item]; !ok {
			items = append(items, r.Item)
		}
		byItem[r.Item] = append(byItem[r.Item], r)
	}
	points := func(idx []int, trueskill bool) ([]float64, []float64) {
		var rk []human.Ranking
		for _, i := range idx {
			rk = append(rk, byItem[items[i]]...)
		}
		var x, y []float64
		for _, s := range RankSystems(rk, opt.Seed) {
			if m, ok := metricOf(s.System); ok {
				h := s.ExpectedWins
				if trueskill {
					h = s.Mu
				}
				x, y = append(x, h), append(y, m)
			}
		}
		return x, y
	}
	all := make([]int, len(items))
	for i := range all {
		all[i] = i
	}
	x, _ := points(all, false)
	if len(x) < 2 {
		return nil, fmt.Errorf("fewer than two ranked systems have a metric score (check that system names match)")
	}
	var out []Correlation
	for _, ts := range []bool{false, true} {
		name := "expected_wins"
		if ts {
			name = "trueskill"
		}
		c := Correlation{Scale: &Scale{Name: name, Direction: human.HigherIsBetter, Doc: "system ranking from relative human rankings"},
			Level: SystemLevel, Items: len(items), Systems: len(x), Opts: opt}
		c.Stats = correlationStats(len(items), opt, func(idx []int) ([]float64, []float64) { return points(idx, ts) })
		c.Human, c.Metric = points(all, ts)
		out = append(out, c)
	}
	return out, nil
}
