package annotate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
)

// The Swedish annotator format (Östling et al. 2024, the tool of seeds
// 001/004) is one JSON file per annotator:
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
// with 0 meaning Other, written by Python's json.dump(sort_keys=True,
// indent=4): keys sorted, four-space indent, non-ASCII as \uXXXX, no final
// newline. WriteSwell reproduces those bytes.

type swellFile struct {
	Data      []swellItem `json:"data"`
	ItemOrder []int       `json:"item_order"`
	NextItem  *int        `json:"next_item"`
}

type swellItem struct {
	Original  *string                `json:"original"`
	Reference *string                `json:"reference"`
	Systems   map[string]swellOutput `json:"systems"`
}

type swellOutput struct {
	Output     *string                               `json:"output"`
	Annotators map[string]map[string]json.RawMessage `json:"annotators"`
}

// A SwellFile is one annotator's file in the Swedish format, decoded.
type SwellFile struct {
	Name       string // file name, for messages
	Annotator  string // the file's annotator: its base name without .json
	Task       *Task
	Order      []int
	Next       int
	Judgements []Judgement
	Newline    string // "\r\n" when the file was written with Windows line breaks, else "\n"
}

// ReadSwell decodes one annotator file of the Swedish format. Ratings are
// checked against the swell scales; errors name the file and item.
func ReadSwell(r io.Reader, name string) (*SwellFile, error) {
	p, _ := LookupProtocol("swell")
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var f swellFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: not an annotation file of the Swedish format: %w", name, err)
	}
	if len(f.Data) == 0 {
		return nil, fmt.Errorf("%s: no items in \"data\"", name)
	}
	if f.NextItem == nil {
		return nil, fmt.Errorf("%s: no \"next_item\"", name)
	}
	sf := &SwellFile{Name: name, Annotator: strings.TrimSuffix(filepath.Base(name), ".json"),
		Task: &Task{Protocol: p}, Order: f.ItemOrder, Next: *f.NextItem, Newline: "\n"}
	if bytes.Contains(data, []byte("\r\n")) {
		sf.Newline = "\r\n"
	}
	if err := checkOrder(f.ItemOrder, len(f.Data)); err != nil {
		return nil, fmt.Errorf("%s: \"item_order\": %w", name, err)
	}
	if sf.Next < 0 || sf.Next >= len(f.Data) {
		return nil, fmt.Errorf("%s: \"next_item\" %d out of range 0..%d", name, sf.Next, len(f.Data)-1)
	}
	for i, d := range f.Data {
		where := fmt.Sprintf("%s: data[%d]", name, i)
		if d.Original == nil || d.Reference == nil {
			return nil, fmt.Errorf("%s: want \"original\" and \"reference\"", where)
		}
		if len(d.Systems) == 0 {
			return nil, fmt.Errorf("%s: no systems", where)
		}
		it := Item{ID: i, Source: *d.Original, Reference: *d.Reference, Outputs: map[string]string{}}
		for sys, o := range d.Systems {
			if err := checkName("system", sys); err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			if o.Output == nil {
				return nil, fmt.Errorf("%s: system %s has no \"output\"", where, sys)
			}
			it.Outputs[sys] = *o.Output
			for ann, fields := range o.Annotators {
				j, err := swellJudgement(p, fields)
				if err != nil {
					return nil, fmt.Errorf("%s: systems.%s.annotators.%s: %w", where, sys, ann, err)
				}
				j.Annotator, j.Item, j.System = ann, i, sys
				sf.Judgements = append(sf.Judgements, j)
			}
		}
		sf.Task.Items = append(sf.Task.Items, it)
	}
	sort.Slice(sf.Judgements, func(a, b int) bool {
		x, y := sf.Judgements[a], sf.Judgements[b]
		if x.Annotator != y.Annotator {
			return x.Annotator < y.Annotator
		}
		if x.Item != y.Item {
			return x.Item < y.Item
		}
		return x.System < y.System
	})
	return sf, nil
}

