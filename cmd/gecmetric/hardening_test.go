package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/llmjudge/llmtest"
	"github.com/gecmetric/gecmetric/calibrate/ordinal"
	"github.com/gecmetric/gecmetric/human"
)

// The audit of issue 26, as commands.

// hardFiles writes a small source and two systems, tokenised.
func hardFiles(t *testing.T) (dir, src, a, b string) {
	dir = t.TempDir()
	src, a, b = filepath.Join(dir, "src.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	var s, x, y strings.Builder
	for i := range 8 {
		fmt.Fprintf(&s, "He go %d times , she said .\n", i)
		fmt.Fprintf(&x, "He goes %d times , she said .\n", i)
		fmt.Fprintf(&y, "He went %d times , she said .\n", i)
	}
	os.WriteFile(src, []byte(s.String()), 0o644)
	os.WriteFile(a, []byte(x.String()), 0o644)
	os.WriteFile(b, []byte(y.String()), 0o644)
	return
}

// answering is a fake API answering every query validly; the queries
// it was asked are in its log (Server.Log).
func answering(t *testing.T) *llmtest.Server {
	srv := llmtest.New(nil)
	t.Cleanup(srv.Close)
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		var reply strings.Builder
		reply.WriteString("{")
		for _, s := range req.Query.Systems {
			fmt.Fprintf(&reply, "%q: {\"semantics\": 5, \"grammaticality\": \"0\", \"overcorrection\": \"No\"}, ", s)
		}
		fmt.Fprintf(&reply, "\"id\": %q}", req.Query.ID)
		llmtest.Reply(w, req.Model, req.Messages, reply.String())
		return true
	}
	return srv
}

func TestJudgeLLMFlagsRefused(t *testing.T) {
	_, src, a, _ := hardFiles(t)
	srv := answering(t)
	base := []string{"judge", "--source", src, "--hyp", a, "--llm-model", "m", "--llm-cache", "none"}
	for _, tc := range []struct {
		name, want string
		args       []string
	}{
		{"concurrency 100000000", "gecmetric: error: --llm-concurrency 100000000: want 1 to 256 requests in flight",
			[]string{"--llm-url", srv.URL, "--llm-concurrency", "100000000"}},
		{"concurrency 0", "--llm-concurrency 0: want 1 to 256", []string{"--llm-url", srv.URL, "--llm-concurrency", "0"}},
		{"file URL", `gecmetric: error: URL "file:///etc/passwd": scheme "file" is not supported (want http:// or https://)`,
			[]string{"--llm-url", "file:///etc/passwd"}},
		{"no scheme", `URL "localhost:11434/v1": scheme "localhost" is not supported`, []string{"--llm-url", "localhost:11434/v1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := gecmetric(t, "", append(base, tc.args...)...)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %s\nwant 2 and %q", code, errOut, tc.want)
			}
		})
	}
	if n := len(srv.Log()); n != 0 {
		t.Errorf("%d requests sent by refused commands", n)
	}
}

