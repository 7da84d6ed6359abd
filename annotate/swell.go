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

	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/parseerr"
)

// The Swedish annotator format (Östling et al. 2024, the tool of seeds
// 001/004; read by human.DecodeSwedish) is one JSON file per annotator:
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

// ReadSwell decodes one annotator file of the Swedish format with
// human.DecodeSwedish and checks it as a task: every key known, every
// example with its original, reference and systems, every output with its
// text, every judgement with a post-edit and an integer rating on each
// swell scale, and a valid item order. Errors are *parseerr.Error naming
// the file, and the line and column of the example where one is at fault.
func ReadSwell(r io.Reader, name string) (*SwellFile, error) {
	p, _ := LookupProtocol("swell")
	f, err := human.DecodeSwedish(r, name)
	if err != nil {
		if pe, ok := errors.AsType[*parseerr.Error](err); ok {
			return nil, &parseerr.Error{File: pe.File, Line: pe.Line, Column: pe.Column,
				Err: fmt.Errorf("not an annotation file of the Swedish format: %w", pe.Err)}
		}
		return nil, err
	}
	if len(f.Unknown) > 0 {
		u := f.Unknown[0]
		where := ""
		if u.Path != "" {
			where = u.Path + ": "
		}
		return nil, parseerr.At(name, u.Line, 0, nil, "%sunknown field %q", where, u.Key)
	}
	if len(f.Examples) == 0 {
		return nil, parseerr.At(name, 0, 0, nil, `no items in "data"`)
	}
	if f.NextItem == nil {
		return nil, parseerr.At(name, 0, 0, nil, `no "next_item"`)
	}
	sf := &SwellFile{Name: name, Annotator: strings.TrimSuffix(filepath.Base(name), ".json"),
		Task: &Task{Protocol: p}, Order: f.ItemOrder, Next: *f.NextItem, Newline: "\n"}
	if f.CRLF {
		sf.Newline = "\r\n"
	}
	if err := checkOrder(f.ItemOrder, len(f.Examples)); err != nil {
		return nil, parseerr.At(name, 0, 0, nil, `"item_order": %v`, err)
	}
	if sf.Next < 0 || sf.Next >= len(f.Examples) {
		return nil, parseerr.At(name, 0, 0, nil, `"next_item" %d out of range 0..%d`, sf.Next, len(f.Examples)-1)
	}
	for i, ex := range f.Examples {
		it, js, err := swellItem(p, i, ex)
		if err != nil {
			return nil, parseerr.At(name, ex.Line, ex.Column, nil, "data[%d]: %v", i, err)
		}
		sf.Task.Items = append(sf.Task.Items, it)
		sf.Judgements = append(sf.Judgements, js...)
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

// swellItem checks example i of a Swedish file and returns it as item i
// of a task with its judgements.
func swellItem(p *Protocol, i int, ex human.SwedishExample) (Item, []Judgement, error) {
	if ex.Original == nil || ex.Reference == nil {
		return Item{}, nil, errors.New(`want "original" and "reference"`)
	}
	if len(ex.Systems) == 0 {
		return Item{}, nil, errors.New("no systems")
	}
	it := Item{ID: i, Source: *ex.Original, Reference: *ex.Reference, Outputs: map[string]string{}}
	var js []Judgement
	for _, o := range ex.Systems {
		if err := checkName("system", o.System); err != nil {
			return it, nil, err
		}
		if o.Output == nil {
			return it, nil, fmt.Errorf(`system %s has no "output"`, o.System)
		}
		it.Outputs[o.System] = *o.Output
		for _, sj := range o.Judgements {
			j, err := swellJudgement(p, sj)
			if err != nil {
				return it, nil, fmt.Errorf("systems.%s.annotators.%s: %w", o.System, sj.Annotator, err)
			}
			j.Annotator, j.Item, j.System = sj.Annotator, i, o.System
			js = append(js, j)
		}
	}
	return it, js, nil
}

func swellJudgement(p *Protocol, sj human.SwedishJudgement) (Judgement, error) {
	j := Judgement{Ratings: map[string]string{}}
	if sj.PostEdit == nil {
		return j, errors.New(`no "corrected"`)
	}
	j.PostEdit = *sj.PostEdit
	for _, r := range p.Scales {
		num, ok := sj.Ratings[r.Title]
		if !ok {
			return j, fmt.Errorf("no %q rating", r.Title)
		}
		v, err := num.Int64()
		if err != nil {
			return j, fmt.Errorf("%q: want an integer 0-4: %w", r.Title, err)
		}
		l, _, err := r.Canonical(strconv.FormatInt(v, 10))
		if err != nil {
			return j, fmt.Errorf("%q: %w", r.Title, err)
		}
		j.Ratings[r.Scale.Name] = l
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
// as the original Python tool writes it. Its texts are those the rater
// saw (DB.Shown): the original, reference and outputs of a task with a
// detokenised display are written detokenised, beside the post-edits
// written against them.
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
		b.WriteString("            \"original\": " + pyQuote(d.Shown(it.Source)) + ",\n")
		b.WriteString("            \"reference\": " + pyQuote(d.Shown(it.Reference)) + ",\n")
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
			b.WriteString(",\n                    \"output\": " + pyQuote(d.Shown(it.Outputs[sys])) + "\n                }")
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
