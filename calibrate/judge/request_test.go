package judge

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/usage"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

func TestFitRequestCheck(t *testing.T) {
	ok := FitRequest{Human: human.Selection{Scales: []string{"grammaticality"}}, Language: "sv", Options: calibrate.FitOptions{Folds: 10}}
	for _, tc := range []struct {
		name string
		edit func(*FitRequest)
		form evidence.Form
		err  string
	}{
		{"source by default", func(*FitRequest) {}, evidence.FormSource, ""},
		{"reference with a reference system", func(r *FitRequest) { r.RefSystem = "gold" }, evidence.FormReference, ""},
		{"alone", func(r *FitRequest) { r.Form = "alone" }, evidence.FormAlone, ""},
		{"no scale", func(r *FitRequest) { r.Human.Scales = nil }, 0, "calibrate fit needs exactly one --scale (got 0)"},
		{"two scales", func(r *FitRequest) { r.Human.Scales = []string{"a", "b"} }, 0, "calibrate fit needs exactly one --scale (got 2)"},
		{"bad form", func(r *FitRequest) { r.Form = "both" }, 0, `--form "both": want reference, source or alone`},
		{"reference without system", func(r *FitRequest) { r.Form = "reference" }, 0, "--form reference needs --ref-system"},
		{"one fold", func(r *FitRequest) { r.Options.Folds = 1 }, 0, "--folds 1: need at least 2"},
		{"language", func(r *FitRequest) { r.Language = "de" }, 0, `--lang "de": judge models exist for en and sv`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ok
			tc.edit(&r)
			err := r.Check()
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) || !usage.Is(err) {
					t.Fatalf("Check() = %v, want a usage error starting %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f, _ := r.EvidenceForm(); f != tc.form {
				t.Errorf("form %v, want %v", f, tc.form)
			}
		})
	}
}

// The references are every output of the reference system, rated or not
// (the "gold" rows have no rating); a system without outputs is a usage
// error naming those with outputs.
func TestFitRequestedReferenceSystem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.csv")
	rows := "item,system,annotator,source,output,g\n"
	for i, s := range []struct{ src, good, gold string }{
		{"Jag gå hem .", "Jag går hem .", "Jag gick hem ."},
		{"Hon har en katter .", "Hon har en katt .", "Hon har en katt ."},
		{"Vi är glad .", "Vi är glada .", "Vi var glada ."},
		{"Det var en stor hus .", "Det var ett stort hus .", "Det var ett stort hus ."},
	} {
		rows += fmt.Sprintf("%d,gold,,%s,%s,\n", i+1, s.src, s.gold)
		rows += fmt.Sprintf("%d,A,x,%s,%s,4\n%d,B,x,%s,%s,2\n", i+1, s.src, s.good, i+1, s.src, s.src)
	}
	if err := os.WriteFile(path, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var reports []string
	progress := func(stage string, done, total int) {
		mu.Lock()
		defer mu.Unlock()
		reports = append(reports, fmt.Sprintf("%s %d/%d", stage, done, total))
	}
	for _, tc := range []struct{ ref, err string }{
		{"gold", ""},
		{"silver", "--ref-system silver: no outputs of that system in " + path + " (systems with outputs: A, B, gold)"},
	} {
		f, err := FitRequested(FitRequest{
			Human: human.Selection{Path: path, Format: "csv", Scales: []string{"grammaticality"},
				Columns: human.RatingTable{Item: "item", System: "system", Annotator: "annotator", Source: "source", Output: "output"},
				Ratings: []string{"g=swedish/grammaticality"}},
			Language: "sv", RefSystem: tc.ref, Options: calibrate.FitOptions{Folds: 2}, Progress: progress,
		})
		if tc.err != "" {
			if err == nil || !usage.Is(err) || err.Error() != tc.err {
				t.Errorf("%s: got %v, want the usage error %q", tc.ref, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.ref, err)
		}
		if tr := f.Model.Training; tr.Units != 8 || tr.Ratings != 8 {
			t.Errorf("%s: fitted on %d outputs, %d ratings; want 8 and 8 (the unrated references are not fitted)", tc.ref, tr.Units, tr.Ratings)
		}
		// Progress hears of the evidence of each of the 8 outputs.
		if len(reports) != 9 || reports[0] != "outputs 0/8" || !slices.Contains(reports, "outputs 8/8") {
			t.Errorf("%s: progress reports %v", tc.ref, reports)
		}
	}
}

func TestWriteModels(t *testing.T) {
	ms, err := Defaults("sv")
	if err != nil {
		t.Fatal(err)
	}
	q := ms.Quantities()[0]
	var fitted []Fitted
	for f, m := range ms[q] {
		fitted = append(fitted, Fitted{Lang: "sv", Quantity: q, Form: f, Model: m})
	}
	dir := filepath.Join(t.TempDir(), "models")
	if err := WriteModels(dir, fitted); err != nil {
		t.Fatal(err)
	}
	got, err := calibrate.ReadModelFile(filepath.Join(dir, fitted[0].FileName()))
	if err != nil || got.Scale != fitted[0].Model.Scale {
		t.Errorf("read back %v, %v", got, err)
	}
}
