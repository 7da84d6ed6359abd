package calibrate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/pairwise"
	"github.com/gecmetric/gecmetric/human"
)

// TestFitRankedComposes checks that the composed model gives the same
// probabilities as the one-feature model over the ranker's score, and
// orders outputs as the ranker does.
func TestFitRankedComposes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sc := human.Grammaticality4
	var units []Unit
	var x [][]float64
	for i := range 300 {
		a, b := rng.NormFloat64(), rng.NormFloat64()
		v := math.Round(math.Max(1, math.Min(4, 2.5+a-b/2+rng.NormFloat64()/2)))
		units = append(units, Unit{Item: string(rune('a' + i%26)), System: "s", Values: []float64{v}})
		x = append(x, []float64{a, b})
	}
	ranker := &pairwise.Model{Mean: []float64{0.1, -0.2}, Scale: []float64{1.1, 0.9}, Coef: []float64{1.5, -0.7}}
	opt := FitOptions{Features: []string{"a", "b"}, Folds: 5}
	m, _, err := FitRanked(sc, ranker, units, x, opt)
	if err != nil {
		t.Fatal(err)
	}
	z := make([][]float64, len(x))
	for i, row := range x {
		z[i] = []float64{ranker.Score(row)}
	}
	one, _, err := FitModel(sc, units, z, FitOptions{Features: []string{"score"}, Folds: 5})
	if err != nil {
		t.Fatal(err)
	}
	for i := range x {
		p, q := m.Predict(x[i]), one.Predict(z[i])
		for k := range p.Probs {
			if math.Abs(p.Probs[k]-q.Probs[k]) > 1e-9 {
				t.Fatalf("row %d label %d: composed %v, one-feature %v", i, k, p.Probs, q.Probs)
			}
		}
		if p.Label != q.Label {
			t.Fatalf("row %d: composed label %s, one-feature %s", i, p.Label, q.Label)
		}
	}
	// Higher ranker score, higher expected rating.
	lo, hi := m.Predict([]float64{-1, 1}).Expected, m.Predict([]float64{1, -1}).Expected
	if !(hi > lo) {
		t.Errorf("expected rating %v for the better output, %v for the worse", hi, lo)
	}
}
