package calibrate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
)

// TestSpread fits a weak model (one noisy feature) and spreads it: the
// expected values must spread as far as the mean ratings, keep their
// order, stay on the scale, and never tie where they did not.
func TestSpread(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var units []Unit
	var x [][]float64
	for i := range 400 {
		z := rng.NormFloat64()
		var vals []float64
		for range 5 {
			vals = append(vals, math.Max(1, math.Min(4, math.Round(3+z+rng.NormFloat64()))))
		}
		units = append(units, Unit{Item: string(rune('a' + i%26)), System: "s", Values: vals})
		x = append(x, []float64{z + 2*rng.NormFloat64()}) // a weak feature
	}
	m, _, err := FitModel(human.Grammaticality4, units, x, FitOptions{Features: []string{"z"}})
	if err != nil {
		t.Fatal(err)
	}
	before := make([]float64, len(x))
	for i, row := range x {
		before[i] = m.Predict(row).Expected
	}
	k := Spread(m, units, x)
	var means, after []float64
	for i, row := range x {
		means = append(means, units[i].Mean())
		after = append(after, m.Predict(row).Expected)
	}
	if k <= 1 {
		t.Errorf("k = %v: a weak model should need stretching", k)
	}
	if got, want := stat.PopStdDev(after), stat.PopStdDev(means); math.Abs(got-want) > 1e-6 {
		t.Errorf("spread SD %.4f, raters' %.4f (before: %.4f)", got, want, stat.PopStdDev(before))
	}
	for i := range x {
		if after[i] < 1 || after[i] > 4 {
			t.Errorf("expected value %v off the 1-4 scale", after[i])
		}
		for j := range x {
			if before[i] < before[j] && !(after[i] < after[j]) {
				t.Fatalf("order changed: %v<%v became %v, %v", before[i], before[j], after[i], after[j])
			}
		}
	}
	m.Spread = nil
	if got := m.Predict(x[0]).Expected; got != before[0] {
		t.Errorf("without Spread: %v, want %v", got, before[0])
	}
}
