package judge

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/ordinal"
)

// readEmbedded reads one embedded model.
func readEmbedded(t *testing.T, name string) *calibrate.Model {
	t.Helper()
	f, err := defaultModels.Open("models/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := calibrate.ReadModel(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestEmbeddedModelsCheck: every embedded model passes the checks that
// user models get, so that the checks refuse nothing the judge ships.
func TestEmbeddedModelsCheck(t *testing.T) {
	names, _ := fs.Glob(defaultModels, "models/*.json")
	n := 0
	for _, p := range names {
		name := strings.TrimPrefix(p, "models/")
		if strings.Contains(name, "-overall-") {
			continue // rank models
		}
		n++
		if err := CheckModel(readEmbedded(t, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if n < 20 {
		t.Errorf("%d embedded models checked, want at least 20", n)
	}
}

// TestHostileModelFiles are the audit's model files: each was accepted
// silently (a misspelt feature gave null values labelled
// "Incomprehensible" on every line, exit 0). Each is now refused when it
// is read, naming the field.
func TestHostileModelFiles(t *testing.T) {
	// A small model of the judge's shape, written here so that a refit of
	// the embedded models changes no expected message.
	valid := func() *calibrate.Model {
		return &calibrate.Model{
			Scale: "semantics", Labels: []string{"1", "2", "3", "4", "5"}, Values: []float64{1, 2, 3, 4, 5},
			Language: "en", Form: "source", Features: []string{"oc.edits", "oc.edit_rate", "oc.ter"},
			Ordinal: &ordinal.Model{Labels: 5, Mean: []float64{1, 0.1, 0.2}, Scale: []float64{1, 0.5, 0.3},
				Coef: []float64{0.5, -0.3, 0.2}, Cuts: []float64{-2, -1, 0, 1}},
			Thresholds: []float64{1.5, 2.5, 3.5, 4.5},
		}
	}
	encode := func(m *calibrate.Model) []byte {
		var b bytes.Buffer
		if err := calibrate.WriteModel(&b, m); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	for _, tc := range []struct {
		name   string
		mutate func(m *calibrate.Model)
		raw    func(b []byte) []byte // applied to the encoded file
		want   string                // in the error; "" for no error
		line   bool                  // the error is at the line after the first model, column 1
	}{
		{name: "as shipped"},
		{name: "byte order mark", raw: func(b []byte) []byte { return append([]byte("\xef\xbb\xbf"), b...) }},
		{name: "misspelt feature", mutate: func(m *calibrate.Model) { m.Features[0] = "oc.edtis" },
			want: `field "features": unknown feature "oc.edtis" (did you mean "oc.edits"?)`},
		{name: "unknown feature", mutate: func(m *calibrate.Model) { m.Features[1] = "vibes" },
			want: `field "features": unknown feature "vibes"`},
		{name: "feature of a richer form", mutate: func(m *calibrate.Model) { m.Features[0] = "me.chrf_ref" },
			want: `field "features": "me.chrf_ref" needs the reference form's evidence, but the model's form is source`},
		{name: "feature twice", mutate: func(m *calibrate.Model) { m.Features[1] = m.Features[0] },
			want: `field "features": feature 2 "oc.edits" is empty or repeated`},
		{name: "unknown form", mutate: func(m *calibrate.Model) { m.Form = "sauce" },
			want: `field "form": "sauce" is not an evidence form`},
		{name: "values not increasing", mutate: func(m *calibrate.Model) { m.Values[2] = m.Values[1] },
			want: `field "values": value 3 (2) after 2: want increasing values`},
		{name: "cut points out of order", mutate: func(m *calibrate.Model) { m.Ordinal.Cuts[0], m.Ordinal.Cuts[1] = m.Ordinal.Cuts[1], m.Ordinal.Cuts[0] },
			want: `field "ordinal.cuts": value 2 (-2) after -1: want increasing values`},
		{name: "thresholds reversed", mutate: func(m *calibrate.Model) { m.Thresholds[0], m.Thresholds[3] = m.Thresholds[3], m.Thresholds[0] },
			want: `field "thresholds": value 2 (2.5) after 4.5: want not decreasing values`},
		{name: "coefficient 1e308", mutate: func(m *calibrate.Model) { m.Ordinal.Coef[2] = 1e308 },
			want: `field "ordinal.coef": coefficient of oc.ter is 1e+308, want a finite number within ±1000`},
		{name: "cut point 1e308", mutate: func(m *calibrate.Model) { m.Ordinal.Cuts[3] = 1e308 },
			want: `field "ordinal.cuts": value 4 is 1e+308, want a finite number within ±1000`},
		{name: "zero standard deviation", mutate: func(m *calibrate.Model) { m.Ordinal.Scale[0] = 0 },
			want: `field "ordinal.scale": standard deviation of oc.edits is 0, want a finite number above 0`},
		{name: "a coefficient short", mutate: func(m *calibrate.Model) { m.Ordinal.Coef = m.Ordinal.Coef[1:] },
			want: `field "ordinal.coef": 2 coefficients for 3 features`},
		{name: "thresholds equal (a label never predicted)", mutate: func(m *calibrate.Model) { m.Thresholds[1] = m.Thresholds[0] }},
		{name: "labels of no judged scale", mutate: func(m *calibrate.Model) { m.Labels[0] = "one" },
			want: `fields "scale" and "labels": judge: scale "semantics" with labels [one, 2, 3, 4, 5] is not a judged scale`},
		{name: "second model in one file", raw: func(b []byte) []byte { return append(b, b...) },
			want: `text after the model: a model file holds one model`, line: true},
		{name: "trailing comma", raw: func(b []byte) []byte { return append(b, ',') },
			want: `text after the model`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := valid()
			if tc.mutate != nil {
				tc.mutate(m)
			}
			b := encode(m)
			if tc.raw != nil {
				b = tc.raw(b)
			}
			got, err := calibrate.ReadModel(bytes.NewReader(b), "bad.json")
			if err == nil {
				err = CheckModel(got)
			}
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("error %v\nwant it to contain %s", err, tc.want)
			}
			if at := fmt.Sprintf("bad.json:%d:1: ", bytes.Count(encode(m), []byte("\n"))+1); tc.line && (err == nil || !strings.HasPrefix(err.Error(), at)) {
				t.Errorf("error %v, want it at %s", err, at)
			}
			if tc.want != "" && err != nil && !strings.Contains(err.Error(), "bad.json") && !strings.HasPrefix(err.Error(), "field") {
				t.Errorf("error %v names neither the file nor the field", err)
			}
		})
	}
}
