package judge

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// TestSuiteLeaveOneSetOut fits the English overall ranker without each
// data set of the suite in turn and measures it on that set: the judge v3
// figures of issue 22 that a user meets on data the models never saw.
// Floors sit below the values measured when this was written (in the
// comments) by 0.02 or a little more.
func TestSuiteLeaveOneSetOut(t *testing.T) {
	testdata.Long(t)
	testdata.Dir(t, "gmeg-dev")
	testdata.Dir(t, "tmu-gfm-half")
	x, err := EnglishExtractor()
	if err != nil {
		t.Fatal(err)
	}
	sets, err := LoadSuite(testdata.Root(), x, "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	models, err := Defaults("en")
	if err != nil {
		t.Fatal(err)
	}
	loso := func(form evidence.Form) map[string][]float64 {
		out := map[string][]float64{}
		opt, err := OverallSuiteOptions(models, form)
		if err != nil {
			t.Fatal(err)
		}
		feats := opt.Features
		groups := map[string]bool{}
		for _, s := range sets {
			groups[s.Group] = true
		}
		for g := range groups {
			opt.LeaveOut = g
			m, err := FitSuite(sets, opt)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range sets {
				if s.Group == g && Usable(s, form) {
					out[s.Name] = ScoreSet(m, s, feats)
				}
			}
		}
		return out
	}
	set := func(name string) *SuiteSet {
		for _, s := range sets {
			if s.Name == name {
				return s
			}
		}
		t.Fatalf("no set %q", name)
		return nil
	}
	withRefs, without := loso(evidence.FormReference), loso(evidence.FormSource)
	for _, c := range []struct {
		set   string
		refs  bool
		floor float64
	}{
		{"gjg15", true, 0.67},                              // measured 0.693
		{"gmeg-fce", true, 0.78},                           // measured 0.810
		{"gmeg-wiki", true, 0.75},                          // measured 0.771
		{"sottana2023", true, 0.60},                        // measured 0.621
		{"jfleg refs over input", true, 0.92},              // measured 0.951
		{"gmeg-fce refs over input", true, 0.86},           // measured 0.882
		{"gmeg-wiki refs over input", true, 0.84},          // measured 0.880
		{"jfleg refs over input, one ref", true, 0.95},     // measured 0.982
		{"gmeg-fce refs over input, one ref", true, 0.90},  // measured 0.934
		{"gmeg-wiki refs over input, one ref", true, 0.93}, // measured 0.961
		{"conll14 refs over input", true, 0.89},            // measured 0.910
		{"conll14 refs over input", false, 0.89},           // measured 0.913
		{"jfleg refs over input", false, 0.96},             // measured 0.986
		{"gmeg-fce refs over input", false, 0.89},          // measured 0.922
		{"gmeg-wiki refs over input", false, 0.92},         // measured 0.955
		{"gmeg-fce source over source+error", true, 0.87},  // measured 0.904
	} {
		scores := without[c.set]
		if c.refs {
			scores = withRefs[c.set]
		}
		if got := set(c.set).Accuracy(scores); got < c.floor {
			t.Errorf("%s (references %v): left-out accuracy %.3f below %.3f", c.set, c.refs, got, c.floor)
		}
	}
	// With references, the overall orders the human preferences of every
	// human-judged set better than any reference metric does (measured:
	// GJG15 0.693 against GLEU 0.650, GMEG essays 0.810 against 0.789,
	// Wikipedia 0.771 against chrF 0.736, Sottana 0.621 against GLEU 0.614).
	for _, name := range []string{"gjg15", "gmeg-fce", "gmeg-wiki", "sottana2023"} {
		s := set(name)
		got := s.Accuracy(withRefs[name])
		for _, f := range []string{"ref.gleu", "ref.errant_f", "me.chrf_ref"} {
			if v := s.Accuracy(FeatureScores(s, f, 1)); got <= v {
				t.Errorf("%s: overall %.3f not above %s %.3f", name, got, f, v)
			}
		}
	}
	// GMEG dev, system level: the left-out ranker's system means against
	// the human corpus scores (measured r 0.987 in the learner essays,
	// 0.956 in Wikipedia; the issue asks 0.90), and the negative control
	// last.
	for _, c := range []struct {
		domain string
		floor  float64
	}{{"fce", 0.95}, {"wiki", 0.90}} {
		human, err := GMEGCorpusScores(testdata.Root(), c.domain)
		if err != nil {
			t.Fatal(err)
		}
		name := "gmeg-" + c.domain
		systems, means := set(name).SystemMeans(withRefs[name])
		var p, h []float64
		worst, worstV := "", 0.0
		for i, sys := range systems {
			if v, ok := human[sys]; ok {
				p, h = append(p, means[i]), append(h, v)
			}
			if worst == "" || means[i] < worstV {
				worst, worstV = sys, means[i]
			}
		}
		if r := stat.Pearson(p, h); r < c.floor {
			t.Errorf("%s system-level Pearson %.3f below %.2f", name, r, c.floor)
		}
		if worst != "source+error" {
			t.Errorf("%s: %s ranked last, not the negative control", name, worst)
		}
		// The human corrections, which GMEG's raters score above every
		// system (83.5 in the essays, 82.2 in Wikipedia), as a system:
		// each of ref0-ref3 (CorrectionsMean), judged against
		// the other three by the same left-out ranker, ranks first with
		// references and without (measured with references 2.739 against
		// marian's 2.658 in the essays, 1.223 against lstm-r's 0.887 in
		// Wikipedia; without, 2.826 against 2.634 and 0.780 against 0.323).
		for _, c := range []struct {
			scores map[string][]float64
			form   string
		}{{withRefs, "with references"}, {without, "without references"}} {
			systems, means := set(name).SystemMeans(c.scores[name])
			refs := set(name + " refs over input")
			corr, n := refs.CorrectionsMean(c.scores[refs.Name])
			if n < 2000 {
				t.Fatalf("%s: %d human corrections, want over 2,000", refs.Name, n)
			}
			for i, sys := range systems {
				if means[i] >= corr {
					t.Errorf("%s %s: %s's mean overall %.3f not below the human corrections' %.3f", name, c.form, sys, means[i], corr)
				}
			}
		}
	}
}

// TestSuiteCacheKey: the evidence cache is keyed by what the evidence is,
// not only by the features' names, so an extractor that computes a feature
// differently (here, without its language model) does not read it.
func TestSuiteCacheKey(t *testing.T) {
	x, err := EnglishExtractor()
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Fields("She go to the market every mornings .")
	set := &SuiteSet{PrefSet: &PrefSet{Name: "probe", Outputs: []PrefOutput{
		{Item: "1", Source: src, Output: strings.Fields("She goes to the market every morning ."), Refs: [][]string{strings.Fields("She goes to the market each morning .")}},
	}}, Refs: true}
	a, b := suiteCacheKey([]*SuiteSet{set}, x), suiteCacheKey([]*SuiteSet{set}, x)
	if !slices.Equal(a, b) {
		t.Fatal("the same sets and extractor give two keys")
	}
	noLM := *x
	noLM.LM = nil
	if slices.Equal(a, suiteCacheKey([]*SuiteSet{set}, &noLM)) {
		t.Error("an extractor without its language model gives the same cache key")
	}
}
