package judge

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/ordinal"
	"github.com/gecmetric/gecmetric/calibrate/pairwise"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// TestComposeFoldsScales checks the folding of compose: the model over
// the evidence features alone scores every row as the fitted model over
// features and scale column does, up to one constant; and the scale that
// generated the preferences carries them.
func TestComposeFoldsScales(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	scale := &calibrate.Model{Scale: "grammaticality", Form: "alone", Features: []string{"b", "a"},
		Ordinal: &ordinal.Model{Labels: 4, Mean: []float64{1, -2}, Scale: []float64{2, 0.5}, Coef: []float64{0.8, -0.3}, Cuts: []float64{-1, 0, 1}}}
	opt := RankOptions{Features: []string{"a", "b", "c"}, Scales: []*calibrate.Model{scale}, EvidencePenalty: 50, L2: 1}
	const n = 1200
	x := make([][]float64, n)
	for i := range x {
		a, b, c := rng.NormFloat64()-2, 2*rng.NormFloat64()+1, rng.NormFloat64()
		x[i] = []float64{a, b, c, scale.Ordinal.Linear([]float64{b, a})}
	}
	var pairs []pairwise.Pair
	for i := 0; i+1 < n; i += 2 {
		u := func(r []float64) float64 { return 3*r[3] + 0.2*r[2] + 0.3*rng.NormFloat64() }
		if u(x[i]) > u(x[i+1]) {
			pairs = append(pairs, pairwise.Pair{Better: i, Worse: i + 1})
		} else {
			pairs = append(pairs, pairwise.Pair{Better: i + 1, Worse: i})
		}
	}
	folded, comp, err := compose(x, pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := pairwise.Fit(x, pairs, pairwise.Settings{L2: 1, Penalty: []float64{50, 50, 50, 1}})
	if err != nil {
		t.Fatal(err)
	}
	shift := whole.Score(x[0]) - folded.Score(x[0][:3])
	for i, row := range x {
		if d := whole.Score(row) - folded.Score(row[:3]); math.Abs(d-shift) > 1e-9 {
			t.Fatalf("row %d: folded score off by %v (constant %v)", i, d-shift, shift)
		}
	}
	if len(comp.Scales) != 1 || comp.Scales[0].Weight != whole.Coef[3] || comp.Scales[0].Scale != "grammaticality" {
		t.Errorf("composition %+v, want grammaticality with weight %v", comp.Scales, whole.Coef[3])
	}
	// The scale generated the preferences: it explains nearly all the
	// score's spread (measured 0.99; the evidence pays 50 times more).
	if comp.Share < 0.95 || comp.Share > 1 {
		t.Errorf("share %.3f, want in [0.95, 1]", comp.Share)
	}
	// A scale the preferences weigh against is dropped: weight 0.
	against := &calibrate.Model{Scale: "fluency", Form: "alone", Features: []string{"c"},
		Ordinal: &ordinal.Model{Labels: 4, Mean: []float64{0}, Scale: []float64{1}, Coef: []float64{-1}, Cuts: []float64{-1, 0, 1}}}
	two := opt
	two.Scales = []*calibrate.Model{scale, against}
	x2 := make([][]float64, n)
	for i, row := range x {
		x2[i] = append(slices.Clone(row), against.Ordinal.Linear(row[2:3]))
	}
	_, comp2, err := compose(x2, pairs, two)
	if err != nil {
		t.Fatal(err)
	}
	if w := comp2.Scales[1].Weight; w != 0 || comp2.Scales[0].Weight <= 0 {
		t.Errorf("weights %+v, want fluency (against the preferences) 0 and grammaticality above 0", comp2.Scales)
	}
	opt.Features = []string{"a", "c"}
	if _, _, err := compose(slices.Clone(x), pairs, opt); err == nil {
		t.Error("a scale feature missing from the ranker's: no error")
	}
}

// TestComposeReferencePenalty checks that ReferencePenalty prices the
// features that need references apart from the rest: compose's fit is
// the direct fit with that penalty on those columns, and raising it
// shrinks the reference feature's weight against the source feature's.
func TestComposeReferencePenalty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	scale := &calibrate.Model{Scale: "fluency", Form: "alone", Features: []string{"lm.mean"},
		Ordinal: &ordinal.Model{Labels: 4, Mean: []float64{0}, Scale: []float64{1}, Coef: []float64{1}, Cuts: []float64{-1, 0, 1}}}
	feats := []string{"lm.mean", "oc.edits", "ref.gleu"} // alone, source, reference
	const n = 1000
	x := make([][]float64, n)
	for i := range x {
		a, b, c := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
		x[i] = []float64{a, b, c, a}
	}
	var pairs []pairwise.Pair
	for i := 0; i+1 < n; i += 2 {
		u := func(r []float64) float64 { return r[0] + r[1] + r[2] + 0.3*rng.NormFloat64() }
		if u(x[i]) > u(x[i+1]) {
			pairs = append(pairs, pairwise.Pair{Better: i, Worse: i + 1})
		} else {
			pairs = append(pairs, pairwise.Pair{Better: i + 1, Worse: i})
		}
	}
	weight := func(refPen float64) []float64 {
		opt := RankOptions{Features: feats, Scales: []*calibrate.Model{scale}, EvidencePenalty: 10, ReferencePenalty: refPen, L2: 1}
		m, comp, err := compose(x, pairs, opt)
		if err != nil {
			t.Fatal(err)
		}
		if comp.ReferencePenalty != refPen {
			t.Errorf("composition records reference penalty %v, want %v", comp.ReferencePenalty, refPen)
		}
		direct, err := pairwise.Fit(x, pairs, pairwise.Settings{L2: 1, Penalty: []float64{10, 10, cmp.Or(refPen, 10), 1}})
		if err != nil {
			t.Fatal(err)
		}
		if d := math.Abs(direct.Coef[2] - m.Coef[2]); d > 1e-9 {
			t.Errorf("reference penalty %v: ref.gleu weight %v, direct fit %v", refPen, m.Coef[2], direct.Coef[2])
		}
		return m.Coef
	}
	// Relative to the source feature (the logistic weights all shrink as
	// the fit loosens), the reference feature's weight falls (measured
	// 0.958 → 0.125 of the source feature's; wanted under a fifth of before).
	same, dear := weight(0), weight(1000)
	r0, r1 := same[2]/same[1], dear[2]/dear[1]
	t.Logf("ref.gleu/oc.edits %.3f → %.3f", r0, r1)
	if !(r1 < r0/5) {
		t.Errorf("ref.gleu/oc.edits weight %.3f at reference penalty 1000, %.3f at 0 (= evidence penalty 10): want under a fifth", r1, r0)
	}
}

