package judge

import (
	"bytes"
	"io"
	"io/fs"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/edits/sv"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// The tests below measure the default models on the public data and
// print the tables of the closing note; they run where ../shared is
// present, and only in the long step (GECMETRIC_LONG=1): fitting every
// model takes about 30 s of CPU, once for all of them.
var fitted = sync.OnceValues(func() ([]Fitted, error) {
	return FitDefaults(testdata.Root(), io.Discard)
})

// TestDefaultsReproducible refits every default model and compares it
// with the embedded file: the same files, and the same cross-validated
// agreement to within 0.02. (A change of the edit engine moves features
// a little; go generate ./calibrate/judge brings the embedded models back
// in line, byte for byte.)
func TestDefaultsReproducible(t *testing.T) {
	testdata.Long(t)
	testdata.Dir(t)
	all, err := fitted()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := fs.Glob(defaultModels, "models/*.json")
	if len(files) != len(all) {
		t.Errorf("%d embedded models, %d fitted", len(files), len(all))
	}
	same := 0
	noLexicon := sv.SystemLexicon().Len() == 0
	for _, f := range all {
		t.Run(f.FileName(), func(t *testing.T) {
			if f.Lang == "sv" && noLexicon {
				testdata.SkipComparison(t, "%s was fitted with Debian's Swedish word list (%s, package wswedish), which is not installed here", f.FileName(), sv.DefaultWordList)
			}
			data, err := defaultModels.ReadFile("models/" + f.FileName())
			if err != nil {
				t.Fatalf("%s: not embedded; run go generate ./calibrate/judge", f.FileName())
			}
			var buf bytes.Buffer
			if f.Ranker != nil {
				calibrate.WriteRankModel(&buf, f.Ranker)
			} else {
				calibrate.WriteModel(&buf, f.Model)
			}
			if bytes.Equal(buf.Bytes(), data) {
				same++
				return
			}
			if f.Ranker != nil {
				emb, err := calibrate.ReadRankModel(bytes.NewReader(data), f.FileName())
				if err != nil {
					t.Fatal(err)
				}
				for i, v := range f.Ranker.CV.Sets {
					if i >= len(emb.CV.Sets) || math.Abs(emb.CV.Sets[i].Accuracy-v.Accuracy) > 0.02 || !slices.Equal(emb.Features, f.Ranker.Features) {
						t.Errorf("%s: refitted CV accuracy on %s %.3f differs from the embedded model's; run go generate ./calibrate/judge", f.FileName(), v.Data, v.Accuracy)
					}
				}
				return
			}
			emb, err := calibrate.ReadModel(bytes.NewReader(data), f.FileName())
			if err != nil {
				t.Fatal(err)
			}
			if d := math.Abs(emb.CV.Spearman - f.Model.CV.Spearman); d > 0.02 || !slices.Equal(emb.Features, f.Model.Features) {
				t.Errorf("%s: refitted CV Spearman %.3f, embedded %.3f; run go generate ./calibrate/judge", f.FileName(), f.Model.CV.Spearman, emb.CV.Spearman)
			}
		})
	}
	t.Logf("%d of %d refitted models identical to the embedded ones", same, len(all))
}

// TestSottanaVersusGPT4 compares the cross-validated agreement of each
// seed-000 model with the mean of the three humans against GPT-4's
// agreement with the same mean, from the same files.
func TestSottanaVersusGPT4(t *testing.T) {
	testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations")
	tab, err := SottanaVersusGPT4(fittedAll(t), testdata.Root())
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range sottanaScales {
		cv, ok1 := tab.Find(q.scale, "gecmetric (reference)")
		g, ok2 := tab.Find(q.scale, "GPT-4")
		if !ok1 || !ok2 {
			t.Fatalf("%s: rows missing from the table", q.scale)
		}
		if cv.Spearman < g.Spearman || cv.KappaLinear < g.KappaLinear || cv.KappaQuadratic < g.KappaQuadratic {
			t.Errorf("%s: gecmetric %+v below GPT-4 %+v", q.scale, cv.Validation, g.Validation)
		}
	}
	logTable(t, tab)
}

func fittedAll(t *testing.T) []Fitted {
	t.Helper()
	testdata.Long(t)
	testdata.Dir(t)
	all, err := fitted()
	if err != nil {
		t.Fatal(err)
	}
	return all
}

func logTable(t *testing.T, tab *Table) {
	var b strings.Builder
	tab.WriteText(&b)
	t.Log("\n" + b.String())
}

// TestSwedishVersusHumans compares the weighted kappa of the predicted
// labels with the main rater's against the second rater's kappa with her
// on the doubly annotated outputs.
func TestSwedishVersusHumans(t *testing.T) {
	testdata.Dir(t, "swedish-gec-evaluation")
	tab, err := SwedishVersusHumans(fittedAll(t), testdata.Root())
	if err != nil {
		t.Fatal(err)
	}
	for _, scale := range []string{Grammaticality, Fluency, Meaning} {
		r, ok := tab.Find(scale, "gecmetric, all outputs")
		if !ok {
			t.Fatalf("%s: row missing", scale)
		}
		if r.KappaQuadratic < 0.4 {
			t.Errorf("%s: quadratic kappa %.3f, measured at 0.45 or more when written", scale, r.KappaQuadratic)
		}
	}
	logTable(t, tab)
}

// TestRemainingErrorsSwedish correlates the estimated remaining errors
// with the number of edits from each output to the main rater's post-edit.
func TestRemainingErrorsSwedish(t *testing.T) {
	tab, err := RemainingVersusPostEdits(fittedAll(t))
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := tab.Find("reference", "gecmetric"); !ok || r.Spearman < 0.6 {
		t.Errorf("reference form: Spearman %.3f, measured at 0.67 when written", r.Spearman)
	}
	logTable(t, tab)
}

// TestGUGHeldOut fits on GUG's train split (the default model) and reports
// on its test split against the crowd average.
func TestGUGHeldOut(t *testing.T) {
	testdata.Dir(t, "gug", "gug_annotations.tsv")
	tab, held, err := GUGHeldOut(fittedAll(t), testdata.Root())
	if err != nil {
		t.Fatal(err)
	}
	if len(held.Units) != len(held.CV.Expected) || len(held.Units) == 0 {
		t.Errorf("held-out predictions: %d units, %d predictions", len(held.Units), len(held.CV.Expected))
	}
	if v := tab.Rows[0]; v.Pearson < 0.35 {
		t.Errorf("Pearson %.3f, measured at 0.4 or more when written", v.Pearson)
	}
	logTable(t, tab)
}

// TestSystemLevel ranks the systems of the Sottana and Swedish sets by
// their mean cross-validated prediction and by their human mean.
func TestSystemLevel(t *testing.T) {
	tab, err := SystemLevel(fittedAll(t))
	if err != nil {
		t.Fatal(err)
	}
	// A floor is the Spearman measured when the test was written less one
	// step of the statistic: with four systems (en) Spearman moves in
	// steps of 0.2, with five (sv) in steps of 0.1, and one swapped
	// adjacent pair is one step.
	floors := map[string]float64{
		"en " + Semantics5:     0.6, // measured 0.80
		"en " + ErrorCount3:    0.2, // measured 0.40
		"en " + Overcorrection: 0.6, // measured 0.80
		"sv " + Grammaticality: 0.8, // measured 0.90
		"sv " + Fluency:        0.8, // measured 0.90
		"sv " + Meaning:        0.6, // measured 0.70
	}
	if len(tab.Rows) != len(floors) {
		t.Errorf("%d rows, want %d", len(tab.Rows), len(floors))
	}
	for _, r := range tab.Rows {
		floor, ok := floors[r.Scale]
		if !ok {
			t.Errorf("unexpected row %q", r.Scale)
			continue
		}
		if r.Spearman < floor-1e-9 {
			t.Errorf("%s: system-level Spearman %.3f", r.Scale, r.Spearman)
		}
	}
	logTable(t, tab)
}

// TestPreferencesMustShow checks the judge v3 figures of issue 22 from
// the cross-validated scores of the default fit (in-domain: every data set
// in training, folds by source sentence; TestSuiteLeaveOneSetOut has the
// left-out figures): with references the overall score orders human
// preferences better than every single metric on GJG15 and GMEG's
// learner essays; TMU-GFM's meaning ratings and the Swedish rater's
// preferences are ordered well. Floors sit below the measured values (in
// the comments) by about 0.02.
func TestPreferencesMustShow(t *testing.T) {
	testdata.Dir(t, "gjg15")
	tab := PreferenceTable(fittedAll(t))
	var buf bytes.Buffer
	tab.WriteText(&buf)
	t.Log("\n" + buf.String())
	acc := func(set, scorer string) float64 {
		t.Helper()
		r, ok := tab.Find(set, scorer)
		if !ok {
			t.Fatalf("no row %q / %q", set, scorer)
		}
		return r.Accuracy
	}
	for _, set := range []string{"gjg15", "gmeg-fce"} {
		j := acc(set, "judge overall (reference)")
		for _, m := range singleMetrics {
			if v := acc(set, m.name); j < v {
				t.Errorf("%s: judge overall %.3f below %s %.3f", set, j, m.name, v)
			}
		}
	}
	for _, c := range []struct {
		set, scorer string
		floor       float64
	}{
		{"gjg15", "judge overall (reference)", 0.67},                                   // measured 0.699
		{"gmeg-fce", "judge overall (reference)", 0.79},                                // measured 0.815
		{"conll14 refs over input", "judge overall (source)", 0.92},                    // measured 0.942
		{"tmu-gfm meaning ratings (same source)", "judge meaning (source)", 0.75},      // measured 0.772
		{"swedish2024 (G, F, M of the main rater)", "judge overall (reference)", 0.89}, // measured 0.915
	} {
		if v := acc(c.set, c.scorer); v < c.floor {
			t.Errorf("%s, %s: %.3f below the floor %.2f", c.set, c.scorer, v, c.floor)
		}
	}
}
