package judge

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/evidence"
	"github.com/gecmetric/gecmetric/metrics/fluency"
)

func englishExtractor(t testing.TB) *evidence.Extractor {
	fm, err := fluency.Default()
	if err != nil {
		t.Fatal(err)
	}
	return &evidence.Extractor{Lang: en.New(), Fluency: fm}
}

func TestSottanaExperiment(t *testing.T) {
	dir := testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations")
	ds, err := LoadSottana(dir)
	if err != nil {
		t.Fatal(err)
	}
	x := englishExtractor(t)
	humans := []string{}
	for _, a := range ds.Ratings.Annotators() {
		if a != "gpt4" {
			humans = append(humans, a)
		}
	}
	var report strings.Builder
	for _, scale := range []string{"semantics", "grammaticality", "overcorrection"} {
		units := calibrate.Units(ds.Ratings, scale, humans)
		sc := ds.Ratings.OnScale(scale)[0].Scale
		vals := ds.Evidence(x, units, evidence.FormReference)
		for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource} {
			names := evidence.Names(form)
			xs := make([][]float64, len(units))
			for i, v := range vals {
				xs[i] = v.Vector(names)
			}
			m, _, err := calibrate.FitModel(sc, units, xs, calibrate.FitOptions{Features: names, Form: form.String()})
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&report, "%-15s %-9s gecmetric rho %.3f [%.3f,%.3f] kL %.3f kQ %.3f\n", scale, form, m.CV.Spearman, m.CV.SpearmanLo, m.CV.SpearmanHi, m.CV.KappaLinear, m.CV.KappaQuadratic)
		}
		// GPT-4 against the same target.
		gpt := map[[2]string]float64{}
		for _, r := range ds.Ratings.OnScale(scale).By("gpt4") {
			if !r.Other {
				gpt[[2]string{r.Item, r.System}] = r.Value
			}
		}
		pred := make([]float64, len(units))
		for i, u := range units {
			v, ok := gpt[[2]string{u.Item, u.System}]
			if !ok {
				v = math.NaN()
			}
			pred[i] = v
		}
		g := calibrate.Validate(pred, nil, units, sc.Values(), 1)
		fmt.Fprintf(&report, "%-15s %-9s GPT-4     rho %.3f [%.3f,%.3f] kL %.3f kQ %.3f\n", scale, "", g.Spearman, g.SpearmanLo, g.SpearmanHi, g.KappaLinear, g.KappaQuadratic)
	}
	t.Log("\n" + report.String())
}
