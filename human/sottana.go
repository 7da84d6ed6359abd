package human

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/internal/jsonobject"
	"github.com/gecmetric/gecmetric/internal/textcheck"
	"github.com/gecmetric/gecmetric/parseerr"
)

// A Seed000 describes a rating study in the seed-000 protocol (Sottana et
// al. 2023): several candidate corrections of one learner sentence, each
// rated for semantics (1-5), grammaticality (remaining errors 0 / 1 / 2 or
// more) and over-correction (No / Minor / Moderate / Substantial). Humans
// rated in the Potato annotation tool; GPT-4 answered the same queries in
// JSON.
type Seed000 struct {
	// Systems names the candidates in order: Potato's summary_k and the
	// label keys "<scale>" (k=1) and "<scale>_k" (k>1) belong to
	// Systems[k-1].
	Systems []string
	// Scales maps a label-annotation key (without the _k suffix) and a
	// JSON answer field to its scale.
	Scales map[string]*Scale
	// Strict rejects answers whose numeric semantics score is not a label
	// (GPT-4 answered 4.5 twice). When false, such a number is rounded
	// half to even, as Python's round() did in the original analysis.
	Strict bool
}

// Sottana is the GEC study of Sottana et al. (2023), data in
// ../shared/data/sottana2023-gec-human-gpt4.
//
// The summary_k → system order is established from three independent
// sources: (1) the authors' human_evaluation_statistics.py pairs the label
// key "semantics_k" with the k-th entry of ['gold_reference',
// 'opt-iml-max-30b', 'text-davinci-003', 'gpt-3.5-turbo'] and renames
// them so in potato_aggregated/gec.csv; (2) their
// split_data_into_short_studies.py builds the Potato CSV from columns in
// that order (after dropping davinci-instruct-beta); (3) the data agree:
// for item 765d0adf… the seed-000 example query gives gold_reference
// "Travelling…" and opt-iml-max-30b "Travalling…" (unchanged), which are
// exactly summary_1 and summary_2, and opt-iml-max-30b, which mostly
// copies its input, has the highest semantics and the most remaining
// errors for every annotator. Item ids are sha256 of the lower-cased,
// trimmed source (add_ids_to_potato_data_files.py), which ReadPotato does
// not rely on but tests check.
var Sottana = Seed000{
	Systems: []string{"gold_reference", "opt-iml-max-30b", "text-davinci-003", "gpt-3.5-turbo"},
	Scales: map[string]*Scale{
		"semantics":      Semantics5,
		"grammaticality": ErrorCount3,
		"overcorrection": Overcorrection4,
	},
}

func (f Seed000) scaleNames() []string {
	names := make([]string, 0, len(f.Scales))
	for k := range f.Scales {
		names = append(names, k)
	}
	// Seed-000 order first, then any others sorted.
	order := map[string]int{"semantics": 0, "grammaticality": 1, "overcorrection": 2}
	sort.Slice(names, func(i, j int) bool {
		oi, iok := order[names[i]]
		oj, jok := order[names[j]]
		if iok && jok {
			return oi < oj
		}
		if iok != jok {
			return iok
		}
		return names[i] < names[j]
	})
	return names
}

// potatoLine is one annotated instance of Potato's annotated_instances.jsonl.
type potatoLine struct {
	ID               string                       `json:"id"`
	DisplayedText    string                       `json:"displayed_text"`
	LabelAnnotations map[string]map[string]string `json:"label_annotations"`
}

