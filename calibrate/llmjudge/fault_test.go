package llmjudge_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gecmetric/gecmetric/calibrate/llmjudge"
	"github.com/gecmetric/gecmetric/calibrate/llmjudge/llmtest"
	"github.com/gecmetric/gecmetric/human"
)

// fixture returns n queries (the protocol's example first, then
// invented sentences with two to four candidates) and a reply for each,
// written as GPT-4 wrote them.
func fixture(n int) ([]human.Query, map[string]string) {
	qs := []human.Query{{
		ID:      "765d0adf8a8c58e2617a435be0d2451edcfcb782492ac662432da53843607d9a",
		Source:  "Travalling by car is also much more convenient.",
		Systems: []string{"gold_reference", "opt-iml-max-30b", "text-davinci-003", "gpt-3.5-turbo"},
		Outputs: []string{"Travelling by car is also much more convenient.", "Travalling by car is also much more convenient.",
			"Traveling by car is also much more convenient.", "Traveling by car is also much more convenient."},
	}}
	for i := 1; i < n; i++ {
		src := fmt.Sprintf("She go to school %d days ago .", i)
		q := human.Query{ID: llmjudge.ItemID(src), Source: src, Line: i + 1}
		for k := range 2 + i%3 {
			q.Systems = append(q.Systems, fmt.Sprintf("sys%c", 'A'+k))
			q.Outputs = append(q.Outputs, fmt.Sprintf("She went to school %d days ago%s", i, strings.Repeat(" !", k)))
		}
		qs = append(qs, q)
	}
	replies := map[string]string{}
	for i, q := range qs {
		replies[llmtest.Key(q)] = reply(q, i)
	}
	return qs, replies
}

var (
	overcorrections = []string{"No", "Minor over-correction", "Moderate over-correction", "Substantial over-correction"}
	errorCounts     = []string{"0", "1", "2 or more"}
)

// reply writes an answer to q in the seed-000 answer format; the labels
// depend on the query's and the candidate's position.
func reply(q human.Query, i int) string {
	var b strings.Builder
	b.WriteString("{")
	for k, s := range q.Systems {
		fmt.Fprintf(&b, "%q: {\"semantics\": %d, \"grammaticality\": %q, \"overcorrection\": %q}, ", s, 1+(i+k)%5, errorCounts[(i+2*k)%3], overcorrections[(i+k)%4])
	}
	fmt.Fprintf(&b, "\"id\": %q}", q.ID)
	return b.String()
}

// waits records the client's waits between retries instead of waiting.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err()
}