// TestLLMQueryIDsAgree: --llm-queries wrote detokenised texts and their
// ids while --llm-url sent the lines as written, so one line had two ids.
func TestLLMQueryIDsAgree(t *testing.T) {
	dir, src, a, b := hardFiles(t)
	srv := answering(t)
	queries := filepath.Join(dir, "q.jsonl")
	if _, errOut, code := gecmetric(t, "", "judge", "--source", src, "--hyp", a, "--hyp", b, "--llm-queries", queries); code != 0 {
		t.Fatalf("--llm-queries: exit %d %s", code, errOut)
	}
	f, _ := os.Open(queries)
	written, err := human.ReadQueries(f, queries)
	f.Close()
	if err != nil || len(written) != 8 {
		t.Fatalf("%d queries written: %v", len(written), err)
	}
	if _, errOut, code := gecmetric(t, "", "judge", "--source", src, "--hyp", a, "--hyp", b, "--llm-url", srv.URL, "--llm-model", "m", "--llm-cache", "none"); code != 0 {
		t.Fatalf("--llm-url: exit %d %s", code, errOut)
	}
	// The server reads the line back from the query's position in its
	// file: match by source instead.
	bySource := map[string]human.Query{}
	for _, r := range srv.Log() {
		bySource[r.Query.Source] = r.Query
	}
	for _, w := range written {
		got, ok := bySource[w.Source]
		if !ok || got.ID != w.ID || strings.Join(got.Outputs, "|") != strings.Join(w.Outputs, "|") {
			t.Errorf("line %d: --llm-queries %q %q %q; --llm-url sent %q %q %q", w.Line, w.ID[:12], w.Source, w.Outputs, got.ID, got.Source, got.Outputs)
		}
	}
	if w := written[0]; w.Source != "He go 0 times, she said." {
		t.Errorf("source sent as %q, want detokenised", w.Source)
	}
	// Raw text goes as written, both ways.
	raw := filepath.Join(dir, "raw.txt")
	os.WriteFile(raw, []byte(strings.Repeat("He goes ,  home. Then  he sleeps .\n", 7)+"He goes , home. Really .\n"), 0o644)
	rawSrc := filepath.Join(dir, "rawsrc.txt")
	os.WriteFile(rawSrc, []byte(strings.Repeat("He go home. Then he sleep.\n", 7)+"He go home. Really.\n"), 0o644)
	if _, errOut, code := gecmetric(t, "", "judge", "--source", rawSrc, "--hyp", raw, "--llm-queries", queries); code != 0 {
		t.Fatalf("--llm-queries raw: exit %d %s", code, errOut)
	}
	f, _ = os.Open(queries)
	written, _ = human.ReadQueries(f, queries)
	f.Close()
	if len(written) != 8 || written[0].Source != "He go home. Then he sleep." || written[0].Outputs[0] != "He goes ,  home. Then  he sleeps ." {
		t.Errorf("raw queries %+v", written)
	}
}

// TestJudgeLLMJSONBatches: --llm-json sent all the candidates of a query
// in one request (10,000 in the audit); the protocol shows four.
func TestJudgeLLMJSONBatches(t *testing.T) {
	dir := t.TempDir()
	q := human.Query{ID: "abc", Source: "He go home.", Line: 1}
	for k := range 10 {
		q.Systems = append(q.Systems, fmt.Sprintf("s%d", k))
		q.Outputs = append(q.Outputs, fmt.Sprintf("He goes home %d.", k))
	}
	path := filepath.Join(dir, "q.jsonl")
	f, _ := os.Create(path)
	human.WriteQuery(f, q)
	f.Close()
	srv := answering(t)
	out, errOut, code := gecmetric(t, "", "judge", "--llm-json", path, "--llm-url", srv.URL, "--llm-model", "m", "--llm-cache", "none")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var sizes []int
	for _, a := range srv.Log() {
		sizes = append(sizes, len(a.Query.Systems))
	}
	if len(sizes) != 3 || sizes[0]+sizes[1]+sizes[2] != 10 || max(sizes[0], sizes[1], sizes[2]) != 4 {
		t.Errorf("candidates per request %v, want 4, 4 and 2", sizes)
	}
	if strings.Count(out, "\n") != 1 || !strings.Contains(out, `"s9": {"semantics": 5`) || !strings.HasSuffix(out, "\"id\": \"abc\"}\n") {
		t.Errorf("answers %q, want one line with all ten", out)
	}
}

// TestJudgeLLMKeyAndTerminal: the last reply and the server's messages
// reach stderr scrubbed and quoted.
func TestJudgeLLMKeyAndTerminal(t *testing.T) {
	_, src, a, _ := hardFiles(t)
	const key = "sk-hard-0123456789abcdefSECRET"
	t.Setenv("HARD_KEY", key)
	srv := llmtest.New(nil)
	defer srv.Close()
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		if strings.Contains(req.Query.Source, " 0 ") {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, "{\"error\": {\"message\": \"\\u001b[2J%s%s\"}}", strings.Repeat("y", 290), key)
			return true
		}
		llmtest.Reply(w, req.Model, req.Messages, `{"`+key+`": 1}`)
		return true
	}
	_, errOut, code := gecmetric(t, "", "judge", "--source", src, "--hyp", a, "--llm-url", srv.URL, "--llm-model", "m", "--llm-cache", "none", "--llm-key-env", "HARD_KEY")
	if code != 1 && code != 2 {
		t.Errorf("exit %d", code)
	}
	if strings.Contains(errOut, key[:10]) || strings.ContainsRune(errOut, '\x1b') {
		t.Errorf("stderr leaks the key or a terminal escape:\n%s", errOut)
	}
	for _, want := range []string{`400 Bad Request: "\x1b[2Jyyy`, `the model's last reply: "{\"[redacted]\": 1}"`} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
}

