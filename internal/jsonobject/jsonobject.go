// Package jsonobject decodes one JSON object keeping its fields in the
// order written, which encoding/json's maps lose: the seed-000 formats
// (package human's answers and queries, calibrate/llmjudge's replies) key
// objects by system name, in an order that means something.
package jsonobject

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// A Field is one key of an object and its value, undecoded.
type Field struct {
	Key   string
	Value json.RawMessage
}

// Fields decodes raw, one JSON object with nothing after it but white
// space, into its fields in the order written; a key written twice
// appears twice.
func Fields(raw []byte) ([]Field, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return nil, errors.New("want a JSON object")
	}
	var out []Field
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, Field{t.(string), v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if rest := bytes.TrimSpace(raw[dec.InputOffset():]); len(rest) > 0 {
		return nil, fmt.Errorf("text after the JSON object: %.20q", rest)
	}
	return out, nil
}