func swellJudgement(p *Protocol, fields map[string]json.RawMessage) (Judgement, error) {
	j := Judgement{Ratings: map[string]string{}}
	raw, ok := fields["corrected"]
	if !ok {
		return j, errors.New(`no "corrected"`)
	}
	if err := json.Unmarshal(raw, &j.PostEdit); err != nil {
		return j, fmt.Errorf(`"corrected": %w`, err)
	}
	for _, r := range p.Scales {
		raw, ok := fields[r.Title]
		if !ok {
			return j, fmt.Errorf("no %q rating", r.Title)
		}
		var v int
		if err := json.Unmarshal(raw, &v); err != nil {
			return j, fmt.Errorf("%q: want an integer 0-4: %w", r.Title, err)
		}
		l, _, err := r.Canonical(strconv.Itoa(v))
		if err != nil {
			return j, fmt.Errorf("%q: %w", r.Title, err)
		}
		j.Ratings[r.Scale.Name] = l
	}
	for k := range fields {
		if _, ok := p.rated(k); !ok && k != "corrected" {
			return j, fmt.Errorf("unknown field %q", k)
		}
	}
	return j, nil
}

// ReadSwellFile reads the annotator file at path.
func ReadSwellFile(path string) (*SwellFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadSwell(f, path)
}

