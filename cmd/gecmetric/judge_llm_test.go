package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/gecmetric/gecmetric/calibrate/llmjudge/llmtest"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// sottanaHumans are the three human raters of Sottana et al. (2023).
var sottanaHumans = []string{"--annotator", "57e2b7c38e00270001b43aba", "--annotator", "5995e3cf9845ef00014de380", "--annotator", "61102f9292f5e6301b5bea45"}

// TestJudgeLLMReplay runs `judge --llm-url` against a server replaying
// GPT-4's recorded answers to the 100 seed-000 queries of Sottana et al.
// (2023), and checks that `agreement --answers` with the answers it
// writes prints every row `agreement --format sottana` prints with the
// published answers.
func TestJudgeLLMReplay(t *testing.T) {
	study := testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations")
	qs, replies, err := llmtest.Sottana(study)
	if err != nil {
		t.Fatal(err)
	}
	srv := llmtest.New(replies)
	defer srv.Close()
	dir := t.TempDir()
	queries := filepath.Join(dir, "queries.jsonl")
	f, err := os.Create(queries)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		human.WriteQuery(f, q)
	}
	f.Close()
	cache, answers := filepath.Join(dir, "cache"), filepath.Join(dir, "answers.jsonl")
	args := []string{"judge", "--llm-json", queries, "--llm-url", srv.URL, "--llm-model", "gpt-4", "--llm-cache", cache, "--llm-answers", answers}
	out, errOut, code := gecmetric(t, "", args...)
	if code != 0 {
		t.Fatalf("judge exit %d: %s", code, errOut)
	}
	if b, _ := os.ReadFile(answers); string(b) != out || strings.Count(out, "\n") != 100 {
		t.Errorf("--llm-answers differs from stdout, or not 100 lines")
	}
	for _, want := range []string{"100/100 queries done, 0 from the cache, 100 requests (0 retried, 0 re-asked), 0 missing",
		"2 semantics scores between labels were rounded half to even"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}

	// Every row of agreement, with the replayed answers standing in for
	// the published ones, and with the humans alone plus the replay.
	published, _, code := gecmetric(t, "", "agreement", "--human", study, "--format", "sottana", "--include-models")
	if code != 0 || !strings.Contains(published, "system_rank_alpha  nominal 0.2188 ordinal 0.3438 interval 0.3438") {
		t.Fatalf("published agreement (exit %d):\n%s", code, published)
	}
	for _, extra := range [][]string{{"--answers", "gpt4=" + answers}, append(append([]string{}, sottanaHumans...), "--answers", "gpt4="+answers)} {
		replayed, errOut, code := gecmetric(t, "", append([]string{"agreement", "--human", study, "--format", "sottana"}, extra...)...)
		if code != 0 || replayed != published {
			t.Errorf("agreement %v (exit %d, %s) differs from the published answers':\n%s", extra, code, errOut, diffLines(published, replayed))
		}
	}
	// And every GPT-4 row as recorded, so that the replay is held to the
	// figures of the published answers, not merely to today's code.
	replayed, _, _ := gecmetric(t, "", "agreement", "--human", study, "--format", "sottana", "--answers", "gpt4="+answers)
	rows := map[string]bool{}
	for _, l := range strings.Split(replayed, "\n") {
		rows[l] = true
	}
	for _, want := range strings.Split(strings.TrimSpace(gpt4Rows), "\n") {
		if !rows[want] {
			t.Errorf("replayed agreement lacks the row %q", want)
		}
	}
	humans, _, _ := gecmetric(t, "", append([]string{"agreement", "--human", study, "--format", "sottana"}, sottanaHumans...)...)
	if !strings.Contains(humans, "system_rank_alpha  nominal 0.5926 ordinal 0.8778 interval 0.8778") {
		t.Errorf("humans alone:\n%s", humans)
	}
	// GPT-4 is not counted as a rater unless asked (--include-models).
	if byDefault, _, _ := gecmetric(t, "", "agreement", "--human", study, "--format", "sottana"); byDefault != humans {
		t.Errorf("agreement without --annotator differs from the three humans':\n%s", diffLines(humans, byDefault))
	}

	// A repeated run costs nothing.
	out2, errOut, code := gecmetric(t, "", args...)
	if code != 0 || out2 != out || !strings.Contains(errOut, "100/100 queries done, 100 from the cache, 0 requests") || srv.Requests() != 100 {
		t.Errorf("second run: exit %d, %d server requests, stderr %s", code, srv.Requests(), errOut)
	}

	// The same queries from text files: one line per source, one file per
	// system, four candidates per request.
	src := filepath.Join(dir, "source.txt")
	var lines []string
	for _, q := range qs {
		lines = append(lines, q.Source)
	}
	os.WriteFile(src, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	textArgs := []string{"judge", "--source", src, "--llm-url", srv.URL, "--llm-model", "gpt-4", "--llm-cache", filepath.Join(dir, "cache2"),
		"--llm-answers", filepath.Join(dir, "answers2.jsonl")}
	for k, sys := range human.Sottana.Systems {
		var outs []string
		for _, q := range qs {
			outs = append(outs, q.Outputs[k])
		}
		p := filepath.Join(dir, sys)
		os.WriteFile(p, []byte(strings.Join(outs, "\n")+"\n"), 0o644)
		textArgs = append(textArgs, "--hyp", p)
	}
	jsonl, errOut, code := gecmetric(t, "", textArgs...)
	if code != 0 || !strings.Contains(errOut, "100/100 queries done, 0 from the cache, 100 requests") {
		t.Fatalf("text input: exit %d: %s", code, errOut)
	}
	// Ids from the text are sha256 of the lower-cased, trimmed source, as
	// the authors made them; one published item (" Yes, sir. ") has
	// another id, which the answer keeps and the run counts.
	if !strings.Contains(errOut, "1 answered under another id") {
		t.Errorf("stderr: %s", errOut)
	}
	a1, _ := os.ReadFile(answers)
	a2, _ := os.ReadFile(filepath.Join(dir, "answers2.jsonl"))
	l1, l2 := strings.Split(string(a1), "\n"), strings.Split(string(a2), "\n")
	differ := 0
	for i := range l1 {
		if l1[i] != l2[i] {
			differ++
			if cut := strings.LastIndex(l1[i], `"id": `); cut < 0 || l1[i][:cut] != l2[i][:cut] {
				t.Errorf("answer %d: %s\nvs %s", i+1, l1[i], l2[i])
			}
		}
	}
	if differ != 1 {
		t.Errorf("%d answers differ from the query file's, want 1 (its id)", differ)
	}
	// Judge output: one line per sentence and system, in the judge's
	// quantities. Line 1: GPT-4 gave gold_reference semantics 5, "0",
	// "No": meaning 4, no errors left, no over-correction.
	sc := bufio.NewScanner(strings.NewReader(jsonl))
	n := 0
	for sc.Scan() {
		n++
		if n > 1 {
			continue
		}
		var j struct {
			Line            int               `json:"line"`
			System          string            `json:"system"`
			Meaning         float64           `json:"meaning"`
			RemainingErrors float64           `json:"remaining_errors"`
			Overcorrection  float64           `json:"overcorrection"`
			Grammaticality  *float64          `json:"grammaticality"`
			Labels          map[string]string `json:"labels"`
			Overall         float64           `json:"overall"`
		}
		if err := json.Unmarshal(sc.Bytes(), &j); err != nil {
			t.Fatal(err)
		}
		if j.Line != 1 || j.System != "gold_reference" || j.Meaning != 4 || j.RemainingErrors != 0 || j.Overcorrection != 0 || j.Grammaticality != nil ||
			j.Labels["overcorrection"] != "No" || j.Labels["remaining_errors"] != "0" || j.Overall != 1 {
			t.Errorf("first line %s", sc.Text())
		}
	}
	if n != 400 {
		t.Errorf("%d judge lines, want 400", n)
	}

	// calibrate fit maps the answers to the humans' scale. The answers as
	// given agree with the humans' mean as GPT-4's published answers do
	// (the README's GPT-4 column); the calibrated model's cross-validated
	// Pearson r, measured 0.491 (semantics), 0.431 (errors left), 0.302
	// (over-correction), floors 0.46, 0.40, 0.27.
	for _, c := range []struct {
		scale, given string
		floor        float64
	}{
		{"semantics", "semantics          LLM answers as given            400    0.340   0.071 [-0.04,0.19]    0.150    0.288", 0.46},
		{"grammaticality", "grammaticality     LLM answers as given            400    0.463   0.459 [0.37,0.54]    0.320    0.379", 0.40},
		{"overcorrection", "overcorrection     LLM answers as given            400    0.302   0.208 [0.10,0.33]    0.143    0.235", 0.27},
	} {
		model := filepath.Join(dir, c.scale+".json")
		out, errOut, code := gecmetric(t, "", append(append([]string{"calibrate", "fit", "--human", study, "--format", "sottana", "--scale", c.scale},
			sottanaHumans...), "--llm-answers", answers, "--out", model)...)
		if code != 0 || !strings.Contains(strings.Join(strings.Fields(out), " "), strings.Join(strings.Fields(c.given), " ")) {
			t.Errorf("fit %s: exit %d, %s\n%s", c.scale, code, errOut, out)
		}
		var r float64
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 4 && strings.Join(f[1:4], " ") == "LLM answers, calibrated" {
				r, _ = strconv.ParseFloat(f[5], 64)
			}
		}
		if r < c.floor {
			t.Errorf("fit %s: calibrated Pearson %v, floor %v:\n%s", c.scale, r, c.floor, out)
		}
	}
	// judge --llm-url --model uses the calibrated models; without
	// --llm-url they are refused.
	withModels := append(append([]string{}, textArgs...), "--model", filepath.Join(dir, "semantics.json"), "--model", filepath.Join(dir, "overcorrection.json"))
	calibrated, errOut, code := gecmetric(t, "", withModels...)
	if code != 0 || !strings.Contains(errOut, "100 from the cache, 0 requests") {
		t.Fatalf("judge --model: exit %d: %s", code, errOut)
	}
	first := strings.SplitN(calibrated, "\n", 2)[0]
	var j struct {
		Meaning, Overcorrection, RemainingErrors float64
	}
	json.Unmarshal([]byte(strings.Replace(first, `"remaining_errors"`, `"RemainingErrors"`, 1)), &j)
	if j.Meaning == 4 || j.Meaning < 1 || j.Meaning > 4 || j.Overcorrection == 0 || j.Overcorrection > 3 || j.RemainingErrors != 0 {
		t.Errorf("calibrated judgement %s", first)
	}
	// (The texts are raw, as the queries hold them: --tokenize lets the
	// judge read them, so that the model is what it refuses.)
	if _, errOut, code := gecmetric(t, "", "judge", "--source", src, "--hyp", src, "--tokenize", "--model", filepath.Join(dir, "semantics.json")); code != 2 || !strings.Contains(errOut, "give --llm-url") {
		t.Errorf("LLM model without --llm-url: exit %d, %s", code, errOut)
	}
}

