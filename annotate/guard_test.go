package annotate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestAllowedHost(t *testing.T) {
	v4 := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	v6 := &net.TCPAddr{IP: net.IPv6loopback, Port: 8080}
	lan := &net.TCPAddr{IP: net.IPv4(192, 168, 1, 5), Port: 8080}
	for _, tc := range []struct {
		addr net.Addr
		host string
		want bool
	}{
		{v4, "127.0.0.1:8080", true},
		{v4, "localhost:8080", true},
		{v4, "LocalHost:8080", true},
		{v4, "127.0.0.1:8081", false},
		{v4, "localhost", false}, // port 80
		{v4, "evil.example:8080", false},
		{v4, "localhost.evil.example:8080", false},
		{v4, "127.0.0.2:8080", false},
		{v4, "[::1]:8080", false}, // not the bound address
		{v4, "", false},
		{v6, "[::1]:8080", true},
		{v6, "localhost:8080", true},
		{v6, "127.0.0.1:8080", false},
		{v6, "evil.example:8080", false},
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 80}, "localhost", true},
		{lan, "evil.example:8080", true}, // bound to a network address on purpose
		{nil, "evil.example", true},      // no address known (not served over TCP)
	} {
		if got := allowedHost(tc.addr, tc.host); got != tc.want {
			t.Errorf("allowedHost(%v, %q) = %v, want %v", tc.addr, tc.host, got, tc.want)
		}
	}
}

// TestServeRefusesOtherHosts serves on a loopback port as `annotate serve`
// does and sends requests that a DNS-rebinding page would send.
func TestServeRefusesOtherHosts(t *testing.T) {
	db := newFixtureDB(t)
	a, _ := db.AddAnnotator("ann")
	l, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- NewServer(db).Serve(ctx, l) }()
	t.Cleanup(func() { cancel(); <-done })
	addr := l.Addr().String()
	port := l.Addr().(*net.TCPAddr).Port
	for _, tc := range []struct {
		host, path string
		code       int
		error      string
	}{
		{addr, "/api/session", 200, ""},
		{fmt.Sprintf("localhost:%d", port), "/api/session", 200, ""},
		{addr, "/", 200, ""},
		{fmt.Sprintf("evil.example:%d", port), "/api/session", 403,
			fmt.Sprintf(`host "evil.example:%d" is not this server: open http://%s/ (other host names are refused against DNS rebinding)`, port, addr)},
		{fmt.Sprintf("evil.example:%d", port), "/", 403,
			fmt.Sprintf(`host "evil.example:%d" is not this server: open http://%s/ (other host names are refused against DNS rebinding)`, port, addr)},
		{"localhost:1", "/api/session", 403,
			fmt.Sprintf(`host "localhost:1" is not this server: open http://%s/ (other host names are refused against DNS rebinding)`, addr)},
	} {
		req, _ := http.NewRequest("GET", "http://"+addr+tc.path, nil)
		req.Host = tc.host
		req.Header.Set("Authorization", "Bearer "+a.Token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.code {
			t.Errorf("Host %s %s: status %d, want %d (%s)", tc.host, tc.path, res.StatusCode, tc.code, raw)
			continue
		}
		if tc.error == "" {
			continue
		}
		var body map[string]string
		json.Unmarshal(raw, &body)
		if body["error"] != tc.error {
			t.Errorf("Host %s: error %q\nwant %q", tc.host, body["error"], tc.error)
		}
	}
}

