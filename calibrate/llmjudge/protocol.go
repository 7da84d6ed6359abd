package llmjudge

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/human"
)

//go:generate go run ./internal/genprompt

// Protocol is the seed-000 protocol text, the first message of every
// conversation: Sottana et al. (2023)'s gpt4_eval_GEC_instructions.txt,
// byte for byte (MIT licence, protocol_LICENSE.txt).
//
//go:embed protocol.txt
var Protocol string

// Ready is the assistant's reply to Protocol that the authors' script put
// in every conversation before the query.
const Ready = "This is clear, and I have no questions. I am ready to start."

// reask is the message sent back after an answer that could not be used;
// %s is the problem.
const reask = "Your reply could not be used: %s. Please reply with the scores in json format only: " +
	"one JSON object with a key for every corrected sentence of the query (each an object with " +
	"\"semantics\", \"grammaticality\" and \"overcorrection\") and the \"id\"."

// PromptVersion names the conversation the client holds with the model:
// a hash of the protocol text, the ready message, the re-ask message and
// the query layout. It is part of every cache key, so changing any of
// them never reuses an answer given to another prompt.
var PromptVersion = func() string {
	h := sha256.New()
	for _, s := range []string{Protocol, Ready, reask, "query: seed-000 JSON, keys original_input, candidates, id"} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return "seed000-" + hex.EncodeToString(h.Sum(nil))[:12]
}()

// A Message is one turn of a chat-completions conversation.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Messages returns the conversation that puts q to the model, as the
// authors' script did: the protocol as the user's first message, Ready as
// the assistant's, and the query as the user's second.
func Messages(q human.Query) []Message {
	return []Message{
		{Role: "user", Content: Protocol},
		{Role: "assistant", Content: Ready},
		{Role: "user", Content: QueryJSON(q)},
	}
}

// QueryJSON returns q in the seed-000 query format, one line without a
// line break: {"original_input": source, "<system>": output, ..., "id": id},
// spaced like the protocol's example (", " and ": "). Text is written as
// UTF-8, not \u-escaped, and <, > and & as themselves: the model reads
// the sentences as the raters saw them.
func QueryJSON(q human.Query) string {
	var b strings.Builder
	b.WriteString(`{"original_input": `)
	b.WriteString(jsonString(q.Source))
	for i, s := range q.Systems {
		b.WriteString(", ")
		b.WriteString(jsonString(s))
		b.WriteString(": ")
		b.WriteString(jsonString(q.Outputs[i]))
	}
	b.WriteString(`, "id": `)
	b.WriteString(jsonString(q.ID))
	b.WriteString("}")
	return b.String()
}

func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// checkQuery reports a query the protocol cannot express: no candidate,
// more candidates than outputs, or a system named like a reserved key or
// twice.
func checkQuery(q human.Query) error {
	if len(q.Systems) == 0 || len(q.Systems) != len(q.Outputs) {
		return fmt.Errorf("query %q: %d systems and %d outputs", q.ID, len(q.Systems), len(q.Outputs))
	}
	seen := map[string]bool{}
	for _, s := range q.Systems {
		if s == "id" || s == "original_input" || s == "" {
			return fmt.Errorf("query %q: a system cannot be named %q in the seed-000 query format", q.ID, s)
		}
		if seen[s] {
			return fmt.Errorf("query %q: system %q twice", q.ID, s)
		}
		seen[s] = true
	}
	return nil
}
