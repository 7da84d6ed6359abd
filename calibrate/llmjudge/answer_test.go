package llmjudge

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

var twoSystems = human.Query{ID: "abc", Source: "I wentt at Rome .", Systems: []string{"A", "B"}, Outputs: []string{"I went to Rome .", "I went at Rome ."}}

func TestParseReply(t *testing.T) {
	const b = `"B": {"semantics": 4, "grammaticality": "1", "overcorrection": "No"}`
	tests := []struct {
		name, reply string
		strict      bool
		want        string // the answers, or the error's text
		rounded     int
		idDiff      bool
	}{
		{"as GPT-4 wrote it", `{"A": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}, ` + b + `, "id": "abc"}`, false, "[{5 0 No} {4 1 No}]", 0, false},
		{"keys in any order, no id", `{` + b + `, "A": {"overcorrection": "Minor over-correction", "semantics": 3, "grammaticality": "2 or more"}}`, false, "[{3 2 or more Minor over-correction} {4 1 No}]", 0, false},
		{"numbers and codes", `{"A": {"semantics": "scale_2", "grammaticality": 2, "overcorrection": 3}, ` + b + `}`, false, "[{2 2 or more Substantial over-correction} {4 1 No}]", 0, false},
		{"Potato's misspelling is a code", `{"A": {"semantics": 1, "grammaticality": "0", "overcorrection": "Substatial over-correction"}, ` + b + `}`, false, "[{1 0 Substantial over-correction} {4 1 No}]", 0, false},
		{"4.5 rounded half to even", `{"A": {"semantics": 4.5, "grammaticality": "0", "overcorrection": "No"}, ` + b + `}`, false, "[{4 0 No} {4 1 No}]", 1, false},
		{"3.5 rounded half to even", `{"A": {"semantics": 3.5, "grammaticality": "0", "overcorrection": "No"}, ` + b + `}`, false, "[{4 0 No} {4 1 No}]", 1, false},
		{"4.5 strict", `{"A": {"semantics": 4.5, "grammaticality": "0", "overcorrection": "No"}, ` + b + `}`, true, `unusable answer: "A": semantics: unknown label "4.5"`, 0, false},
		{"other id kept", `{"A": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}, ` + b + `, "id": "xyz"}`, false, "[{5 0 No} {4 1 No}]", 0, true},
		{"fenced", "```json\n{\"A\": {\"semantics\": 5, \"grammaticality\": \"0\", \"overcorrection\": \"No\"}, " + b + "}\n```", false, "[{5 0 No} {4 1 No}]", 0, false},
		{"empty", ``, false, "unusable answer: the reply is not one JSON object: EOF", 0, false},
		{"truncated", `{"A": {"semantics": 5`, false, "the reply is not one JSON object: unexpected EOF", 0, false},
		{"an array", `[1, 2]`, false, "the reply is not one JSON object: want a JSON object", 0, false},
		{"two objects", `{"A": {}} {"B": {}}`, false, "text after the JSON object", 0, false},
		{"missing system", `{` + b + `}`, false, `unusable answer: no answer for "A"`, 0, false},
		{"unknown system", `{"C": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}, ` + b + `}`, false, `key "C" is not a corrected sentence of the query (want "A", "B")`, 0, false},
		{"duplicate system", `{` + b + `, ` + b + `}`, false, `key "B" appears twice`, 0, false},
		{"missing field", `{"A": {"semantics": 5, "grammaticality": "0"}, ` + b + `}`, false, `"A": no "overcorrection"`, 0, false},
		{"extra field", `{"A": {"semantics": 5, "grammaticality": "0", "overcorrection": "No", "why": "x"}, ` + b + `}`, false, `"A": unexpected key "why"`, 0, false},
		{"semantics out of range", `{"A": {"semantics": 6, "grammaticality": "0", "overcorrection": "No"}, ` + b + `}`, false, `"A": semantics: unknown label "6" on scale semantics`, 0, false},
		{"wrong label", `{"A": {"semantics": 5, "grammaticality": "none", "overcorrection": "No"}, ` + b + `}`, false, `"A": grammaticality: unknown label "none" on scale grammaticality`, 0, false},
		{"null label", `{"A": {"semantics": null, "grammaticality": "0", "overcorrection": "No"}, ` + b + `}`, false, `semantics: null is not a label`, 0, false},
		{"candidate not an object", `{"A": 5, ` + b + `}`, false, `"A": not a JSON object`, 0, false},
		{"id not a string", `{"A": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}, ` + b + `, "id": 7}`, false, `"id" is not a string`, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := parseReply(tt.reply, twoSystems, tt.strict)
			if err != nil {
				if !errors.Is(err, ErrAnswer) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("error %q, want %q", err, tt.want)
				}
				return
			}
			got := answersString(p.answers)
			if got != tt.want || p.rounded != tt.rounded || p.idDiff != tt.idDiff {
				t.Errorf("got %s rounded %d idDiff %v, want %s %d %v", got, p.rounded, p.idDiff, tt.want, tt.rounded, tt.idDiff)
			}
		})
	}
}

