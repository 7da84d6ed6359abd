package judge

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/edits/sv"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

func TestSwedishExperiment(t *testing.T) {
	root := testdata.Dir(t, "swedish-gec-evaluation")
	ds, err := LoadSwedish(filepath.Join(root, "annotations"), filepath.Join(root, "data", "balanced_test"))
	if err != nil {
		t.Fatal(err)
	}
	x := &evidence.Extractor{Lang: sv.New()}
	var report strings.Builder
	for _, scale := range []string{"grammaticality", "fluency", "meaning"} {
		units := calibrate.Units(ds.Ratings, scale, []string{"katarina"})
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
			fmt.Fprintf(&report, "%-15s %-9s n %d rho %.3f [%.3f,%.3f] kL %.3f kQ %.3f\n", scale, form, m.CV.N, m.CV.Spearman, m.CV.SpearmanLo, m.CV.SpearmanHi, m.CV.KappaLinear, m.CV.KappaQuadratic)
		}
	}
	t.Log("\n" + report.String())
}
