package compare

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/significance"
)

func f05(s metrics.Stats) float64 {
	tp, fp, fn := s[0], s[1], s[2]
	p, r := 1.0, 1.0
	if fp != 0 {
		p = tp / (tp + fp)
	}
	if fn != 0 {
		r = tp / (tp + fn)
	}
	if p+r == 0 {
		return 0
	}
	return 1.25 * p * r / (0.25*p + r)
}

// fixture builds eight sentences. The baseline corrects "go" → "goes" (a
// true positive of R:VERB:SVA) on sentences 1-6; the candidate leaves
// sentences 1-6 alone (a false negative each) and wrongly changes
// sentence 7. Sentence 8 is the same in both.
func fixture(name string, good bool) *System {
	s := &System{Name: name, TypeScore: f05, Types: errant.NewTypeRows()}
	edit := metrics.NewCorpus("edit", 3, f05)
	var acc []float64
	for i := range 8 {
		line, row, typ := "He go home .", metrics.Stats{0, 0, 1}, map[string]errant.Counts{"R:VERB:SVA": {TP: 0, FP: 0, FN: 1}}
		var es []edits.Edit
		switch {
		case i < 6 && good:
			line, row, typ = "He goes home .", metrics.Stats{1, 0, 0}, map[string]errant.Counts{"R:VERB:SVA": {TP: 1, FP: 0, FN: 0}}
			es = []edits.Edit{{OStart: 1, OEnd: 2, O: []string{"go"}, C: []string{"goes"}, Type: "R:VERB:SVA"}}
		case i == 6 && good:
			line, row, typ = "He go home .", metrics.Stats{0, 0, 1}, map[string]errant.Counts{"R:VERB:SVA": {TP: 0, FP: 0, FN: 1}}
		case i == 6:
			line, row = "He go homes .", metrics.Stats{0, 1, 1}
			typ = map[string]errant.Counts{"R:VERB:SVA": {TP: 0, FP: 0, FN: 1}, "R:NOUN:NUM": {TP: 0, FP: 1, FN: 0}}
			es = []edits.Edit{{OStart: 2, OEnd: 3, O: []string{"home"}, C: []string{"homes"}, Type: "R:NOUN:NUM"}}
		case i == 7:
			line, row, typ = "It is .", metrics.Stats{0, 0, 0}, nil
		}
		s.Lines = append(s.Lines, line)
		edit.Add(row)
		s.Types.Add(typ)
		s.Edits = append(s.Edits, es)
		if row[0] > 0 || (row[1] == 0 && row[2] == 0) {
			acc = append(acc, 1)
		} else {
			acc = append(acc, 0)
		}
	}
	s.Corpora = []*metrics.Corpus{edit, MeanCorpus("acc", acc)}
	return s
}

