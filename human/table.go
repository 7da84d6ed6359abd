package human

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/internal/textcheck"
	"github.com/gecmetric/gecmetric/parseerr"

	"github.com/gecmetric/gecmetric/internal/jsonobject"
)

// A RatingTable reads ratings from a table with named columns: CSV, TSV or
// JSON Lines (one object a line, the keys being the column names). Each
// field names the column that holds it; an empty field name means the
// table has no such column. Every column in Scales holds labels of its
// scale (names or codes, e.g. "Perfect" or "4"; JSON numbers too); an
// empty cell or a JSON null means "not rated" and gives no rating.
type RatingTable struct {
	Item      string // required: the rated sentence's id
	System    string
	Annotator string
	Source    string
	Output    string
	Group     string
	PostEdit  string
	// Scales maps a rating column to its scale, in column order of the
	// ratings produced (sorted by column name).
	Scales map[string]*Scale
	// OneHot allows a scale column to be spread over boolean columns
	// "<column>.<label>" or "<column>.<label>.on" holding "true" for the
	// chosen label (the form of MTurk radio groups). At most one may be
	// true in a row.
	OneHot bool
	// Fallback column names tried, in order, when Item, System or
	// Annotator is not in the header.
	ItemFallback, SystemFallback, AnnotatorFallback []string

	// texts makes every row one Rating without a Scale that carries the
	// row's texts, rated or not (Selection.Outputs).
	texts bool
}

// Seed003Crowd is the crowd-task batch CSV of seed 003 (MTurk batch
// results: Input.* for the HIT's variables, Answer.* for the worker's
// answers): Input.id is the item (HITId when absent), Input.system the
// system, Input.machine_completion the rated generation, WorkerId the
// annotator; Answer.fluency on Fluency5 and Answer.commonsense on
// Commonsense5, either as a value ("4", "4/5", "good") or one-hot
// over Answer.fluency.<k>[.on] columns.
var Seed003Crowd = RatingTable{
	Item: "Input.id", ItemFallback: []string{"HITId"},
	System: "Input.system", Output: "Input.machine_completion", Source: "Input.source",
	Annotator: "WorkerId",
	Scales: map[string]*Scale{
		"Answer.fluency":     Fluency5,
		"Answer.commonsense": Commonsense5,
	},
	OneHot: true,
}

type tableCols struct {
	item, system, annotator, source, output, group, postEdit int
	scales                                                   []string
	direct                                                   map[string]int
	onehot                                                   map[string][]onehotCol
}

type onehotCol struct {
	col   int
	label string
}

func (t RatingTable) resolve(header []string) (*tableCols, error) {
	idx := map[string]int{}
	for i, h := range header {
		idx[h] = i
	}
	find := func(name string, fallback []string) int {
		if i, ok := idx[name]; ok && name != "" {
			return i
		}
		for _, f := range fallback {
			if i, ok := idx[f]; ok {
				return i
			}
		}
		return -1
	}
	c := &tableCols{
		item: find(t.Item, t.ItemFallback), system: find(t.System, t.SystemFallback),
		annotator: find(t.Annotator, t.AnnotatorFallback), source: find(t.Source, nil),
		output: find(t.Output, nil), group: find(t.Group, nil), postEdit: find(t.PostEdit, nil),
		direct: map[string]int{}, onehot: map[string][]onehotCol{},
	}
	if c.item < 0 {
		return nil, fmt.Errorf("%w: no item column %q (columns: %s)", ErrMissingColumn, t.Item, strings.Join(header, ", "))
	}
	c.scales = slices.Sorted(maps.Keys(t.Scales))
	for _, col := range c.scales {
		if i, ok := idx[col]; ok {
			c.direct[col] = i
			continue
		}
		if t.OneHot {
			for i, h := range header {
				if rest, ok := strings.CutPrefix(h, col+"."); ok {
					c.onehot[col] = append(c.onehot[col], onehotCol{i, strings.TrimSuffix(rest, ".on")})
				}
			}
			if len(c.onehot[col]) > 0 {
				continue
			}
		}
		return nil, fmt.Errorf("%w: no rating column %q (columns: %s)", ErrMissingColumn, col, strings.Join(header, ", "))
	}
	return c, nil
}

