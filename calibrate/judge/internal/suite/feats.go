package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/judge"
)

// named says the set's name contains one of the comma-separated parts
// of names (flags -features and -blame).
func named(s *judge.SuiteSet, names string) bool {
	return slices.ContainsFunc(strings.Split(names, ","), func(n string) bool { return n != "" && strings.Contains(s.Name, n) })
}

// featTop is how many features featureTable prints per set.
var featTop = 200

// featureTable prints, for each set whose name contains one of names,
// the same-source pairwise accuracy of every single feature (its better
// direction), best first: which evidence tells the set's outputs apart.
func featureTable(sets []*judge.SuiteSet, names string) {
	for _, s := range sets {
		if !named(s, names) {
			continue
		}
		type fa struct {
			name string
			acc  float64
		}
		var out []fa
		for name := range s.Vals[0] {
			a := s.Accuracy(judge.FeatureScores(s, name, 1))
			b := s.Accuracy(judge.FeatureScores(s, name, -1))
			if b > a {
				name, a = "-"+name, b
			}
			out = append(out, fa{name, a})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].acc > out[j].acc })
		fmt.Printf("\n%s:", s.Name)
		for _, f := range out[:min(featTop, len(out))] {
			fmt.Printf(" %s %.3f ·", f.name, f.acc)
		}
		fmt.Println()
	}
}