// diffLines lists the lines of b that are not in a.
func diffLines(a, b string) string {
	have := map[string]bool{}
	for _, l := range strings.Split(a, "\n") {
		have[l] = true
	}
	var out []string
	for _, l := range strings.Split(b, "\n") {
		if !have[l] {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}

// TestJudgeLLMFaults: flag mistakes are usage errors; an unusable answer
// is a warning with the model's reply and a missing judgement; the key
// never reaches stderr.
func TestJudgeLLMFaults(t *testing.T) {
	dir := t.TempDir()
	src, a, b := filepath.Join(dir, "src.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	os.WriteFile(src, []byte("He go home .\nShe like it .\n"), 0o644)
	os.WriteFile(a, []byte("He goes home .\nShe likes it .\n"), 0o644)
	os.WriteFile(b, []byte("He went home .\nShe like it .\n"), 0o644)
	replies := map[string]string{
		// Texts reach the model detokenised, as --llm-queries writes them.
		llmtest.Key(human.Query{Source: "He go home.", Systems: []string{"a.txt", "b.txt"}, Outputs: []string{"He goes home.", "He went home."}}): `{"a.txt": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}, "b.txt": {"semantics": 4, "grammaticality": "0", "overcorrection": "Minor over-correction"}}`,
		llmtest.Key(human.Query{Source: "She like it.", Systems: []string{"a.txt", "b.txt"}, Outputs: []string{"She likes it.", "She like it."}}): `{"a.txt": {"semantics": 5, "grammaticality": "0"}}`,
	}
	srv := llmtest.New(replies)
	defer srv.Close()
	m2, empty := filepath.Join(dir, "sys.m2"), filepath.Join(dir, "empty.txt")
	os.WriteFile(m2, []byte("S He go home .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\nS She like it .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"), 0o644)
	os.WriteFile(empty, nil, 0o644)
	base := []string{"judge", "--source", src, "--hyp", a, "--hyp", b, "--llm-url", srv.URL, "--llm-cache", "none"}
	const key = "sk-test-9876543210TOPSECRET"
	t.Setenv("TEST_LLM_KEY", key)
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"no model", base, 2, []string{"--llm-url needs --llm-model"}},
		{"M2 hypothesis", []string{"judge", "--source", src, "--hyp", m2, "--llm-url", srv.URL, "--llm-model", "m", "--llm-cache", "none"}, 2, []string{m2 + " is M2: judge --llm-url sends plain text"}},
		{"empty source", []string{"judge", "--source", empty, "--hyp", empty, "--llm-url", srv.URL, "--llm-model", "m", "--llm-cache", "none"}, 2, []string{empty + ": empty input"}},
		{"key variable unset", append(base, "--llm-model", "m", "--llm-key-env", "NO_SUCH_VARIABLE_SET"), 2, []string{"--llm-key-env NO_SUCH_VARIABLE_SET: the variable is not set"}},
		{"one query unusable", append(base, "--llm-model", "m", "--llm-key-env", "TEST_LLM_KEY"), 0, []string{
			`gecmetric: warning: query 2 (id `, `has no answer: unusable answer: "a.txt": no "overcorrection"`,
			`gecmetric: the model's last reply: "{\"a.txt\": {\"semantics\": 5, \"grammaticality\": \"0\"}}"`,
			"2/2 queries done, 0 from the cache, 3 requests (0 retried, 1 re-asked), 1 missing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := gecmetric(t, "", tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d: %s", code, tt.code, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
			if strings.Contains(errOut+out, "TOPSECRET") {
				t.Errorf("the key leaked")
			}
			if tt.code == 0 {
				lines := strings.Split(strings.TrimSpace(out), "\n")
				if len(lines) != 4 || !strings.Contains(lines[1], `"system":"b.txt","grammaticality":null,"fluency":null,"meaning":3.25,"overcorrection":1,"remaining_errors":0`) ||
					!strings.Contains(lines[2], `"line":2,"system":"a.txt","grammaticality":null,"fluency":null,"meaning":null`) {
					t.Errorf("judge lines:\n%s", out)
				}
			}
		})
	}
	for _, r := range srv.Log() {
		if r.Authorization != "Bearer "+key {
			t.Errorf("request %d: Authorization %q", r.N, r.Authorization)
		}
	}
	// 401 stops the run; the server's echo of the key is scrubbed.
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		http.Error(w, `{"error": {"message": "Incorrect API key provided: `+key+`"}}`, http.StatusUnauthorized)
		return true
	}
	_, errOut, code := gecmetric(t, "", append(base, "--llm-model", "m", "--llm-key-env", "TEST_LLM_KEY")...)
	if code == 0 || !strings.Contains(errOut, `401 Unauthorized: "Incorrect API key provided: [redacted]" (check --llm-url, --llm-model and --llm-key-env)`) || strings.Contains(errOut, "TOPSECRET") {
		t.Errorf("401: exit %d, %s", code, errOut)
	}
}

