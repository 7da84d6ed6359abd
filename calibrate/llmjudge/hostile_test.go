package llmjudge_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gecmetric/gecmetric/calibrate/llmjudge"
	"github.com/gecmetric/gecmetric/calibrate/llmjudge/llmtest"
	"github.com/gecmetric/gecmetric/human"
)

// The cases of the audit of issue 26, each against a local fake server.

const hostileKey = "sk-audit-0123456789abcdefKEY"

// answerAll answers every query with a valid reply built from it.
func answerAll(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
	llmtest.Reply(w, req.Model, req.Messages, reply(req.Query, 0))
	return true
}

// leaks returns the texts of ss that hold the key or a prefix of it of 8
// bytes or more (a key cut before it was scrubbed).
func leaks(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if strings.Contains(s, hostileKey[:8]) {
			out = append(out, s)
		}
	}
	return out
}

// TestRedirectsKeepTheKey: a 307 or 308 to another port of the same host
// carried "Authorization: Bearer KEY" there, and https redirected to http
// was followed with the key. The header now goes only where the URL's
// scheme, host and port go, and https is never left for http.
func TestRedirectsKeepTheKey(t *testing.T) {
	qs, _ := fixture(2)
	var mu sync.Mutex
	auth := map[string][]string{}
	record := func(name string) *llmtest.Server {
		s := llmtest.New(nil)
		s.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
			mu.Lock()
			auth[name] = append(auth[name], req.Authorization)
			mu.Unlock()
			return answerAll(w, r, req)
		}
		return s
	}
	other := record("other port")
	defer other.Close()
	for _, code := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/chat/completions", code)
		}))
		c := &llmjudge.Client{URL: redirect.URL + "/v1", Model: "m", Key: hostileKey, Cache: ""}
		res, _, err := c.Run(context.Background(), qs)
		redirect.Close()
		if err != nil || res[0].Err != nil {
			t.Fatalf("%d to another port: %v %v", code, err, res[0].Err)
		}
	}
	if got := auth["other port"]; len(got) != 4 || strings.Join(got, "") != "" {
		t.Errorf("the other port received Authorization %q, want none on 4 requests", got)
	}
	// The same origin keeps it.
	same := record("same origin")
	defer same.Close()
	mux := http.NewServeMux()
	sameSrv := httptest.NewServer(mux)
	defer sameSrv.Close()
	mux.HandleFunc("/old/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/new/chat/completions", http.StatusPermanentRedirect)
	})
	mux.HandleFunc("/new/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auth["same origin"] = append(auth["same origin"], r.Header.Get("Authorization"))
		mu.Unlock()
		http.Redirect(w, r, same.URL+"/chat/completions", http.StatusTemporaryRedirect) // then elsewhere
	})
	c := &llmjudge.Client{URL: sameSrv.URL + "/old", Model: "m", Key: hostileKey, Concurrency: 1}
	if _, _, err := c.Run(context.Background(), qs[:1]); err != nil {
		t.Fatal(err)
	}
	if got := auth["same origin"]; len(got) != 2 || got[0] != "Bearer "+hostileKey || got[1] != "" {
		t.Errorf("same origin then another: Authorization %q, want the key then none", got)
	}
	// https to http: refused, nothing sent to the http server.
	plain := record("http")
	defer plain.Close()
	tls := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, plain.URL+"/chat/completions", http.StatusPermanentRedirect)
	}))
	defer tls.Close()
	c = &llmjudge.Client{URL: tls.URL + "/v1", Model: "m", Key: hostileKey, HTTP: tls.Client(), Concurrency: 1}
	_, st, err := c.Run(context.Background(), qs)
	if !errors.Is(err, llmjudge.ErrFatal) || !strings.Contains(err.Error(), "from https to http: refused") {
		t.Errorf("https to http: %v, want ErrFatal, refused", err)
	}
	if len(auth["http"]) != 0 || st.Requests != 1 {
		t.Errorf("https to http: the http server got %d requests (%d sent), want 0 (1)", len(auth["http"]), st.Requests)
	}
}

