package llmjudge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
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
	// Concurrency is the number of requests in flight at once; default 4,
	// at most MaxConcurrency, and never more than the queries of a run.
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
	// A Retry-After header (seconds or an HTTP date) replaces the computed
	// wait, capped at MaxBackoff; a capped wait is reported on Progress.
	// Defaults 1s and 1 minute.
	Backoff, MaxBackoff time.Duration
	// MaxFailures stops the run (ErrGaveUp) after this many failed
	// requests in a row, across all queries: a server that fails every
	// request (a 5xx, a 429, a timeout, a network error) ends the run
	// instead of having every query retried in turn. Default 32; -1 no
	// limit.
	MaxFailures int
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
	Queries   int // queries in the run, a query of more than MaxCandidates counted once per group of four
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

// ErrGaveUp is wrapped by the error that stops a run after
// Client.MaxFailures failed requests in a row.
var ErrGaveUp = errors.New("the API keeps failing")

// MaxConcurrency bounds Client.Concurrency.
const MaxConcurrency = 256

// Check reports a client that cannot run: no model, or a URL that is not
// http:// or https:// with a host (file://, a typo). Run calls it first;
// a command may call it before reading its inputs.
func (c *Client) Check() error {
	if c.URL == "" || c.Model == "" {
		return errors.New("llmjudge: the client needs a URL and a model")
	}
	u, err := url.Parse(c.URL)
	if err != nil {
		return fmt.Errorf("llmjudge: URL %q: %v", c.scrub(c.URL), err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("llmjudge: URL %q: scheme %q is not supported (want http:// or https://)", c.scrub(c.URL), u.Scheme)
	}
	if u.Host == "" {
		return fmt.Errorf("llmjudge: URL %q has no host", c.scrub(c.URL))
	}
	if u.User != nil {
		return fmt.Errorf("llmjudge: URL %q holds a user name or password: give the key with Key (--llm-key-env)", u.Redacted())
	}
	if c.Concurrency > MaxConcurrency {
		return fmt.Errorf("llmjudge: concurrency %d: at most %d requests in flight", c.Concurrency, MaxConcurrency)
	}
	return nil
}

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
	if err := c.Check(); err != nil {
		return nil, Stats{}, err
	}
	if c.Cache != "" {
		cleanCache(c.Cache, time.Now())
	}
	parts, owner := split(qs)
	res, st, err := c.run(ctx, parts)
	return merge(qs, owner, res), st, err
}

// run asks every query of qs, each of at most MaxCandidates candidates.
func (c *Client) run(ctx context.Context, qs []human.Query) ([]Result, Stats, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	out := make([]Result, len(qs))
	for i, q := range qs {
		out[i] = Result{Query: q, Err: errNotAsked}
	}
	r := &run{c: c, stats: Stats{Queries: len(qs)}, last: time.Now()}
	work := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(c.concurrency(), len(qs))) {
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
	return min(c.Concurrency, MaxConcurrency)
}

func (c *Client) maxFailures() int {
	switch {
	case c.MaxFailures == 0:
		return 32
	case c.MaxFailures < 0:
		return math.MaxInt
	}
	return c.MaxFailures
}

// run is the shared state of one Run.
type run struct {
	c        *Client
	mu       sync.Mutex
	stats    Stats
	last     time.Time
	failures int // failed requests in a row
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
			if answers, rounded, idDiff, err := e.answers(q, c.Strict); err == nil {
				res.Answers, res.Rounded, res.IDDiff, res.Cached = answers, rounded, idDiff, true
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
			if ctx.Err() != nil || errors.Is(err, ErrFatal) || errors.Is(err, ErrGaveUp) {
				return res, err
			}
			res.Err = err
			return res, nil
		}
		// A reply may echo the key: it is kept, printed and stored only
		// scrubbed.
		res.Reply = c.scrub(reply)
		p, perr := parseReply(reply, q, c.Strict)
		if perr == nil {
			res.Answers, res.Rounded, res.IDDiff = p.answers, p.rounded, p.idDiff
			if c.Cache != "" {
				e := cacheEntry{Model: c.Model, PromptVersion: PromptVersion, Query: query,
					Answers: p.answers, Rounded: p.rounded, IDDiffers: p.idDiff, Usage: usage}
				if err := writeCache(c.Cache, key, e); err != nil {
					return res, fmt.Errorf("llmjudge: writing the cache: %w", err)
				}
			}
			return res, nil
		}
		if attempt == 1 {
			res.Err = scrubbed{perr, c.scrub(perr.Error())}
			return res, nil
		}
		r.add(func(s *Stats) { s.Reasked++ })
		msgs = append(msgs, Message{Role: "assistant", Content: reply},
			Message{Role: "user", Content: fmt.Sprintf(reask, strings.TrimPrefix(perr.Error(), ErrAnswer.Error()+": "))})
	}
}

// scrubbed is an error whose message had the key removed; errors.Is and
// errors.As still see the error it stands for.
type scrubbed struct {
	err error
	msg string
}

func (e scrubbed) Error() string { return e.msg }
func (e scrubbed) Unwrap() error { return e.err }

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
	Usage struct {
		PromptTokens     tokenCount `json:"prompt_tokens"`
		CompletionTokens tokenCount `json:"completion_tokens"`
	} `json:"usage"`
}

// A tokenCount is a usage number as a server sends it: anything but a
// whole number from 0 to maxTokenCount (1e300, -5, 2.5, "12", null) reads
// as 0, so that a server's odd accounting never costs a valid answer.
type tokenCount int

const maxTokenCount = 1 << 40

