package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// conll returns the paths of the CoNLL-2014 gold M2 and system outputs.
func conll(t *testing.T) (gold string, sys func(string) string) {
	t.Helper()
	dir := testdata.Dir(t, "conll14-errant")
	return filepath.Join(dir, "m2", "gold.m2"), func(s string) string { return filepath.Join(dir, "text", s+".txt") }
}

// cliMetrics are the metrics the CoNLL-2014 tests compare.
var cliMetrics = []string{"m2", "errant", "gleu"}

// compareJSON is the part of the JSON report the tests read.
type compareJSON struct {
	Signature  string `json:"signature"`
	Candidates []struct {
		Name    string `json:"name"`
		Results []struct {
			Metric    string  `json:"metric"`
			Baseline  float64 `json:"baseline"`
			Candidate float64 `json:"candidate"`
			Delta     float64 `json:"delta"`
			Low       float64 `json:"ci_low"`
			High      float64 `json:"ci_high"`
			P         float64 `json:"p"`
		} `json:"results"`
		Types []struct {
			Type  string `json:"type"`
			Worse bool   `json:"worse"`
		} `json:"types"`
		Worst []struct {
			Line int    `json:"line"`
			Diff string `json:"diff"`
		} `json:"worst"`
		Regressions []struct {
			Metric string `json:"metric"`
		} `json:"regressions"`
	} `json:"candidates"`
	Rankings []struct {
		Metric  string `json:"metric"`
		Systems []struct {
			Name  string `json:"name"`
			Rank  int    `json:"rank"`
			Group int    `json:"group"`
		} `json:"systems"`
	} `json:"rankings"`
}

func decode(t *testing.T, out string) compareJSON {
	t.Helper()
	var r compareJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	return r
}

// TestCompareCoNLL is the must-show: AMU → IITB is a regression
// (exit 1, named on stderr), IITB → AMU is not (exit 0), and a system
// compared with itself has delta 0 and p = 1.
func TestCompareCoNLL(t *testing.T) {
	gold, sys := conll(t)
	args := func(base, cand string, extra ...string) []string {
		return append([]string{"compare", "--ref", gold, "--lang", "en", "--metrics", strings.Join(cliMetrics, ","),
			"--baseline", sys(base), "--candidate", sys(cand), "--json", "--show", "3"}, extra...)
	}

	out, errOut, code := gecmetric(t, "", args("AMU", "IITB")...)
	if code != 1 {
		t.Fatalf("AMU → IITB: exit %d, want 1\nstderr: %s", code, errOut)
	}
	r := decode(t, out)
	c := r.Candidates[0]
	if len(c.Results) != len(cliMetrics) || len(c.Regressions) != len(cliMetrics) {
		t.Errorf("AMU → IITB: %d results, regressions %+v; want all of %v to regress", len(c.Results), c.Regressions, cliMetrics)
	}
	for _, m := range cliMetrics {
		if !strings.Contains(errOut, "gecmetric: regression: IITB: "+m+" dropped") {
			t.Errorf("stderr does not name the %s regression:\n%s", m, errOut)
		}
	}
	for _, res := range c.Results {
		if !(res.Delta < 0 && res.High < 0 && res.P < 0.05) {
			t.Errorf("AMU → IITB %s: delta %v, CI [%v, %v], p %v; want a significant drop", res.Metric, res.Delta, res.Low, res.High, res.P)
		}
	}
	if len(c.Worst) != 3 || !strings.HasPrefix(c.Worst[0].Diff, "--- AMU") {
		t.Errorf("worst sentences %+v", c.Worst)
	}

	out, errOut, code = gecmetric(t, "", args("IITB", "AMU")...)
	if code != 0 {
		t.Fatalf("IITB → AMU: exit %d, want 0\nstderr: %s", code, errOut)
	}
	if r := decode(t, out); len(r.Candidates[0].Regressions) != 0 || r.Candidates[0].Results[0].Delta <= 0 {
		t.Errorf("IITB → AMU: %+v", r.Candidates[0])
	}

	out, errOut, code = gecmetric(t, "", args("AMU", "AMU")...)
	if code != 0 {
		t.Fatalf("AMU → AMU: exit %d, want 0\nstderr: %s", code, errOut)
	}
	for _, res := range decode(t, out).Candidates[0].Results {
		if res.Delta != 0 || res.P != 1 || res.Low != 0 || res.High != 0 {
			t.Errorf("AMU → AMU %s: delta %v, p %v, CI [%v, %v]; want 0, 1, [0, 0]", res.Metric, res.Delta, res.P, res.Low, res.High)
		}
	}
}

// TestCompareOverall gates on the judge's overall rating alone: IITB's
// outputs are rated lower than AMU's, sentence by sentence, and the mean
// drop is significant.
func TestCompareOverall(t *testing.T) {
	gold, sys := conll(t)
	out, errOut, code := gecmetric(t, "", "compare", "--ref", gold, "--lang", "en", "--metrics", "overall",
		"--baseline", sys("AMU"), "--candidate", sys("IITB"), "--json", "--show", "0")
	if code != 1 || !strings.Contains(errOut, "gecmetric: regression: IITB: overall dropped") {
		t.Fatalf("exit %d, want 1 naming the overall regression\n%s", code, errOut)
	}
	r := decode(t, out)
	if res := r.Candidates[0].Results; len(res) != 1 || res[0].Metric != "overall" ||
		!(res[0].Baseline > 0 && res[0].Baseline < 1) || !strings.Contains(r.Signature, "overall:judge-en,mean") {
		t.Errorf("results %+v, signature %s", res, r.Signature)
	}
}

