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
	"github.com/gecmetric/gecmetric/calibrate/judge"
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

// testJudgeReport is a judge report of the unchanged input and two
// systems on two quantities: "good" better than the input on both, "bad"
// worse on grammaticality and with more over-correction, one sentence
// pulling it down.
func testJudgeReport() *judge.Report {
	g := judge.Scale{Quantity: judge.Grammaticality, Low: 1, High: 4, Labels: []string{"Incomprehensible", "Somewhat comprehensible", "Comprehensible", "Perfect"},
		Values: []float64{1, 2, 3, 4}, HigherIsBetter: true, Models: []string{"en-grammaticality-alone.json"}}
	oc := judge.Scale{Quantity: judge.Overcorrection, Low: 0, High: 3, Labels: []string{"No", "Minor", "Moderate", "Substantial"},
		Values: []float64{0, 1, 2, 3}, Models: []string{"en-overcorrection-reference.json"}}
	ov := judge.Scale{Quantity: judge.Overall, Low: 0, High: 1, HigherIsBetter: true, Models: []string{"en-overall-reference.json"}}
	m := func(mean, lo, hi float64) judge.Mean { return judge.Mean{Mean: mean, CI: [2]float64{lo, hi}} }
	shares := func(counts ...int) []judge.LabelShare {
		var out []judge.LabelShare
		labels := []string{"Incomprehensible", "Somewhat comprehensible", "Comprehensible", "Perfect"}
		for k, c := range counts {
			out = append(out, judge.LabelShare{Label: labels[k], Count: c, Share: float64(c) / 10, CI: [2]float64{max(0, float64(c)/10-0.1), min(1, float64(c)/10+0.1)}})
		}
		return out
	}
	in := judge.Judgement{Grammaticality: 3.1, Overcorrection: 0.1, Overall: 0.6, Labels: map[string]string{judge.Grammaticality: "Comprehensible"}}
	bad := judge.Judgement{Grammaticality: 2.2, Overcorrection: 1.4, Overall: 0.2, Labels: map[string]string{judge.Grammaticality: "Somewhat comprehensible"}}
	return &judge.Report{
		Signature: "judge:en|models:0123456789ab|evidence:reference|refs:1|bootstrap:poisson,n=1000,seed=1", Language: "en", Sentences: 10,
		Evidence: []judge.EvidenceCount{{Form: "reference", Sentences: 10, MinRefs: 1, MaxRefs: 1}},
		Scales:   []judge.Scale{g, oc, ov}, Models: []judge.ModelInfo{{Name: "en-grammaticality-alone.json", Quantity: "grammaticality", Form: "alone", Embedded: true, SHA256: "abcdefabcdef"}},
		ModelsHash: "0123456789ab", Resamples: 1000, Seed: 1,
		Systems: []judge.SystemSummary{
			{Name: judge.InputName, Input: true, Sentences: 10,
				Scores:  map[string]judge.Mean{judge.Grammaticality: m(3.1, 3.0, 3.2), judge.Overcorrection: m(0.1, 0.05, 0.15), judge.Overall: m(0.6, 0.5, 0.7)},
				VsInput: map[string]judge.Mean{judge.Grammaticality: m(0, 0, 0), judge.Overcorrection: m(0, 0, 0), judge.Overall: m(0, 0, 0)},
				Labels:  map[string][]judge.LabelShare{judge.Grammaticality: shares(0, 1, 8, 1)}},
			{Name: "good", Sentences: 10,
				Scores: map[string]judge.Mean{judge.Grammaticality: {Mean: 3.5, CI: [2]float64{3.4, 3.6}, SD: 0.25}, judge.Overcorrection: m(0.1, 0.05, 0.15), judge.Overall: m(0.7, 0.6, 0.8)},
				OverallBins: []judge.Bin{{Lo: 0, Hi: 0.1}, {Lo: 0.1, Hi: 0.2}, {Lo: 0.2, Hi: 0.3}, {Lo: 0.3, Hi: 0.4}, {Lo: 0.4, Hi: 0.5},
					{Lo: 0.5, Hi: 0.6, Count: 3, Share: 0.3}, {Lo: 0.6, Hi: 0.7}, {Lo: 0.7, Hi: 0.8, Count: 3, Share: 0.3}, {Lo: 0.8, Hi: 0.9}, {Lo: 0.9, Hi: 1, Count: 4, Share: 0.4}},
				VsInput: map[string]judge.Mean{judge.Grammaticality: m(0.4, 0.3, 0.5), judge.Overcorrection: m(0, -0.02, 0.02), judge.Overall: m(0.1, 0.05, 0.15)},
				Labels:  map[string][]judge.LabelShare{judge.Grammaticality: shares(0, 0, 5, 5)}},
			{Name: "bad <b>", Sentences: 10,
				Scores:  map[string]judge.Mean{judge.Grammaticality: m(2.9, 2.8, 3.0), judge.Overcorrection: m(0.4, 0.3, 0.5), judge.Overall: m(0.5, 0.4, 0.6)},
				VsInput: map[string]judge.Mean{judge.Grammaticality: m(-0.2, -0.3, -0.1), judge.Overcorrection: m(0.3, 0.2, 0.4), judge.Overall: m(-0.1, -0.15, -0.05)},
				Labels:  map[string][]judge.LabelShare{judge.Grammaticality: shares(1, 2, 7, 0)},
				Worst: []judge.WorstSentence{{Line: 4, Delta: -0.4, Source: "He go to school .", Output: "He go school <now> .", Refs: []string{"He goes to school ."},
					Judgement: bad, InputJudgement: &in}}},
		},
	}
}

