package edits

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestApplyDisjointMatchesInOrder applies random disjoint edits
// (replacements, insertions, deletions, detection-only, noops) in one
// pass and one after another: same corrections, same spans.
func TestApplyDisjointMatchesInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	words := []string{"a", "b", "c", "d"}
	for range 5000 {
		src := make([]string, rng.IntN(30))
		for i := range src {
			src[i] = words[rng.IntN(len(words))]
		}
		var es []Edit
		for p := 0; p <= len(src); {
			if rng.IntN(3) != 0 {
				p++
				continue
			}
			end := min(len(src), p+rng.IntN(3))
			e := Edit{OStart: p, OEnd: end, Type: "R:OTHER"}
			for k := rng.IntN(3); k > 0; k-- {
				e.C = append(e.C, words[rng.IntN(len(words))])
			}
			if rng.IntN(8) == 0 {
				e.Type = "UNK"
			}
			es = append(es, e)
			if rng.IntN(10) == 0 {
				es = append(es, Noop())
			}
			p = end + 1
		}
		rng.Shuffle(len(es), func(i, j int) { es[i], es[j] = es[j], es[i] })
		sorted := slices.Clone(es)
		slices.SortStableFunc(sorted, bySourceSpan)
		if !disjoint(src, sorted) {
			t.Fatalf("edits %+v of %q not disjoint", sorted, src)
		}
		a, b := slices.Clone(sorted), slices.Clone(sorted)
		got, want := applyDisjoint(src, a), applyInOrder(src, b)
		if !slices.Equal(got, want) || !slices.EqualFunc(a, b, func(x, y Edit) bool { return x.CStart == y.CStart && x.CEnd == y.CEnd }) {
			t.Fatalf("src %q edits %+v:\none pass %q %+v\nin order %q %+v", src, sorted, got, a, want, b)
		}
	}
}
