package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestJudgeDemo(t *testing.T) {
	out, errOut, code := gecmetric(t, "", "judge", "--jsonl")
	if code != 0 || !strings.Contains(errOut, "built-in demo") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 24 {
		t.Fatalf("%d lines, want 12 sentences x 2 systems", len(lines))
	}
	oc := map[string]float64{}
	for _, l := range lines {
		var j struct {
			Line           int               `json:"line"`
			System         string            `json:"system"`
			Grammaticality float64           `json:"grammaticality"`
			Overcorrection float64           `json:"overcorrection"`
			Overall        float64           `json:"overall"`
			Labels         map[string]string `json:"labels"`
		}
		if err := json.Unmarshal([]byte(l), &j); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if j.Line < 1 || j.Line > 12 || j.Grammaticality < 1 || j.Grammaticality > 4 || j.Overall < 0 || j.Overall > 1 || len(j.Labels) != 5 {
			t.Errorf("bad judgement %s", l)
		}
		oc[j.System] += j.Overcorrection
	}
	// The demo's "eager" system rewrites freely; "careful" does not.
	if !(oc["eager"] > oc["careful"]+6) {
		t.Errorf("over-correction summed: eager %.2f, careful %.2f", oc["eager"], oc["careful"])
	}
}

// TestJudgeSummaryJSON checks the relations in judge --json that hold
// whatever the models: the unchanged input first, its difference from
// itself 0 [0, 0]; every mean and difference inside its interval; each
// difference the system's mean less the input's; every quantity's label
// shares summing to 1 in the order of its scale, inside their intervals;
// a scale per quantity, and the signature naming the models' hash.
func TestJudgeSummaryJSON(t *testing.T) {
	out, _, code := gecmetric(t, "", "judge", "--json")
	if code != 0 {
		t.Fatalf("code %d", code)
	}
	type mean struct {
		Mean float64    `json:"mean"`
		CI   [2]float64 `json:"ci"`
		SD   float64    `json:"sd"`
	}
	var s struct {
		Signature  string `json:"signature"`
		ModelsHash string `json:"models_hash"`
		Sentences  int    `json:"sentences"`
		Evidence   []struct {
			Form      string `json:"form"`
			Sentences int    `json:"sentences"`
		} `json:"evidence"`
		Scales []struct {
			Quantity       string   `json:"quantity"`
			Labels         []string `json:"labels"`
			HigherIsBetter bool     `json:"higher_is_better"`
			Models         []string `json:"models"`
		} `json:"scales"`
		Models []struct {
			Name string `json:"name"`
		} `json:"models"`
		Systems []struct {
			Name    string          `json:"name"`
			Input   bool            `json:"input"`
			Scores  map[string]mean `json:"scores"`
			VsInput map[string]mean `json:"vs_input"`
			Labels  map[string][]struct {
				Label string     `json:"label"`
				Count int        `json:"count"`
				Share float64    `json:"share"`
				CI    [2]float64 `json:"ci"`
			} `json:"labels"`
			OverallBins []struct {
				Count int     `json:"count"`
				Share float64 `json:"share"`
			} `json:"overall_bins"`
			Worst []struct {
				Line  int     `json:"line"`
				Delta float64 `json:"delta"`
			} `json:"worst"`
		} `json:"systems"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Systems) != 3 || s.Systems[0].Name != "(input)" || !s.Systems[0].Input || s.Systems[1].Name != "careful" {
		t.Fatalf("systems %+v", s.Systems)
	}
	if s.Sentences != 12 || len(s.Evidence) != 1 || s.Evidence[0].Sentences != 12 {
		t.Errorf("%d sentences, evidence %+v", s.Sentences, s.Evidence)
	}
	if !strings.HasPrefix(s.Signature, "judge:en|models:"+s.ModelsHash+"|evidence:"+s.Evidence[0].Form+"|") || len(s.ModelsHash) != 12 || len(s.Models) == 0 {
		t.Errorf("signature %q, models hash %q", s.Signature, s.ModelsHash)
	}
	if len(s.Scales) != 6 {
		t.Errorf("%d scales, want one per quantity", len(s.Scales))
	}
	in := s.Systems[0]
	for _, sys := range s.Systems {
		if len(sys.Scores) != 6 || len(sys.VsInput) != 6 {
			t.Errorf("%s: %d quantities, %d differences", sys.Name, len(sys.Scores), len(sys.VsInput))
		}
		for q, m := range sys.Scores {
			d := sys.VsInput[q]
			if !(m.CI[0] <= m.Mean && m.Mean <= m.CI[1]) || !(d.CI[0] <= d.Mean && d.Mean <= d.CI[1]) {
				t.Errorf("%s %s: mean %+v, difference %+v, outside their intervals", sys.Name, q, m, d)
			}
			if math.Abs(d.Mean-(m.Mean-in.Scores[q].Mean)) > 1e-9 {
				t.Errorf("%s %s: difference %v, means %v and %v", sys.Name, q, d.Mean, m.Mean, in.Scores[q].Mean)
			}
			if !(m.SD > 0) && !sys.Input {
				t.Errorf("%s %s: sd %v: twelve different outputs judged alike", sys.Name, q, m.SD)
			}
			if sys.Input && (d.Mean != 0 || d.CI != [2]float64{0, 0} || d.SD != 0) {
				t.Errorf("input − input %s = %+v", q, d)
			}
		}
		for _, sc := range s.Scales {
			shares, ok := sys.Labels[sc.Quantity]
			if sc.Quantity == "overall" {
				if ok {
					t.Errorf("%s: label shares of overall", sys.Name)
				}
				continue
			}
			sum, n := 0.0, 0
			for k, l := range shares {
				sum += l.Share
				n += l.Count
				if k < len(sc.Labels) && l.Label != sc.Labels[k] || !(l.CI[0] <= l.Share && l.Share <= l.CI[1]) {
					t.Errorf("%s %s: share %+v, scale labels %v", sys.Name, sc.Quantity, l, sc.Labels)
				}
			}
			if math.Abs(sum-1) > 1e-12 || n != 12 {
				t.Errorf("%s %s: shares sum to %v over %d outputs", sys.Name, sc.Quantity, sum, n)
			}
		}
		sum, n := 0.0, 0
		for _, b := range sys.OverallBins {
			sum += b.Share
			n += b.Count
		}
		if len(sys.OverallBins) != 10 || n != 12 || math.Abs(sum-1) > 1e-12 {
			t.Errorf("%s: overall bins %+v", sys.Name, sys.OverallBins)
		}
		for k, w := range sys.Worst {
			if !(w.Delta < 0) || k > 0 && w.Delta < sys.Worst[k-1].Delta || k >= 5 {
				t.Errorf("%s: worst sentences %+v", sys.Name, sys.Worst)
			}
		}
	}
}

func TestJudgeLLMJSON(t *testing.T) {
	dir := t.TempDir()
	q := filepath.Join(dir, "q.jsonl")
	os.WriteFile(q, []byte(`{"original_input": "I wentt at Rome for my birthday.", "gold_reference": "I went to Rome for my birthday.", "sysA": "I went to Rome for my birthday.", "sysB": "I decided to go to Rome for my anniversary.", "id": "abc123"}
`), 0o644)
	out, errOut, code := gecmetric(t, "", "judge", "--llm-json", q)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	var ans map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	if string(ans["id"]) != `"abc123"` || len(ans) != 4 {
		t.Errorf("answer %s", out)
	}
	if !strings.HasPrefix(out, `{"gold_reference": {"semantics": `) {
		t.Errorf("keys not in query order: %s", out)
	}
	var a struct {
		Semantics      int    `json:"semantics"`
		Grammaticality string `json:"grammaticality"`
		Overcorrection string `json:"overcorrection"`
	}
	json.Unmarshal(ans["sysB"], &a)
	if a.Semantics < 1 || a.Semantics > 5 || a.Overcorrection == "No" || a.Overcorrection == "" {
		t.Errorf("sysB answer %+v", a)
	}
}

func TestJudgeErrors(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.txt")
	hyp := filepath.Join(dir, "hyp.txt")
	os.WriteFile(src, []byte("a b .\nc d .\n"), 0o644)
	os.WriteFile(hyp, []byte("a b .\n"), 0o644)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"line counts", []string{"judge", "--source", src, "--hyp", hyp}, hyp + ":2: line counts differ"},
		{"ref without source", []string{"judge", "--ref", src, "--hyp", hyp}, "plain-text references need --source"},
		{"language", []string{"judge", "--lang", "de", "--hyp", hyp}, `--lang "de"`},
		{"model file", []string{"judge", "--model", filepath.Join(dir, "none.json"), "--hyp", hyp}, "none.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := gecmetric(t, "", tt.args...)
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Errorf("code %d, stderr %q, want %q", code, errOut, tt.want)
			}
		})
	}
}

// TestJudgeM2Reference judges against an M2 reference, which gives the
// source and one reference per annotator, as eval reads it.
func TestJudgeM2Reference(t *testing.T) {
	dir := t.TempDir()
	gold := filepath.Join(dir, "gold.m2")
	hyp := filepath.Join(dir, "sys.txt")
	os.WriteFile(gold, []byte("S She go to school every days .\n"+
		"A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n"+
		"A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0\n\n"+
		"S It is fine .\n"+
		"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"), 0o644)
	os.WriteFile(hyp, []byte("She goes to school every day .\nIt is fine .\n"), 0o644)
	out, errOut, code := gecmetric(t, "", "judge", "--jsonl", "--ref", gold, "--hyp", hyp)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines: %s", len(lines), out)
	}
	for _, l := range lines {
		var j struct {
			System          string  `json:"system"`
			Evidence        string  `json:"evidence"`
			RemainingErrors float64 `json:"remaining_errors"`
		}
		if err := json.Unmarshal([]byte(l), &j); err != nil {
			t.Fatal(err)
		}
		if j.System != "sys" || j.Evidence != "reference" || j.RemainingErrors > 0.5 {
			t.Errorf("judgement %s", l)
		}
	}
}
