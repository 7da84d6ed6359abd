package annotate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/parseerr"
)

// TestSwellRoundTrip imports every pair of Swedish annotator files and
// exports them again: the files come back byte for byte, so the ratings,
// post-edits, item orders and resume positions are the same.
func TestSwellRoundTrip(t *testing.T) {
	root := testdata.Dir(t, "swedish-gec-evaluation", "annotations")
	sets := []string{"round1", "round2", "balanced_A", "balanced_B", "balanced_C"}
	for _, set := range sets {
		t.Run(set, func(t *testing.T) {
			files := []string{filepath.Join(root, set, "katarina.json"), filepath.Join(root, set, "robert.json")}
			db := importSwell(t, files)
			for _, f := range files {
				want, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				name := strings.TrimSuffix(filepath.Base(f), ".json")
				if err := db.WriteSwell(&got, name); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want) {
					t.Errorf("%s: export differs from the file (%d vs %d bytes) at byte %d", f, got.Len(), len(want), firstDiff(got.Bytes(), want))
				}
				// The same ratings and post-edits, read back independently.
				in, err := ReadSwellFile(f)
				if err != nil {
					t.Fatal(err)
				}
				back, err := ReadSwell(bytes.NewReader(got.Bytes()), f)
				if err != nil {
					t.Fatal(err)
				}
				if len(in.Judgements) != len(back.Judgements) {
					t.Fatalf("%s: %d judgements in, %d out", f, len(in.Judgements), len(back.Judgements))
				}
				for i := range in.Judgements {
					a, b := in.Judgements[i], back.Judgements[i]
					if a.Annotator != b.Annotator || a.Item != b.Item || a.System != b.System || a.PostEdit != b.PostEdit ||
						mustJSON(a.Ratings) != mustJSON(b.Ratings) {
						t.Errorf("%s: judgement %d: %+v in, %+v out", f, i, a, b)
					}
				}
			}
		})
	}
}

// importSwell imports the annotator files into a new task database and
// opens it until the test ends.
func importSwell(t *testing.T, files []string) *DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "task.db")
	if err := ImportSwellFiles(context.Background(), path, files); err != nil {
		t.Fatal(err)
	}
	return openTestDB(t, path)
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestSwellCounts checks the import against counts taken from the files:
// Katarina rated all 320 outputs of balanced_A, Robert 55.
func TestSwellCounts(t *testing.T) {
	root := testdata.Dir(t, "swedish-gec-evaluation", "annotations", "balanced_A")
	db := importSwell(t, []string{filepath.Join(root, "katarina.json"), filepath.Join(root, "robert.json")})
	for name, want := range map[string]int{"katarina": 320, "robert": 55} {
		js, err := db.Judgements(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(js) != want {
			t.Errorf("%s: %d judgements, want %d", name, len(js), want)
		}
	}
	if len(db.Items()) != 64 {
		t.Errorf("%d items, want 64", len(db.Items()))
	}
	rs, err := db.HumanRatings("katarina")
	if err != nil {
		t.Fatal(err)
	}
	other := 0
	for _, r := range rs {
		if r.Other && r.Scale.Name == "meaning" {
			other++
		}
	}
	if other != 5 { // "Meaning Preservation": 0 five times in balanced_A/katarina.json
		t.Errorf("%d meaning ratings of Other, want 5", other)
	}
}

func TestPyQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain", `"plain"`},
		{`say "hi" \ ok`, `"say \"hi\" \\ ok"`},
		{"tab\there\nnl\r\b\f", `"tab\there\nnl\r\b\f"`},
		{"\x01\x1f\x7f", `"\u0001\u001f\u007f"`},
		{"känner åt", `"k\u00e4nner \u00e5t"`},
		{"😀", `"\ud83d\ude00"`},
		{"</script>&", `"</script>&"`},
	} {
		if got := pyQuote(tc.in); got != tc.want {
			t.Errorf("pyQuote(%q) = %s, want %s", tc.in, got, tc.want)
		}
		var back string
		if err := json.Unmarshal([]byte(pyQuote(tc.in)), &back); err != nil || back != tc.in {
			t.Errorf("pyQuote(%q) does not decode back: %q, %v", tc.in, back, err)
		}
	}
}

const swellOK = `{"data": [{"original": "a b", "reference": "a c", "systems": {"s": {"annotators": {"x": {"Fluency": 4, "Grammaticality": 0, "Meaning Preservation": 3, "corrected": "a c"}}, "output": "a b"}}}], "item_order": [0], "next_item": 0}`

