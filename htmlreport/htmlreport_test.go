package htmlreport

import (
	"bytes"
	"encoding/base64"
	"html"
	"image/png"
	"regexp"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/agreement"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/compare"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/significance"
)

// prf scores {TP, FP, FN} rows as F1.
func prf(s metrics.Stats) float64 {
	if 2*s[0]+s[1]+s[2] == 0 {
		return 0
	}
	return 2 * s[0] / (2*s[0] + s[1] + s[2])
}

// testReport compares a candidate that loses 8 of 40 true positives on
// sentences 0..7 (a significant drop) with a baseline.
func testReport(t testing.TB) *compare.Report {
	t.Helper()
	const n = 40
	mk := func(name string, worse bool) *compare.System {
		s := &compare.System{Name: name, TypeScore: prf, Types: errant.NewTypeRows()}
		c := metrics.NewCorpus("m2", 3, prf)
		for i := range n {
			row := metrics.Stats{1, 0, 0}
			types := map[string]errant.Counts{"R:VERB:SVA": {TP: 1, FP: 0, FN: 0}}
			line := "He goes to school ."
			if worse && i < 8 {
				row = metrics.Stats{0, 1, 1}
				types = map[string]errant.Counts{"R:VERB:SVA": {TP: 0, FP: 1, FN: 1}}
				line = "He go to school <now> ."
			}
			c.Add(row)
			s.Types.Add(types)
			s.Lines = append(s.Lines, line)
		}
		s.Corpora = []*metrics.Corpus{c}
		return s
	}
	rep, err := compare.Run(mk("base.txt", false), []*compare.System{mk("cand.txt", true)},
		compare.Options{Options: compareSeed(), Show: 2})
	if err != nil {
		t.Fatal(err)
	}
	rep.Signature = "test-signature"
	return rep
}

// images returns the decoded size of every embedded PNG of a page.
func images(t *testing.T, page string) [][2]int {
	t.Helper()
	var sizes [][2]int
	for _, m := range regexp.MustCompile(`src="data:image/png;base64,([^"]+)"`).FindAllStringSubmatch(page, -1) {
		data, err := base64.StdEncoding.DecodeString(html.UnescapeString(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, [2]int{img.Bounds().Dx(), img.Bounds().Dy()})
	}
	return sizes
}

func TestCompare(t *testing.T) {
	rep := testReport(t)
	var a, b bytes.Buffer
	if err := Compare(&a, rep, CompareOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := Compare(&b, rep, CompareOptions{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two renderings of one report differ")
	}
	page := a.String()
	for _, want := range []string{
		"<title>gecmetric compare: candidates against base.txt</title>",
		"<h2 id=\"c1\">cand.txt: REGRESSION: m2",
		`<tr class="worse"><td class="l">m2</td><td>1.0000</td><td>0.8000</td><td>−0.2000</td>`,
		`<tr class="worse"><td class="l">R:VERB:SVA</td>`,
		"<del>goes</del> <ins>go</ins> to school <ins>&lt;now&gt;</ins> .", // escaped
		"test-signature",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if got := strings.Count(page, `<div class="sentence">`); got != 2 {
		t.Errorf("%d worst sentences shown, want 2 (Show)", got)
	}
	// Two figures (metrics, types) at 144 dpi: 7.5 in wide.
	sizes := images(t, page)
	if len(sizes) != 2 || sizes[0][0] != 1080 || sizes[1][0] != 1080 {
		t.Errorf("figures %v, want two 1080 px wide", sizes)
	}
}

func TestConfusion(t *testing.T) {
	var r agreement.Result
	src := []string{"He", "go", "to", "school", "."}
	ed := func(typ string) edits.Edit {
		return edits.Edit{OStart: 1, OEnd: 2, O: []string{"go"}, C: []string{"goes"}, Type: typ}
	}
	for range 3 {
		r.Add(src, []edits.Edit{ed("R:VERB:SVA")}, []edits.Edit{ed("R:VERB:SVA")})
	}
	r.Add(src, []edits.Edit{ed("R:MORPH")}, []edits.Edit{ed("R:VERB:SVA")})
	var b bytes.Buffer
	if err := Confusion(&b, "agreement with gold.m2", &r); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		"Type agreement on matching edits: 0.7500",
		"<tr><td class=\"l\">R:VERB:SVA</td><td>3</td><td>4</td><td>0.750</td></tr>",
		"<tr><td class=\"l\">R:VERB:SVA</td><td class=\"l\">R:MORPH</td><td>1</td>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if sizes := images(t, page); len(sizes) != 1 || sizes[0][0] <= sizes[0][1] {
		t.Errorf("heat map sizes %v, want one, wider than high", sizes)
	}
}

func TestCorrelation(t *testing.T) {
	scale := &human.Scale{Name: "grammaticality", Direction: human.HigherIsBetter}
	c := calibrate.Correlation{Scale: scale, Items: 4, Systems: 1,
		Human: []float64{1, 2, 3, 4}, Metric: []float64{0.1, 0.3, 0.5, 0.7},
		Stats: []calibrate.Statistic{{Name: "pearson", Value: 1}}}
	var b bytes.Buffer
	if err := Correlation(&b, "m", []calibrate.Correlation{c}); err != nil {
		t.Fatal(err)
	}
	page := html.UnescapeString(b.String())
	// y = -0.1 + 0.2 x exactly.
	for _, want := range []string{"least-squares line: metric = -0.1 + 0.2 × human", "<td class=\"l\">pearson</td><td>1.0000</td>", "4 units, 4 items, 1 systems"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if len(images(t, page)) != 1 {
		t.Error("want one figure")
	}
	c.Human = nil
	c.Metric = nil
	if err := Correlation(&b, "m", []calibrate.Correlation{c}); err == nil {
		t.Error("a correlation without points: no error")
	}
}

func compareSeed() significance.Options { return significance.Options{Resamples: 200, Seed: 1} }