// TestCompareMaxDrop: a tolerated drop larger than the observed one passes.
func TestCompareMaxDrop(t *testing.T) {
	gold, sys := conll(t)
	_, errOut, code := gecmetric(t, "", "compare", "--ref", gold, "--lang", "en", "--metrics", "errant",
		"--baseline", sys("AMU"), "--candidate", sys("IITB"), "--max-drop", "errant=0.5", "--show", "0")
	if code != 0 {
		t.Errorf("drop within --max-drop: exit %d\n%s", code, errOut)
	}
	_, errOut, code = gecmetric(t, "", "compare", "--ref", gold, "--lang", "en", "--metrics", "errant",
		"--baseline", sys("AMU"), "--candidate", sys("IITB"), "--max-drop", "errant=0.01", "--show", "0")
	if code != 1 || !strings.Contains(errOut, "more than the tolerated 0.01") {
		t.Errorf("drop beyond --max-drop: exit %d\n%s", code, errOut)
	}
}

// TestCompareSeveral ranks the baseline and two candidates and writes JUnit.
func TestCompareSeveral(t *testing.T) {
	gold, sys := conll(t)
	junit := filepath.Join(t.TempDir(), "report.xml")
	out, errOut, code := gecmetric(t, "", "compare", "--ref", gold, "--lang", "en", "--metrics", "m2,errant",
		"--baseline", sys("CAMB"), "--candidate", sys("INPUT"), "--candidate", sys("AMU"), "--junit", junit)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (INPUT regresses)\n%s", code, errOut)
	}
	if !strings.Contains(out, "ranking by m2") || !strings.Contains(out, "INPUT against CAMB") {
		t.Errorf("text output:\n%s", out)
	}
	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
	}
	if err := xml.Unmarshal(data, &suites); err != nil || suites.Tests != 4 || suites.Failures < 2 {
		t.Errorf("JUnit: %v %+v\n%s", err, suites, data)
	}
}

func TestCompareUsage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	src := write("src.txt", "He go home .\nShe like it .\n")
	ref := write("ref.txt", "He goes home .\nShe likes it .\n")
	base := write("base.txt", "He goes home .\nShe like it .\n")
	short := write("short.txt", "He goes home .\n")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no baseline", []string{"--source", src, "--ref", ref, "--candidate", base}, "--baseline"},
		{"bad max-drop", []string{"--source", src, "--ref", ref, "--baseline", base, "--candidate", base, "--max-drop", "m2"}, "METRIC=DELTA"},
		{"negative max-drop", []string{"--source", src, "--ref", ref, "--baseline", base, "--candidate", base, "--max-drop", "m2=-1"}, "non-negative"},
		{"max-drop of a metric not compared", []string{"--source", src, "--ref", ref, "--metrics", "gleu", "--baseline", base, "--candidate", base, "--max-drop", "m2=0.1"}, "not among"},
		{"alpha", []string{"--source", src, "--ref", ref, "--baseline", base, "--candidate", base, "--alpha", "2"}, "--alpha"},
		{"line count", []string{"--source", src, "--ref", ref, "--baseline", base, "--candidate", short}, "short.txt"},
		{"overall without judge models", []string{"--source", src, "--ref", ref, "--lang", "xx", "--metrics", "overall", "--baseline", base, "--candidate", base}, "judge models exist for en and sv"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := gecmetric(t, "", append([]string{"compare"}, tc.args...)...)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, want 2 with %q in stderr:\n%s", code, tc.want, errOut)
			}
		})
	}
}

// TestCompareFlagsMatchEval keeps compare's scoring flags identical to
// eval's (name, default), since compare must score exactly as eval does.
func TestCompareFlagsMatchEval(t *testing.T) {
	e := &env{}
	evalFlags := map[string]string{}
	for _, f := range evalCommand(e).Flags {
		evalFlags[f.Names()[0]] = fmt.Sprint(f)
	}
	// eval's own: its systems and its output options (compare prints a
	// comparison, not a score table).
	own := map[string]bool{"hyp": true, "json": true, "per-sentence": true, "format": true, "score-only": true, "width": true,
		"errant-cat": true, "verbose": true, "errant-verbose": true, "very-verbose": true, "confidence": true, "confidence-n": true, "output": true}
	cmpFlags := map[string]string{}
	for _, f := range compareCommand(e).Flags {
		cmpFlags[f.Names()[0]] = fmt.Sprint(f)
	}
	for name, def := range evalFlags {
		if own[name] {
			continue
		}
		got, ok := cmpFlags[name]
		if !ok {
			t.Errorf("eval has --%s, compare does not", name)
			continue
		}
		// Usage strings may differ; names and defaults may not.
		if strings.Fields(got)[0] != strings.Fields(def)[0] || defaultOf(got) != defaultOf(def) {
			t.Errorf("--%s: compare %q, eval %q", name, got, def)
		}
	}
}

// defaultOf extracts "(default: ...)" from a flag's String().
func defaultOf(s string) string {
	if i := strings.Index(s, "(default:"); i >= 0 {
		return s[i:]
	}
	return ""
}