// TestServerLimitsWrongTokens sends requests straight to the handler with a
// clock the test moves.
func TestServerLimitsWrongTokens(t *testing.T) {
	db := newFixtureDB(t)
	a, _ := db.AddAnnotator("ann")
	s := NewServer(db)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.guesses.now = func() time.Time { return now }
	get := func(from, tok string) *httptest.ResponseRecorder {
		t.Helper()
		req := httptest.NewRequest("GET", "/api/session", nil)
		req.RemoteAddr = from
		req.Header.Set("Authorization", "Bearer "+tok)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec
	}
	errorOf := func(rec *httptest.ResponseRecorder) string {
		var body map[string]string
		json.Unmarshal(rec.Body.Bytes(), &body)
		return body["error"]
	}
	const guesser, other = "192.0.2.7:50000", "192.0.2.8:50000"
	// Right tokens spend nothing, however many.
	for range 200 {
		if rec := get(guesser, a.Token); rec.Code != 200 {
			t.Fatalf("right token: status %d", rec.Code)
		}
	}
	for i := range guessBurst {
		if rec := get(guesser, fmt.Sprintf("%032x", i)); rec.Code != 401 || errorOf(rec) != "unknown token: open the link you were given" {
			t.Fatalf("wrong token %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	// Over the budget: refused unchecked, the right token too, for one interval.
	for _, tok := range []string{"feed", a.Token} {
		rec := get(guesser, tok)
		if rec.Code != 429 || rec.Header().Get("Retry-After") != "1" ||
			errorOf(rec) != "too many wrong tokens from your address: try again in 1 s with the link you were given" {
			t.Errorf("token %q over the budget: %d %q %s", tok, rec.Code, rec.Header().Get("Retry-After"), rec.Body)
		}
	}
	// Another client is not slowed down, nor is another port of the same address spared.
	if rec := get(other, a.Token); rec.Code != 200 {
		t.Errorf("other client: status %d", rec.Code)
	}
	if rec := get("192.0.2.7:50001", a.Token); rec.Code != 429 {
		t.Errorf("same address, other port: status %d, want 429", rec.Code)
	}
	// One interval later, one guess (or one right token) is checked again.
	now = now.Add(guessEvery)
	if rec := get(guesser, a.Token); rec.Code != 200 {
		t.Errorf("after %v: right token status %d", guessEvery, rec.Code)
	}
	if rec := get(guesser, "feed"); rec.Code != 401 {
		t.Errorf("after %v: wrong token status %d, want 401", guessEvery, rec.Code)
	}
	if rec := get(guesser, "feed"); rec.Code != 429 {
		t.Errorf("second wrong token after %v: status %d, want 429", guessEvery, rec.Code)
	}
	// 2,000 guesses at full speed: all but the first burst refused unchecked.
	checked := 0
	for range 2000 {
		if get("198.51.100.1:1", "feed").Code == 401 {
			checked++
		}
	}
	if checked != guessBurst {
		t.Errorf("%d of 2000 quick guesses checked, want %d", checked, guessBurst)
	}
	// An IPv6 client's budget is its /64.
	for i := range guessBurst {
		get(fmt.Sprintf("[2001:db8::%x]:1", i), "feed")
	}
	if rec := get("[2001:db8::ffff]:1", "feed"); rec.Code != 429 {
		t.Errorf("IPv6 /64 over its budget: status %d", rec.Code)
	}
}

func TestGuessLimitForgetsIdleClients(t *testing.T) {
	g := newGuessLimit()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	g.now = func() time.Time { return now }
	for i := range guessClients {
		budget, _ := g.admit(fmt.Sprint(i))
		g.settle(budget, true)
	}
	// All remembered clients are still owed time: a new one shares the overflow budget.
	if budget, _ := g.admit("new"); budget != "" || len(g.clients) != guessClients+1 {
		t.Errorf("a full table charged %q (%d clients)", budget, len(g.clients))
	}
	g.settle("", false)
	now = now.Add(guessEvery)
	if budget, _ := g.admit("newer"); budget != "newer" || len(g.clients) != 1 {
		t.Errorf("idle clients not forgotten: charged %q, %d clients", budget, len(g.clients))
	}
	// A right token leaves nothing behind.
	g.settle("newer", false)
	if len(g.clients) != 0 {
		t.Errorf("%d clients remembered after a right token", len(g.clients))
	}
}

// TestServerNeverRefusesRightTokens is the audit's case: many raters
// behind one address (a NAT, a proxy) with requests in flight at once.
// The rate limit once charged every request before its token was checked,
// so that more than guessBurst requests in flight got 429 (3,553 of 8,314
// with 50 clients); only wrong tokens count now. 50 clients × 40 requests
// through a real listener, all from 127.0.0.1: every one 200. Then the
// same crowd while a guesser sends 64 wrong tokens at once from the same
// address: the guesser gets exactly guessBurst checks (401), the rest 429,
// and the raters keep getting 200 until the guesses have spent the
// budget (after which they share the guesser's 429: one address, one
// budget).
func TestServerNeverRefusesRightTokens(t *testing.T) {
	db := newFixtureDB(t)
	var tokens []string
	for i := range 5 {
		a, err := db.AddAnnotator(fmt.Sprintf("ann%d", i))
		if err != nil {
			t.Fatal(err)
		}
		tokens = append(tokens, a.Token)
	}
	srv := serve(t, db)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	t.Cleanup(hc.CloseIdleConnections)
	get := func(tok string) (int, error) {
		req, _ := http.NewRequest("GET", srv.URL+"/api/session", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := hc.Do(req)
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode, nil
	}
	const clients, each = 50, 40
	var mu sync.Mutex
	codes := map[int]int{}
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			for range each {
				code, err := get(tokens[c%len(tokens)])
				mu.Lock()
				if err != nil {
					codes[-1]++
				} else {
					codes[code]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if codes[200] != clients*each {
		t.Errorf("%d clients × %d requests with right tokens: %v, want %d × 200", clients, each, codes, clients*each)
	}
	// The guesser, at once, on a fresh server with a frozen clock.
	s := NewServer(db)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.guesses.now = func() time.Time { return now }
	srv2 := httptest.NewServer(s)
	t.Cleanup(srv2.Close)
	wrong := map[int]int{}
	right := map[int]int{}
	start := make(chan struct{})
	for i := range 64 {
		wg.Go(func() {
			<-start
			req, _ := http.NewRequest("GET", srv2.URL+"/api/session", nil)
			req.Header.Set("Authorization", fmt.Sprintf("Bearer %032x", i))
			res, err := hc.Do(req)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				wrong[-1]++
				return
			}
			res.Body.Close()
			wrong[res.StatusCode]++
		})
	}
	for c := range clients {
		wg.Go(func() {
			<-start
			req, _ := http.NewRequest("GET", srv2.URL+"/api/session", nil)
			req.Header.Set("Authorization", "Bearer "+tokens[c%len(tokens)])
			res, err := hc.Do(req)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				right[-1]++
				return
			}
			res.Body.Close()
			right[res.StatusCode]++
		})
	}
	close(start)
	wg.Wait()
	if wrong[401] != guessBurst || wrong[429] != 64-guessBurst {
		t.Errorf("64 wrong tokens at once among %d right ones: %v, want %d × 401 and the rest 429", clients, wrong, guessBurst)
	}
	if right[200]+right[429] != clients || right[-1] != 0 {
		t.Errorf("right tokens among the guesses: %v", right)
	}
}

// TestBearerToken: the scheme's name is case-insensitive (RFC 9110).
func TestBearerToken(t *testing.T) {
	for _, tc := range []struct {
		header, tok string
		ok          bool
	}{
		{"Bearer abc", "abc", true},
		{"bearer abc", "abc", true},
		{"BEARER abc", "abc", true},
		{"Bearer   abc ", "abc", true},
		{"Bearer ", "", false},
		{"Bearer", "", false},
		{"Basic abc", "", false},
		{"abc", "", false},
		{"", "", false},
	} {
		tok, ok := bearerToken(tc.header)
		if tok != tc.tok || ok != tc.ok {
			t.Errorf("bearerToken(%q) = %q, %v; want %q, %v", tc.header, tok, ok, tc.tok, tc.ok)
		}
	}
}

// TestServerLimitsConcurrentGuesses: guesses sent at once cannot all pass
// one check of the budget.
func TestServerLimitsConcurrentGuesses(t *testing.T) {
	db := newFixtureDB(t)
	s := NewServer(db)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.guesses.now = func() time.Time { return now }
	codes := make(chan int, 64)
	var wg sync.WaitGroup
	for i := range cap(codes) {
		wg.Go(func() {
			req := httptest.NewRequest("GET", "/api/session", nil)
			req.RemoteAddr = "192.0.2.7:1"
			req.Header.Set("Authorization", fmt.Sprintf("Bearer %032x", i))
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			codes <- rec.Code
		})
	}
	wg.Wait()
	close(codes)
	n := map[int]int{}
	for c := range codes {
		n[c]++
	}
	if n[401] != guessBurst || n[429] != cap(codes)-guessBurst {
		t.Errorf("%d guesses at once: %v, want %d × 401", cap(codes), n, guessBurst)
	}
}

// TestServerErrorsKeepSystemsHidden sends every kind of bad request and
// checks that no response names a system.
func TestServerErrorsKeepSystemsHidden(t *testing.T) {
	db := newFixtureDB(t)
	a, _ := db.AddAnnotator("ann")
	c := client{t, serve(t, db).URL, a.Token}
	ok := `{"grammaticality":"Perfect","fluency":"4","meaning":"Identical"}`
	out := func(key int, ratings string) string {
		return fmt.Sprintf(`{"key":%d,"postEdit":"x","ratings":%s}`, key, ratings)
	}
	body := func(outs ...string) string { return `{"pos":0,"outputs":[` + strings.Join(outs, ",") + `]}` }
	for _, tc := range []struct {
		path, body, want string
	}{
		{"/api/confirm", body(out(0, ok), out(0, ok)), "output 1 given twice"},
		{"/api/save", body(out(1, ok), out(1, ok)), "output 2 given twice"},
		{"/api/confirm", body(out(0, ok)), fmt.Sprintf("invalid confirmation: item %d has 2 outputs, 1 confirmed", a.Order[0])},
		{"/api/confirm", body(out(0, ok), out(1, `{"grammaticality":"Perfect"}`)), fmt.Sprintf("invalid confirmation: item %d: no Fluency rating", a.Order[0])},
		{"/api/confirm", body(out(0, ok), out(1, `{"grammaticality":"Perfect","fluency":"4","meaning":"Great"}`)),
			fmt.Sprintf(`invalid confirmation: item %d: unknown label "Great" on scale meaning (want "Substantially different", "Moderate differences", "Minor differences", "Identical", "Other")`, a.Order[0])},
		{"/api/confirm", body(out(0, ok), out(1, `{"grammaticality":"Perfect","fluency":"4","meaning":"Identical","colour":"red"}`)),
			`invalid confirmation: no scale "colour" in protocol swell`},
		{"/api/confirm", body(out(0, ok), out(2, ok)), "output key 2 out of range"},
	} {
		code, res := c.do("POST", tc.path, tc.body)
		raw := mustJSON(res)
		if code != 400 || res["error"] != tc.want {
			t.Errorf("%s %s: %d %s, want 400 %q", tc.path, tc.body, code, raw, tc.want)
		}
		for _, sys := range []string{"sysA", "sysB"} {
			if strings.Contains(raw, sys) {
				t.Errorf("%s %s: response names %s: %s", tc.path, tc.body, sys, raw)
			}
		}
	}
	// The store's own check names outputs as the server tells it.
	_, systems := NewServer(db).systemsAt(a, 0)
	blind := func(sys string) string { return onPage(slices.Index(systems, sys)) }
	j := Judgement{Annotator: "ann", System: systems[1], Ratings: map[string]string{"grammaticality": "Perfect", "fluency": "4", "meaning": "Identical"}}
	err := db.confirm(context.Background(), Confirmation{Annotator: "ann", Item: a.Order[0], Outputs: []Judgement{j, j}}, blind)
	if want := fmt.Sprintf("invalid confirmation: item %d: output 2 given twice", a.Order[0]); err == nil || err.Error() != want {
		t.Errorf("confirm, a system twice: %v, want %s", err, want)
	}
	// Confirm (for Go callers and imports) names the system.
	err = db.Confirm(context.Background(), Confirmation{Annotator: "ann", Item: a.Order[0], Outputs: []Judgement{j, j}})
	if want := fmt.Sprintf("invalid confirmation: item %d: system %q given twice", a.Order[0], systems[1]); err == nil || err.Error() != want {
		t.Errorf("Confirm, a system twice: %v, want %s", err, want)
	}
	// Server errors keep their details in the log.
	var log bytes.Buffer
	s := NewServer(db)
	s.Log = &log
	rec := httptest.NewRecorder()
	s.fail(rec, http.StatusInternalServerError, errors.New("storing item 0 system sysA: disk full"))
	if got := rec.Body.String(); got != `{"error":"internal server error: the server's log has the details"}`+"\n" {
		t.Errorf("500 body %s", got)
	}
	if log.String() != "gecmetric annotate: storing item 0 system sysA: disk full\n" {
		t.Errorf("log %q", log.String())
	}
}
