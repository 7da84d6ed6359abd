package main

import (
	"fmt"
	"log"
	"sort"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// blameTable prints, for each set whose name contains one of names, which
// features of the overall ranker of form (fitted without the set's data
// set) pull its misordered pairs the wrong way: over the pairs the ranker
// orders wrongly, the mean of each feature's term in the score of the
// better output less the worse, most negative first (flag -blame).
func blameTable(sets []*judge.SuiteSet, names string, form evidence.Form, feats []string, l2 float64) {
	for _, s := range sets {
		if !named(s, names) || !judge.Usable(s, form) {
			continue
		}
		m, err := judge.FitSuite(sets, composition(judge.SuiteOptions{Form: form, Features: feats, L2: l2, LeaveOut: s.Group}))
		if err != nil {
			log.Fatal(err)
		}
		sum := make([]float64, len(feats))
		wrong := 0
		for _, p := range s.Pairs {
			b, w := s.Vals[p.Better].Vector(feats), s.Vals[p.Worse].Vector(feats)
			if m.Score(b) > m.Score(w) {
				continue
			}
			wrong++
			for j := range feats {
				sum[j] += m.Coef[j] * (b[j] - w[j]) / m.Scale[j]
			}
		}
		order := make([]int, len(feats))
		for j := range order {
			order[j] = j
		}
		sort.Slice(order, func(a, b int) bool { return sum[order[a]] < sum[order[b]] })
		fmt.Printf("\n%s, %s, %d of %d pairs misordered; mean term (better − worse):", s.Name, form, wrong, len(s.Pairs))
		for _, j := range order[:min(15, len(order))] {
			fmt.Printf(" %s %.3f ·", feats[j], sum[j]/float64(max(wrong, 1)))
		}
		fmt.Println()
	}
}
