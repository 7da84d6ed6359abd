package annotate

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

//go:embed web
var webFiles embed.FS

// A Server serves the annotation page and its JSON API for one task
// database. Every API request carries an annotator's token (header
// "Authorization: Bearer TOKEN"); the page reads it from its link's
// fragment (#token=…), which browsers never send to servers or in
// Referer headers.
//
// Every response keeps the systems blind: outputs are named by their place
// on the page ("output 2"), in errors too, and a server error's details
// go to Log only. A server bound to a loopback address answers only
// requests whose Host header names that address or localhost with its
// port (against DNS rebinding), and each client may send only a few
// wrong tokens a second (see guessBurst).
type Server struct {
	DB      *DB
	Log     io.Writer // request errors; nil discards them
	mux     *http.ServeMux
	guesses *guessLimit
	bound   net.Addr // the listener's address, set by Serve
}

// NewServer returns a Server for db.
func NewServer(db *DB) *Server {
	s := &Server{DB: db, guesses: newGuessLimit()}
	static, _ := fs.Sub(webFiles, "web")
	files := http.FileServerFS(static)
	s.mux = http.NewServeMux()
	s.mux.Handle("GET /{$}", files)
	s.mux.Handle("GET /app.js", files)
	s.mux.Handle("GET /app.css", files)
	s.mux.HandleFunc("GET /api/session", s.auth(s.session))
	s.mux.HandleFunc("GET /api/item", s.auth(s.item))
	s.mux.HandleFunc("POST /api/save", s.auth(s.save))
	s.mux.HandleFunc("POST /api/confirm", s.auth(s.confirm))
	return s
}

// ServeHTTP implements http.Handler, adding headers that keep the page
// from loading anything but its own files and from being framed.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	addr := s.bound
	if addr == nil { // served by another http.Server: the connection's own address
		addr, _ = r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	}
	if !allowedHost(addr, r.Host) {
		s.fail(w, http.StatusForbidden, fmt.Errorf("host %q is not this server: open %s (other host names are refused against DNS rebinding)", r.Host, loopbackURL(addr)))
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Link returns annotator a's link on a server at base (e.g. "http://127.0.0.1:8080").
func Link(base string, a Annotator) string {
	return strings.TrimSuffix(base, "/") + "/#token=" + url.QueryEscape(a.Token)
}

// Listen opens a TCP listener on addr, 127.0.0.1:8080 when addr is empty.
// A bare port (":8080") is taken as 127.0.0.1: the server is reachable from
// other machines only when addr names a non-loopback host on purpose.
func Listen(addr string) (net.Listener, error) {
	if addr == "" {
		addr = "127.0.0.1:8080"
	}
	if strings.HasPrefix(addr, ":") {
		addr = "127.0.0.1" + addr
	}
	return net.Listen("tcp", addr)
}

// Serve serves s on l until ctx is done, then shuts down gracefully.
// Serve s on one listener at a time.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	s.bound = l.Addr()
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return hs.Shutdown(sctx)
	}
}

type handler func(w http.ResponseWriter, r *http.Request, a Annotator)

func (s *Server) auth(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok, ok := bearerToken(r.Header.Get("Authorization"))
		if !ok {
			s.fail(w, http.StatusUnauthorized, errors.New("missing token: open the link you were given"))
			return
		}
		budget, wait := s.guesses.admit(clientOf(r.RemoteAddr))
		if wait > 0 {
			s.tooManyGuesses(w, wait)
			return
		}
		a, found, err := s.DB.AnnotatorByToken(tok)
		s.guesses.settle(budget, err == nil && !found)
		if err != nil {
			s.fail(w, http.StatusInternalServerError, err)
			return
		}
		if !found {
			s.fail(w, http.StatusUnauthorized, errors.New("unknown token: open the link you were given"))
			return
		}
		h(w, r, a)
	}
}

// fail answers with err as {"error": ...}. A server error may name a
// system or a file, so its details go to the log and the page gets only
// the status.
func (s *Server) fail(w http.ResponseWriter, code int, err error) {
	msg := err.Error()
	if code >= 500 {
		if s.Log != nil {
			fmt.Fprintf(s.Log, "gecmetric annotate: %v\n", err)
		}
		msg = "internal server error: the server's log has the details"
	}
	writeJSON(w, code, map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v) // escapes <, > and & as well
}

