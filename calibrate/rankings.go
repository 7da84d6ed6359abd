package calibrate

import (
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
