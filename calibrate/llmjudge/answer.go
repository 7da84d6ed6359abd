package llmjudge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/human"
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
	kvs, err := objectKeys([]byte(text))
	if err != nil {
		return p, fmt.Errorf("%w: the reply is not one JSON object: %v", ErrAnswer, err)
	}
	got := map[string]json.RawMessage{}
	for _, kv := range kvs {
		if _, dup := got[kv.key]; dup {
			return p, fmt.Errorf("%w: key %q appears twice", ErrAnswer, kv.key)
		}
		got[kv.key] = kv.val
		if kv.key == "id" {
			var id string
			if err := json.Unmarshal(kv.val, &id); err != nil {
				return p, fmt.Errorf("%w: \"id\" is not a string", ErrAnswer)
			}
			p.idDiff = id != q.ID
			continue
		}
		if !slices.Contains(q.Systems, kv.key) {
			return p, fmt.Errorf("%w: key %q is not a corrected sentence of the query (want %s)", ErrAnswer, kv.key, quoteAll(q.Systems))
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

var fields = [3]string{"semantics", "grammaticality", "overcorrection"}

func parseCandidate(raw json.RawMessage, strict bool) (Answer, int, error) {
	kvs, err := objectKeys(raw)
	if err != nil {
		return Answer{}, 0, fmt.Errorf("not a JSON object: %v", err)
	}
	var labels [3]string
	have := [3]bool{}
	rounded := 0
	for _, kv := range kvs {
		k := slices.Index(fields[:], kv.key)
		if k < 0 {
			return Answer{}, 0, fmt.Errorf("unexpected key %q (want semantics, grammaticality, overcorrection)", kv.key)
		}
		if have[k] {
			return Answer{}, 0, fmt.Errorf("key %q appears twice", kv.key)
		}
		have[k] = true
		l, r, err := parseLabel(Scales[k], kv.val, strict)
		if err != nil {
			return Answer{}, 0, fmt.Errorf("%s: %v", kv.key, err)
		}
		labels[k] = l
		if r {
			rounded++
		}
	}
	for k, ok := range have {
		if !ok {
			return Answer{}, 0, fmt.Errorf("no %q", fields[k])
		}
	}
	return Answer{labels[0], labels[1], labels[2]}, rounded, nil
}

// parseLabel reads one label: a string naming a label (or a code of it),
// or a number equal to a label's value.
func parseLabel(sc *human.Scale, raw json.RawMessage, strict bool) (label string, rounded bool, err error) {
	var num float64
	var str string
	var name string
	var other bool
	switch {
	case bytes.Equal(bytes.TrimSpace(raw), []byte("null")):
		return "", false, errors.New("null is not a label")
	case json.Unmarshal(raw, &num) == nil:
		if num != math.Trunc(num) && !strict && sc == human.Semantics5 {
			num, rounded = math.RoundToEven(num), true
		}
		name, _, other, err = sc.ParseValue(num)
	case json.Unmarshal(raw, &str) == nil:
		name, _, other, err = sc.Parse(str)
	default:
		return "", false, fmt.Errorf("%s is neither a number nor a string", raw)
	}
	if err != nil {
		return "", false, err
	}
	if other {
		return "", false, fmt.Errorf("%s is not a point of the scale", raw)
	}
	return name, rounded, nil
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

type keyValue struct {
	key string
	val json.RawMessage
}

// objectKeys decodes one JSON object, keeping its keys in order and
// rejecting anything after it.
func objectKeys(raw []byte) ([]keyValue, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return nil, errors.New("want a JSON object")
	}
	var out []keyValue
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, keyValue{t.(string), v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if rest := bytes.TrimSpace(raw[dec.InputOffset():]); len(rest) > 0 {
		return nil, fmt.Errorf("text after the JSON object: %.20q", rest)
	}
	return out, nil
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
