package judge

import (
	"fmt"
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
	// The spread of the values: {0, 1, 2, 3} a hundred times each has a
	// sample standard deviation of sqrt(1.25 · 400/399) = 1.1194; b's
	// meaning, 4 wherever it has one, none.
	if sd := got[0].Scores["grammaticality"].SD; math.Abs(sd-math.Sqrt(1.25*400/399)) > 1e-12 {
		t.Errorf("a: grammaticality sd %v, want 1.1194", sd)
	}
	if sd := got[1].Scores["meaning"].SD; sd != 0 {
		t.Errorf("b: meaning sd %v, want 0", sd)
	}
	// Overall 0, 1/3, 2/3 and 1 fall in bins 0, 3, 6 and 9 (1 in the
	// last bin), a hundred each.
	bins := got[0].OverallBins
	if len(bins) != OverallBins || bins[3].Lo != 0.3 || bins[3].Hi != 0.4 {
		t.Fatalf("overall bins %+v", bins)
	}
	for b, bin := range bins {
		want := 0
		if b%3 == 0 {
			want = 100
		}
		if bin.Count != want || bin.Share != float64(want)/400 {
			t.Errorf("overall bin %d: %+v, want %d outputs", b, bin, want)
		}
	}
	again := run(1)
	if again[0].Scores["overall"] != got[0].Scores["overall"] {
		t.Error("same seed, different intervals")
	}
}

// TestSummaryWithInput checks the differences from the unchanged input and
// the label shares: the input's difference from itself is 0 [0, 0]; a
// system one above the input on every sentence differs by 1 [1, 1]; a
// difference is paired (its interval is narrower than either mean's); a
// quantity the input lacks on a sentence leaves that sentence out of the
// difference; shares follow the scale's order, list unseen labels as 0 and
// sum to 1 with Wilson intervals around them.
func TestSummaryWithInput(t *testing.T) {
	nan := math.NaN()
	s := NewSummaryWithInput([]string{InputName, "a", "b"}, 0, 7)
	s.Scales = []Scale{{Quantity: Grammaticality, Labels: []string{"1", "2", "3", "4"}}}
	for i := range 200 {
		x := float64(i%4) + 1 // 1 2 3 4
		in := Judgement{Grammaticality: x, Fluency: x, Meaning: nan, Overcorrection: 0, RemainingErrors: 1, Overall: x / 4,
			Labels: map[string]string{Grammaticality: fmt.Sprint(x)}}
		a := in
		a.Grammaticality, a.Overall = x+1, x/4+0.1
		a.Labels = map[string]string{Grammaticality: "4", "other": "z"}
		b := in
		b.Fluency = x + float64(i%2) // +0 or +1: mean 0.5
		if i%2 == 0 {
			in.Overcorrection = nan // b's difference on 100 sentences only
		}
		b.Overcorrection = 2
		s.Add([]Judgement{in, a, b})
	}
	got := s.Systems()
	if len(got) != 3 || !got[0].Input || got[1].Input || got[0].Name != InputName {
		t.Fatalf("systems %+v", got)
	}
	for q, m := range got[0].VsInput {
		if m.Mean != 0 || m.CI != [2]float64{0, 0} {
			t.Errorf("input − input %s = %+v, want 0 [0, 0]", q, m)
		}
	}
	if m := got[1].VsInput[Grammaticality]; math.Abs(m.Mean-1) > 1e-12 || math.Abs(m.CI[0]-1) > 1e-12 || math.Abs(m.CI[1]-1) > 1e-12 {
		t.Errorf("a − input grammaticality %+v, want 1 [1, 1]", m)
	}
	f := got[2].VsInput[Fluency]
	if math.Abs(f.Mean-0.5) > 1e-12 || !(f.CI[0] < 0.5 && 0.5 < f.CI[1]) {
		t.Errorf("b − input fluency %+v, want 0.5 inside its interval", f)
	}
	// Paired: the fluency of b and of the input vary by about 1.1 around
	// their means, their difference by 0.5; the difference's interval is
	// narrower than b's mean's (measured: 0.141 against 0.384; the test
	// asks for half).
	if w, wm := f.CI[1]-f.CI[0], got[2].Scores[Fluency].CI[1]-got[2].Scores[Fluency].CI[0]; !(w < wm*0.5) {
		t.Errorf("paired difference interval %.3f not narrower than the mean's %.3f", w, wm)
	}
	if m := got[2].VsInput[Overcorrection]; m.Mean != 2 {
		t.Errorf("b − input overcorrection %+v, want 2 over the sentences where the input has one", m)
	}
	if _, ok := got[1].VsInput[Meaning]; ok {
		t.Error("a difference in meaning, which no sentence has")
	}
	g := got[0].Labels[Grammaticality]
	if len(g) != 4 || g[0].Label != "1" || g[3].Label != "4" {
		t.Fatalf("input grammaticality shares %+v, want the scale's four labels in order", g)
	}
	sum := 0.0
	for _, l := range g {
		sum += l.Share
		if l.Count != 50 || !(l.CI[0] < l.Share && l.Share < l.CI[1]) {
			t.Errorf("share %+v, want 50 outputs of 200 inside its interval", l)
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("shares sum to %v", sum)
	}
	a := got[1].Labels[Grammaticality]
	if len(a) != 4 || a[3].Share != 1 || a[0].Count != 0 || a[0].CI[0] != 0 {
		t.Errorf("a's grammaticality shares %+v, want all on 4, the others listed at 0", a)
	}
	if o := got[1].Labels["other"]; o != nil {
		t.Errorf("a label of no quantity counted: %+v", o)
	}
	if _, ok := got[1].Labels[Fluency]; ok {
		t.Error("shares of fluency, which has no labels")
	}
}

// TestSummaryInputWithoutSources: an input that was never judged (every
// sentence without a source) is left out, and so are the differences.
func TestSummaryInputWithoutSources(t *testing.T) {
	s := NewSummaryWithInput([]string{InputName, "a"}, 0, 1)
	for range 10 {
		s.Add([]Judgement{nanJudgement, {Grammaticality: 3, Fluency: math.NaN(), Meaning: math.NaN(), Overcorrection: math.NaN(), RemainingErrors: math.NaN(), Overall: 0.5}})
	}
	got := s.Systems()
	if s.HasInput() || len(got) != 1 || got[0].Name != "a" || got[0].VsInput != nil || got[0].Scores[Overall].Mean != 0.5 {
		t.Errorf("systems %+v", got)
	}
}
