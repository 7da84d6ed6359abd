package human

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/gecmetric/gecmetric/internal/textcheck"
	"github.com/gecmetric/gecmetric/parseerr"
)

// A SwedishFile is one annotator file of the Swedish GEC evaluation
// (Östling et al. 2024; the tool of seeds 001/004), decoded but not yet
// checked against any scale:
//
//	{"data": [{"original": S, "reference": R,
//	           "systems": {NAME: {"output": O,
//	                              "annotators": {ANNOTATOR: {"Grammaticality": 0-4,
//	                                                         "Fluency": 0-4,
//	                                                         "Meaning Preservation": 0-4,
//	                                                         "corrected": POST-EDIT}}}}}, ...],
//	 "item_order": [item indices in the annotator's order],
//	 "next_item": position in item_order where the annotator resumes}
//
// with 0 meaning Other. It is the one reader of the format: ReadSwedish
// turns it into Ratings, annotate.ReadSwell into a task and judgements,
// each with its own checks (ReadSwedish skips what it does not know,
// annotate refuses it). Keys the format does not have are listed in
// Unknown rather than refused here.
type SwedishFile struct {
	Name      string
	Examples  []SwedishExample
	ItemOrder []int        // "item_order"; nil when absent
	NextItem  *int         // "next_item"; nil when absent
	CRLF      bool         // lines break with "\r\n" (the file was written on Windows)
	Unknown   []SwedishKey // keys outside the format, in file order
	data      []byte
}

// A SwedishKey is a key the format does not have: Key inside the object
// at Path ("" for the top level, "data[2]", "data[2].systems.A",
// "data[2].systems.A.annotators.k"), at Line (the example's line inside
// "data").
type SwedishKey struct {
	Path, Key string
	Line      int
}

// A SwedishExample is one element of "data": a source sentence, its
// reference and every system's output with its judgements.
type SwedishExample struct {
	Line, Column        int     // where the example's object starts
	Original, Reference *string // nil when absent
	Systems             []SwedishOutput
}

// A SwedishOutput is one system's output of an example and the judgements
// of it, in annotator order.
type SwedishOutput struct {
	System     string
	Output     *string // nil when absent
	Judgements []SwedishJudgement
}

// A SwedishJudgement is one annotator's ratings and post-edit of one
// output. Ratings maps a feature name of SwedishFeatures to the number as
// written (json.Number, so that a caller can insist on an integer).
type SwedishJudgement struct {
	Annotator string
	Ratings   map[string]json.Number
	PostEdit  *string // "corrected"; nil when absent
}

// Pos returns the example's position, "name:line", as Rating.Pos holds it.
func (f *SwedishFile) Pos(ex *SwedishExample) string { return fmt.Sprintf("%s:%d", f.Name, ex.Line) }

// DecodeSwedish decodes one Swedish annotator file. Errors are
// *parseerr.Error wrapping ErrRatingSyntax, positioned at the offending
// byte for JSON syntax errors and at the example otherwise.
func DecodeSwedish(r io.Reader, name string) (*SwedishFile, error) {
	data, err := io.ReadAll(textcheck.Reader(r, name))
	if err != nil {
		return nil, parseerr.Wrap(name, 0, 0, err)
	}
	f := &SwedishFile{Name: name, CRLF: bytes.Contains(data, []byte("\r\n")), data: data}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, f.syntax(dec, 0, err, "want a JSON object")
	}
	found := false
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, f.syntax(dec, 0, err, "")
		}
		key, _ := kt.(string)
		var err2 error
		switch key {
		case "data":
			found = true
			err2 = f.decodeData(dec)
		case "item_order":
			err2 = f.decodeValue(dec, &f.ItemOrder, `"item_order"`)
		case "next_item":
			err2 = f.decodeValue(dec, &f.NextItem, `"next_item"`)
		default:
			line, _ := parseerr.Offset(data, dec.InputOffset())
			f.Unknown = append(f.Unknown, SwedishKey{Key: key, Line: line})
			var skip json.RawMessage
			err2 = f.decodeValue(dec, &skip, fmt.Sprintf("%q", key))
		}
		if err2 != nil {
			return nil, err2
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, f.syntax(dec, 0, err, "")
	}
	if !found {
		return nil, parseerr.At(name, 1, 0, ErrMissingColumn, `no "data" list`)
	}
	return f, nil
}

// decodeData decodes the "data" list, one example at a time so that each
// knows where it starts.
func (f *SwedishFile) decodeData(dec *json.Decoder) error {
	start := f.valueStart(dec)
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		if err == nil {
			line, col := parseerr.Offset(f.data, start)
			return parseerr.At(f.Name, line, col, ErrRatingSyntax, `"data" is not a list`)
		}
		return f.syntax(dec, start, err, `"data" is not a list`)
	}
	for n := 0; dec.More(); n++ {
		start := skipSpaceComma(f.data, dec.InputOffset())
		var raw map[string]json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return f.syntax(dec, start, err, fmt.Sprintf("example %d", n+1))
		}
		line, col := parseerr.Offset(f.data, start)
		ex, err := f.example(raw, fmt.Sprintf("data[%d]", n), line)
		if err != nil {
			return parseerr.At(f.Name, line, col, ErrRatingSyntax, "example %d: %v", n+1, err)
		}
		ex.Line, ex.Column = line, col
		f.Examples = append(f.Examples, ex)
	}
	if _, err := dec.Token(); err != nil {
		return f.syntax(dec, 0, err, "")
	}
	return nil
}