// ReadPotato reads one annotator's Potato annotated_instances.jsonl: one
// JSON object a line with "id", "displayed_text" (the source),
// "summary_1".."summary_k" (the candidates) and "label_annotations",
// which maps "<scale>" / "<scale>_k" to a one-entry object {label: "n"},
// n being the 1-based position of the label on the scale (semantics
// labels are "scale_1".."scale_5"). Label and position must agree, and
// every candidate must be rated on every scale. name is used in errors.
func (f Seed000) ReadPotato(r io.Reader, name, annotator string) (Ratings, error) {
	var out Ratings
	scales := f.scaleNames()
	err := eachJSONLine(r, name, func(line int, raw []byte) error {
		var pl potatoLine
		if err := json.Unmarshal(raw, &pl); err != nil {
			return parseErr(name, line, 0, ErrRatingSyntax, "%v", err)
		}
		var obj map[string]json.RawMessage
		json.Unmarshal(raw, &obj)
		if pl.ID == "" {
			return parseErr(name, line, 0, ErrMissingColumn, `no "id"`)
		}
		for k, sys := range f.Systems {
			var output string
			if s, ok := obj[fmt.Sprintf("summary_%d", k+1)]; ok {
				if err := json.Unmarshal(s, &output); err != nil {
					return parseErr(name, line, 0, ErrRatingSyntax, "summary_%d: %v", k+1, err)
				}
			} else {
				return parseErr(name, line, 0, ErrMissingColumn, "no summary_%d", k+1)
			}
			for _, sn := range scales {
				sc := f.Scales[sn]
				key := sn
				if k > 0 {
					key = fmt.Sprintf("%s_%d", sn, k+1)
				}
				ann, ok := pl.LabelAnnotations[key]
				if !ok {
					return parseErr(name, line, 0, ErrMissingColumn, "no label annotation %q", key)
				}
				if len(ann) != 1 {
					return parseErr(name, line, 0, ErrRatingSyntax, "label annotation %q has %d labels, want 1", key, len(ann))
				}
				for lab, pos := range ann {
					i, other, err := sc.Index(lab)
					if err != nil {
						return labelErr(name, line, key, err)
					}
					if other || strconv.Itoa(i+1) != pos {
						return parseErr(name, line, 0, ErrRatingSyntax, "%s: label %q is position %d on the scale but the file says %q", key, lab, i+1, pos)
					}
					out = append(out, Rating{
						Item: pl.ID, Source: pl.DisplayedText, System: sys, Output: output,
						Annotator: annotator, Scale: sc, Label: sc.Labels[i].Name, Value: sc.Labels[i].Value,
						Pos: fmt.Sprintf("%s:%d", name, line),
					})
				}
			}
		}
		return nil
	})
	return out, err
}

// ReadAnswers reads model answers in the seed-000 answer format
// (gpt4_as_annotator/output.jsonl): one JSON object a line,
// {"<system>": {"semantics": 5, "grammaticality": "0", "overcorrection":
// "No"}, ..., "id": "..."}. Systems appear in f.Systems order, then any
// others in file order.
func (f Seed000) ReadAnswers(r io.Reader, name, annotator string) (Ratings, error) {
	var out Ratings
	err := eachJSONLine(r, name, func(line int, raw []byte) error {
		kvs, err := jsonobject.Fields(raw)
		if err != nil {
			return parseErr(name, line, 0, ErrRatingSyntax, "%v", err)
		}
		var id string
		var systems []string
		answers := map[string]json.RawMessage{}
		for _, kv := range kvs {
			if kv.Key == "id" {
				if err := json.Unmarshal(kv.Value, &id); err != nil {
					return parseErr(name, line, 0, ErrRatingSyntax, "id: %v", err)
				}
				continue
			}
			systems = append(systems, kv.Key)
			answers[kv.Key] = kv.Value
		}
		if id == "" {
			return parseErr(name, line, 0, ErrMissingColumn, `no "id"`)
		}
		systems = orderBy(systems, f.Systems)
		for _, sys := range systems {
			rs, _, err := f.ParseAnswer(answers[sys])
			if err != nil {
				return &parseerr.Error{File: name, Line: line, Err: fmt.Errorf("%s: %w", sys, err)}
			}
			for _, r := range rs {
				r.Item, r.System, r.Annotator, r.Model = id, sys, annotator, true
				r.Pos = fmt.Sprintf("%s:%d", name, line)
				out = append(out, r)
			}
		}
		return nil
	})
	return out, err
}

// ParseAnswer reads one candidate's answer in the seed-000 answer format:
// a JSON object with exactly the fields of f.Scales, each a label of its
// scale (a label's name or code as a string, or its value as a number).
// Unless f.Strict, a semantics number between two labels is rounded half
// to even (GPT-4 answered 4.5 twice; the authors' analysis rounded with
// Python's round()). It returns a Rating (scale, label, value) per field,
// in seed-000 order (semantics, grammaticality, overcorrection, then any
// others by name), and how many numbers it rounded. An error names the
// field at fault and wraps ErrUnknownLabel (a value that is no label),
// ErrMissingColumn (a field missing) or ErrRatingSyntax (the rest).
func (f Seed000) ParseAnswer(raw json.RawMessage) ([]Rating, int, error) {
	kvs, err := jsonobject.Fields(raw)
	if err != nil {
		return nil, 0, answerErr(ErrRatingSyntax, "not a JSON object: %v", err)
	}
	names := f.scaleNames()
	out := make([]Rating, len(names))
	have := make([]bool, len(names))
	rounded := 0
	for _, kv := range kvs {
		k := slices.Index(names, kv.Key)
		if k < 0 {
			return nil, 0, answerErr(ErrRatingSyntax, "unexpected key %q (want %s)", kv.Key, strings.Join(names, ", "))
		}
		if have[k] {
			return nil, 0, answerErr(ErrRatingSyntax, "key %q appears twice", kv.Key)
		}
		have[k] = true
		r, round, err := f.parseLabel(f.Scales[kv.Key], kv.Value)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", kv.Key, err)
		}
		out[k] = r
		if round {
			rounded++
		}
	}
	for k, ok := range have {
		if !ok {
			return nil, 0, answerErr(ErrMissingColumn, "no %q", names[k])
		}
	}
	return out, rounded, nil
}

