package judge

import (
	"math"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/llmjudge"
)

func TestJudgeAnswer(t *testing.T) {
	j := &Judge{Models: ModelSet{}}
	tests := []struct {
		a                     llmjudge.Answer
		meaning, re, oc, over float64
		label                 string
	}{
		{llmjudge.Answer{Semantics: "5", Grammaticality: "0", Overcorrection: "No"}, 4, 0, 0, 1, "Identical"},
		{llmjudge.Answer{Semantics: "1", Grammaticality: "2 or more", Overcorrection: "Substantial over-correction"}, 1, 2, 3, 0, "Substantially different"},
		// meaning 1+(3-1)*3/4 = 2.5; overall mean of (2.5-1)/3, 1-1/2, 1-2/3.
		{llmjudge.Answer{Semantics: "3", Grammaticality: "1", Overcorrection: "Moderate over-correction"}, 2.5, 1, 2, (0.5 + 0.5 + 1.0/3) / 3, "Moderate differences"},
	}
	for _, tt := range tests {
		got := j.JudgeAnswer(tt.a)
		if got.Meaning != tt.meaning || got.RemainingErrors != tt.re || got.Overcorrection != tt.oc || math.Abs(got.Overall-tt.over) > 1e-12 ||
			!math.IsNaN(got.Grammaticality) || !math.IsNaN(got.Fluency) || got.Labels[Meaning] != tt.label ||
			got.Labels[Overcorrection] != tt.a.Overcorrection || got.Labels[RemainingErrors] != tt.a.Grammaticality {
			t.Errorf("%+v: %+v", tt.a, got)
		}
	}
}