func TestJudge(t *testing.T) {
	rep := testJudgeReport()
	var a, b bytes.Buffer
	if err := Judge(&a, rep); err != nil {
		t.Fatal(err)
	}
	if err := Judge(&b, rep); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two renderings of one report differ")
	}
	page := a.String()
	plain := html.UnescapeString(page) // html/template writes + as &#43;
	for _, want := range []string{
		"<title>gecmetric judge: 2 systems, 10 sentences</title>",
		"Evidence: the source and references (1 per sentence), all 10 sentences.",
		`<p class="sig">judge:en|models:0123456789ab|`,
		// The scales: range, ends, direction and models.
		`<tr><td class="l">grammaticality</td><td>1-4</td><td class="l">1 = Incomprehensible, 4 = Perfect</td><td class="l">higher is better</td><td class="l"></td><td class="l">en-grammaticality-alone.json</td></tr>`,
		`<tr><td class="l">overcorrection</td><td>0-3</td><td class="l">0 = No, 3 = Substantial</td><td class="l">lower is better</td>`,
		`<td class="l"><code>abcdefabcdef</code></td>`,
		// The means, the input first.
		`<tr class="input"><td class="l">(input)</td><td>10</td><td>3.100 [3.000, 3.200]</td>`,
		`<td class="l"><a href="#s2">good</a></td>`,
		// Differences coloured by the scale's direction: more
		// over-correction is worse, an interval across 0 is neither.
		`<tr><td class="l">good</td><td class="better">+0.400 [+0.300, +0.500]</td><td class="">+0.000 [−0.020, +0.020]</td><td class="better">+0.100 [+0.050, +0.150]</td></tr>`,
		`<tr><td class="l">bad &lt;b&gt;</td><td class="worse">−0.200 [−0.300, −0.100]</td><td class="worse">&#43;0.300 [&#43;0.200, &#43;0.400]</td><td class="worse">`,
		// The distribution: a segment per label with a count, worst label
		// first, its share as the width.
		`<h3>grammaticality 1-4 (1 = Incomprehensible, 4 = Perfect), higher is better</h3>`,
		`<span class="lab4" style="width: 50.000%" title="Perfect: 50.0% [40.0, 60.0] (5 outputs)">50%</span>`,
		`<span class="lab0" style="width: 10.000%" title="Incomprehensible: 10.0% [0.0, 20.0] (1 outputs)">10%</span>`,
		// The sentence that pulls "bad" down, escaped, with its diff.
		`<h2 id="s3">bad &lt;b&gt;: the sentences that pull it down</h2>`,
		`<b>line 4</b>: overall 0.200, 0.400 below the unchanged input&#39;s 0.600`,
		`<div class="words">He go <del>to</del> school <ins>&lt;now&gt;</ins> .</div>`,
		`<div class="ref">reference: He goes to school .</div>`,
		`grammaticality 2.200 “Somewhat comprehensible” (input 3.100 “Comprehensible”)`,
		// The spread, and the overall scores in tenths, red to green.
		`<tr><td class="l">good</td><td>0.250</td><td>0.000</td><td>0.000</td></tr>`,
		`<h3>overall 0-1, higher is better: the outputs in each tenth of the scale</h3>`,
		`<span class="lab2" style="width: 30.000%" title="0.5-0.6: 30.0% (3 outputs)">30%</span><span class="lab3" style="width: 30.000%" title="0.7-0.8: 30.0% (3 outputs)">30%</span><span class="lab4" style="width: 40.000%" title="0.9-1: 40.0% (4 outputs)">40%</span>`,
	} {
		if !strings.Contains(page, want) && !strings.Contains(plain, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page, `<h2 id="s1">`) {
		t.Error("a section of sentences that pull the input down")
	}
	if !strings.Contains(page, `<h2 id="s2">good: the sentences that pull it down</h2>`+"\n"+`<p class="note">No sentence scores below`) {
		t.Error("good: no note that nothing pulls it down")
	}
	// A figure per quantity of differences: 7.5 in wide at 144 dpi.
	sizes := images(t, page)
	if len(sizes) != 3 || sizes[0][0] != 1080 {
		t.Errorf("figures %v, want three 1080 px wide", sizes)
	}

	// Without an input: no differences, no figures, the lowest sentences.
	rep.Systems = rep.Systems[1:]
	for k := range rep.Systems {
		rep.Systems[k].VsInput = nil
		for w := range rep.Systems[k].Worst {
			rep.Systems[k].Worst[w].InputJudgement = nil
			rep.Systems[k].Worst[w].Delta = 0.2
		}
	}
	var c bytes.Buffer
	if err := Judge(&c, rep); err != nil {
		t.Fatal(err)
	}
	page = c.String()
	if strings.Contains(page, "Difference from the unchanged input") || len(images(t, page)) != 0 || !strings.Contains(page, "<b>line 4</b>: overall 0.200</div>") ||
		!strings.Contains(page, "sentences of lowest overall score (no unchanged input to compare with)") {
		t.Errorf("page without an input:\n%s", page)
	}
}
