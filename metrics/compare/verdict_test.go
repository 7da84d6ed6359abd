package compare

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/metrics/significance"
)

// TestReported: a metric with Reported scores is reported with them (the
// baseline, candidate and delta, and the ranking's scores), and the
// interval and p-value keep the rows' statistic, named.
func TestReported(t *testing.T) {
	base, cand, other := fixture("base", true), fixture("cand", false), fixture("other", false)
	base.Reported = map[string]float64{"edit": 0.9}
	cand.Reported = map[string]float64{"edit": 0.1}
	other.Reported = map[string]float64{"edit": 0.2}
	Tested["edit"] = "F of the summed counts"
	defer delete(Tested, "edit")
	rep, err := Run(base, []*System{cand, other}, Options{Options: significance.Options{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	r := rep.Candidates[0].Results[0]
	// The rows' F: 30/31 → 0 (TestRun); reported 0.9 → 0.1.
	if r.Baseline != 0.9 || r.Candidate != 0.1 || !near(r.Delta, -0.8) || !near(r.StatisticDelta, -30.0/31) || r.Statistic != "F of the summed counts" {
		t.Errorf("edit: %+v, want reported 0.9 → 0.1 and the tested delta -30/31, named", r)
	}
	if acc := rep.Candidates[0].Results[1]; acc.Statistic != "" || acc.Delta != -0.75 {
		t.Errorf("acc, without reported scores: %+v", acc)
	}
	scores := map[string]float64{}
	for _, s := range rep.Rankings[0].Systems {
		scores[s.Name] = s.Score
	}
	if scores["base"] != 0.9 || scores["cand"] != 0.1 || scores["other"] != 0.2 {
		t.Errorf("ranking scores %v, want the reported ones", scores)
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "(edit: baseline, candidate and delta are the official scores, as `gecmetric eval` prints them; the 95% CI, p and the sentences' impacts are of F of the summed counts, whose delta is -0.9677)") {
		t.Errorf("report does not name the tested statistic:\n%s", b.String())
	}
}

// TestVerdict: edit differs on 7 sentences, all one way (p = 2/128),
// acc on 6 (p = 2/64), see TestRun.
func TestVerdict(t *testing.T) {
	base, cand := fixture("base", true), fixture("cand", false)
	rep, err := Run(base, []*System{cand}, Options{Options: significance.Options{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "REGRESSION: cand worse than base on edit -0.9677 (p = 0.0156), acc -0.7500 (p = 0.0312) (alpha 0.05)"; rep.Verdict != want {
		t.Errorf("verdict %q, want %q", rep.Verdict, want)
	}
	rep, err = Run(base, []*System{fixture("same", true)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "PASS: same not significantly worse than base on edit, acc (alpha 0.05)"; rep.Verdict != want {
		t.Errorf("verdict %q, want %q", rep.Verdict, want)
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(b.String(), "\n"+rep.Verdict+"\n") {
		t.Errorf("text report does not end with the verdict:\n%s", b.String())
	}
}

func TestDisagreement(t *testing.T) {
	tests := []struct {
		name      string
		r         significance.Result
		alpha     float64
		want, not string
	}{
		{"agree, significant", significance.Result{Metric: "m2", Low: -0.2, High: -0.1, P: 0.01}, 0.05, "", ""},
		{"agree, not significant", significance.Result{Metric: "m2", Low: -0.2, High: 0.1, P: 0.4}, 0.05, "", ""},
		{"interval excludes 0, p does not", significance.Result{Metric: "m2", Low: -0.0446, High: -0.0001, P: 0.0599}, 0.05,
			"m2: the 95% interval [-0.0446, -0.0001] excludes 0 but p = 0.0599 is not below alpha 0.05", "whatever the alpha"},
		{"p below alpha, interval includes 0", significance.Result{Metric: "gleu", Low: -0.01, High: 0, P: 0.04}, 0.05,
			"gleu: p = 0.0400 is below alpha 0.05 but the 95% interval [-0.0100, +0.0000] includes 0", ""},
		{"another alpha", significance.Result{Metric: "m2", Low: 0.01, High: 0.02, P: 0.02}, 0.01,
			"the interval is 95% whatever the alpha (0.01)", ""},
	}
	for _, tt := range tests {
		got := disagreement(&tt.r, tt.alpha)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) || (tt.not != "" && strings.Contains(got, tt.not)) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
