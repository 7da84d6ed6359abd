package judge

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// TestCorrectionsOverInput checks which references each correction and
// the input are judged against: the n that follow it, the first after the
// last, in file order; a reference equal to its source prefers nothing.
func TestCorrectionsOverInput(t *testing.T) {
	words := strings.Fields
	src := [][]string{words("a b")}
	refs := [][][]string{{words("A b")}, {words("a B")}, {words("a b")}, {words("x b")}}
	for _, c := range []struct {
		n    int
		want []string // better | its references, one per pair
	}{
		{1, []string{"A b | a B", "a B | a b", "x b | A b"}},
		{3, []string{"A b | a B, a b, x b", "a B | A b, a b, x b", "x b | A b, a B, a b"}},
	} {
		ps := CorrectionsOverInput("t", src, refs, c.n)
		var got []string
		for _, p := range ps.Pairs {
			b, w := ps.Outputs[p.Better], ps.Outputs[p.Worse]
			if strings.Join(w.Output, " ") != "a b" || !slices.EqualFunc(b.Refs, w.Refs, slices.Equal) {
				t.Errorf("n=%d: pair %v over %v (refs %v, %v): want the input, judged alike, as the worse", c.n, b.Output, w.Output, b.Refs, w.Refs)
			}
			var rs []string
			for _, r := range b.Refs {
				rs = append(rs, strings.Join(r, " "))
			}
			got = append(got, strings.Join(b.Output, " ")+" | "+strings.Join(rs, ", "))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("n=%d:\ngot  %q\nwant %q", c.n, got, c.want)
		}
	}
}

// TestCorrectionsMean: the human corrections of a CorrectionsOverInput set
// as one system, the inputs left out but for a correction that left its
// source unchanged (ref2 here), which is the input's output.
func TestCorrectionsMean(t *testing.T) {
	words := strings.Fields
	src := [][]string{words("a b")}
	refs := [][][]string{{words("A b")}, {words("a B")}, {words("a b")}, {words("x b")}}
	ps := CorrectionsOverInput("t", src, refs, 3)
	score := make([]float64, len(ps.Outputs))
	want := 0.0
	for i, o := range ps.Outputs {
		score[i] = float64(10 * (i + 1))
		if slices.ContainsFunc(o.Systems, func(s string) bool { return strings.HasPrefix(s, "ref") }) {
			want += score[i] / 4
		}
	}
	if m, n := ps.CorrectionsMean(score); n != 4 || math.Abs(m-want) > 1e-12 || want != (10+30+50+60)/4.0 {
		t.Errorf("CorrectionsMean = %v over %d, want %v over the 4 corrections (outputs 1, 3, 5 and 6)", m, n, want)
	}
}
