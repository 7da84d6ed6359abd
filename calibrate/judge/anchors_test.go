package judge

import (
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/corpora/degenerate"
	"github.com/gecmetric/gecmetric/human"
)

func TestMeaningAnchors(t *testing.T) {
	ds := &Dataset{Name: "t", Language: "en", Tokenised: true}
	units := []calibrate.Unit{
		{Item: "2", System: "a", Source: "She go to school every day ."},
		{Item: "1", System: "a", Source: "I has a cat ."},
		{Item: "1", System: "b", Source: "I has a cat ."},
		{Item: "3", System: "a", Source: "Yes"},
	}
	got := MeaningAnchors(ds, units)
	by := map[string]calibrate.Unit{}
	for _, a := range got {
		if len(a.Values) != 1 {
			t.Fatalf("anchor %+v: want one value", a)
		}
		by[a.Item+"/"+a.System] = a
	}
	check := func(key, output, label string) {
		t.Helper()
		a, ok := by[key]
		if !ok {
			t.Errorf("no anchor %s", key)
			return
		}
		_, want, _, _ := human.Meaning4.Parse(label)
		if a.Output != output || a.Values[0] != want {
			t.Errorf("%s = %q %v, want %q %v (%s)", key, a.Output, a.Values, output, want, label)
		}
	}
	// Items in sorted order 1, 2, 3: "other" takes the next one's source.
	check("1/anchor:other", "She go to school every day .", "Substantially different")
	check("3/anchor:other", "I has a cat .", "Substantially different")
	check("1/anchor:constant", strings.Join(degenerate.Constant, " "), "Substantially different")
	check("2/anchor:truncate", "She go to school", "Substantially different")
	check("2/anchor:delete", "She go to every day .", "Moderate differences")
	check("3/anchor:lowercase", "yes", "Identical")
	check("1/anchor:lowercase", "i has a cat .", "Identical")
	check("2/anchor:append", "She go to school every day . Yes", "Substantially different")
	// "Yes" loses nothing to deletion, truncation or shuffling: forms
	// equal to the source are no anchors.
	for _, key := range []string{"3/anchor:delete", "3/anchor:truncate", "3/anchor:shuffle"} {
		if a, ok := by[key]; ok {
			t.Errorf("%s = %q: a form equal to its source is no anchor", key, a.Output)
		}
	}
	if s := by["2/anchor:shuffle"]; s.Source != units[0].Source || slices.Equal(strings.Fields(s.Output), strings.Fields(s.Source)) {
		t.Errorf("shuffle anchor %+v", s)
	}
	// One source per item: two systems of item 1 make one set of anchors.
	n := 0
	for _, a := range got {
		if a.Item == "1" {
			n++
		}
	}
	if n != 7 {
		t.Errorf("item 1 has %d anchors, want 7 (every degenerate form changes it)", n)
	}
}

// TestMeaningSeesLoss checks, on sentences written for this test, that the
// default English meaning scale (no references) rates an output that lost
// its sentence (an unrelated sentence, another sentence, its first half,
// its words shuffled) far below the unchanged input and a correction,
// and a lower-cased copy near them. Before the meaning anchors, the
// unrelated sentence kept 3.77 of 4 on CoNLL-2014's sources (the input
// 3.86) and the shuffled words 3.91.
func TestMeaningSeesLoss(t *testing.T) {
	j := englishJudge(t)
	src := strings.Fields("My brother have lived in London for ten years and he still do not like the weather there .")
	corr := strings.Fields("My brother has lived in London for ten years and he still does not like the weather there .")
	other := strings.Fields("Students should be allowed to use their phones during the break between lessons .")
	meaning := func(hyp []string) float64 { return j.Judge(Input{Source: src, Hyp: hyp}).Meaning }
	input, corrected := meaning(src), meaning(corr)
	// Measured: input 3.88, correction 3.43, every lost form 1.00,
	// lower-cased 3.85.
	if input < 3.5 || corrected < 3.1 {
		t.Errorf("meaning: input %.2f, correction %.2f, want ≥ 3.5 and ≥ 3.1", input, corrected)
	}
	forms := map[string][]string{"other": other, "constant": degenerate.Constant}
	for _, name := range []string{"truncate", "shuffle", "lowercase"} {
		out, err := degenerate.Outputs(name, [][]string{src}, 1)
		if err != nil {
			t.Fatal(err)
		}
		forms[name] = out[0]
	}
	for name, hyp := range forms {
		got := meaning(hyp)
		t.Logf("%-9s %.2f (input %.2f, correction %.2f)", name, got, input, corrected)
		if name == "lowercase" {
			if got < 3.3 {
				t.Errorf("lower-cased: meaning %.2f, want ≥ 3.3: nothing was lost", got)
			}
			continue
		}
		if got > 1.5 {
			t.Errorf("%s: meaning %.2f, want ≤ 1.5: the sentence was lost", name, got)
		}
	}
}