// TestJudgeLLMGivesUp: a server failing every request ended no run; it
// stops after 32 failures in a row and says how to resume.
func TestJudgeLLMGivesUp(t *testing.T) {
	_, src, a, _ := hardFiles(t)
	srv := llmtest.New(nil)
	defer srv.Close()
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		w.Header().Set("Retry-After", "0")
		http.Error(w, "overloaded", http.StatusServiceUnavailable)
		return true
	}
	cache := t.TempDir()
	_, errOut, code := gecmetric(t, "", "judge", "--source", src, "--hyp", a, "--llm-url", srv.URL, "--llm-model", "m", "--llm-cache", cache, "--llm-concurrency", "1")
	want := `gecmetric: error: the API keeps failing: 32 requests failed in a row, the last: POST ` + srv.URL + `/chat/completions: 503 Service Unavailable: "overloaded"; 0 answers are cached in ` + cache + ` and the same command resumes`
	if code == 0 || !strings.Contains(errOut, want) || srv.Requests() != 32 {
		t.Errorf("exit %d, %d requests, stderr:\n%s\nwant %s", code, srv.Requests(), errOut, want)
	}
}

// TestJudgeModelFiles: hostile --model files exit 2 naming file and
// field; a model of a form the input lacks, or of evidence features with
// --llm-url, is refused; a good one is named on stderr.
func TestJudgeModelFiles(t *testing.T) {
	dir, src, a, _ := hardFiles(t)
	write := func(name string, edit func(m *calibrate.Model)) string {
		m := &calibrate.Model{
			Scale: "semantics", Labels: []string{"1", "2", "3", "4", "5"}, Values: []float64{1, 2, 3, 4, 5},
			Language: "en", Form: "source", Features: []string{"oc.edits", "oc.edit_rate", "oc.ter"},
			Ordinal: &ordinal.Model{Labels: 5, Mean: []float64{1, 0.1, 0.2}, Scale: []float64{1, 0.5, 0.3},
				Coef: []float64{-0.5, -0.3, -0.2}, Cuts: []float64{-2, -1, 0, 1}},
			Thresholds: []float64{1.5, 2.5, 3.5, 4.5},
			Training:   calibrate.Training{Data: "test"},
		}
		if edit != nil {
			edit(m)
		}
		p := filepath.Join(dir, name)
		if err := calibrate.WriteModelFile(p, m); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.json", nil)
	misspelt := write("misspelt.json", func(m *calibrate.Model) { m.Features[0] = "oc.edit" })
	refForm := write("ref.json", func(m *calibrate.Model) { m.Form = "reference"; m.Features[2] = "me.chrf_ref" })
	reversed := write("reversed.json", func(m *calibrate.Model) { m.Thresholds[0], m.Thresholds[3] = m.Thresholds[3], m.Thresholds[0] })
	bom := filepath.Join(dir, "bom.json")
	b, _ := os.ReadFile(good)
	os.WriteFile(bom, append([]byte("\xef\xbb\xbf"), b...), 0o644)
	srv := answering(t)
	judgeArgs := []string{"judge", "--source", src, "--hyp", a}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"misspelt feature", append(judgeArgs, "--model", misspelt), 2,
			"gecmetric: error: " + misspelt + `: field "features": unknown feature "oc.edit" (did you mean "oc.edits"?)`},
		{"reversed thresholds", append(judgeArgs, "--model", reversed), 2,
			"gecmetric: error: " + reversed + `: field "thresholds": value 2 (2.5) after 4.5: want not decreasing values`},
		{"reference form without --ref", append(judgeArgs, "--model", refForm), 2,
			"gecmetric: error: --model " + refForm + " is a reference-form model of semantics5: it needs references (--ref), which this input has not (give --ref, or a model of a form the input has)"},
		{"evidence model with --llm-url", append(judgeArgs, "--model", good, "--llm-url", srv.URL, "--llm-model", "m", "--llm-cache", "none"), 2,
			"gecmetric: error: --model " + good + " judges from evidence features, but --llm-url judges from the language model's answers"},
		{"good model", append(judgeArgs, "--model", good), 0,
			"gecmetric: semantics5 judged by --model " + good + " (source form, 3 features, fitted on test) in place of the built-in models"},
		{"byte order mark", append(judgeArgs, "--model", bom), 0, "judged by --model " + bom},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := gecmetric(t, "", tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant %d and %s", code, errOut, tc.code, tc.want)
			}
		})
	}
}
