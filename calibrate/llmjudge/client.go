package llmjudge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gecmetric/gecmetric/human"
)

// A Secret is a string that never prints: fmt shows it as [redacted].
type Secret string

func (Secret) String() string   { return "[redacted]" }
func (Secret) GoString() string { return "[redacted]" }

// A Client puts seed-000 queries to a model behind an OpenAI-compatible
// chat-completions API. Zero values of the optional fields take the
// defaults noted. A Client is safe for concurrent use; Run uses up to
// Concurrency requests at a time.
type Client struct {
	// URL is the API's base URL, e.g. http://localhost:11434/v1 (Ollama)
	// or https://api.openai.com/v1; requests go to URL/chat/completions
	// (URL may also end in /chat/completions itself).
	URL string
	// Model is the model name sent with every request, e.g. "llama3.1:8b".
	Model string
	// Key is sent as "Authorization: Bearer Key" when not empty. It is
	// never written to the cache, a log or an error message.
	Key Secret
	// Cache is a folder of answers keyed by (Model, PromptVersion, query);
	// "" caches nothing. An answered query is never asked again.
	Cache string
	// Concurrency is the number of requests in flight at once; default 4.
	Concurrency int
	// Timeout bounds one HTTP request (connection to last byte); default
	// 2 minutes. A request that times out is retried like a 5xx.
	Timeout time.Duration
	// Retries is how many times a request is repeated after a 429, a 5xx, a
	// 408, a timeout or a network error; default 5 (0 is the default, -1
	// none).
	Retries int
	// Backoff is the first wait before a retry, doubled each retry up to
	// MaxBackoff, each wait drawn uniformly from its upper half (jitter).
	// A Retry-After header (seconds or an HTTP date), capped at 10
	// minutes, replaces the computed wait. Defaults 1s and 1 minute.
	Backoff, MaxBackoff time.Duration
	// Strict rejects a semantics number between labels (4.5); otherwise it
	// is rounded half to even, as the authors' analysis did, and counted.
	Strict bool
	// Progress, when not nil, receives a line of Stats at most every
	// ProgressEvery (default 2s) and at the end of Run.
	Progress      io.Writer
	ProgressEvery time.Duration
	// HTTP is the client used; default http.DefaultClient.
	HTTP *http.Client

	sleep func(ctx context.Context, d time.Duration) error // tests replace it
}

// Usage is the token count of the API's usage field.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// Stats counts what a run did.
type Stats struct {
	Queries   int // queries in the run
	Done      int // answered or given up
	CacheHits int // answered from the cache, no request
	Requests  int // HTTP requests sent, retries included
	Retries   int // requests repeated after a 429, 5xx, timeout or network error
	Reasked   int // answers unusable the first time, asked again with the error
	Missing   int // queries left without an answer
	Rounded   int // semantics numbers rounded to a label (non-strict)
	IDDiffers int // answers whose "id" was not the query's (kept)
	Usage         // tokens reported by the API (requests sent in this run only)
}

func (s Stats) String() string {
	out := fmt.Sprintf("%d/%d queries done, %d from the cache, %d requests (%d retried, %d re-asked), %d missing, tokens %d prompt + %d completion",
		s.Done, s.Queries, s.CacheHits, s.Requests, s.Retries, s.Reasked, s.Missing, s.PromptTokens, s.CompletionTokens)
	if s.IDDiffers > 0 {
		out += fmt.Sprintf(", %d answered under another id", s.IDDiffers)
	}
	return out
}

// A Result is the outcome of one query.
type Result struct {
	Query   human.Query
	Answers []Answer // Answers[i] answers Query.Systems[i]; nil when missing
	// Err says why the query has no answer: an unusable reply (asked
	// twice, wrapping ErrAnswer) or a request that failed after its
	// retries. Nil when answered.
	Err     error
	Reply   string // the last reply text (the unusable one when Err wraps ErrAnswer)
	Cached  bool   // answered from the cache
	Rounded int    // semantics numbers rounded to a label
	IDDiff  bool   // the reply's id was not the query's
}

// errNotAsked marks the Results of queries a stopped run never reached.
var errNotAsked = errors.New("not asked: the run stopped first")

// ErrFatal is wrapped by errors that stop a run: the API refused the
// request itself (401, 403, 404), which no retry mends.
var ErrFatal = errors.New("the API refused the request")

// Run asks the model about every query, from the cache where it can, and
// returns one Result per query in order. A query whose answer stays
// unusable or whose requests keep failing is a Result with Err set
// (counted in Stats.Missing), never an error of Run. Run returns an error
// when ctx ends (the answers received so far are in the cache: running
// again asks only for the rest) or when the API refuses a request for
// good (ErrFatal: wrong URL, model or key); the Results then hold what was
// done.
func (c *Client) Run(ctx context.Context, qs []human.Query) ([]Result, Stats, error) {
	for _, q := range qs {
		if err := checkQuery(q); err != nil {
			return nil, Stats{}, err
		}
	}
	if c.URL == "" || c.Model == "" {
		return nil, Stats{}, errors.New("llmjudge: the client needs a URL and a model")
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	out := make([]Result, len(qs))
	for i, q := range qs {
		out[i] = Result{Query: q, Err: errNotAsked}
	}
	r := &run{c: c, stats: Stats{Queries: len(qs)}, last: time.Now()}
	work := make(chan int)
	var wg sync.WaitGroup
	for range max(1, c.concurrency()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				res, err := r.one(ctx, qs[i])
				if err != nil {
					if res.Answers == nil && res.Err == nil {
						res.Err = err
					}
					out[i] = res
					cancel(err)
					continue
				}
				out[i] = res
				r.done(res)
			}
		}()
	}