// Import stores a Swedish-format file in the database: the file's
// annotator (named after the file) gets its item order and resume
// position, and every annotator found in the file its judgements. The
// items must be those of the database. Annotators that do not exist yet are
// added with fresh tokens. The judgements are stored in one transaction:
// a file that fails a check adds none of them.
func (d *DB) Import(ctx context.Context, sf *SwellFile) error {
	if d.Protocol.Name != "swell" {
		return fmt.Errorf("%s: the task uses the %s scales, the file the swell scales", sf.Name, d.Protocol.Name)
	}
	if err := sameItems(d.items, sf.Task.Items); err != nil {
		return fmt.Errorf("%s: %w", sf.Name, err)
	}
	if _, ok, err := d.Annotator(sf.Annotator); err != nil {
		return err
	} else if !ok {
		if _, err := d.addAnnotator(sf.Annotator, sf.Order, sf.Next); err != nil {
			return fmt.Errorf("%s: %w", sf.Name, err)
		}
	}
	if _, err := d.db.ExecContext(ctx, `UPDATE annotators SET item_order = ?, next_item = ?, newline = ? WHERE name = ?`,
		mustJSON(sf.Order), sf.Next, sf.Newline, sf.Annotator); err != nil {
		return err
	}
	known := map[string]bool{sf.Annotator: true}
	byItem := map[[2]string][]Judgement{}
	var keys [][2]string
	for _, j := range sf.Judgements {
		if !known[j.Annotator] {
			known[j.Annotator] = true
			if _, ok, err := d.Annotator(j.Annotator); err != nil {
				return err
			} else if !ok {
				if _, err := d.AddAnnotator(j.Annotator); err != nil {
					return fmt.Errorf("%s: %w", sf.Name, err)
				}
			}
		}
		k := [2]string{j.Annotator, strconv.Itoa(j.Item)}
		if _, ok := byItem[k]; !ok {
			keys = append(keys, k)
		}
		byItem[k] = append(byItem[k], j)
	}
	// The annotators exist now; the writes below share the one connection
	// through tx.
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, k := range keys {
		js := byItem[k]
		c := Confirmation{Annotator: k[0], Item: js[0].Item, Next: -1, Outputs: js}
		if err := d.check(&c, true, systemName); err != nil {
			return fmt.Errorf("%s: %w", sf.Name, err)
		}
		if err := d.storeTx(tx, c, time.Unix(0, 0).UTC()); err != nil {
			return fmt.Errorf("%s: %w", sf.Name, err)
		}
	}
	return tx.Commit()
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func sameItems(have, got []Item) error {
	if len(have) != len(got) {
		return fmt.Errorf("%d items, the task has %d", len(got), len(have))
	}
	for i := range have {
		a, b := &have[i], &got[i]
		switch {
		case a.Source != b.Source:
			return fmt.Errorf("data[%d]: original differs from the task's", i)
		case a.Reference != b.Reference:
			return fmt.Errorf("data[%d]: reference differs from the task's", i)
		case len(a.Outputs) != len(b.Outputs):
			return fmt.Errorf("data[%d]: %d systems, the task has %d", i, len(b.Outputs), len(a.Outputs))
		}
		for s, o := range b.Outputs {
			if ao, ok := a.Outputs[s]; !ok || ao != o {
				return fmt.Errorf("data[%d]: output of system %s differs from the task's", i, s)
			}
		}
	}
	return nil
}

// WriteSwell writes annotator's file in the Swedish format, byte for byte
// as the original Python tool writes it.
func (d *DB) WriteSwell(w io.Writer, annotator string) error {
	if d.Protocol.Name != "swell" {
		return fmt.Errorf("swell-json needs a task on the swell scales; this one uses %s (export jsonl instead)", d.Protocol.Name)
	}
	a, ok, err := d.Annotator(annotator)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("no annotator %q in %s", annotator, d.path)
	}
	js, err := d.Judgements(annotator)
	if err != nil {
		return err
	}
	byOutput := map[[2]string]Judgement{}
	for _, j := range js {
		byOutput[[2]string{strconv.Itoa(j.Item), j.System}] = j
	}
	var b bytes.Buffer
	b.WriteString("{\n    \"data\": [")
	for i, it := range d.items {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n        {\n")
		b.WriteString("            \"original\": " + pyQuote(it.Source) + ",\n")
		b.WriteString("            \"reference\": " + pyQuote(it.Reference) + ",\n")
		b.WriteString("            \"systems\": {")
		for k, sys := range it.Systems() {
			if k > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n                " + pyQuote(sys) + ": {\n")
			b.WriteString("                    \"annotators\": {")
			if j, ok := byOutput[[2]string{strconv.Itoa(it.ID), sys}]; ok {
				b.WriteString("\n                        " + pyQuote(annotator) + ": {\n")
				fields := map[string]string{"corrected": pyQuote(j.PostEdit)}
				for _, r := range d.Protocol.Scales {
					v := "0" // Other
					if val, ok := r.Value(j.Ratings[r.Scale.Name]); ok {
						v = strconv.FormatFloat(val, 'f', -1, 64)
					} else if _, other, err := r.Canonical(j.Ratings[r.Scale.Name]); err != nil || !other {
						return fmt.Errorf("item %d system %s: no %s rating", it.ID, sys, r.Title)
					}
					fields[r.Title] = v
				}
				names := make([]string, 0, len(fields))
				for n := range fields {
					names = append(names, n)
				}
				sort.Strings(names)
				for f, n := range names {
					b.WriteString("                            " + pyQuote(n) + ": " + fields[n])
					if f < len(names)-1 {
						b.WriteString(",")
					}
					b.WriteString("\n")
				}
				b.WriteString("                        }\n                    }")
			} else {
				b.WriteString("}")
			}
			b.WriteString(",\n                    \"output\": " + pyQuote(it.Outputs[sys]) + "\n                }")
		}
		if len(it.Outputs) > 0 {
			b.WriteString("\n            }\n        }")
		} else {
			b.WriteString("}\n        }")
		}
	}
	b.WriteString("\n    ],\n    \"item_order\": [")
	for i, v := range a.Order {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n        " + strconv.Itoa(v))
	}
	b.WriteString("\n    ],\n    \"next_item\": " + strconv.Itoa(a.Next) + "\n}")
	out := b.Bytes()
	if nl, err := d.newline(annotator); err != nil {
		return err
	} else if nl != "\n" {
		out = bytes.ReplaceAll(out, []byte("\n"), []byte(nl))
	}
	_, err = w.Write(out)
	return err
}

// pyQuote quotes s as Python's json module does with ensure_ascii: only
// printable ASCII is written as is; everything else is escaped, non-BMP
// characters as surrogate pairs.
func pyQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r >= 0x20 && r <= 0x7e:
			b.WriteRune(r)
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&b, `\u%04x\u%04x`, r1, r2)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// ImportSwellFiles imports annotator files of the Swedish format into the
// task database at path, creating it from the first file's items when it
// does not exist yet. Every file must hold the same items.
func ImportSwellFiles(ctx context.Context, path string, files []string) error {
	if len(files) == 0 {
		return errors.New("no files to import")
	}
	var sfs []*SwellFile
	for _, f := range files {
		sf, err := ReadSwellFile(f)
		if err != nil {
			return err
		}
		sfs = append(sfs, sf)
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		if err := Create(path, sfs[0].Task); err != nil {
			return err
		}
	}
	db, err := Open(path)
	if err != nil {
		return err
	}
	defer db.Close()
	for _, sf := range sfs {
		if err := db.Import(ctx, sf); err != nil {
			return err
		}
	}
	return db.Close()
}

func (d *DB) newline(annotator string) (string, error) {
	var nl string
	err := d.db.QueryRow(`SELECT newline FROM annotators WHERE name = ?`, annotator).Scan(&nl)
	return nl, err
}
