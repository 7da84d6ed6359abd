package annotate

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/gecmetric/gecmetric/human"
)

func TestTokenDiff(t *testing.T) {
	for _, tc := range []struct {
		out, post string
		want      []Change
	}{
		{"a b c", "a b c", []Change{}},
		{"She go home .", "She goes home .", []Change{{1, 2, []string{"go"}, []string{"goes"}}}},
		{"I like cat", "I like the cat", []Change{{2, 2, []string{}, []string{"the"}}}},
		{"it is is good", "it is good", []Change{{2, 3, []string{"is"}, []string{}}}},
		{"", "new words", []Change{{0, 0, []string{}, []string{"new", "words"}}}},
		{"a  b", "a b", []Change{}}, // white space is not a token
	} {
		if got := TokenDiff(tc.out, tc.post); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("TokenDiff(%q, %q) = %v, want %v", tc.out, tc.post, got, tc.want)
		}
	}
}

// TestJSONLForCalibrate writes the JSON Lines export and reads it back as
// agreement, correlate and calibrate fit do, naming each column's scale by
// the task's scale set and the scale's name (--rating
// grammaticality=swell/grammaticality): one set of names for both.
func TestJSONLForCalibrate(t *testing.T) {
	db := newFixtureDB(t)
	db.AddAnnotator("ann")
	c := Confirmation{Annotator: "ann", Item: 1, Next: -1, Outputs: []Judgement{
		{System: "sysA", PostEdit: "I have <b>two</b> cats & a dog .", Ratings: map[string]string{"grammaticality": "Comprehensible", "fluency": "3", "meaning": "Identical"}},
		{System: "sysB", PostEdit: "I have <b>two</b> cats & a dog .", Ratings: map[string]string{"grammaticality": "Other", "fluency": "2", "meaning": "Minor differences"}},
	}}
	if err := db.Confirm(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := db.WriteJSONL(&buf, ""); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "export.jsonl")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	sel := human.Selection{Path: path, Format: "jsonl", Columns: human.RatingTable{Item: "item", System: "system",
		Annotator: "annotator", Source: "source", Output: "output", PostEdit: "post_edit"}}
	for _, sc := range db.Protocol.Scales {
		sel.Ratings = append(sel.Ratings, sc.Scale.Name+"="+db.Protocol.Name+"/"+sc.Scale.Name)
	}
	if want := []string{"grammaticality=swell/grammaticality", "fluency=swell/fluency", "meaning=swell/meaning"}; !slices.Equal(sel.Ratings, want) {
		t.Fatalf("specs %v, want %v", sel.Ratings, want)
	}
	rs, err := sel.ReadRatings()
	if err != nil {
		t.Fatal(err)
	}
	want, err := db.HumanRatings("")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 6 || len(want) != 6 {
		t.Fatalf("%d ratings read back, %d stored; want 6", len(rs), len(want))
	}
	key := func(r human.Rating) string {
		return fmt.Sprintf("%s|%s|%s|%s|%s|%v|%s|%s|%s", r.Item, r.System, r.Annotator, r.Scale.Name, r.Label, r.Other, r.Output, r.PostEdit, r.Source)
	}
	got := map[string]bool{}
	for _, r := range rs {
		got[key(r)] = true
	}
	for _, r := range want {
		if !got[key(r)] {
			t.Errorf("rating %s not read back from the export", key(r))
		}
	}
	// The edits from output to post-edit are the errors the output had;
	// "line" is the item's line counted from 1, as in every JSON output.
	rt, _ := db.Ratings("")
	for _, r := range rt {
		if r.Line != 2 || r.Item != "1" {
			t.Errorf("item %q, line %d; want item 1 (from 0) on line 2", r.Item, r.Line)
		}
	}
	if !bytes.Contains(buf.Bytes(), []byte(`"item":"1","line":2,`)) {
		t.Errorf("export lacks the line number:\n%s", buf.String())
	}
	for _, r := range rt {
		if r.System == "sysA" && (len(r.Edits) != 1 || r.Edits[0].Output[0] != "cat" || r.Edits[0].Post[0] != "cats") {
			t.Errorf("sysA edits %+v", r.Edits)
		}
	}
}
