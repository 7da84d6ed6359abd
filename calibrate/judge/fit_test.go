package judge

import (
	"io/fs"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// TestQuantityOfDefaults checks that every embedded model's scale names
// the quantity its file is filed under, so a user model of the same scale
// replaces it in gecmetric judge.
func TestQuantityOfDefaults(t *testing.T) {
	files, _ := fs.Glob(defaultModels, "models/*.json")
	if len(files) == 0 {
		t.Fatal("no embedded models")
	}
	for _, name := range files {
		_, want, _ := parseModelName(path.Base(name))
		f, _ := defaultModels.Open(name)
		if want == Overall {
			// An overall ranker has no rating scale; its file says so.
			m, err := calibrate.ReadRankModel(f, name)
			f.Close()
			if err != nil || m.Scale != Overall {
				t.Errorf("%s: %v, scale %v", name, err, m)
			}
			continue
		}
		m, err := calibrate.ReadModel(f, name)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got, err := QuantityOf(m); err != nil || got != want {
			t.Errorf("%s: QuantityOf = %q, %v; want %q", name, got, err, want)
		}
	}
}

func TestQuantityOfErrors(t *testing.T) {
	for _, c := range []struct {
		scale  string
		labels []string
		want   string
	}{
		{"fluency", []string{"terrible", "poor", "okay", "good", "excellent"}, `scale "fluency" with labels [terrible, poor, okay, good, excellent] is not a judged scale; want fluency [Extremely unnatural`},
		{"commonsense", []string{"1", "2"}, `no quantity is judged on scale "commonsense"`},
	} {
		_, err := QuantityOf(&calibrate.Model{Scale: c.scale, Labels: c.labels})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.scale, err, c.want)
		}
	}
}

func TestFitNeedsTexts(t *testing.T) {
	r := func(item, system, src, out, pos string, v float64) human.Rating {
		return human.Rating{Item: item, System: system, Annotator: "a", Source: src, Output: out, Scale: human.Grammaticality4,
			Label: "x", Value: v, Pos: pos}
	}
	x := SwedishExtractor()
	for _, c := range []struct {
		name string
		rs   human.Ratings
		ref  string
		form evidence.Form
		want string
	}{
		{"no output", human.Ratings{r("1", "s", "Jag är .", "", "f:2", 3)}, "", evidence.FormAlone, "f:2: item \"1\", system \"s\": no output text"},
		{"no source", human.Ratings{r("1", "s", "", "Jag är .", "f:3", 3)}, "", evidence.FormSource, "f:3: item \"1\", system \"s\": no source text"},
		{"no reference", human.Ratings{r("1", "ref", "Jag är .", "Jag är här .", "f:2", 4), r("2", "s", "Du är .", "Du är här .", "f:5", 3)}, "ref", evidence.FormReference, "f:5: item \"2\" has no reference"},
		{"no ratings", human.Ratings{r("1", "s", "Jag är .", "Jag är .", "f:2", 3)}, "", evidence.FormAlone, `no ratings on scale "fluency"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			ds := &Dataset{Name: "t", Language: "sv", Tokenised: true, Ratings: c.rs}
			if c.ref != "" {
				if err := ds.RefsFromSystem(c.ref); err != nil {
					t.Fatal(err)
				}
			}
			scale := "grammaticality"
			if c.name == "no ratings" {
				scale = "fluency"
			}
			_, err := Fit(ds, x, scale, nil, c.form, calibrate.FitOptions{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}

// TestFitReproducesDefaults fits, through Fit (the path of `gecmetric
// calibrate fit`), the data of two default models and expects the very
// same model: the same coefficients, thresholds and cross-validated
// agreement.
func TestFitReproducesDefaults(t *testing.T) {
	root := testdata.Dir(t)
	all := fittedAll(t)
	so, err := LoadSottana(filepath.Join(root, SottanaDir))
	if err != nil {
		t.Fatal(err)
	}
	// References from the rated gold_reference outputs, as the CLI's
	// --ref-system takes them.
	want := so.Refs
	if err := so.RefsFromSystem("gold_reference"); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(so.Refs, want) {
		t.Error("RefsFromSystem(gold_reference) differs from LoadSottana's references")
	}
	sw, err := LoadSwedish(filepath.Join(root, SwedishDir), filepath.Join(root, SwedishRefsDir))
	if err != nil {
		t.Fatal(err)
	}
	enx, err := EnglishExtractor()
	if err != nil {
		t.Fatal(err)
	}
	humans := slices.DeleteFunc(so.Ratings.Annotators(), func(a string) bool { return a == "gpt4" })
	for _, c := range []struct {
		ds         *Dataset
		x          *evidence.Extractor
		scale      string
		annotators []string
		quantity   string
	}{
		{so, enx, "overcorrection", humans, Overcorrection},
		{sw, SwedishExtractor(), "grammaticality", []string{"katarina"}, Grammaticality},
	} {
		def, err := FindFitted(all, c.ds.Language, c.quantity, evidence.FormReference)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Fit(c.ds, c.x, c.scale, c.annotators, evidence.FormReference, calibrate.FitOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Quantity != c.quantity || !slices.Equal(got.Model.Features, def.Model.Features) ||
			!reflect.DeepEqual(got.Model.Ordinal, def.Model.Ordinal) || !slices.Equal(got.Model.Thresholds, def.Model.Thresholds) || got.Model.CV != def.Model.CV {
			t.Errorf("%s %s: Fit gives CV %+v, the default %+v", c.ds.Language, c.quantity, got.Model.CV, def.Model.CV)
		}
	}
}