// TestKeyNeverLeaks: an error body cut to 300 bytes before the key was
// scrubbed printed all of the key but its last byte; the last reply was
// printed raw; a reply echoing the key as its id wrote it into the cache.
func TestKeyNeverLeaks(t *testing.T) {
	qs, _ := fixture(3)
	var progress strings.Builder
	srv := llmtest.New(nil)
	defer srv.Close()
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		switch req.Query.ID {
		case qs[0].ID: // the key across byte 300 of an error body
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"error": {"message": "%s%s is not valid"}}`, strings.Repeat("x", 300-len(hostileKey)+1), hostileKey)
		case qs[1].ID: // a valid answer with the key as its id
			good := reply(req.Query, 0)
			llmtest.Reply(w, req.Model, req.Messages, strings.Replace(good, `"id": "`+req.Query.ID+`"`, `"id": "`+hostileKey+`"`, 1))
		default: // an unusable reply echoing the key, twice
			llmtest.Reply(w, req.Model, req.Messages, `{"`+hostileKey+`": {"semantics": 5}}`)
		}
		return true
	}
	cache := t.TempDir()
	c := &llmjudge.Client{URL: srv.URL, Model: "m", Key: hostileKey, Cache: cache, Progress: &progress}
	res, _, err := c.Run(context.Background(), qs)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Err == nil || !strings.Contains(res[0].Err.Error(), `x[redacted] is not valid"`) {
		t.Errorf("error body: %v", res[0].Err)
	}
	if res[1].Err != nil || !res[1].IDDiff {
		t.Errorf("key as id: %v, id differs %v", res[1].Err, res[1].IDDiff)
	}
	if res[2].Err == nil || !errors.Is(res[2].Err, llmjudge.ErrAnswer) || !strings.Contains(res[2].Reply, "[redacted]") {
		t.Errorf("echoed key: err %v, reply %q", res[2].Err, res[2].Reply)
	}
	texts := []string{progress.String()}
	for _, r := range res {
		texts = append(texts, r.Reply, fmt.Sprint(r.Err))
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*", "*"))
	if len(files) != 1 {
		t.Errorf("%d cache files, want 1", len(files))
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		texts = append(texts, string(b))
	}
	if l := leaks(texts...); len(l) > 0 {
		t.Errorf("the key leaked into %q", l)
	}
}

// TestConcurrencyBounded: --llm-concurrency 100000000 on 3 sentences ran
// out of memory starting workers. The library refuses more than
// MaxConcurrency and starts no more workers than queries.
func TestConcurrencyBounded(t *testing.T) {
	qs, _ := fixture(3)
	srv := llmtest.New(nil)
	defer srv.Close()
	before := runtime.NumGoroutine()
	var most atomic.Int64
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		if n := int64(runtime.NumGoroutine() - before); n > most.Load() {
			most.Store(n)
		}
		return answerAll(w, r, req)
	}
	c := &llmjudge.Client{URL: srv.URL, Model: "m", Concurrency: 100_000_000}
	if _, _, err := c.Run(context.Background(), qs); err == nil || !strings.Contains(err.Error(), "at most 256 requests in flight") {
		t.Errorf("concurrency 100000000: %v", err)
	}
	c.Concurrency = llmjudge.MaxConcurrency
	if _, st, err := c.Run(context.Background(), qs); err != nil || st.Done != 3 {
		t.Fatalf("concurrency 256 on 3 queries: %v %+v", err, st)
	}
	// 3 workers, their requests and the server's handlers: a few dozen
	// goroutines at most (measured 20-30), not 256.
	if m := most.Load(); m > 100 {
		t.Errorf("%d goroutines more than before the run, for 3 queries", m)
	}
}

// TestServerTextQuoted: an error message holding terminal escapes reached
// the terminal raw; so did the status line's text.
func TestServerTextQuoted(t *testing.T) {
	qs, _ := fixture(1)
	srv := llmtest.New(nil)
	defer srv.Close()
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, "{\"error\": {\"message\": \"\\u001b]0;owned\\u0007\\u001b[31mred\"}}")
		return true
	}
	res, _, err := (&llmjudge.Client{URL: srv.URL, Model: "m"}).Run(context.Background(), qs)
	if err != nil {
		t.Fatal(err)
	}
	msg := res[0].Err.Error()
	if strings.ContainsAny(msg, "\x1b\x07") || !strings.HasSuffix(msg, `400 Bad Request: "\x1b]0;owned\a\x1b[31mred"`) {
		t.Errorf("error %q, want the message quoted", msg)
	}
}

