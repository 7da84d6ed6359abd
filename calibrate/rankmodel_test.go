package calibrate

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/pairwise"
)

func TestRankModelShareAndJSON(t *testing.T) {
	m := &RankModel{Scale: "overall", Language: "en", Form: "reference", Features: []string{"a"},
		Pairwise: &pairwise.Model{Mean: []float64{0}, Scale: []float64{1}, Coef: []float64{2}}}
	scores := make([]float64, 101)
	for i := range scores {
		scores[i] = float64(i) // 0..100: 1st percentile 1, 99th 99
	}
	m.SetRange(scores)
	if m.Low != 1 || m.High != 99 {
		t.Fatalf("range [%v, %v], want [1, 99]", m.Low, m.High)
	}
	for _, c := range []struct{ s, want float64 }{{1, 0}, {99, 1}, {50, 49.0 / 98}, {-5, 0}, {200, 1}} {
		if got := m.Share(c.s); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Share(%v) = %v, want %v", c.s, got, c.want)
		}
	}
	if got := m.Value([]float64{25}); math.Abs(got-49.0/98) > 1e-12 { // score 2·25 = 50
		t.Errorf("Value = %v", got)
	}
	var buf bytes.Buffer
	if err := WriteRankModel(&buf, m); err != nil {
		t.Fatal(err)
	}
	back, err := ReadRankModel(&buf, "m.json")
	if err != nil {
		t.Fatal(err)
	}
	if back.Value([]float64{25}) != m.Value([]float64{25}) {
		t.Error("round trip changed the model")
	}
	for _, bad := range []string{
		`{"scale":"overall","features":["a"],"pairwise":{"mean":[0],"scale":[1],"coef":[1]},"low":1,"high":1}`,
		`{"scale":"overall","features":["a","b"],"pairwise":{"mean":[0],"scale":[1],"coef":[1]},"low":0,"high":1}`,
		`{"scale":"overall","features":["a"],"low":0,"high":1}`,
		`{"scale":"overall","unknown":1}`,
	} {
		if _, err := ReadRankModel(strings.NewReader(bad), "bad.json"); err == nil || !strings.Contains(err.Error(), "bad.json") {
			t.Errorf("ReadRankModel(%s) = %v, want an error naming the file", bad, err)
		}
	}
}

// TestFitPreference: the Bradley-Terry slope of preferences by score
// difference, against values worked by hand.
func TestFitPreference(t *testing.T) {
	for _, tc := range []struct {
		name  string
		diffs []float64
		want  float64
	}{
		// 3 log σ(a) + log σ(−a) is largest where σ(a) = 3/4: a = ln 3.
		{"three of four at +1", []float64{1, 1, 1, -1}, math.Log(3)},
		// The same at twice the differences: half the slope.
		{"three of four at +2", []float64{2, 2, 2, -2}, math.Log(3) / 2},
		// Nothing to fit: the model's own scale.
		{"none", nil, 1},
		{"zeros", []float64{0, 0}, 1},
	} {
		if got := FitPreference(tc.diffs); math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("%s: slope %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := FitPreference([]float64{1, 2, 0.5}); !(got > 20) || math.IsInf(got, 0) { // 74.7 as the steps fade
		t.Errorf("every preference agreeing: slope %v, want large and finite", got)
	}
	m := &RankModel{Preference: math.Log(3)}
	if p := m.Prefer(1, 0); math.Abs(p-0.75) > 1e-12 {
		t.Errorf("Prefer(1, 0) = %v, want 0.75", p)
	}
	if p, q := m.Prefer(0.3, 0.3), m.Prefer(2, 1)+m.Prefer(1, 2); p != 0.5 || math.Abs(q-1) > 1e-12 {
		t.Errorf("Prefer(s, s) = %v, Prefer(a, b) + Prefer(b, a) = %v", p, q)
	}
}

// TestCompositionString: what an overall is built on, in plain words.
func TestCompositionString(t *testing.T) {
	for _, tc := range []struct {
		c    Composition
		want string
	}{
		{Composition{Scales: []ScaleWeight{{Scale: "grammaticality", Weight: 0.09}, {Scale: "fluency", Weight: 0.59}, {Scale: "meaning"}}, Share: 0.2},
			"20% from the fluency and grammaticality ratings (fluency weighing most), 80% from other evidence"},
		{Composition{Scales: []ScaleWeight{{Scale: "fluency", Weight: 0.43}}, Share: 0.284},
			"28% from the fluency rating, 72% from other evidence"},
		{Composition{Scales: []ScaleWeight{{Scale: "fluency"}}}, "from other evidence only (no rating scale counts)"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.c, got, tc.want)
		}
	}
}
