// Package llmtest serves recorded seed-000 answers as an OpenAI-compatible
// chat-completions API on the loopback interface (net/http/httptest), so
// that tests run package llmjudge and `gecmetric judge --llm-url` through
// the whole path (prompt, HTTP, parsing, cache, scales) without a model.
//
// The server finds a request's answer by the query's content: it reads
// the conversation's third message as a seed-000 query (a JSON object:
// "original_input", the candidates in order, "id") and looks up the
// recorded reply of that exact source and candidates (Key). It checks that
// the conversation opens with the protocol text and the ready message, as
// the authors' script held it. Sottana builds the table from Sottana et
// al. (2023)'s study folder: the 100 queries put to GPT-4 (texts from the
// Potato files, ids and order from gpt4_as_annotator/output.jsonl) and
// GPT-4's replies, byte for byte.
package llmtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/gecmetric/gecmetric/calibrate/llmjudge"
	"github.com/gecmetric/gecmetric/human"
)

// A Request is one request the server received, decoded.
type Request struct {
	N             int    // 1-based arrival order
	Model         string // the request's model
	Authorization string // the Authorization header
	Messages      []llmjudge.Message
	Query         human.Query // the query of the third message
	Key           string      // Key(Query)
}

// A Server replays recorded replies. Create it with New; Close it when done.
type Server struct {
	URL string // base URL, e.g. http://127.0.0.1:40123/v1

	// Fault, when set, sees every request first and may answer it itself
	// (returning true), to inject faults: a malformed reply, a 429, a
	// delay. Set it before the first request.
	Fault func(w http.ResponseWriter, r *http.Request, req Request) bool

	srv     *httptest.Server
	replies map[string]string

	mu    sync.Mutex
	n     int
	asked map[string]int
	log   []Request
}

// Key names a query by its content: the source and the candidates (names
// and outputs, in order). The id is left out: it is a name for the
// content, and queries built from text files (llmjudge.ItemID) may name
// the same content differently from a published query file.
func Key(q human.Query) string {
	b, _ := json.Marshal([]any{q.Source, q.Systems, q.Outputs})
	return string(b)
}

// New starts a server answering each query whose Key is in replies with
// that reply.
func New(replies map[string]string) *Server {
	s := &Server{replies: replies, asked: map[string]int{}}
	s.srv = httptest.NewServer(http.HandlerFunc(s.handle))
	s.URL = s.srv.URL + "/v1"
	return s
}

// Close shuts the server down.
func (s *Server) Close() { s.srv.Close() }

// Requests returns the number of requests received.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

// Asked returns how many requests asked the query with this Key.
func (s *Server) Asked(key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.asked[key]
}

// Log returns the requests received, in order of arrival.
func (s *Server) Log() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.log)
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		apiError(w, http.StatusNotFound, "not found: "+r.Method+" "+r.URL.Path)
		return
	}
	var body struct {
		Model    string             `json:"model"`
		Messages []llmjudge.Message `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		apiError(w, http.StatusBadRequest, "request body: "+err.Error())
		return
	}
	req := Request{Model: body.Model, Authorization: r.Header.Get("Authorization"), Messages: body.Messages}
	q, err := conversationQuery(body.Messages)
	if err == nil {
		req.Query, req.Key = q, Key(q)
	}
	s.mu.Lock()
	s.n++
	req.N = s.n
	if err == nil {
		s.asked[req.Key]++
	}
	s.log = append(s.log, req)
	s.mu.Unlock()
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	if s.Fault != nil && s.Fault(w, r, req) {
		return
	}
	reply, ok := s.replies[req.Key]
	if !ok {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("no recorded answer for the query with id %q", q.ID))
		return
	}
	Reply(w, body.Model, body.Messages, reply)
}

// Reply writes a chat-completions response whose message is content,
// with token counts (words of the messages and of content) in its usage.
func Reply(w http.ResponseWriter, model string, msgs []llmjudge.Message, content string) {
	prompt := 0
	for _, m := range msgs {
		prompt += len(strings.Fields(m.Content))
	}
	completion := len(strings.Fields(content))
	resp := map[string]any{
		"id": "chatcmpl-replay", "object": "chat.completion", "model": model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]string{"role": "assistant", "content": content}}},
		"usage": map[string]int{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

func apiError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"message": msg, "type": "invalid_request_error"}})
}

// conversationQuery checks the protocol's opening and reads the query of
// the third message.
func conversationQuery(msgs []llmjudge.Message) (human.Query, error) {
	switch {
	case len(msgs) < 3:
		return human.Query{}, fmt.Errorf("want at least 3 messages, got %d", len(msgs))
	case msgs[0].Role != "user" || msgs[0].Content != llmjudge.Protocol:
		return human.Query{}, errors.New("the first message is not the seed-000 protocol text from the user")
	case msgs[1].Role != "assistant" || msgs[1].Content != llmjudge.Ready:
		return human.Query{}, errors.New("the second message is not the assistant's ready message")
	case msgs[2].Role != "user":
		return human.Query{}, errors.New("the third message is not the user's query")
	}
	qs, err := human.ReadQueries(strings.NewReader(msgs[2].Content), "query")
	if err != nil {
		return human.Query{}, err
	}
	if len(qs) != 1 {
		return human.Query{}, fmt.Errorf("the query is %d JSON lines, want 1", len(qs))
	}
	q := qs[0]
	q.Line = 0
	return q, nil
}

// Sottana reads Sottana et al. (2023)'s study folder
// (…/potato_and_GPT4_full_annotations): the queries put to GPT-4, in the
// order of its output.jsonl files (parts in sorted order), each with the
// source and the four candidates of the Potato item of that id (in
// human.Sottana.Systems order, as in the protocol's example and the
// answers) and Line its line in output.jsonl; and GPT-4's replies, the
// lines of output.jsonl byte for byte, keyed by Key of their query.
func Sottana(dir string) ([]human.Query, map[string]string, error) {
	rs, err := human.Sottana.ReadSottanaDir(dir)
	if err != nil {
		return nil, nil, err
	}
	type text struct {
		source  string
		outputs map[string]string
	}
	items := map[string]*text{}
	for _, r := range rs {
		if r.Annotator == "gpt4" {
			continue
		}
		t := items[r.Item]
		if t == nil {
			t = &text{source: r.Source, outputs: map[string]string{}}
			items[r.Item] = t
		}
		t.outputs[r.System] = r.Output
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "gpt4_as_annotator", "output.jsonl"))
	slices.Sort(files)
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("%s: no */gpt4_as_annotator/output.jsonl", dir)
	}
	var qs []human.Query
	replies := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, len(data)+1)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			var a struct {
				ID string `json:"id"`
			}
			if err := json.Unmarshal([]byte(line), &a); err != nil {
				return nil, nil, fmt.Errorf("%s:%d: %v", f, n, err)
			}
			t := items[a.ID]
			if t == nil {
				return nil, nil, fmt.Errorf("%s:%d: id %s is not a Potato item", f, n, a.ID)
			}
			q := human.Query{ID: a.ID, Source: t.source, Line: n}
			for _, sys := range human.Sottana.Systems {
				out, ok := t.outputs[sys]
				if !ok {
					return nil, nil, fmt.Errorf("%s:%d: item %s has no output of %s", f, n, a.ID, sys)
				}
				q.Systems = append(q.Systems, sys)
				q.Outputs = append(q.Outputs, out)
			}
			qs = append(qs, q)
			replies[Key(q)] = line
		}
	}
	return qs, replies, nil
}