// gpt4Rows are the rows of `gecmetric agreement --format sottana` over
// Sottana et al.'s study that involve GPT-4, recorded from the published
// files when the LLM client was built (2026-11-24): the four-rater alphas
// and headers, every pair with gpt4, and GPT-4's system means.
const gpt4Rows = `
# semantics (higher is better): 4 annotators, 400 units rated by two or more
krippendorff_alpha nominal 0.1040 ordinal 0.1601 interval 0.3767
system_rank_alpha  nominal 0.2188 ordinal 0.3438 interval 0.3438
57e2b7c38e00270001b43aba   gpt4                         400   0.7825   0.0941   0.1801   0.3071
5995e3cf9845ef00014de380   gpt4                         400   0.6925   0.0095   0.1117   0.2682
61102f9292f5e6301b5bea45   gpt4                         400   0.7400   0.0489   0.1183   0.2394
# grammaticality (lower is better): 4 annotators, 400 units rated by two or more
krippendorff_alpha nominal 0.2679 ordinal 0.3632 interval 0.3529
system_rank_alpha  nominal 0.5545 ordinal 0.8430 interval 0.8317
57e2b7c38e00270001b43aba   gpt4                         400   0.5550   0.1616   0.1938   0.2282
5995e3cf9845ef00014de380   gpt4                         400   0.7350   0.2993   0.3181   0.3437
61102f9292f5e6301b5bea45   gpt4                         400   0.7100   0.2872   0.3336   0.3810
# overcorrection (lower is better): 4 annotators, 400 units rated by two or more
krippendorff_alpha nominal 0.1171 ordinal 0.1651 interval 0.2210
system_rank_alpha  nominal 0.1584 ordinal 0.5685 interval 0.5753
57e2b7c38e00270001b43aba   gpt4                         400   0.8850   0.0912   0.1607   0.2693
5995e3cf9845ef00014de380   gpt4                         400   0.7000   0.0991   0.1277   0.1726
61102f9292f5e6301b5bea45   gpt4                         400   0.7500   0.0806   0.1151   0.1554
semantics        gold_reference       gpt4                         4.8600   0.5103   100     0
grammaticality   gold_reference       gpt4                         0.1200   0.3816   100     0
overcorrection   gold_reference       gpt4                         0.0000   0.0000   100     0
semantics        opt-iml-max-30b      gpt4                         4.3700   0.7301   100     0
grammaticality   opt-iml-max-30b      gpt4                         0.6200   0.5793   100     0
overcorrection   opt-iml-max-30b      gpt4                         0.1200   0.3544   100     0
semantics        text-davinci-003     gpt4                         4.8800   0.3544   100     0
grammaticality   text-davinci-003     gpt4                         0.0400   0.2417   100     0
overcorrection   text-davinci-003     gpt4                         0.1800   0.4094   100     0
semantics        gpt-3.5-turbo        gpt4                         4.7900   0.7252   100     0
grammaticality   gpt-3.5-turbo        gpt4                         0.1200   0.4069   100     0
overcorrection   gpt-3.5-turbo        gpt4                         0.1900   0.5234   100     0
`