// An answerError is a fault of an answer, of a class (errors.Is) its
// message does not repeat.
type answerError struct {
	class error
	msg   string
}

func (e *answerError) Error() string { return e.msg }
func (e *answerError) Unwrap() error { return e.class }

func answerErr(class error, format string, args ...any) error {
	return &answerError{class, fmt.Sprintf(format, args...)}
}

// parseLabel reads one answer field of scale sc: a string naming a label
// (or a code of it), or a number equal to a label's value.
func (f Seed000) parseLabel(sc *Scale, raw json.RawMessage) (r Rating, rounded bool, err error) {
	var num float64
	var str string
	var name string
	var value float64
	var other bool
	switch {
	case bytes.Equal(bytes.TrimSpace(raw), []byte("null")):
		return Rating{}, false, answerErr(ErrRatingSyntax, "null is not a label")
	case json.Unmarshal(raw, &num) == nil:
		if num != math.Trunc(num) && !f.Strict && sc == Semantics5 {
			num, rounded = math.RoundToEven(num), true
		}
		name, value, other, err = sc.ParseValue(num)
	case json.Unmarshal(raw, &str) == nil:
		name, value, other, err = sc.Parse(str)
	default:
		return Rating{}, false, answerErr(ErrRatingSyntax, "%s is neither a number nor a string", raw)
	}
	if err != nil {
		return Rating{}, false, err
	}
	return Rating{Scale: sc, Label: name, Value: value, Other: other}, rounded, nil
}

// A Query is one item as put to a model in the seed-000 query format:
// {"original_input": source, "<system>": output, ..., "id": id}.
type Query struct {
	ID, Source string
	Systems    []string // in file order
	Outputs    []string // Outputs[i] is Systems[i]'s correction
	Line       int
}

// ReadQueries reads seed-000 queries, one JSON object a line.
func ReadQueries(r io.Reader, name string) ([]Query, error) {
	var out []Query
	err := eachJSONLine(r, name, func(line int, raw []byte) error {
		kvs, err := jsonobject.Fields(raw)
		if err != nil {
			return parseErr(name, line, 0, ErrRatingSyntax, "%v", err)
		}
		q := Query{Line: line}
		for _, kv := range kvs {
			var s string
			if err := json.Unmarshal(kv.Value, &s); err != nil {
				return parseErr(name, line, 0, ErrRatingSyntax, "%s: want a string", kv.Key)
			}
			switch kv.Key {
			case "id":
				q.ID = s
			case "original_input":
				q.Source = s
			default:
				q.Systems = append(q.Systems, kv.Key)
				q.Outputs = append(q.Outputs, s)
			}
		}
		if q.ID == "" || len(q.Systems) == 0 {
			return parseErr(name, line, 0, ErrMissingColumn, `a query needs "id" and at least one candidate`)
		}
		out = append(out, q)
		return nil
	})
	return out, err
}

// WriteQuery writes q in the seed-000 query format (one line).
func WriteQuery(w io.Writer, q Query) error {
	var b bytes.Buffer
	b.WriteString(`{"original_input": `)
	writeJSONString(&b, q.Source)
	for i, s := range q.Systems {
		b.WriteString(", ")
		writeJSONString(&b, s)
		b.WriteString(": ")
		writeJSONString(&b, q.Outputs[i])
	}
	b.WriteString(`, "id": `)
	writeJSONString(&b, q.ID)
	b.WriteString("}\n")
	_, err := w.Write(b.Bytes())
	return err
}

func writeJSONString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s)
	b.Write(enc)
}