type scaleJSON struct {
	Name           string   `json:"name"`
	Title          string   `json:"title"`
	Question       string   `json:"question"`
	Labels         []string `json:"labels"`
	Keys           []string `json:"keys"` // the key choosing each label ("" none)
	Other          string   `json:"other"`
	AfterReference bool     `json:"afterReference"`
	Unchanged      string   `json:"unchanged,omitempty"`
}

type sessionJSON struct {
	Annotator  string      `json:"annotator"`
	Protocol   string      `json:"protocol"`
	PostEdit   bool        `json:"postEdit"`
	ShowSource bool        `json:"showSource"`
	Scales     []scaleJSON `json:"scales"`
	Total      int         `json:"total"`
	Next       int         `json:"next"`
	Confirmed  int         `json:"confirmed"`
}

func (s *Server) session(w http.ResponseWriter, r *http.Request, a Annotator) {
	done, err := s.DB.ConfirmedItems(a.Name)
	if err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	p := s.DB.Protocol
	out := sessionJSON{Annotator: a.Name, Protocol: p.Name, PostEdit: p.PostEdit, ShowSource: p.ShowSource,
		Total: len(a.Order), Next: a.Next, Confirmed: len(done)}
	for _, sc := range p.Scales {
		out.Scales = append(out.Scales, scaleJSON{Name: sc.Scale.Name, Title: sc.Title, Question: sc.Question,
			Labels: sc.Labels(), Keys: sc.Keys(), Other: sc.Other(), AfterReference: sc.AfterReference, Unchanged: sc.Unchanged})
	}
	writeJSON(w, http.StatusOK, out)
}

type outputJSON struct {
	Key      int               `json:"key"` // position on the page; the system name never leaves the server
	Output   string            `json:"output"`
	PostEdit string            `json:"postEdit"`
	Ratings  map[string]string `json:"ratings"`
}

type itemJSON struct {
	Pos          int          `json:"pos"`
	Total        int          `json:"total"`
	Confirmed    int          `json:"confirmed"`
	Done         bool         `json:"done"` // this item was confirmed before
	Source       string       `json:"source"`
	HasReference bool         `json:"hasReference"`
	Outputs      []outputJSON `json:"outputs"`
}

// position parses the pos parameter, an index into a's item order.
func position(v string, a Annotator) (int, error) {
	pos, err := strconv.Atoi(v)
	if err != nil || pos < 0 || pos >= len(a.Order) {
		return 0, fmt.Errorf("position %q out of range 0..%d", v, len(a.Order)-1)
	}
	return pos, nil
}

func (s *Server) systemsAt(a Annotator, pos int) (*Item, []string) {
	it := &s.DB.items[a.Order[pos]]
	return it, outputOrder(s.DB.salt, a.Name, it.ID, it.Systems())
}

func (s *Server) item(w http.ResponseWriter, r *http.Request, a Annotator) {
	pos, err := position(r.URL.Query().Get("pos"), a)
	if err != nil {
		s.fail(w, http.StatusBadRequest, err)
		return
	}
	it, systems := s.systemsAt(a, pos)
	js, err := s.DB.judgementsOf(a.Name, it.ID)
	if err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	done, err := s.DB.ConfirmedItems(a.Name)
	if err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	if err := s.DB.SetNext(a.Name, pos); err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	out := itemJSON{Pos: pos, Total: len(a.Order), Confirmed: len(done), Done: len(js) > 0,
		Source: s.DB.Shown(it.Source), HasReference: it.Reference != ""}
	if !s.DB.Protocol.ShowSource {
		out.Source = ""
	}
	for k, sys := range systems {
		shown := s.DB.Shown(it.Outputs[sys])
		o := outputJSON{Key: k, Output: shown, PostEdit: shown, Ratings: map[string]string{}}
		if j, ok := js[sys]; ok {
			o.PostEdit, o.Ratings = j.PostEdit, j.Ratings
		}
		out.Outputs = append(out.Outputs, o)
	}
	writeJSON(w, http.StatusOK, out)
}

