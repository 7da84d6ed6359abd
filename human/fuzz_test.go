package human

import (
	"errors"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/parseerr"
)

// isText reports whether s could have come from a text file that the
// readers accept: valid UTF-8 without NUL bytes.
func isText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// checkRatings holds for every rating a reader returns: text fields, a
// label of its scale, Other exactly when the value is NaN, a value on the
// scale otherwise.
func checkRatings(t *testing.T, rs Ratings) {
	t.Helper()
	for _, r := range rs {
		for _, s := range []string{r.Item, r.Group, r.Source, r.System, r.Output, r.Annotator, r.Label, r.PostEdit} {
			if !isText(s) {
				t.Fatalf("rating %+v holds %q, not text", r, s)
			}
		}
		if r.Scale == nil || r.Other != math.IsNaN(r.Value) {
			t.Fatalf("rating %+v: scale %v, Other %v with value %v", r, r.Scale, r.Other, r.Value)
		}
		if _, v, other, err := r.Scale.Parse(r.Label); err != nil || other != r.Other || !other && v != r.Value {
			t.Fatalf("rating %+v: label %q parses as %v, %v, %v", r, r.Label, v, other, err)
		}
	}
}

// checkError holds for every error a reader returns: positioned.
func checkError(t *testing.T, err error) {
	t.Helper()
	if _, ok := errors.AsType[*parseerr.Error](err); !ok {
		t.Fatalf("error %v (%T) is not a *parseerr.Error", err, err)
	}
}

// FuzzReadRatingTable reads named-column ratings as CSV, TSV and JSON
// Lines (the csv/tsv/jsonl formats of ReadRatings).
func FuzzReadRatingTable(f *testing.F) {
	f.Add("item,system,annotator,g,f\n1,A,x,4,Other\n2,\"B,C\",y,,3\n")
	f.Add("item\tsystem\tannotator\tg\tf\n1\tA\tx\tPerfect\t2\n")
	f.Add(`{"item": "1", "system": "A", "annotator": "x", "g": 4, "f": null}` + "\n" + `{"item": 2, "system": "B", "g": "Other"}`)
	table := RatingTable{Item: "item", System: "system", Annotator: "annotator",
		Scales: map[string]*Scale{"g": Grammaticality4, "f": Fluency4}}
	f.Fuzz(func(t *testing.T, in string) {
		for _, read := range []func() (Ratings, error){
			func() (Ratings, error) { return table.ReadCSV(strings.NewReader(in), "f", ',') },
			func() (Ratings, error) { return table.ReadCSV(strings.NewReader(in), "f", '\t') },
			func() (Ratings, error) { return table.ReadJSONL(strings.NewReader(in), "f") },
		} {
			rs, err := read()
			if err != nil {
				checkError(t, err)
				continue
			}
			checkRatings(t, rs)
		}
	})
}

// FuzzReadGUG reads the GUG annotation file format.
func FuzzReadGUG(f *testing.F) {
	f.Add("Id\tSentence\tExpert Judgement\tCrowd Flower Judgements\tAverage\tDataset\n" +
		"1\tShe walk to school .\t2\t[2, 2, 3]\t2.33\ttrain\n4\tBecause of.\t0\t[]\t\tnone\n")
	f.Fuzz(func(t *testing.T, in string) {
		rs, err := ReadGUG(strings.NewReader(in), "f")
		if err != nil {
			checkError(t, err)
			return
		}
		checkRatings(t, rs)
	})
}

// FuzzReadSeed000 reads the seed-000 formats: Potato annotations, model
// answers and queries.
func FuzzReadSeed000(f *testing.F) {
	f.Add(potatoFixture)
	f.Add(`{"id": "a1", "semantics": {"summary_1": 5, "summary_2": "4"}, "grammaticality": {"summary_1": "0"}}`)
	f.Add(`{"id": "q1", "displayed_text": "He go .", "summary_1": "He goes .", "summary_2": "He go ."}`)
	f.Fuzz(func(t *testing.T, in string) {
		for _, read := range []func() (Ratings, error){
			func() (Ratings, error) { return Sottana.ReadPotato(strings.NewReader(in), "f", "a") },
			func() (Ratings, error) { return Sottana.ReadAnswers(strings.NewReader(in), "f", "gpt4") },
		} {
			rs, err := read()
			if err != nil {
				checkError(t, err)
				continue
			}
			checkRatings(t, rs)
		}
		qs, err := ReadQueries(strings.NewReader(in), "f")
		if err != nil {
			checkError(t, err)
			return
		}
		for _, q := range qs {
			if len(q.Systems) != len(q.Outputs) {
				t.Fatalf("query %+v: %d systems, %d outputs", q, len(q.Systems), len(q.Outputs))
			}
			for _, s := range append([]string{q.ID, q.Source}, q.Outputs...) {
				if !isText(s) {
					t.Fatalf("query %+v holds %q, not text", q, s)
				}
			}
		}
	})
}
