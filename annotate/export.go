package annotate

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// A Rating is one line of the JSON Lines export: one annotator's label for
// one output on one scale, with the texts that calibration needs. The
// scale's name is also a key holding the label, so a table reader that
// maps rating columns to scales reads the file as it is.
type Rating struct {
	Item      string `json:"item"` // the item's id: its line in the task files, counted from 0 (as stored)
	Line      int    `json:"line"` // the same line counted from 1, as every JSON output of gecmetric names it
	Annotator string `json:"annotator"`
	System    string `json:"system"`
	Source    string `json:"source"`
	Reference string `json:"reference,omitempty"`
	Output    string `json:"output"`
	// Shown is the output as the rater saw it and post-edited it, when
	// the task shows it otherwise (a detokenised display, Task.Display).
	Shown    string   `json:"shown,omitempty"`
	PostEdit string   `json:"post_edit"`
	Scale    string   `json:"scale"`
	Label    string   `json:"label"`
	Value    *float64 `json:"value"` // null for Other
	Other    bool     `json:"other"`
	// Edits are the token-level changes from the output as shown (Shown
	// when set, else Output) to the post-edit: the errors the annotator
	// found left in the output.
	Edits []Change `json:"edits"`
}

// A Change is one difference between an output and its post-edit: tokens
// [OStart, OEnd) of the output replaced by Post.
type Change struct {
	OStart int      `json:"o_start"`
	OEnd   int      `json:"o_end"`
	Output []string `json:"output"`
	Post   []string `json:"post_edit"`
}

// TokenDiff returns the changes that turn output into post, comparing
// white-space separated tokens with difflib's matching blocks (the same
// longest-common-subsequence idea as the page's live highlighting).
func TokenDiff(output, post string) []Change {
	a, b := strings.Fields(output), strings.Fields(post)
	m := difflib.NewMatcher(a, b)
	var out []Change
	for _, op := range m.GetOpCodes() {
		if op.Tag == 'e' {
			continue
		}
		out = append(out, Change{OStart: op.I1, OEnd: op.I2, Output: nonNil(a[op.I1:op.I2]), Post: nonNil(b[op.J1:op.J2])})
	}
	if out == nil {
		out = []Change{}
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Ratings returns every confirmed rating, one per annotator, item, system
// and scale, in that order (scales in protocol order).
func (d *DB) Ratings(annotator string) ([]Rating, error) {
	js, err := d.Judgements(annotator)
	if err != nil {
		return nil, err
	}
	var out []Rating
	for _, j := range js {
		it := &d.items[j.Item]
		shown := d.Shown(it.Outputs[j.System])
		edits := TokenDiff(shown, j.PostEdit)
		if shown == it.Outputs[j.System] {
			shown = ""
		}
		for _, r := range d.Protocol.Scales {
			l, ok := j.Ratings[r.Scale.Name]
			if !ok {
				continue
			}
			rt := Rating{Item: strconv.Itoa(j.Item), Line: j.Item + 1, Annotator: j.Annotator, System: j.System,
				Source: it.Source, Reference: it.Reference, Output: it.Outputs[j.System], Shown: shown, PostEdit: j.PostEdit,
				Scale: r.Scale.Name, Label: l, Edits: edits}
			if v, ok := r.Value(l); ok {
				rt.Value = &v
			} else {
				rt.Other = true
			}
			out = append(out, rt)
		}
	}
	return out, nil
}

// WriteJSONL writes the confirmed ratings (of one annotator, or of all when
// annotator is "") as JSON Lines.
func (d *DB) WriteJSONL(w io.Writer, annotator string) error {
	rs, err := d.Ratings(annotator)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for _, r := range rs {
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		// A column per scale of the protocol, holding the label on this
		// line's scale and null on the others, so that
		// human.RatingTable.ReadJSONL reads the file with the scale
		// names as rating columns. Other on a scale without an Other label
		// is null there too (calibrate skips Other anyway).
		bw.Write(b[:len(b)-1])
		for _, sc := range d.Protocol.Scales {
			key, _ := json.Marshal(sc.Scale.Name)
			col := []byte("null")
			if sc.Scale.Name == r.Scale && (!r.Other || sc.Scale.Other != "") {
				col, _ = json.Marshal(r.Label)
			}
			bw.WriteString("," + string(key) + ":" + string(col))
		}
		bw.WriteString("}\n")
	}
	return bw.Flush()
}
