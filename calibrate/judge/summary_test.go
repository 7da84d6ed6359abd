package judge

import (
	"math"
	"testing"
)

// TestSummary checks the means and intervals of two systems over 400
// sentences: the means are the plain means, the intervals hold them and
// have the width of the standard error, a quantity no sentence has is
// left out, and the same seed gives the same intervals.
func TestSummary(t *testing.T) {
	nan := math.NaN()
	run := func(seed uint64) []SystemSummary {
		s := NewSummary([]string{"a", "b"}, seed)
		for i := range 400 {
			x := float64(i % 4) // 0 1 2 3: mean 1.5, sd 1.118
			a := Judgement{Grammaticality: x, Fluency: 2, Meaning: nan, Overcorrection: 0, RemainingErrors: x, Overall: x / 3}
			b := a
			b.Grammaticality = x + 1
			if i%2 == 1 {
				b.Meaning = 4 // half the sentences
			}
			s.Add([]Judgement{a, b})
		}
		return s.Systems()
	}
	got := run(1)
	if len(got) != 2 || got[0].Name != "a" || got[1].Name != "b" || got[0].Sentences != 400 {
		t.Fatalf("systems %+v", got)
	}
	if _, ok := got[0].Scores["meaning"]; ok {
		t.Error("a: a mean of meaning, which no sentence has")
	}
	if m := got[1].Scores["meaning"]; m.Mean != 4 || m.CI != [2]float64{4, 4} {
		t.Errorf("b: meaning %+v, want 4 [4, 4]", m)
	}
	for _, c := range []struct {
		sys, q string
		mean   float64
	}{{"a", "grammaticality", 1.5}, {"b", "grammaticality", 2.5}, {"a", "fluency", 2}, {"a", "overall", 0.5}} {
		s := got[0]
		if c.sys == "b" {
			s = got[1]
		}
		m := s.Scores[c.q]
		if math.Abs(m.Mean-c.mean) > 1e-12 || m.CI[0] > m.Mean || m.CI[1] < m.Mean {
			t.Errorf("%s %s: %+v, want mean %v inside its interval", c.sys, c.q, m, c.mean)
		}
	}
	// Standard error of grammaticality: 1.118/√400 = 0.056; the 95%
	// interval is about ± 0.11 (measured: [1.387, 1.611]).
	g := got[0].Scores["grammaticality"]
	if w := g.CI[1] - g.CI[0]; w < 0.18 || w > 0.26 {
		t.Errorf("grammaticality interval %v, width %.3f, want about 0.22", g.CI, w)
	}
	// Systems are resampled together: b's grammaticality is a's plus one
	// in every sentence, so its interval is a's plus one.
	if b := got[1].Scores["grammaticality"]; math.Abs(b.CI[0]-g.CI[0]-1) > 1e-9 || math.Abs(b.CI[1]-g.CI[1]-1) > 1e-9 {
		t.Errorf("paired systems: a %v, b %v", g.CI, b.CI)
	}
	again := run(1)
	if again[0].Scores["overall"] != got[0].Scores["overall"] {
		t.Error("same seed, different intervals")
	}
}