// TestJudgeLLMInterrupted: a run stopped midway (its context cancelled,
// as Ctrl-C does) says how to resume, and the same command resumes from
// the cache, asking only what was not answered.
func TestJudgeLLMInterrupted(t *testing.T) {
	dir := t.TempDir()
	src, hyp := filepath.Join(dir, "src.txt"), filepath.Join(dir, "sys.txt")
	replies := map[string]string{}
	var srcLines, hypLines []string
	for i := range 8 {
		s, h := fmt.Sprintf("He go %d times .", i), fmt.Sprintf("He goes %d times .", i)
		srcLines, hypLines = append(srcLines, s), append(hypLines, h)
		replies[llmtest.Key(human.Query{Source: strings.TrimSuffix(s, " .") + ".", Systems: []string{"sys.txt"}, Outputs: []string{strings.TrimSuffix(h, " .") + "."}})] = `{"sys.txt": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}}`
	}
	os.WriteFile(src, []byte(strings.Join(srcLines, "\n")+"\n"), 0o644)
	os.WriteFile(hyp, []byte(strings.Join(hypLines, "\n")+"\n"), 0o644)
	srv := llmtest.New(replies)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		if req.N == 4 {
			cancel()
			<-r.Context().Done()
			return true
		}
		return false
	}
	cache := filepath.Join(dir, "cache")
	args := []string{"gecmetric", "judge", "--source", src, "--hyp", hyp, "--llm-url", srv.URL, "--llm-model", "m", "--llm-cache", cache, "--llm-concurrency", "1"}
	var out, errOut bytes.Buffer
	code := run(ctx, args, strings.NewReader(""), &out, &errOut)
	if code == 0 || !strings.Contains(errOut.String(), "gecmetric: error: interrupted; 3 answers are cached in "+cache+" and the same command resumes") || out.Len() != 0 {
		t.Fatalf("interrupted run: exit %d, stdout %q, stderr %s", code, out.String(), errOut.String())
	}
	srv.Fault = nil
	stdout, stderr, code := gecmetric(t, "", args[1:]...)
	if code != 0 || !strings.Contains(stderr, "8/8 queries done, 3 from the cache, 5 requests") || strings.Count(stdout, "\n") != 8 {
		t.Errorf("resumed: exit %d, stderr %s", code, stderr)
	}
	if srv.Requests() != 9 { // 4 before the stop (the 4th never answered), 5 after
		t.Errorf("%d requests in all, want 9", srv.Requests())
	}
}