// TestRetriesBounded: Retry-After 99999 waited 10 minutes a retry
// silently; a server failing forever kept the run going; file:// was
// retried; a 200 with no choices was retried (and billed); usage numbers
// of 1e300 discarded a valid answer.
func TestRetriesBounded(t *testing.T) {
	qs, _ := fixture(10)
	t.Run("Retry-After capped and said", func(t *testing.T) {
		srv := llmtest.New(nil)
		defer srv.Close()
		var n atomic.Int32
		srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
			if n.Add(1) == 1 {
				w.Header().Set("Retry-After", "99999")
				w.WriteHeader(http.StatusTooManyRequests)
				return true
			}
			return answerAll(w, r, req)
		}
		var ws waits
		var progress strings.Builder
		c := &llmjudge.Client{URL: srv.URL, Model: "m", Concurrency: 1, MaxBackoff: 3 * time.Second, Progress: &progress}
		llmjudge.SetSleep(c, ws.sleep)
		if _, st, err := c.Run(context.Background(), qs[:1]); err != nil || st.Done != 1 || st.Retries != 1 {
			t.Fatalf("%v %+v", err, st)
		}
		if fmt.Sprint(ws.d) != "[3s]" {
			t.Errorf("waits %v, want [3s]", ws.d)
		}
		if want := "llm m: the server asked to wait 27h46m39s before retrying; waiting 3s (the longest wait)\n"; !strings.HasPrefix(progress.String(), want) {
			t.Errorf("progress %q, want it to start %q", progress.String(), want)
		}
	})
	t.Run("failing forever", func(t *testing.T) {
		srv := llmtest.New(nil)
		defer srv.Close()
		srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return true
		}
		var ws waits
		c := &llmjudge.Client{URL: srv.URL, Model: "m", Concurrency: 1, Retries: 3, MaxFailures: 10}
		llmjudge.SetSleep(c, ws.sleep)
		_, st, err := c.Run(context.Background(), qs)
		if !errors.Is(err, llmjudge.ErrGaveUp) || !strings.Contains(err.Error(), `10 requests failed in a row, the last: POST `+srv.URL+`/chat/completions: 503 Service Unavailable: "down"`) {
			t.Errorf("err %v", err)
		}
		// 10 queries × 4 tries would be 40 requests.
		if st.Requests != 10 || srv.Requests() != 10 {
			t.Errorf("%d requests sent, %d served, want 10", st.Requests, srv.Requests())
		}
	})
	t.Run("unsupported scheme", func(t *testing.T) {
		for _, u := range []string{"file:///etc/passwd", "ftp://host/v1", "localhost:11434/v1", "http:///v1", "http://user:pw@host/v1"} {
			_, st, err := (&llmjudge.Client{URL: u, Model: "m"}).Run(context.Background(), qs)
			if err == nil || st.Requests != 0 || strings.Contains(err.Error(), "pw") {
				t.Errorf("URL %s: %v, %d requests", u, err, st.Requests)
			}
		}
	})
	t.Run("200 without choices", func(t *testing.T) {
		srv := llmtest.New(nil)
		defer srv.Close()
		srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
			fmt.Fprint(w, `{"choices": [], "usage": {"prompt_tokens": 1000, "completion_tokens": 0}}`)
			return true
		}
		res, st, err := (&llmjudge.Client{URL: srv.URL, Model: "m"}).Run(context.Background(), qs[:1])
		if err != nil || res[0].Err == nil || !strings.Contains(res[0].Err.Error(), "the response has no choices") || st.Requests != 1 || st.PromptTokens != 1000 {
			t.Errorf("err %v, result %v, stats %+v: want one request, no answer", err, res[0].Err, st)
		}
	})
	t.Run("absurd usage", func(t *testing.T) {
		srv := llmtest.New(nil)
		defer srv.Close()
		srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
			content := strings.ReplaceAll(fmt.Sprintf("%q", reply(req.Query, 0)), `\"`, `\"`)
			fmt.Fprintf(w, `{"choices": [{"message": {"role": "assistant", "content": %s}}], "usage": {"prompt_tokens": 1e300, "completion_tokens": -3}}`, content)
			return true
		}
		res, st, err := (&llmjudge.Client{URL: srv.URL, Model: "m"}).Run(context.Background(), qs[:2])
		if err != nil || res[0].Err != nil || res[1].Err != nil || st.Requests != 2 || st.PromptTokens != 0 || st.CompletionTokens != 0 {
			t.Errorf("err %v, results %v %v, stats %+v: want both answered in 2 requests, usage 0", err, res[0].Err, res[1].Err, st)
		}
	})
}