func TestFaults(t *testing.T) {
	qs, replies := fixture(1)
	q := qs[0]
	good := replies[llmtest.Key(q)]
	answer := func(content string) func(w http.ResponseWriter, r *http.Request, req llmtest.Request) {
		return func(w http.ResponseWriter, r *http.Request, req llmtest.Request) {
			llmtest.Reply(w, req.Model, req.Messages, content)
		}
	}
	status := func(code int, retryAfter string) func(w http.ResponseWriter, r *http.Request, req llmtest.Request) {
		return func(w http.ResponseWriter, r *http.Request, req llmtest.Request) {
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			http.Error(w, `{"error": {"message": "slow down"}}`, code)
		}
	}
	hang := func(w http.ResponseWriter, r *http.Request, req llmtest.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}
	malformed := `{"gold_reference": {"semantics": 5, "grammaticality": "0"`
	noKey := strings.Replace(good, `"gpt-3.5-turbo": {"semantics": 4, "grammaticality": "0", "overcorrection": "Substantial over-correction"}, `, "", 1)
	wrongLabel := strings.Replace(good, `"Substantial over-correction"`, `"Huge over-correction"`, 1)
	if noKey == good || wrongLabel == good {
		t.Fatalf("fixture reply changed: %s", good)
	}
	type handler = func(w http.ResponseWriter, r *http.Request, req llmtest.Request)
	tests := []struct {
		name string
		// faults[n] answers the n-th request (0-based); past the end,
		// the recorded reply.
		faults    []handler
		answered  bool
		errWant   string // in Result.Err when not answered
		requests  int
		reasked   int
		retries   int
		waits     []time.Duration // nil: not checked
		reaskWant string          // in the re-ask message
		timeout   time.Duration   // the client's per-request timeout; 0 the default
	}{
		{name: "malformed JSON, then fixed", faults: []handler{answer(malformed)}, answered: true, requests: 2, reasked: 1,
			reaskWant: "Your reply could not be used: the reply is not one JSON object: unexpected EOF. Please reply"},
		{name: "malformed JSON twice", faults: []handler{answer(malformed), answer(malformed)}, errWant: "unusable answer: the reply is not one JSON object",
			requests: 2, reasked: 1},
		{name: "prose around the JSON", faults: []handler{answer("Sure! Here are the scores:\n" + good)}, answered: true, requests: 2, reasked: 1,
			reaskWant: "the reply is not one JSON object"},
		{name: "code fence is fine", faults: []handler{answer("```json\n" + good + "\n```")}, answered: true, requests: 1},
		{name: "missing key, then fixed", faults: []handler{answer(noKey)}, answered: true, requests: 2, reasked: 1,
			reaskWant: `no answer for "gpt-3.5-turbo"`},
		{name: "wrong label twice", faults: []handler{answer(wrongLabel), answer(wrongLabel)},
			errWant: `unusable answer: "gpt-3.5-turbo": overcorrection: unknown label "Huge over-correction" on scale overcorrection`, requests: 2, reasked: 1},
		{name: "429 then success", faults: []handler{status(429, "7")}, answered: true, requests: 2, retries: 1,
			waits: []time.Duration{7 * time.Second}},
		{name: "429 with a date", faults: []handler{status(429, time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat))}, answered: true, requests: 2, retries: 1,
			waits: []time.Duration{time.Nanosecond}},
		{name: "503 twice then success", faults: []handler{status(503, ""), status(503, "")}, answered: true, requests: 3, retries: 2},
		{name: "timeout then success", faults: []handler{hang}, answered: true, requests: 2, retries: 1, timeout: 200 * time.Millisecond},
		{name: "timeout every time", faults: []handler{hang, hang, hang, hang}, errWant: "no answer within 200ms (gave up after 3 retries)", requests: 4, retries: 3, timeout: 200 * time.Millisecond},
		{name: "400 is not retried", faults: []handler{status(400, "")}, errWant: `400 Bad Request: "slow down"`, requests: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(replies)
			defer srv.Close()
			var mu sync.Mutex
			n := 0
			srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
				mu.Lock()
				i := n
				n++
				mu.Unlock()
				if i < len(tt.faults) {
					tt.faults[i](w, r, req)
					return true
				}
				return false
			}
			var ws waits
			cache := t.TempDir()
			c := &llmjudge.Client{URL: srv.URL, Model: "m", Cache: cache, Timeout: tt.timeout, Retries: 3, Backoff: 100 * time.Millisecond}
			llmjudge.SetSleep(c, ws.sleep)
			res, st, err := c.Run(context.Background(), qs)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			r := res[0]
			if got := r.Err == nil; got != tt.answered {
				t.Fatalf("answered %v (err %v), want %v", got, r.Err, tt.answered)
			}
			if tt.answered {
				if len(r.Answers) != 4 || r.Answers[3] != (llmjudge.Answer{Semantics: "4", Grammaticality: "0", Overcorrection: "Substantial over-correction"}) {
					t.Errorf("answers %+v", r.Answers)
				}
			} else {
				if r.Answers != nil || !strings.Contains(r.Err.Error(), tt.errWant) || st.Missing != 1 {
					t.Errorf("err %v, want %q; answers %v, missing %d", r.Err, tt.errWant, r.Answers, st.Missing)
				}
				if tt.reasked > 0 && (!errors.Is(r.Err, llmjudge.ErrAnswer) || r.Reply == "") {
					t.Errorf("unusable answer not recorded: err %v, reply %q", r.Err, r.Reply)
				}
				// Nothing cached: the next run asks again.
				if files, _ := filepath.Glob(filepath.Join(cache, "*", "*.json")); len(files) != 0 {
					t.Errorf("an unanswered query was cached: %v", files)
				}
			}
			if st.Requests != tt.requests || srv.Requests() != tt.requests || st.Reasked != tt.reasked || st.Retries != tt.retries {
				t.Errorf("stats %+v, server saw %d requests; want %d requests, %d re-asked, %d retries", st, srv.Requests(), tt.requests, tt.reasked, tt.retries)
			}
			if tt.waits != nil && fmt.Sprint(ws.d) != fmt.Sprint(tt.waits) {
				t.Errorf("waits %v, want %v", ws.d, tt.waits)
			}
			if tt.name == "503 twice then success" {
				// Exponential backoff, jittered over the upper half.
				if len(ws.d) != 2 || ws.d[0] < 50*time.Millisecond || ws.d[0] > 100*time.Millisecond || ws.d[1] < 100*time.Millisecond || ws.d[1] > 200*time.Millisecond {
					t.Errorf("backoff waits %v, want one in [50ms, 100ms], one in [100ms, 200ms]", ws.d)
				}
			}
			if tt.reaskWant != "" {
				log := srv.Log()
				last := log[len(log)-1].Messages
				if len(last) != 5 || last[3].Role != "assistant" || last[4].Role != "user" || !strings.Contains(last[4].Content, tt.reaskWant) {
					t.Errorf("re-ask conversation %+v, want the bad reply and a message with %q", last[3:], tt.reaskWant)
				}
			}
		})
	}
}