// TestMetaEvalLLM: meta-eval --metrics llm:Q asks the model about the
// ranked systems' outputs (the fixture of testdata/script/metaeval.txtar)
// and meta-evaluates its answers beside the other metrics.
func TestMetaEvalLLM(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "script", "metaeval.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	texts := map[string][]string{}
	for _, f := range ar.Files {
		os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644)
		texts[f.Name] = strings.Split(strings.TrimSpace(string(f.Data)), "\n")
	}
	// The model prefers A, then B, then C, then the input: semantics 5 to
	// 2 and as many errors left as the position.
	systems := []string{"A", "B", "C", "INPUT"}
	sources := []string{"He go to school every days .", "The cat sat on mat .", "She like apples ."}
	replies := map[string]string{}
	for i, src := range sources {
		q := human.Query{Source: src, Systems: systems}
		var b strings.Builder
		b.WriteString("{")
		for k, s := range systems {
			q.Outputs = append(q.Outputs, texts[s+".txt"][i])
			fmt.Fprintf(&b, "%q: {\"semantics\": %d, \"grammaticality\": %q, \"overcorrection\": \"No\"}, ", s, 5-k, []string{"0", "1", "2 or more", "2 or more"}[k])
		}
		b.WriteString(`"id": "x"}`)
		replies[llmtest.Key(q)] = b.String()
	}
	srv := llmtest.New(replies)
	defer srv.Close()
	args := []string{"meta-eval", "--rankings", filepath.Join(dir, "rankings.xml"), "--ref", filepath.Join(dir, "gold.m2"),
		"--hyp", filepath.Join(dir, "A.txt"), "--hyp", filepath.Join(dir, "B.txt"), "--hyp", filepath.Join(dir, "C.txt"), "--hyp", filepath.Join(dir, "INPUT.txt"),
		"--metrics", "m2,llm:overall,llm:remaining_errors", "--resamples", "0", "--trueskill-runs", "20", "--llm-url", srv.URL, "--llm-model", "m", "--llm-cache", "none"}
	out, errOut, code := gecmetric(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if srv.Requests() != 3 || !strings.Contains(errOut, "3/3 queries done, 0 from the cache, 3 requests") {
		t.Errorf("%d requests; stderr %s", srv.Requests(), errOut)
	}
	rows := map[string][]string{}
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 2 {
			rows[f[0]+" "+f[1]] = f
		}
	}
	// Sentence level: the same 18 decided pairs as m2; system level: the
	// four systems.
	for _, m := range []string{"llm:overall", "llm:remaining_errors"} {
		if rows[m+" 18"] == nil || rows[m+" 4"] == nil {
			t.Errorf("no sentence row (18 pairs) or system row (4 systems) for %s:\n%s", m, out)
		}
	}
	// The answers rank A > B > C > INPUT, the Expected Wins order: rho 1;
	// they agree with 17 of the 18 decided pairs.
	if f := rows["llm:overall 4"]; f == nil || f[3] != "1.000" {
		t.Errorf("llm:overall system row %v, want EW rho 1.000", f)
	}
	if f := rows["llm:overall 18"]; f == nil || f[2] != "0" || f[3] != "0.944" {
		t.Errorf("llm:overall sentence row %v, want 0 ties, accuracy 0.944", f)
	}
	if rows["m2 18"] == nil {
		t.Errorf("no m2 row:\n%s", out)
	}
	// Without --llm-url, llm:Q is a usage error.
	if _, errOut, code := gecmetric(t, "", args[:len(args)-6]...); code != 2 || !strings.Contains(errOut, "--metrics llm:Q needs --llm-url and --llm-model") {
		t.Errorf("no --llm-url: exit %d, %s", code, errOut)
	}
}