func TestRun(t *testing.T) {
	base, cand := fixture("base", true), fixture("cand", false)
	rep, err := Run(base, []*System{cand}, Options{Show: 3, Options: significance.Options{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Candidates[0]
	// Baseline: TP 6, FP 0, FN 1 → P 1, R 6/7, F0.5 = 1.25·(6/7)/(0.25+6/7) = 30/31.
	// Candidate: TP 0, FP 1, FN 7 → F 0. Accuracy 7/8 → 1/8.
	if r := c.Results[0]; !near(r.Baseline, 30.0/31) || r.Candidate != 0 || r.Randomization.Differing != 7 {
		t.Errorf("edit metric %+v, want 30/31 → 0 over 7 differing sentences", r)
	}
	if r := c.Results[1]; r.Delta != -0.75 || r.P != 0.03125 {
		t.Errorf("acc %+v, want delta -0.75 and exact p 2/64", r)
	}
	if got := regressed(c); !slices.Equal(got, []string{"edit", "acc"}) {
		t.Errorf("regressions %v, want edit and acc", got)
	}
	if !rep.Failed() || !errors.Is(rep.Check(), ErrRegression) {
		t.Errorf("report does not fail: %v", rep.Check())
	}

	// Types: R:VERB:SVA 6/0/1 → 0/0/7, R:NOUN:NUM 0/0/0 → 0/1/0 (F 1 → 0 by
	// the P = 1, R = 1 convention when nothing is counted).
	want := map[string][2]TypeCounts{
		"R:NOUN:NUM": {{0, 0, 0, 1}, {0, 1, 0, 0}},
		"R:VERB:SVA": {{6, 0, 1, 30.0 / 31}, {0, 0, 7, 0}},
	}
	if len(c.Types) != 2 {
		t.Fatalf("types %+v", c.Types)
	}
	for _, td := range c.Types {
		w := want[td.Type]
		if td.Baseline.TP != w[0].TP || td.Baseline.FN != w[0].FN || td.Candidate.FP != w[1].FP || td.Candidate.FN != w[1].FN ||
			!near(td.Baseline.F, w[0].F) || td.Candidate.F != w[1].F {
			t.Errorf("type %s: %+v, want %+v", td.Type, td, w)
		}
	}
	// R:VERB:SVA differs on six sentences, all one way: p = 2/64, worse.
	// R:NOUN:NUM differs on one: p = 1, not flagged.
	if td := c.Types[1]; td.Type != "R:VERB:SVA" || !td.Worse || td.P != 0.03125 {
		t.Errorf("R:VERB:SVA %+v, want worse with p 0.03125", td)
	}
	if td := c.Types[0]; td.Worse || td.P != 1 {
		t.Errorf("R:NOUN:NUM %+v, want not worse, p 1", td)
	}

	// Worst sentences by the edit metric. Putting back the baseline's
	// sentence 1-6 gives the candidate TP 1, FP 1, FN 6: P 1/2, R 1/7,
	// F0.5 = 1.25·(1/14)/(1/8+1/7) = 1/3 → impact −1/3.
	// Sentence 7 back gives TP 0, FP 0, FN 7: F = 0 → impact 0, not listed.
	if len(c.Worst) != 3 {
		t.Fatalf("worst %+v, want 3 (Show)", c.Worst)
	}
	s := c.Worst[0]
	if s.Line != 1 || !near(s.Impact[0], -1.0/3) || s.Impact[1] != -0.125 {
		t.Errorf("worst[0] line %d impact %v, want line 1, [-1/3 -0.125]", s.Line, s.Impact)
	}
	wantDiff := "--- base\n+++ cand\n@@ -1 +1 @@\n-He goes home .\n+He go home .\n"
	if s.Diff != wantDiff || s.Words != "He [-goes-] {+go+} home ." {
		t.Errorf("diff %q words %q", s.Diff, s.Words)
	}
	if len(s.BaselineOnly) != 1 || s.BaselineOnly[0].String() != "1:2 go → goes (R:VERB:SVA)" || s.CandidateOnly != nil {
		t.Errorf("edits only in one: %v / %v", s.BaselineOnly, s.CandidateOnly)
	}
	if c.Worst[1].Line != 2 || c.Worst[2].Line != 3 {
		t.Errorf("worst lines %d, %d; want 2, 3", c.Worst[1].Line, c.Worst[2].Line)
	}

	// By accuracy, sentence 7 is wrong in both (impact 0): six sentences.
	rep2, _ := Run(base, []*System{cand}, Options{Show: -1, WorstBy: "acc"})
	if n := len(rep2.Candidates[0].Worst); n != 6 {
		t.Errorf("all worse sentences by acc: %d, want 6", n)
	}
}

func regressed(c *Candidate) []string {
	var out []string
	for _, r := range c.Regressions {
		out = append(out, r.Metric)
	}
	return out
}

func near(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }

func TestReverseAndIdentical(t *testing.T) {
	good, bad := fixture("good", true), fixture("bad", false)
	rep, err := Run(bad, []*System{good}, Options{Show: 5})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed() || len(rep.Candidates[0].Worst) != 0 {
		t.Errorf("improvement reported as regression: %v, worst %v", rep.Regressions(), rep.Candidates[0].Worst)
	}
	same, err := Run(good, []*System{fixture("good", true)}, Options{Show: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range same.Candidates[0].Results {
		if r.Delta != 0 || r.P != 1 || r.Low != 0 || r.High != 0 {
			t.Errorf("identical %s: %+v", r.Metric, r)
		}
	}
	if same.Failed() || len(same.Candidates[0].Worst) != 0 {
		t.Errorf("identical systems fail")
	}
}

func TestMaxDrop(t *testing.T) {
	base, cand := fixture("base", true), fixture("cand", false)
	rep, err := Run(base, []*System{cand}, Options{Gate: significance.Gate{MaxDrop: map[string]float64{"acc": 0.8, "edit": 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed() {
		t.Errorf("drops within tolerance fail: %v", rep.Regressions())
	}
}

func TestSeveralCandidates(t *testing.T) {
	base := fixture("base", true)
	rep, err := Run(base, []*System{fixture("cand", false), fixture("twin", true)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rankings) != 2 {
		t.Fatalf("%d rankings, want one per metric", len(rep.Rankings))
	}
	rk := rep.Rankings[1] // acc: base 7/8 = twin 7/8 > cand 1/8
	got := []significance.Ranked{}
	got = append(got, rk.Systems...)
	want := []significance.Ranked{
		{Name: "base", Score: 0.875, Rank: 1, Group: 1},
		{Name: "twin", Score: 0.875, Rank: 2, Group: 1},
		{Name: "cand", Score: 0.125, Rank: 3, Group: 2},
	}
	if !slices.Equal(got, want) {
		t.Errorf("ranking %+v, want %+v", got, want)
	}
	if regs := rep.Regressions(); len(regs) != 2 || !strings.HasPrefix(regs[0], "cand: edit dropped") {
		t.Errorf("regressions %q", regs)
	}
}

func TestWriters(t *testing.T) {
	rep, err := Run(fixture("base", true), []*System{fixture("cand", false)}, Options{Show: 1})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"cand against base", "REGRESSION", "*R:VERB:SVA", "@@ -1 +1 @@", "only base: 1:2 go → goes (R:VERB:SVA)"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text output lacks %q:\n%s", want, text.String())
		}
	}
	var junit bytes.Buffer
	if err := rep.WriteJUnit(&junit); err != nil {
		t.Fatal(err)
	}
	var parsed junitSuites
	if err := xml.Unmarshal(junit.Bytes(), &parsed); err != nil {
		t.Fatalf("JUnit XML does not parse: %v\n%s", err, junit.String())
	}
	if parsed.Tests != 2 || parsed.Failures != 2 || parsed.Suites[0].Cases[0].Failure == nil ||
		!strings.Contains(parsed.Suites[0].Cases[0].Failure.Message, "edit dropped") {
		t.Errorf("JUnit %+v", parsed)
	}
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(js, &back); err != nil || back["baseline"] != "base" {
		t.Errorf("JSON round trip: %v %v", err, back["baseline"])
	}
}

func TestRunErrors(t *testing.T) {
	base := fixture("base", true)
	short := fixture("short", false)
	short.Lines = short.Lines[:7]
	other := fixture("other", false)
	other.Corpora[0] = MeanCorpus("x", make([]float64, 8))
	for name, tc := range map[string]struct {
		cands []*System
		opt   Options
	}{
		"no candidate":  {nil, Options{}},
		"line count":    {[]*System{short}, Options{}},
		"metric order":  {[]*System{other}, Options{}},
		"unknown order": {[]*System{fixture("c", false)}, Options{WorstBy: "bleu"}},
	} {
		if _, err := Run(base, tc.cands, tc.opt); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