// TestCacheStoresAnswers: a padded reply was stored as sent (15 MB an
// entry), and a killed run's .tmp partials stayed for ever.
func TestCacheStoresAnswers(t *testing.T) {
	qs, _ := fixture(4)
	srv := llmtest.New(nil)
	defer srv.Close()
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		llmtest.Reply(w, req.Model, req.Messages, reply(req.Query, 0)+strings.Repeat(" ", 4<<20))
		return true
	}
	cache := t.TempDir()
	stale := filepath.Join(cache, "ab", ".abcdef.json.tmp123")
	fresh := filepath.Join(cache, "ab", ".abcdef.json.tmp456")
	os.MkdirAll(filepath.Dir(stale), 0o755)
	for _, p := range []string{stale, fresh} {
		os.WriteFile(p, []byte(`{"model": "m", "rep`), 0o644)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(stale, old, old)
	c := &llmjudge.Client{URL: srv.URL, Model: "m", Cache: cache}
	first, _, err := c.Run(context.Background(), qs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a partial of an hour ago is still there: %v", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a partial just written (another run's) was removed: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*", "*.json"))
	if len(files) != 4 {
		t.Fatalf("%d cache entries, want 4", len(files))
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if len(b) > 2000 || strings.Contains(string(b), `"reply"`) {
			t.Errorf("%s: %d bytes, want the parsed answer only (under 2,000):\n%.300s", f, len(b), b)
		}
	}
	again, st, err := c.Run(context.Background(), qs)
	if err != nil || st.CacheHits != 4 || st.Requests != 0 {
		t.Fatalf("second run: %v %+v", err, st)
	}
	for i := range qs {
		if fmt.Sprint(again[i].Answers) != fmt.Sprint(first[i].Answers) {
			t.Errorf("query %d: cached %v, asked %v", i, again[i].Answers, first[i].Answers)
		}
	}
	// A cache file edited to hold a label off the scale is asked again.
	b, _ := os.ReadFile(files[0])
	os.WriteFile(files[0], []byte(strings.Replace(string(b), `"Semantics": "`, `"Semantics": "9`, 1)), 0o644)
	if _, st, _ := c.Run(context.Background(), qs); st.CacheHits != 3 || st.Requests != 1 {
		t.Errorf("after editing an entry: %+v, want 3 from the cache, 1 request", st)
	}
}

// TestManyCandidatesSplit: a query of 10 candidates (judge --llm-json)
// went to the model in one request; the protocol shows four.
func TestManyCandidatesSplit(t *testing.T) {
	q := human.Query{ID: "id1", Source: "She go home .", Line: 1}
	for k := range 10 {
		q.Systems = append(q.Systems, fmt.Sprintf("sys%02d", k))
		q.Outputs = append(q.Outputs, fmt.Sprintf("She goes home %d .", k))
	}
	srv := llmtest.New(nil)
	defer srv.Close()
	var sizes []int
	var mu sync.Mutex
	srv.Fault = func(w http.ResponseWriter, r *http.Request, req llmtest.Request) bool {
		mu.Lock()
		sizes = append(sizes, len(req.Query.Systems))
		mu.Unlock()
		if req.Query.ID != "id1" || req.Query.Source != q.Source {
			t.Errorf("part asked with id %q source %q", req.Query.ID, req.Query.Source)
		}
		return answerAll(w, r, req)
	}
	res, st, err := (&llmjudge.Client{URL: srv.URL, Model: "m", Concurrency: 1}).Run(context.Background(), []human.Query{q})
	if err != nil || len(res) != 1 || res[0].Err != nil || len(res[0].Answers) != 10 {
		t.Fatalf("%v, %d results, %v", err, len(res), res)
	}
	if fmt.Sprint(sizes) != "[4 4 2]" || st.Requests != 3 {
		t.Errorf("candidates per request %v, want [4 4 2]", sizes)
	}
	// The answers are in the query's order: each part's answers are
	// reply(part, 0), so candidate k of a part gets semantics 1+k%5.
	for k, a := range res[0].Answers {
		if want := fmt.Sprint(1 + (k%4)%5); a.Semantics != want {
			t.Errorf("candidate %d: semantics %s, want %s", k, a.Semantics, want)
		}
	}
	var b strings.Builder
	llmjudge.WriteAnswers(&b, res)
	if strings.Count(b.String(), "\n") != 1 || !strings.Contains(b.String(), `"sys09": {`) {
		t.Errorf("answers written as %q, want one line with all ten", b.String())
	}
}