// TestFatal: a 401 stops the run with ErrFatal, and the key appears in no
// error, progress line or cache file even when the server echoes it.
func TestFatal(t *testing.T) {
	qs, replies := fixture(6)
	srv := llmtest.New(replies)
	defer srv.Close()
	const key = "sk-test-0123456789SECRET"
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		if req.Authorization != "Bearer "+key {
			t.Errorf("Authorization %q", req.Authorization)
		}
		if req.Query.ID == qs[3].ID {
			http.Error(w, `{"error": {"message": "Incorrect API key provided: `+key+`"}}`, http.StatusUnauthorized)
			return true
		}
		return false
	}
	var progress strings.Builder
	cache := t.TempDir()
	c := &llmjudge.Client{URL: srv.URL, Model: "m", Key: key, Cache: cache, Concurrency: 1, Progress: &progress}
	res, st, err := c.Run(context.Background(), qs)
	if !errors.Is(err, llmjudge.ErrFatal) || !strings.Contains(err.Error(), `401 Unauthorized: "Incorrect API key provided: [redacted]"`) {
		t.Fatalf("err %v, want ErrFatal with the key redacted", err)
	}
	// Concurrency 1: the three queries before it were answered and cached.
	if st.Done != 3 || res[2].Err != nil || res[4].Err == nil {
		t.Errorf("stats %+v; results %v %v", st, res[2].Err, res[4].Err)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*", "*.json"))
	if len(files) != 3 {
		t.Errorf("%d cache files, want 3", len(files))
	}
	texts := []string{err.Error(), progress.String(), fmt.Sprintf("%+v %#v", c, c)}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		if strings.Contains(s, key) || strings.Contains(s, "SECRET") {
			t.Errorf("the key leaked: %s", s)
		}
	}
}

// TestResume kills a run (cancels its context) while requests are in
// flight, then runs again with the same cache: no answered query is asked
// again, the rest are, and the answers equal an uninterrupted run's.
func TestResume(t *testing.T) {
	qs, replies := fixture(40)
	srv := llmtest.New(replies)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		if req.N == 15 {
			cancel() // the run is killed while this request waits
			<-r.Context().Done()
			return true
		}
		return false
	}
	cache := t.TempDir()
	c := &llmjudge.Client{URL: srv.URL, Model: "m", Cache: cache, Concurrency: 3}
	first, st1, err := c.Run(ctx, qs)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("killed run: err %v", err)
	}
	answered := map[string]bool{}
	for _, r := range first {
		if r.Answers != nil {
			answered[llmtest.Key(r.Query)] = true
		}
	}
	// Request 15 never gets its answer; the (up to two) other requests in
	// flight beside it may or may not, as their replies race the cancel.
	if len(answered) < 15-3 || len(answered) >= st1.Requests || st1.Done != len(answered) {
		t.Fatalf("killed run answered %d queries (stats %+v)", len(answered), st1)
	}
	// The resumed run talks to a second server (the same replies), so that
	// its requests are counted apart from any request of the killed run
	// still reaching the first.
	srv2 := llmtest.New(replies)
	defer srv2.Close()
	c.URL = srv2.URL
	second, st2, err := c.Run(context.Background(), qs)
	if err != nil {
		t.Fatal(err)
	}
	if st2.CacheHits != len(answered) || st2.Requests != len(qs)-len(answered) || srv2.Requests() != st2.Requests {
		t.Errorf("resumed: stats %+v, %d answered before, %d requests served", st2, len(answered), srv2.Requests())
	}
	// No answered query is asked again; every other is asked once.
	for _, q := range qs {
		k := llmtest.Key(q)
		want := 1
		if answered[k] {
			want = 0
		}
		if got := srv2.Asked(k); got != want || srv.Asked(k) > 1 {
			t.Errorf("query %s asked %d times by the killed run, %d by the resumed run; want at most 1, %d", q.ID[:8], srv.Asked(k), got, want)
		}
	}
	fresh, _, err := (&llmjudge.Client{URL: srv.URL, Model: "m"}).Run(context.Background(), qs)
	if err != nil {
		t.Fatal(err)
	}
	for i := range qs {
		if second[i].Err != nil || fmt.Sprint(second[i].Answers) != fmt.Sprint(fresh[i].Answers) {
			t.Errorf("query %d: resumed %v (%v), uninterrupted %v", i, second[i].Answers, second[i].Err, fresh[i].Answers)
		}
	}
	// A third run asks nothing.
	if _, st3, _ := c.Run(context.Background(), qs); st3.Requests != 0 || st3.CacheHits != len(qs) {
		t.Errorf("third run %+v", st3)
	}
}
