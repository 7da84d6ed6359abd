package report

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

func TestReliability(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		name      string
		pred, obs []float64
		bins      int
		want      []Bin
	}{
		{"two bins", []float64{4, 1, 3, 2}, []float64{4, 1, 2, 2}, 2, []Bin{
			{N: 2, Predicted: 1.5, Observed: 1.5, StdErr: 0.5},
			{N: 2, Predicted: 3.5, Observed: 3, StdErr: 1},
		}},
		{"more bins than units", []float64{2, 1}, []float64{3, 1}, 5, []Bin{
			{N: 1, Predicted: 1, Observed: 1}, {N: 1, Predicted: 2, Observed: 3},
		}},
		{"NaN left out", []float64{1, nan, 3}, []float64{1, 2, nan}, 1, []Bin{{N: 1, Predicted: 1, Observed: 1}}},
		{"uneven", []float64{1, 2, 3}, []float64{1, 2, 3}, 2, []Bin{
			{N: 1, Predicted: 1, Observed: 1}, {N: 2, Predicted: 2.5, Observed: 2.5, StdErr: 0.5},
		}},
		{"empty", nil, nil, 3, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Reliability(c.pred, c.obs, c.bins)
			if len(got) != len(c.want) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
			for i := range got {
				g, w := got[i], c.want[i]
				if g.N != w.N || math.Abs(g.Predicted-w.Predicted) > 1e-12 || math.Abs(g.Observed-w.Observed) > 1e-12 || math.Abs(g.StdErr-w.StdErr) > 1e-12 {
					t.Errorf("bin %d = %+v, want %+v", i, g, w)
				}
			}
		})
	}
}

// synthetic returns a fitted model over units whose human means follow
// their predictions with some noise, without any data files.
func synthetic(t *testing.T) judge.Fitted {
	t.Helper()
	sc := human.Grammaticality4
	var units []calibrate.Unit
	var x [][]float64
	for i := range 120 {
		v := float64(1 + i%4)
		other := v
		if i%5 == 0 {
			other = math.Max(1, v-1)
		}
		units = append(units, calibrate.Unit{Item: string(rune('a'+i/4%26)) + string(rune('a'+i/104)), System: string(rune('A' + i%4)), Values: []float64{v, other}})
		x = append(x, []float64{v + float64(i%7)/7, float64(i % 3)})
	}
	m, cv, err := calibrate.FitModel(sc, units, x, calibrate.FitOptions{Language: "en", Form: "alone", Features: []string{"f1", "f2"}, Data: "synthetic", Target: "mean of 2"})
	if err != nil {
		t.Fatal(err)
	}
	return judge.Fitted{Lang: "en", Quantity: judge.Grammaticality, Form: evidence.FormAlone, Model: m, Units: units, CV: cv}
}

func TestWriteHTML(t *testing.T) {
	f := synthetic(t)
	tab := &judge.Table{Title: "A <table> & its note", Note: "made up", Rows: []judge.Row{{Scale: "grammaticality", Rater: "gecmetric (alone)", Validation: f.Model.CV}}}
	r := &Report{Title: "test report", Data: "synthetic", Fitted: []judge.Fitted{f, f}, Tables: []*judge.Table{tab}, HeldOut: f, HeldOutName: "itself"}
	var buf bytes.Buffer
	if err := r.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	d := xml.NewDecoder(strings.NewReader(page))
	d.Strict = true
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
	}
	for _, want := range []string{"A &lt;table&gt; &amp; its note", "en-grammaticality-alone on itself", `id="m-en-grammaticality-alone"`, "synthetic: 30 sentences, 120 outputs, 240 ratings"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(page, `src="data:image/png;base64,`); n != 6 {
		t.Errorf("%d inline plots, want 6", n)
	}
	if strings.Contains(page, "http") {
		t.Error("page refers to the outside")
	}
}

func TestPlotsArePNG(t *testing.T) {
	f := synthetic(t)
	sc, err := Scatter("s", f.Model.Values, f.Units, f.CV.Expected, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	obs := make([]float64, len(f.Units))
	for i, u := range f.Units {
		obs[i] = u.Mean()
	}
	rel, err := ReliabilityPlot("r", f.Model.Values, Reliability(f.CV.Expected, obs, 10))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{sc, rel} {
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width < 600 || cfg.Width > 606 {
			t.Errorf("plot: %v, width %d", err, cfg.Width)
		}
	}
	if _, err := ReliabilityPlot("empty", f.Model.Values, nil); err == nil {
		t.Error("no error for a plot without bins")
	}
	// The same seed gives the same picture.
	again, _ := Scatter("s", f.Model.Values, f.Units, f.CV.Expected, 0, 1)
	if !bytes.Equal(sc, again) {
		t.Error("scatter plot is not deterministic")
	}
}
