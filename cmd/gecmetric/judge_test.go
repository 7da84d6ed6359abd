package main

import (
	"encoding/json"
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

func TestJudgeSummaryJSON(t *testing.T) {
	out, _, code := gecmetric(t, "", "judge", "--json")
	if code != 0 {
		t.Fatalf("code %d", code)
	}
	var s struct {
		Systems []struct {
			Name   string `json:"name"`
			Scores map[string]struct {
				Mean float64    `json:"mean"`
				CI   [2]float64 `json:"ci"`
			} `json:"scores"`
		} `json:"systems"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Systems) != 2 || s.Systems[0].Name != "careful" {
		t.Fatalf("systems %+v", s.Systems)
	}
	for _, sys := range s.Systems {
		for q, m := range sys.Scores {
			if !(m.CI[0] <= m.Mean && m.Mean <= m.CI[1]) {
				t.Errorf("%s %s: mean %v outside %v", sys.Name, q, m.Mean, m.CI)
			}
		}
		if len(sys.Scores) != 6 {
			t.Errorf("%s: %d quantities", sys.Name, len(sys.Scores))
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