type submitJSON struct {
	Pos     int `json:"pos"`
	Outputs []struct {
		Key      int               `json:"key"`
		PostEdit string            `json:"postEdit"`
		Ratings  map[string]string `json:"ratings"`
	} `json:"outputs"`
}

// decode reads a submission and maps its keys back to system names.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, a Annotator) (*Item, []Judgement, int, bool) {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		s.fail(w, http.StatusUnsupportedMediaType, errors.New("want Content-Type application/json"))
		return nil, nil, 0, false
	}
	var sub submitJSON
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sub); err != nil {
		s.fail(w, http.StatusBadRequest, fmt.Errorf("bad request body: %w", err))
		return nil, nil, 0, false
	}
	if sub.Pos < 0 || sub.Pos >= len(a.Order) {
		s.fail(w, http.StatusBadRequest, fmt.Errorf("position %d out of range", sub.Pos))
		return nil, nil, 0, false
	}
	it, systems := s.systemsAt(a, sub.Pos)
	var js []Judgement
	seen := make([]bool, len(systems))
	for _, o := range sub.Outputs {
		if o.Key < 0 || o.Key >= len(systems) {
			s.fail(w, http.StatusBadRequest, fmt.Errorf("output key %d out of range", o.Key))
			return nil, nil, 0, false
		}
		if seen[o.Key] {
			s.fail(w, http.StatusBadRequest, fmt.Errorf("%s given twice", onPage(o.Key)))
			return nil, nil, 0, false
		}
		seen[o.Key] = true
		js = append(js, Judgement{Annotator: a.Name, Item: it.ID, System: systems[o.Key],
			PostEdit: normalizeSpace(o.PostEdit), Ratings: o.Ratings})
	}
	return it, js, sub.Pos, true
}

// onPage names the output with key k as the page shows it.
func onPage(k int) string { return fmt.Sprintf("output %d", k+1) }

// normalizeSpace turns what a text box holds into one line of
// space-separated tokens.
func normalizeSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

func (s *Server) save(w http.ResponseWriter, r *http.Request, a Annotator) {
	it, js, _, ok := s.decode(w, r, a)
	if !ok {
		return
	}
	if len(js) != len(it.Outputs) {
		s.fail(w, http.StatusBadRequest, fmt.Errorf("%d of %d outputs submitted", len(js), len(it.Outputs)))
		return
	}
	for _, j := range js {
		for _, sc := range s.DB.Protocol.Scales {
			if sc.AfterReference {
				continue
			}
			l, ok := j.Ratings[sc.Scale.Name]
			if !ok || l == "" {
				s.fail(w, http.StatusBadRequest, fmt.Errorf("rate %s for every output before Save", sc.Title))
				return
			}
			if _, _, err := sc.Canonical(l); err != nil {
				s.fail(w, http.StatusBadRequest, err)
				return
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"reference": s.DB.Shown(it.Reference)})
}

func (s *Server) confirm(w http.ResponseWriter, r *http.Request, a Annotator) {
	it, js, pos, ok := s.decode(w, r, a)
	if !ok {
		return
	}
	c := Confirmation{Annotator: a.Name, Item: it.ID, Next: min(pos+1, len(a.Order)-1), Outputs: js}
	_, systems := s.systemsAt(a, pos)
	blind := func(system string) string { return onPage(slices.Index(systems, system)) }
	if err := s.DB.confirm(r.Context(), c, blind); err != nil {
		code := http.StatusInternalServerError
		if errors.Is(err, ErrInvalid) {
			code = http.StatusBadRequest
		}
		s.fail(w, code, err)
		return
	}
	done, err := s.DB.ConfirmedItems(a.Name)
	if err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "confirmed": len(done)})
}

// bearerToken reads an Authorization header of the bearer scheme. The
// scheme's name is case-insensitive (RFC 9110, section 11.1) and may be
// followed by more than one space.
func bearerToken(h string) (string, bool) {
	scheme, tok, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	tok = strings.TrimSpace(tok)
	return tok, tok != ""
}