func answersString(as []Answer) string {
	var parts []string
	for _, a := range as {
		parts = append(parts, "{"+a.Semantics+" "+a.Grammaticality+" "+a.Overcorrection+"}")
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func FuzzParseReply(f *testing.F) {
	f.Add(`{"A": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}, "B": {"semantics": 4.5, "grammaticality": 2, "overcorrection": "Minor over-correction"}, "id": "abc"}`)
	f.Add("```json\n{}\n```")
	f.Add(`{"A": {"semantics": 1e400}}`)
	f.Fuzz(func(t *testing.T, reply string) {
		p, err := parseReply(reply, twoSystems, false)
		if err != nil {
			if !errors.Is(err, ErrAnswer) {
				t.Fatalf("error %v does not wrap ErrAnswer", err)
			}
			return
		}
		if len(p.answers) != 2 {
			t.Fatalf("%d answers for 2 systems", len(p.answers))
		}
		for _, a := range p.answers {
			for k, l := range a.Labels() {
				if _, _, other, err := Scales[k].Parse(l); err != nil || other {
					t.Fatalf("label %q is not on scale %s", l, Scales[k].Name)
				}
			}
		}
	})
}

// TestQueryJSON: the query of the protocol's own example is written
// exactly as the protocol shows it.
func TestQueryJSON(t *testing.T) {
	q := human.Query{
		ID:      "765d0adf8a8c58e2617a435be0d2451edcfcb782492ac662432da53843607d9a",
		Source:  "Travalling by car is also much more convenient.",
		Systems: []string{"gold_reference", "opt-iml-max-30b", "text-davinci-003", "gpt-3.5-turbo"},
		Outputs: []string{"Travelling by car is also much more convenient.", "Travalling by car is also much more convenient.",
			"Traveling by car is also much more convenient.", "Traveling by car is also much more convenient."},
	}
	got := QueryJSON(q)
	if !strings.Contains(Protocol, "\n"+got+"\n") {
		t.Errorf("query %s is not the protocol's example", got)
	}
	if got := QueryJSON(human.Query{ID: "x", Source: `a "b" <c> & £`, Systems: []string{"s"}, Outputs: []string{"d\te"}}); got != `{"original_input": "a \"b\" <c> & £", "s": "d\te", "id": "x"}` {
		t.Errorf("escaping: %s", got)
	}
	m := Messages(q)
	if len(m) != 3 || m[0].Content != Protocol || m[1].Role != "assistant" || m[2].Content != QueryJSON(q) {
		t.Errorf("messages %+v", m)
	}
}

// TestProtocolText: the embedded protocol is seed 000, byte for byte.
func TestProtocolText(t *testing.T) {
	seeds, _ := filepath.Glob(filepath.Join(testdata.Dir(t), "..", "seeds", "000_*.txt"))
	if len(seeds) != 1 {
		testdata.SkipData(t, "seed 000 not found beside the shared data")
	}
	b, err := os.ReadFile(seeds[0])
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != Protocol {
		t.Errorf("protocol.txt differs from %s: run go generate ./calibrate/llmjudge", seeds[0])
	}
	if !strings.HasPrefix(PromptVersion, "seed000-") || len(PromptVersion) != 20 {
		t.Errorf("PromptVersion %q", PromptVersion)
	}
}

func TestQueries(t *testing.T) {
	src := []string{" Yes, sir. ", "He go ."}
	systems := []string{"a", "b", "c", "d", "e"}
	outs := [][]string{{"1a", "2a"}, {"1b", "2b"}, {"1c", "2c"}, {"1d", "2d"}, {"1e", "2e"}}
	qs, err := Queries(src, systems, outs)
	if err != nil {
		t.Fatal(err)
	}
	// Five systems: two queries per line, four candidates and one.
	if len(qs) != 4 || len(qs[0].Systems) != 4 || len(qs[1].Systems) != 1 || qs[1].Systems[0] != "e" || qs[3].Outputs[0] != "2e" || qs[2].Line != 2 {
		t.Fatalf("queries %+v", qs)
	}
	if qs[0].Source != " Yes, sir. " || qs[0].ID != ItemID("yes, sir.") || qs[0].ID != qs[1].ID {
		t.Errorf("source and id %q %s", qs[0].Source, qs[0].ID)
	}
	// The published ids: sha256 of the lower-cased, trimmed source.
	if id := ItemID("Travalling by car is also much more convenient."); id != "765d0adf8a8c58e2617a435be0d2451edcfcb782492ac662432da53843607d9a" {
		t.Errorf("ItemID %s", id)
	}
	if _, err := Queries(src, []string{"id"}, [][]string{{"x", "y"}}); err == nil || !strings.Contains(err.Error(), `cannot be named "id"`) {
		t.Errorf("system named id: %v", err)
	}
	if _, err := Queries(src, []string{"a"}, [][]string{{"x"}}); err == nil {
		t.Error("line counts differ, no error")
	}
	// ByLine puts the answers back; a missing query leaves nils.
	res := make([]Result, len(qs))
	for i, q := range qs {
		res[i].Query = q
		if i != 2 {
			for k := range q.Systems {
				res[i].Answers = append(res[i].Answers, Answer{Semantics: "5", Grammaticality: "0", Overcorrection: q.Outputs[k]})
			}
		}
	}
	grid := ByLine(res, systems, 2)
	if grid[4][1] == nil || grid[4][1].Overcorrection != "2e" || grid[0][1] != nil || grid[3][0].Overcorrection != "1d" {
		t.Errorf("by line: %v", grid)
	}
}

// TestWriteAnswers: what WriteAnswers writes, corpora's seed-000 answer
// reader reads as the same ratings Ratings gives.
func TestWriteAnswers(t *testing.T) {
	res := []Result{
		{Query: twoSystems, Answers: []Answer{{"5", "0", "No"}, {"4", "2 or more", "Minor over-correction"}}},
		{Query: human.Query{ID: "x", Source: "s", Systems: []string{"A"}, Outputs: []string{"o"}}, Err: ErrAnswer},
	}
	var b bytes.Buffer
	if err := WriteAnswers(&b, res); err != nil {
		t.Fatal(err)
	}
	want := `{"A": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}, "B": {"semantics": 4, "grammaticality": "2 or more", "overcorrection": "Minor over-correction"}, "id": "abc"}` + "\n"
	if b.String() != want {
		t.Errorf("wrote %s want %s", b.String(), want)
	}
	read, err := human.Sottana.ReadAnswers(&b, "answers.jsonl", "m")
	if err != nil {
		t.Fatal(err)
	}
	rs := Ratings(res, "m")
	if len(read) != 6 || len(rs) != 6 {
		t.Fatalf("%d ratings read, %d made", len(read), len(rs))
	}
	for i := range rs {
		if read[i].Item != rs[i].Item || read[i].System != rs[i].System || read[i].Scale != rs[i].Scale || read[i].Label != rs[i].Label || read[i].Value != rs[i].Value {
			t.Errorf("rating %d: read %+v, made %+v", i, read[i], rs[i])
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct {
		h    string
		want time.Duration
	}{
		{"", 0}, {"soon", 0}, {"7", 7 * time.Second}, {"0.5", 500 * time.Millisecond}, {"0", time.Nanosecond},
		{"86400", 24 * time.Hour}, {"1e300", maxRetryAfter}, {"NaN", maxRetryAfter}, {"-5", time.Nanosecond}, {now.Add(30 * time.Second).Format(http.TimeFormat), 30 * time.Second},
		{now.Add(-time.Minute).Format(http.TimeFormat), time.Nanosecond},
	} {
		if got := retryAfter(c.h, now); got != c.want {
			t.Errorf("Retry-After %q: %v, want %v", c.h, got, c.want)
		}
	}
}

func TestBackoff(t *testing.T) {
	c := &Client{Backoff: 100 * time.Millisecond, MaxBackoff: time.Second}
	for attempt, hi := range []time.Duration{100, 200, 400, 800, 1000, 1000} {
		hi *= time.Millisecond
		for range 50 {
			if d := c.backoff(attempt); d < hi/2 || d > hi {
				t.Fatalf("attempt %d: wait %v outside [%v, %v]", attempt, d, hi/2, hi)
			}
		}
	}
}