func (t *tokenCount) UnmarshalJSON(b []byte) error {
	var f float64
	if json.Unmarshal(b, &f) != nil || !(f >= 0 && f <= maxTokenCount) || f != math.Trunc(f) {
		*t = 0
		return nil
	}
	*t = tokenCount(f)
	return nil
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
		if ctx.Err() != nil {
			return "", usage, context.Cause(ctx)
		}
		if err := r.count(err); err != nil {
			return "", usage, err
		}
		if err == nil {
			return reply, usage, nil
		}
		if wait < 0 || attempt >= retries {
			if wait >= 0 {
				err = fmt.Errorf("%w (gave up after %d retries)", err, retries)
			}
			return "", usage, err
		}
		if wait == 0 {
			wait = c.backoff(attempt)
		} else if hi := c.maxBackoff(); wait > hi {
			r.say(fmt.Sprintf("the server asked to wait %v before retrying; waiting %v (the longest wait)", wait.Round(time.Second), hi))
			wait = hi
		}
		if err := c.wait(ctx, wait); err != nil {
			return "", usage, context.Cause(ctx)
		}
	}
}

// count keeps the run's count of failed requests in a row, and returns
// the error that stops the run when it reaches the client's budget.
func (r *run) count(err error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err == nil {
		r.failures = 0
		return nil
	}
	if errors.Is(err, ErrFatal) {
		return nil
	}
	r.failures++
	if n := r.c.maxFailures(); r.failures >= n {
		return fmt.Errorf("%w: %d requests failed in a row, the last: %v", ErrGaveUp, r.failures, err)
	}
	return nil
}

// say writes a line about the run on Progress.
func (r *run) say(msg string) {
	if r.c.Progress == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(r.c.Progress, "llm %s: %s\n", r.c.Model, msg)
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
	resp, err := c.httpClient().Do(req)
	if err != nil {
		if ctx.Err() == nil && rctx.Err() != nil {
			return "", usage, 0, fmt.Errorf("POST %s: no answer within %v", c.endpoint(), timeout)
		}
		var re redirectError
		if errors.As(err, &re) {
			return "", usage, -1, fmt.Errorf("%w: %s", ErrFatal, re.msg)
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
		// The status's own text comes from the server: only its code is used.
		err := fmt.Errorf("POST %s: %d %s%s", c.endpoint(), resp.StatusCode, http.StatusText(resp.StatusCode), c.apiMessage(data))
		switch {
		case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden || resp.StatusCode == http.StatusNotFound:
			return "", usage, -1, fmt.Errorf("%w: %v", ErrFatal, err)
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusRequestTimeout || resp.StatusCode >= 500:
			return "", usage, retryAfter(resp.Header.Get("Retry-After"), time.Now()), err
		}
		return "", usage, -1, err
	}
	// A 200 that is not an answer is the server's answer all the same
	// (and billed): not retried.
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil {
		return "", usage, -1, fmt.Errorf("POST %s: the response is not chat-completions JSON: %v", c.endpoint(), err)
	}
	usage = Usage{PromptTokens: int(cr.Usage.PromptTokens), CompletionTokens: int(cr.Usage.CompletionTokens)}
	if len(cr.Choices) == 0 {
		return "", usage, -1, fmt.Errorf("POST %s: the response has no choices", c.endpoint())
	}
	return cr.Choices[0].Message.Content, usage, 0, nil
}

func (c *Client) endpoint() string {
	u := strings.TrimSuffix(c.URL, "/")
	if strings.HasSuffix(u, "/chat/completions") {
		return u
	}
	return u + "/chat/completions"
}

// apiMessage returns ": "message"" from an OpenAI-style error body
// ({"error": {"message": ...}}), else a short prefix of the body: the key
// scrubbed first, then cut to 300 bytes, then quoted as Go quotes a
// string, so that no control character or escape sequence of the server
// reaches a terminal.
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
	msg = c.scrub(msg)
	if len(msg) > 300 {
		msg = strings.ToValidUTF8(msg[:300], "") + "…"
	}
	return ": " + strconv.Quote(msg)
}

// redirectError is a redirect the client refused.
type redirectError struct{ msg string }

func (e redirectError) Error() string { return e.msg }

// httpClient returns the HTTP client with the redirect policy: at most
// 10 redirects, never from https to http, and the key (the Authorization
// header) dropped when a redirect leaves the URL's scheme, host and port.
// Go's own policy keeps the header for any port of the same host.
func (c *Client) httpClient() *http.Client {
	hc := http.DefaultClient
	if c.HTTP != nil {
		hc = c.HTTP
	}
	cp := *hc
	next := hc.CheckRedirect
	cp.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) >= 10 {
			return redirectError{fmt.Sprintf("POST %s: more than 10 redirects", c.endpoint())}
		}
		first := via[0].URL
		if first.Scheme == "https" && req.URL.Scheme != "https" {
			return redirectError{fmt.Sprintf("POST %s: redirected to %s, from https to %s: refused", c.endpoint(), c.scrub(req.URL.Redacted()), req.URL.Scheme)}
		}
		if origin(req.URL) != origin(first) {
			req.Header.Del("Authorization")
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
	return &cp
}

// origin is a URL's scheme, host and port (the default port spelt out).
func origin(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port
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
	base, hi := c.Backoff, c.maxBackoff()
	if base <= 0 {
		base = time.Second
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

func (c *Client) maxBackoff() time.Duration {
	if c.MaxBackoff <= 0 {
		return time.Minute
	}
	return c.MaxBackoff
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

// maxRetryAfter bounds a server's Retry-After as read, before the
// client's cap (MaxBackoff), so that a huge number cannot overflow.
const maxRetryAfter = 365 * 24 * time.Hour

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
		if !(s < maxRetryAfter.Seconds()) { // NaN and +Inf too
			return maxRetryAfter
		}
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