feed:
	for i := range qs {
		select {
		case work <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	r.report(true)
	if err := context.Cause(ctx); err != nil {
		return out, r.stats, err
	}
	return out, r.stats, nil
}

func (c *Client) concurrency() int {
	if c.Concurrency <= 0 {
		return 4
	}
	return c.Concurrency
}

// run is the shared state of one Run.
type run struct {
	c     *Client
	mu    sync.Mutex
	stats Stats
	last  time.Time
}

func (r *run) add(f func(*Stats)) {
	r.mu.Lock()
	f(&r.stats)
	r.mu.Unlock()
}

func (r *run) done(res Result) {
	r.add(func(s *Stats) {
		s.Done++
		if res.Cached {
			s.CacheHits++
		}
		if res.Err != nil {
			s.Missing++
		}
		s.Rounded += res.Rounded
		if res.IDDiff {
			s.IDDiffers++
		}
	})
	r.report(false)
}

func (r *run) report(final bool) {
	if r.c.Progress == nil {
		return
	}
	every := r.c.ProgressEvery
	if every <= 0 {
		every = 2 * time.Second
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !final && time.Since(r.last) < every {
		return
	}
	r.last = time.Now()
	fmt.Fprintf(r.c.Progress, "llm %s: %s\n", r.c.Model, r.stats)
}

// one answers one query: from the cache, else by asking (and asking again
// once with the problem when the reply is unusable). Its error is for
// the whole run (ctx ended, ErrFatal); a query left unanswered is a
// Result with Err.
func (r *run) one(ctx context.Context, q human.Query) (Result, error) {
	c := r.c
	res := Result{Query: q}
	query := QueryJSON(q)
	key := cacheKey(c.Model, query)
	if c.Cache != "" {
		e, ok, err := readCache(c.Cache, key, c.Model, query)
		if err != nil {
			return res, fmt.Errorf("llmjudge: reading the cache: %w", err)
		}
		if ok {
			if p, err := parseReply(e.Reply, q, c.Strict); err == nil {
				res.Answers, res.Rounded, res.IDDiff, res.Reply, res.Cached = p.answers, p.rounded, p.idDiff, e.Reply, true
				return res, nil
			}
			// Read under other rules (Strict): ask again.
		}
	}
	msgs := Messages(q)
	var usage Usage
	for attempt := 0; ; attempt++ {
		reply, u, err := r.complete(ctx, msgs)
		usage.PromptTokens += u.PromptTokens
		usage.CompletionTokens += u.CompletionTokens
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, ErrFatal) {
				return res, err
			}
			res.Err = err
			return res, nil
		}
		res.Reply = reply
		p, perr := parseReply(reply, q, c.Strict)
		if perr == nil {
			res.Answers, res.Rounded, res.IDDiff = p.answers, p.rounded, p.idDiff
			if c.Cache != "" {
				e := cacheEntry{Model: c.Model, PromptVersion: PromptVersion, Query: query, Reply: reply, Usage: usage}
				if err := writeCache(c.Cache, key, e); err != nil {
					return res, fmt.Errorf("llmjudge: writing the cache: %w", err)
				}
			}
			return res, nil
		}
		if attempt == 1 {
			res.Err = perr
			return res, nil
		}
		r.add(func(s *Stats) { s.Reasked++ })
		msgs = append(msgs, Message{Role: "assistant", Content: reply},
			Message{Role: "user", Content: fmt.Sprintf(reask, strings.TrimPrefix(perr.Error(), ErrAnswer.Error()+": "))})
	}
}

// chatRequest and chatResponse are the parts of the chat-completions API
// that the client uses.
type chatRequest struct {
	Model    string    `json:"model"`
	Messages []Message `json:"messages"`
}

type chatResponse struct {
	Choices []struct {
		Message Message `json:"message"`
	} `json:"choices"`
	Usage Usage `json:"usage"`
}

