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