// ReadSottanaDir reads a whole seed-000 study laid out as Sottana et al.
// published it: dir/<part>/annotation_output/<annotator>/annotated_instances.jsonl
// for every human annotator and study part (Group is the part's folder
// name), in the order of the annotator's annotation_order.txt when there is
// one (the order the authors' statistics used; it fixes the floating-point
// summation order, so means and standard deviations match theirs bit for
// bit), and dir/<part>/gpt4_as_annotator/output.jsonl for GPT-4
// (annotator "gpt4"). GPT-4's ratings get the source and outputs of the
// Potato items with the same id. Files are read in sorted path order.
func (f Seed000) ReadSottanaDir(dir string) (Ratings, error) {
	humans, err := filepath.Glob(filepath.Join(dir, "*", "annotation_output", "*", "annotated_instances.jsonl"))
	if err != nil {
		return nil, err
	}
	if len(humans) == 0 {
		return nil, fmt.Errorf("%s: no */annotation_output/*/annotated_instances.jsonl", dir)
	}
	slices.Sort(humans)
	var all Ratings
	type text struct{ src, out, group string }
	texts := map[[2]string]text{}
	for _, p := range humans {
		annotator := filepath.Base(filepath.Dir(p))
		group := filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(p))))
		rs, err := readFileWith(p, func(r io.Reader) (Ratings, error) { return f.ReadPotato(r, p, annotator) })
		if err != nil {
			return nil, err
		}
		if rs, err = orderByAnnotationOrder(rs, filepath.Join(filepath.Dir(p), "annotation_order.txt")); err != nil {
			return nil, err
		}
		for i := range rs {
			rs[i].Group = group
			texts[[2]string{rs[i].Item, rs[i].System}] = text{rs[i].Source, rs[i].Output, group}
		}
		all = append(all, rs...)
	}
	models, _ := filepath.Glob(filepath.Join(dir, "*", "gpt4_as_annotator", "output.jsonl"))
	slices.Sort(models)
	for _, p := range models {
		rs, err := readFileWith(p, func(r io.Reader) (Ratings, error) { return f.ReadAnswers(r, p, "gpt4") })
		if err != nil {
			return nil, err
		}
		for i := range rs {
			if t, ok := texts[[2]string{rs[i].Item, rs[i].System}]; ok {
				rs[i].Source, rs[i].Output, rs[i].Group = t.src, t.out, t.group
			}
		}
		all = append(all, rs...)
	}
	return all, nil
}

// orderByAnnotationOrder sorts ratings by the position of their item in a
// Potato annotation_order.txt (one id a line; page names ending in .html
// and attention checks are skipped). A missing file leaves rs as it is; an
// item missing from the file is an error.
func orderByAnnotationOrder(rs Ratings, path string) (Ratings, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return rs, nil
	}
	if err != nil {
		return nil, err
	}
	pos := map[string]int{}
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasSuffix(l, ".html") || strings.HasPrefix(l, "attention") {
			continue
		}
		if _, ok := pos[l]; !ok {
			pos[l] = len(pos)
		}
	}
	for _, r := range rs {
		if _, ok := pos[r.Item]; !ok {
			return nil, fmt.Errorf("%s: item %s is not in %s", r.Pos, r.Item, path)
		}
	}
	out := slices.Clone(rs)
	slices.SortStableFunc(out, func(a, b Rating) int { return pos[a.Item] - pos[b.Item] })
	return out, nil
}

func readFileWith(path string, read func(io.Reader) (Ratings, error)) (Ratings, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return read(bufio.NewReader(fh))
}

// eachJSONLine calls fn for every non-blank line of a JSON Lines stream
// with its 1-based line number.
func eachJSONLine(r io.Reader, name string, fn func(line int, raw []byte) error) error {
	sc := bufio.NewScanner(textcheck.Reader(r, name))
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	n := 0
	for sc.Scan() {
		n++
		raw := bytes.TrimSpace(sc.Bytes())
		if n == 1 {
			raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
		}
		if len(raw) == 0 {
			continue
		}
		if err := fn(n, raw); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return parseerr.Wrap(name, n+1, 0, err)
	}
	return nil
}

// orderBy returns names with those in order first (in that order), then the
// rest in their original order.
func orderBy(names, order []string) []string {
	out := make([]string, 0, len(names))
	for _, o := range order {
		if slices.Contains(names, o) {
			out = append(out, o)
		}
	}
	for _, n := range names {
		if !slices.Contains(order, n) {
			out = append(out, n)
		}
	}
	return out
}