// complete sends one conversation and returns the reply's text, retrying
// on 429, 5xx, 408, timeouts and network errors with exponential backoff.
func (r *run) complete(ctx context.Context, msgs []Message) (string, Usage, error) {
	c := r.c
	body, err := json.Marshal(chatRequest{Model: c.Model, Messages: msgs})
	if err != nil {
		return "", Usage{}, err
	}
	retries := c.Retries
	switch {
	case retries == 0:
		retries = 5
	case retries < 0:
		retries = 0
	}
	for attempt := 0; ; attempt++ {
		r.add(func(s *Stats) {
			s.Requests++
			if attempt > 0 {
				s.Retries++
			}
		})
		reply, usage, wait, err := c.post(ctx, body)
		r.add(func(s *Stats) {
			s.PromptTokens += usage.PromptTokens
			s.CompletionTokens += usage.CompletionTokens
		})
		if err == nil {
			return reply, usage, nil
		}
		if ctx.Err() != nil {
			return "", usage, context.Cause(ctx)
		}
		if wait < 0 || attempt >= retries {
			if wait >= 0 {
				err = fmt.Errorf("%w (gave up after %d retries)", err, retries)
			}
			return "", usage, err
		}
		if wait == 0 {
			wait = c.backoff(attempt)
		}
		if err := c.wait(ctx, wait); err != nil {
			return "", usage, context.Cause(ctx)
		}
	}
}

// post sends one request. wait is -1 when the error is not worth a
// retry, the server's Retry-After when it gave one, else 0.
func (c *Client) post(ctx context.Context, body []byte) (reply string, usage Usage, wait time.Duration, err error) {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Minute
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, c.endpoint(), bytes.NewReader(body))
	if err != nil {
		return "", usage, -1, fmt.Errorf("%w: %v", ErrFatal, c.scrub(err.Error()))
	}
	req.Header.Set("Content-Type", "application/json")
	if c.Key != "" {
		req.Header.Set("Authorization", "Bearer "+string(c.Key))
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		if ctx.Err() == nil && rctx.Err() != nil {
			return "", usage, 0, fmt.Errorf("POST %s: no answer within %v", c.endpoint(), timeout)
		}
		return "", usage, 0, errors.New(c.scrub(err.Error()))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		if ctx.Err() == nil && rctx.Err() != nil {
			return "", usage, 0, fmt.Errorf("POST %s: no answer within %v", c.endpoint(), timeout)
		}
		return "", usage, 0, fmt.Errorf("POST %s: reading the response: %s", c.endpoint(), c.scrub(err.Error()))
	}
	if resp.StatusCode/100 != 2 {
		err := fmt.Errorf("POST %s: %s%s", c.endpoint(), resp.Status, c.apiMessage(data))
		switch {
		case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden || resp.StatusCode == http.StatusNotFound:
			return "", usage, -1, fmt.Errorf("%w: %v", ErrFatal, err)
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusRequestTimeout || resp.StatusCode >= 500:
			return "", usage, retryAfter(resp.Header.Get("Retry-After"), time.Now()), err
		}
		return "", usage, -1, err
	}
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil {
		return "", usage, 0, fmt.Errorf("POST %s: the response is not chat-completions JSON: %v", c.endpoint(), err)
	}
	if len(cr.Choices) == 0 {
		return "", cr.Usage, 0, fmt.Errorf("POST %s: the response has no choices", c.endpoint())
	}
	return cr.Choices[0].Message.Content, cr.Usage, 0, nil
}

func (c *Client) endpoint() string {
	u := strings.TrimSuffix(c.URL, "/")
	if strings.HasSuffix(u, "/chat/completions") {
		return u
	}
	return u + "/chat/completions"
}

// apiMessage returns ": message" from an OpenAI-style error body
// ({"error": {"message": ...}}), else a short prefix of the body, with
// the key scrubbed.
func (c *Client) apiMessage(body []byte) string {
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	msg := strings.TrimSpace(string(body))
	if json.Unmarshal(body, &e) == nil && e.Error.Message != "" {
		msg = e.Error.Message
	}
	if msg == "" {
		return ""
	}
	if len(msg) > 300 {
		msg = msg[:300] + "…"
	}
	return ": " + c.scrub(msg)
}

// scrub removes the key from a message (a server or a transport may echo
// it).
func (c *Client) scrub(s string) string {
	if len(c.Key) < 4 {
		return s
	}
	return strings.ReplaceAll(s, string(c.Key), "[redacted]")
}

// backoff is the jittered wait before retry attempt+1.
func (c *Client) backoff(attempt int) time.Duration {
	base, hi := c.Backoff, c.MaxBackoff
	if base <= 0 {
		base = time.Second
	}
	if hi <= 0 {
		hi = time.Minute
	}
	d := base
	for range attempt {
		if d >= hi {
			break
		}
		d *= 2
	}
	d = min(d, hi)
	return d/2 + rand.N(d/2+1)
}

func (c *Client) wait(ctx context.Context, d time.Duration) error {
	if c.sleep != nil {
		return c.sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// maxRetryAfter caps a server's Retry-After.
const maxRetryAfter = 10 * time.Minute

// retryAfter reads a Retry-After header: delay seconds or an HTTP date.
// It returns 0 when there is none (or it does not parse), and at least a
// nanosecond otherwise (a date in the past: retry now), so that 0 always
// means "compute the backoff".
func retryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	var d time.Duration
	if s, err := strconv.ParseFloat(h, 64); err == nil {
		d = time.Duration(s * float64(time.Second))
	} else if t, err := http.ParseTime(h); err == nil {
		d = t.Sub(now)
	} else {
		return 0
	}
	if d <= 0 {
		return time.Nanosecond // "now"; 0 would mean "no header"
	}
	return min(d, maxRetryAfter)
}