// TestOverallConfiguration pins what the English overall is built on.
func TestOverallConfiguration(t *testing.T) {
	models, err := Defaults("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		form evidence.Form
		want []string
	}{
		{evidence.FormReference, []string{Grammaticality, Fluency, Meaning}},
		{evidence.FormSource, []string{Grammaticality, Fluency, Meaning}},
		{evidence.FormAlone, []string{Grammaticality, Fluency}},
	} {
		scales, err := OverallScales(models, tc.form)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range scales {
			got = append(got, m.Scale)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: scales %v, want %v", tc.form, got, tc.want)
		}
		feats := OverallFeatures(tc.form)
		for _, m := range scales {
			for _, f := range m.Features {
				if !slices.Contains(feats, f) {
					t.Errorf("%s: scale %s needs %s, not an overall feature", tc.form, m.Scale, f)
				}
			}
		}
		r := defaultOverallMust(t, tc.form)
		if r.Composition == nil || len(r.Composition.Scales) != len(tc.want) {
			t.Errorf("%s: embedded overall composition %+v, want built on %v", tc.form, r.Composition, tc.want)
		}
	}
	for _, n := range []string{"ref.gleu", "me.chrf_ref", "re.to_ref", "oc.unmatched"} {
		if slices.Contains(OverallFeatures(evidence.FormReference), n) {
			t.Errorf("reference likeness %s among the overall's features", n)
		}
	}
	if !slices.Contains(OverallFeatures(evidence.FormReference), "ged.missed") {
		t.Error("errors left (ged.missed) not among the overall's features")
	}
}

func defaultOverallMust(t *testing.T, f evidence.Form) *calibrate.RankModel {
	t.Helper()
	d, err := DefaultOverall("en")
	if err != nil {
		t.Fatal(err)
	}
	if d[f] == nil {
		t.Fatalf("no embedded English overall of form %s", f)
	}
	return d[f]
}

// TestRewriteOutsideReferences keeps the README's figure for what the
// edit-count features cost a fluent rewrite with two references: from the
// embedded overall with references, every other feature held at its
// training mean, a 20-token sentence corrected by 2 edits where the
// references edited against the same sentence rewritten by 6 edits where
// none did (oc.outside). Measured 0.012 of the 0–1 range (0.051 before
// the source's evidence paid less than the references', OverallReferencePenalty).
func TestRewriteOutsideReferences(t *testing.T) {
	d, err := defaults()
	if err != nil {
		t.Fatal(err)
	}
	m := d.rankers["en"][evidence.FormReference]
	value := func(edits, outside, tokens float64) float64 {
		x := slices.Clone(m.Pairwise.Mean)
		for i, n := range m.Features {
			switch n {
			case "oc.edits":
				x[i] = edits
			case "oc.edit_rate":
				x[i] = edits / tokens
			case "oc.outside":
				x[i] = outside
			case "oc.outside_rate":
				x[i] = outside / edits
			}
		}
		return m.Value(x)
	}
	gap := value(2, 0, 20) - value(6, 6, 20)
	t.Logf("a 2-edit correction beats a 6-edit rewrite outside the references by %.3f", gap)
	if gap < 0.005 || gap > 0.025 {
		t.Errorf("gap %.3f of the range, want 0.005-0.025 (measured 0.012)", gap)
	}
}