func (t RatingTable) row(c *tableCols, get func(int) string, name string, line int) (Ratings, error) {
	cell := func(i int) string {
		if i < 0 {
			return ""
		}
		return get(i)
	}
	base := Rating{
		Item: cell(c.item), System: cell(c.system), Annotator: cell(c.annotator), Source: cell(c.source),
		Output: cell(c.output), Group: cell(c.group), PostEdit: cell(c.postEdit), Pos: fmt.Sprintf("%s:%d", name, line),
	}
	if base.Item == "" {
		return nil, parseErr(name, line, 0, ErrMissingColumn, "empty item id")
	}
	if t.texts {
		return Ratings{base}, nil
	}
	var out Ratings
	for _, col := range c.scales {
		sc := t.Scales[col]
		var label string
		if i, ok := c.direct[col]; ok {
			label = strings.TrimSpace(get(i))
		} else {
			for _, oh := range c.onehot[col] {
				v := strings.ToLower(strings.TrimSpace(get(oh.col)))
				if v == "true" || v == "1" || v == "on" {
					if label != "" {
						return nil, parseErr(name, line, 0, ErrRatingSyntax, "%s: both %q and %q chosen", col, label, oh.label)
					}
					label = oh.label
				}
			}
		}
		if label == "" {
			continue
		}
		lab, val, other, err := sc.Parse(label)
		if err != nil {
			return nil, labelErr(name, line, col, err)
		}
		r := base
		r.Scale, r.Label, r.Value, r.Other = sc, lab, val, other
		out = append(out, r)
	}
	return out, nil
}

// ReadCSV reads a CSV table (comma is ',' or '\t') with a header line.
func (t RatingTable) ReadCSV(r io.Reader, name string, comma rune) (Ratings, error) {
	cr := csv.NewReader(textcheck.Reader(r, name))
	cr.Comma = comma
	if comma == '\t' {
		cr.LazyQuotes = true
	}
	header, err := cr.Read()
	if err == io.EOF {
		return nil, parseErr(name, 0, 0, parseerr.ErrEmptyInput, "no header")
	}
	if err != nil {
		return nil, csvErr(name, err)
	}
	if len(header) > 0 {
		header[0] = strings.TrimPrefix(header[0], "\xef\xbb\xbf")
	}
	c, err := t.resolve(header)
	if err != nil {
		return nil, &parseerr.Error{File: name, Line: 1, Err: err}
	}
	var out Ratings
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, csvErr(name, err)
		}
		line, _ := cr.FieldPos(0)
		rs, err := t.row(c, func(i int) string { return rec[i] }, name, line)
		if err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
}

// ReadJSONL reads a JSON Lines table. Values may be strings, numbers or
// null; the columns are taken from the first object.
func (t RatingTable) ReadJSONL(r io.Reader, name string) (Ratings, error) {
	var out Ratings
	var c *tableCols
	var header []string
	err := eachJSONLine(r, name, func(line int, raw []byte) error {
		kvs, err := jsonobject.Fields(raw)
		if err != nil {
			return parseErr(name, line, 0, ErrRatingSyntax, "%v", err)
		}
		vals := map[string]string{}
		for _, kv := range kvs {
			var s string
			var f float64
			switch {
			case string(kv.Value) == "null":
			case json.Unmarshal(kv.Value, &s) == nil:
				vals[kv.Key] = s
			case json.Unmarshal(kv.Value, &f) == nil:
				vals[kv.Key] = strconv.FormatFloat(f, 'f', -1, 64)
			case string(kv.Value) == "true" || string(kv.Value) == "false":
				vals[kv.Key] = string(kv.Value)
			}
			if c == nil {
				header = append(header, kv.Key)
			}
		}
		if c == nil {
			if c, err = t.resolve(header); err != nil {
				return &parseerr.Error{File: name, Line: line, Err: err}
			}
		}
		rs, err := t.row(c, func(i int) string { return vals[header[i]] }, name, line)
		if err != nil {
			return err
		}
		out = append(out, rs...)
		return nil
	})
	return out, err
}
