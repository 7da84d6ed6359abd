package llmjudge

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/jsonobject"
)

// Scales are the seed-000 scales an answer is checked against, in the
// order of the answer format's fields.
var Scales = []*human.Scale{human.Semantics5, human.ErrorCount3, human.Overcorrection4}

// An Answer is the model's answer for one candidate: a label of each
// seed-000 scale, by its canonical name ("5", "0", "No").
type Answer struct {
	Semantics      string
	Grammaticality string
	Overcorrection string
}

// Labels returns the answer's labels in the order of Scales.
func (a Answer) Labels() [3]string { return [3]string{a.Semantics, a.Grammaticality, a.Overcorrection} }

// Values returns the values of the answer's labels in the order of Scales
// (semantics 1-5, remaining errors 0-2, over-correction 0-3).
func (a Answer) Values() [3]float64 {
	var out [3]float64
	for k, l := range a.Labels() {
		_, v, _, err := Scales[k].Parse(l)
		if err != nil {
			v = math.NaN()
		}
		out[k] = v
	}
	return out
}

// ErrAnswer is wrapped by every error about a reply that does not follow
// the protocol.
var ErrAnswer = errors.New("unusable answer")

// parsed is a reply read against its query.
type parsed struct {
	answers []Answer // one per query system
	rounded int      // semantics numbers rounded to a label
	idDiff  bool     // the reply's id is not the query's
}

// parseReply reads a model's reply to q. The reply must be one JSON
// object (surrounding white space, and one Markdown code fence around it,
// are allowed) whose keys are exactly q's systems and optionally "id";
// each system's value an object with exactly the keys semantics,
// grammaticality and overcorrection, whose values are labels of the
// seed-000 scales (a label's name or code as a string, or its value as a
// number). Unless strict, a number between labels of semantics is
// rounded half to even (GPT-4 answered 4.5 twice; the authors' analysis
// rounded with Python's round()). An "id" that differs from q's is
// noted, not rejected: the answer belongs to its request.
func parseReply(reply string, q human.Query, strict bool) (parsed, error) {
	var p parsed
	text := unfence(strings.TrimSpace(reply))
	kvs, err := jsonobject.Fields([]byte(text))
	if err != nil {
		return p, fmt.Errorf("%w: the reply is not one JSON object: %v", ErrAnswer, err)
	}
	got := map[string]json.RawMessage{}
	for _, kv := range kvs {
		if _, dup := got[kv.Key]; dup {
			return p, fmt.Errorf("%w: key %q appears twice", ErrAnswer, kv.Key)
		}
		got[kv.Key] = kv.Value
		if kv.Key == "id" {
			var id string
			if err := json.Unmarshal(kv.Value, &id); err != nil {
				return p, fmt.Errorf("%w: \"id\" is not a string", ErrAnswer)
			}
			p.idDiff = id != q.ID
			continue
		}
		if !slices.Contains(q.Systems, kv.Key) {
			return p, fmt.Errorf("%w: key %q is not a corrected sentence of the query (want %s)", ErrAnswer, kv.Key, quoteAll(q.Systems))
		}
	}
	for _, sys := range q.Systems {
		raw, ok := got[sys]
		if !ok {
			return p, fmt.Errorf("%w: no answer for %q", ErrAnswer, sys)
		}
		a, rounded, err := parseCandidate(raw, strict)
		if err != nil {
			return p, fmt.Errorf("%w: %q: %v", ErrAnswer, sys, err)
		}
		p.rounded += rounded
		p.answers = append(p.answers, a)
	}
	return p, nil
}

// parseCandidate reads one candidate's answer as human.Seed000.ParseAnswer
// reads GPT-4's (the seed-000 answer format, Sottana's scales), with
// semantics numbers between labels rounded unless strict; a label that is
// not a point of its scale ("Other") is refused.
func parseCandidate(raw json.RawMessage, strict bool) (Answer, int, error) {
	f := human.Sottana
	f.Strict = strict
	rs, rounded, err := f.ParseAnswer(raw)
	if err != nil {
		return Answer{}, 0, err
	}
	var labels [3]string
	for k, r := range rs {
		if k >= len(Scales) || r.Scale != Scales[k] {
			return Answer{}, 0, fmt.Errorf("the answer's scales are not seed-000's")
		}
		if r.Other {
			return Answer{}, 0, fmt.Errorf("%s: %q is not a point of the scale", r.Scale.Name, r.Label)
		}
		labels[k] = r.Label
	}
	return Answer{labels[0], labels[1], labels[2]}, rounded, nil
}

// unfence removes one Markdown code fence (```json ... ```) around s.
func unfence(s string) string {
	if !strings.HasPrefix(s, "```") || !strings.HasSuffix(s, "```") || len(s) < 6 {
		return s
	}
	inner := s[3 : len(s)-3]
	first, rest, ok := strings.Cut(inner, "\n")
	if !ok || strings.TrimSpace(first) != "" && strings.TrimSpace(first) != "json" {
		return s
	}
	return strings.TrimSpace(rest)
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