// example interprets one element of "data"; path names it in Unknown.
func (f *SwedishFile) example(raw map[string]json.RawMessage, path string, line int) (SwedishExample, error) {
	unknown := func(at, key string) { f.Unknown = append(f.Unknown, SwedishKey{Path: at, Key: key, Line: line}) }
	var ex SwedishExample
	var systems map[string]map[string]json.RawMessage
	for _, k := range slices.Sorted(maps.Keys(raw)) {
		var err error
		switch k {
		case "original":
			err = unmarshalNumber(raw[k], &ex.Original)
		case "reference":
			err = unmarshalNumber(raw[k], &ex.Reference)
		case "systems":
			err = unmarshalNumber(raw[k], &systems)
		default:
			unknown(path, k)
		}
		if err != nil {
			return ex, fmt.Errorf("%q: %w", k, err)
		}
	}
	for _, sys := range slices.Sorted(maps.Keys(systems)) {
		o := SwedishOutput{System: sys}
		var anns map[string]map[string]json.RawMessage
		for _, k := range slices.Sorted(maps.Keys(systems[sys])) {
			v := systems[sys][k]
			var err error
			switch k {
			case "output":
				err = unmarshalNumber(v, &o.Output)
			case "annotators":
				err = unmarshalNumber(v, &anns)
			default:
				unknown(path+".systems."+sys, k)
			}
			if err != nil {
				return ex, fmt.Errorf("systems.%s.%s: %w", sys, k, err)
			}
		}
		for _, a := range slices.Sorted(maps.Keys(anns)) {
			j := SwedishJudgement{Annotator: a, Ratings: map[string]json.Number{}}
			for _, k := range slices.Sorted(maps.Keys(anns[a])) {
				v := anns[a][k]
				var err error
				switch {
				case k == "corrected":
					if err = unmarshalNumber(v, &j.PostEdit); err != nil {
						err = errors.New("corrected is not a string")
					}
				case isSwedishFeature(k):
					var num json.Number
					if err = unmarshalNumber(v, &num); err != nil || num == "" {
						err = fmt.Errorf("%s is not a number", k)
					}
					j.Ratings[k] = num
				default:
					unknown(path+".systems."+sys+".annotators."+a, k)
				}
				if err != nil {
					return ex, fmt.Errorf("%s %s: %w", sys, a, err)
				}
			}
			o.Judgements = append(o.Judgements, j)
		}
		ex.Systems = append(ex.Systems, o)
	}
	return ex, nil
}

// decodeValue decodes the next value into v, positioning a failure at the
// value.
func (f *SwedishFile) decodeValue(dec *json.Decoder, v any, what string) error {
	start := f.valueStart(dec)
	if err := dec.Decode(v); err != nil {
		return f.syntax(dec, start, err, what)
	}
	return nil
}

// syntax reports err (from encoding/json, may be nil) with the position
// of the fault: for a syntax error the offending byte (found by checking
// the whole file, whose offsets encoding/json reports exactly), for a type
// error the value at start, else where the decoder stopped.
func (f *SwedishFile) syntax(dec *json.Decoder, start int64, err error, what string) error {
	off := dec.InputOffset()
	if _, ok := errors.AsType[*json.SyntaxError](err); ok {
		var v any
		if se, ok := errors.AsType[*json.SyntaxError](json.Unmarshal(f.data, &v)); ok && se.Offset > 0 {
			off = se.Offset - 1
		}
	} else if _, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		off = start
	}
	msg := what
	switch {
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		msg = join(what, "unexpected end of file")
		off = int64(len(f.data))
	case err != nil:
		msg = join(what, err.Error())
	}
	line, col := parseerr.Offset(f.data, off)
	return parseerr.At(f.Name, line, col, ErrRatingSyntax, "%s", msg)
}

// valueStart returns the offset where the decoder's next value starts:
// past white space, commas and the colon after a key.
func (f *SwedishFile) valueStart(dec *json.Decoder) int64 {
	start := skipSpaceComma(f.data, dec.InputOffset())
	if start < int64(len(f.data)) && f.data[start] == ':' {
		start = skipSpaceComma(f.data, start+1)
	}
	return start
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + ": " + b
}

// unmarshalNumber is json.Unmarshal keeping numbers as json.Number.
func unmarshalNumber(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

func isSwedishFeature(name string) bool {
	for _, f := range SwedishFeatures {
		if f.Name == name {
			return true
		}
	}
	return false
}
