package calibrate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gecmetric/gecmetric/human"
)

// anchorData is rated units whose one feature, a kept share, stays in
// [0.8, 1] and says nothing of the rating (3 or 4 at random): a model
// fitted on them alone has no reason to rate a share of 0 low.
func anchorData() ([]Unit, [][]float64) {
	rng := rand.New(rand.NewPCG(3, 4))
	var units []Unit
	var x [][]float64
	for i := range 200 {
		var vals []float64
		for range 5 {
			vals = append(vals, float64(3+rng.IntN(2)))
		}
		units = append(units, Unit{Item: string(rune('a' + i%20)), System: "s", Values: vals})
		x = append(x, []float64{0.8 + 0.2*rng.Float64()})
	}
	return units, x
}

func TestFitModelAnchors(t *testing.T) {
	units, x := anchorData()
	plain, plainCV, err := FitModel(human.Meaning4, units, x, FitOptions{Features: []string{"kept"}})
	if err != nil {
		t.Fatal(err)
	}
	// Anchors: every item's sentence with nothing kept, "Substantially
	// different" (1).
	var anchors []Unit
	var rows [][]float64
	for i := range 20 {
		anchors = append(anchors, Unit{Item: string(rune('a' + i)), System: "anchor", Values: []float64{1}})
		rows = append(rows, []float64{0})
	}
	m, cv, err := FitModel(human.Meaning4, units, x, FitOptions{Features: []string{"kept"}, Anchors: anchors, AnchorRows: rows})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("nothing kept: %.2f without anchors, %.2f with", plain.Predict([]float64{0}).Expected, m.Predict([]float64{0}).Expected)
	if got := plain.Predict([]float64{0}).Expected; got < 3 {
		t.Errorf("without anchors, nothing kept rates %.2f: the data says nothing of it, want ≥ 3 (measured 3.48)", got)
	}
	if got := m.Predict([]float64{0}).Expected; got > 1.8 {
		t.Errorf("with anchors, nothing kept rates %.2f, want ≤ 1.8 (measured 1.54)", got)
	}
	if got := m.Predict([]float64{0.9}).Expected; math.Abs(got-plain.Predict([]float64{0.9}).Expected) > 0.15 {
		t.Errorf("with anchors, a kept share of 0.9 rates %.2f, without %.2f: the rated range should barely move", got, plain.Predict([]float64{0.9}).Expected)
	}
	if len(cv.Expected) != len(units) || m.CV.N != len(units) {
		t.Errorf("%d cross-validated predictions, validation over %d, want %d: anchors are never predicted", len(cv.Expected), m.CV.N, len(units))
	}
	if m.Training.Anchors != 20 || m.Training.AnchorWeight != 1 || m.Training.Units != len(units) {
		t.Errorf("training record %+v, want 20 anchors of weight 1 and %d units", m.Training, len(units))
	}
	if plain.Training.Anchors != 0 || plain.Training.AnchorWeight != 0 {
		t.Errorf("a fit without anchors records %+v", plain.Training)
	}

	// An anchor trains only the folds that do not test its item: anchors
	// of item "a" alone leave item a's cross-validated predictions exactly
	// as without them, while the model fitted on everything moves.
	aRows := [][]float64{{0.9}, {0.95}, {1}}
	aAnchors := []Unit{{Item: "a", Values: []float64{1}}, {Item: "a", Values: []float64{1}}, {Item: "a", Values: []float64{1}}}
	ma, cvA, err := FitModel(human.Meaning4, units, x, FitOptions{Features: []string{"kept"}, Anchors: aAnchors, AnchorRows: aRows, AnchorWeight: 20})
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for i, u := range units {
		if u.Item == "a" && cvA.Expected[i] != plainCV.Expected[i] {
			t.Fatalf("unit %d of item a: cross-validated %.4f with its item's anchors, %.4f without: the anchors leaked into its test fold", i, cvA.Expected[i], plainCV.Expected[i])
		}
		if u.Item != "a" && cvA.Expected[i] != plainCV.Expected[i] {
			moved++
		}
	}
	if moved == 0 {
		t.Error("item a's anchors moved no other item's prediction: they trained nothing")
	}
	if ma.Training.AnchorWeight != 20 {
		t.Errorf("anchor weight recorded %v, want 20", ma.Training.AnchorWeight)
	}

	if _, _, err := FitModel(human.Meaning4, units, x, FitOptions{Anchors: anchors, AnchorRows: rows[:3]}); err == nil {
		t.Error("20 anchors with 3 rows: want an error")
	}
}