func TestReadSwellErrors(t *testing.T) {
	if sf, err := ReadSwell(strings.NewReader(swellOK), "x.json"); err != nil || len(sf.Judgements) != 1 ||
		sf.Judgements[0].Ratings["grammaticality"] != "Other" || sf.Judgements[0].Ratings["meaning"] != "Minor differences" {
		t.Fatalf("valid file: %+v, %v", sf, err)
	}
	for _, tc := range []struct{ name, in, want string }{
		{"not json", `{`, "x.json:1:2: not an annotation file"},
		{"syntax error", "{\"data\": [\n  {\"original\": \"a\",, \"reference\": \"b\"}]}", "x.json:2:20: not an annotation file of the Swedish format: malformed rating data: example 1: invalid character ','"},
		{"type error", "{\"data\": [],\n \"next_item\": \"0\"}", `x.json:2:15: not an annotation file of the Swedish format: malformed rating data: "next_item": json: cannot unmarshal string`},
		{"no data", `{"data": [], "item_order": [], "next_item": 0}`, `no items`},
		{"unknown key", strings.Replace(swellOK, `"next_item"`, `"nxt": 1, "next_item"`, 1), `unknown field "nxt"`},
		{"unknown key in an example", strings.Replace(swellOK, `"reference"`, `"ref": 1, "reference"`, 1), `x.json:1: data[0]: unknown field "ref"`},
		{"order", strings.Replace(swellOK, `[0]`, `[1]`, 1), `"item_order": item order is not a permutation`},
		{"next", strings.Replace(swellOK, `"next_item": 0`, `"next_item": 3`, 1), `"next_item" 3 out of range`},
		{"label", strings.Replace(swellOK, `"Fluency": 4`, `"Fluency": 7`, 1), `x.json:1:11: data[0]: systems.s.annotators.x: "Fluency"`},
		{"missing rating", strings.Replace(swellOK, `"Fluency": 4, `, ``, 1), `no "Fluency" rating`},
		{"extra field", strings.Replace(swellOK, `"Fluency": 4`, `"Fluency": 4, "Mood": 1`, 1), `unknown field "Mood"`},
		{"no output", strings.Replace(swellOK, `, "output": "a b"`, ``, 1), `system s has no "output"`},
		{"no reference", strings.Replace(swellOK, `"reference": "a c", `, ``, 1), `want "original" and "reference"`},
	} {
		_, err := ReadSwell(strings.NewReader(tc.in), "x.json")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "x.json") {
			t.Errorf("%s: error %v, want one starting x.json and containing %q", tc.name, err, tc.want)
		}
	}
}

// TestImportMismatch refuses a file whose items are not the task's.
func TestImportMismatch(t *testing.T) {
	db := newFixtureDB(t)
	sf, err := ReadSwell(strings.NewReader(swellOK), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Import(context.Background(), sf); err == nil || !strings.Contains(err.Error(), "x.json: 1 items, the task has 2") {
		t.Errorf("import of another task's file: %v", err)
	}
}

// FuzzReadSwell reads annotator files: an error is positioned; a file
// that reads holds a task whose every judgement names one of its items and
// systems, with text only.
func FuzzReadSwell(f *testing.F) {
	swellSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := ReadSwell(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			if _, ok := errors.AsType[*parseerr.Error](err); !ok {
				t.Fatalf("error %v (%T) is not positioned", err, err)
			}
			return
		}
		items := sf.Task.Items
		if len(sf.Order) != len(items) || sf.Next < 0 || sf.Next >= max(1, len(items)) {
			t.Fatalf("%d items, order %v, next %d", len(items), sf.Order, sf.Next)
		}
		text := func(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }
		for _, it := range items {
			for sys, out := range it.Outputs {
				if !text(sys) || !text(out) || !text(it.Source) || !text(it.Reference) {
					t.Fatalf("item %+v is not text", it)
				}
			}
		}
		for _, j := range sf.Judgements {
			if j.Item < 0 || j.Item >= len(items) {
				t.Fatalf("judgement of item %d of %d", j.Item, len(items))
			}
			if _, ok := items[j.Item].Outputs[j.System]; !ok || !text(j.PostEdit) {
				t.Fatalf("judgement %+v: no such system, or not text", j)
			}
		}
	})
}

func swellSeeds(f *testing.F) {
	f.Add([]byte(swellOK))
	f.Add([]byte(strings.ReplaceAll(swellOK, `"x"`, `"fuzz"`)))
	f.Add([]byte(`{"data": [{"original": "", "reference": "", "systems": {}}], "item_order": [0], "next_item": 0}`))
}

// FuzzSwellRoundTrip: whatever reads imports into a task database and
// exports again with the same judgements. Each input that reads creates a
// database with synchronous=FULL, so this target runs far fewer inputs a
// second than FuzzReadSwell.
func FuzzSwellRoundTrip(f *testing.F) {
	swellSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := ReadSwell(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return
		}
		path := filepath.Join(t.TempDir(), "task.db")
		if err := Create(path, sf.Task); err != nil {
			return // e.g. an item without outputs
		}
		db, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if err := db.Import(context.Background(), sf); err != nil {
			return // e.g. an annotator name that is not allowed
		}
		var out bytes.Buffer
		if err := db.WriteSwell(&out, sf.Annotator); err != nil {
			t.Fatal(err)
		}
		back, err := ReadSwell(&out, "back.json")
		if err != nil {
			t.Fatalf("export does not read back: %v\n%s", err, out.String())
		}
		n := 0
		for _, j := range sf.Judgements {
			if j.Annotator == sf.Annotator {
				n++
			}
		}
		if len(back.Judgements) != n {
			t.Fatalf("%d judgements of %s, %d after export", n, sf.Annotator, len(back.Judgements))
		}
	})
}
