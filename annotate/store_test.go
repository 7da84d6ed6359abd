package annotate

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
)

func TestReadTaskErrors(t *testing.T) {
	dir := t.TempDir()
	src := writeLines(t, dir, "src.txt", fixture.source)
	ref := writeLines(t, dir, "ref.txt", fixture.ref)
	a := writeLines(t, dir, "a.txt", fixture.sysA)
	short := writeLines(t, dir, "short.txt", fixture.sysA[:1])
	blank := writeLines(t, dir, "blank.txt", []string{"A sentence .", "  "})
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("fine .\nbad \xff byte .\n"), 0o644)
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	swell, _ := LookupProtocol("swell")
	grue, _ := LookupProtocol("grue")
	for _, tc := range []struct {
		name     string
		p        *Protocol
		src, ref string
		systems  []SystemFile
		want     string
		sentinel error
	}{
		{"line count", swell, src, ref, []SystemFile{{"a", a}, {"b", short}}, "short.txt:2: line counts differ: " + short + " has 1 lines but " + src + " has 2", corpora.ErrLineCount},
		{"reference line count", swell, src, short, []SystemFile{{"a", a}}, "line counts differ", corpora.ErrLineCount},
		{"utf-8", swell, src, ref, []SystemFile{{"a", bad}}, "bad.txt:2:5: invalid UTF-8", corpora.ErrInvalidUTF8},
		{"empty source line", swell, blank, ref, []SystemFile{{"a", a}}, "blank.txt:2: empty input: empty source sentence", corpora.ErrEmptyInput},
		{"empty file", swell, empty, "", []SystemFile{{"a", empty}}, "empty.txt: empty input: no sentences", corpora.ErrEmptyInput},
		{"no systems", swell, src, ref, nil, "no system outputs", nil},
		{"twice", swell, src, ref, []SystemFile{{"a", a}, {"a", a}}, `system "a" given twice`, nil},
		{"missing file", swell, src, ref, []SystemFile{{"a", filepath.Join(dir, "nope.txt")}}, "nope.txt: no such file", nil},
	} {
		_, err := ReadTask(tc.p, tc.src, tc.ref, tc.systems)
		if err == nil || !strings.Contains(err.Error(), tc.want) || (tc.sentinel != nil && !errors.Is(err, tc.sentinel)) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
	// A lone-sentence protocol does not need a source sentence.
	if _, err := ReadTask(grue, blank, "", []SystemFile{{"a", a}}); err != nil {
		t.Errorf("grue with an empty source line: %v", err)
	}
}

func TestParseSystemFile(t *testing.T) {
	for _, tc := range []struct{ in, name, path, err string }{
		{"gpt=out/gpt.txt", "gpt", "out/gpt.txt", ""},
		{"a=b=c", "a", "b=c", ""},
		{"noequals", "", "", "want NAME=FILE"},
		{"=file", "", "", "want NAME=FILE"},
		{"name=", "", "", "want NAME=FILE"},
		{"a/b=file", "", "", `contains '/'`},
		{" a=file", "", "", "leading or trailing space"},
	} {
		sf, err := ParseSystemFile(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || sf.Name != tc.name || sf.Path != tc.path {
			t.Errorf("%q: %+v, %v", tc.in, sf, err)
		}
	}
}

func TestCreateNeverOverwrites(t *testing.T) {
	db := newFixtureDB(t)
	if err := Create(db.Path(), db.Task()); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("Create over an existing task: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(db.Path()), ".task.db.tmp*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if _, err := Open(filepath.Join(t.TempDir(), "none.db")); err == nil || !strings.Contains(err.Error(), "annotate init") {
		t.Errorf("Open of a missing file: %v", err)
	}
	notDB := filepath.Join(t.TempDir(), "x.db")
	os.WriteFile(notDB, []byte("hello"), 0o644)
	if _, err := Open(notDB); err == nil {
		t.Error("Open of a non-database succeeded")
	}
}

func TestWALMode(t *testing.T) {
	db := newFixtureDB(t)
	var mode string
	var sync int
	if err := db.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q, %v", mode, err)
	}
	if err := db.db.QueryRow("PRAGMA synchronous").Scan(&sync); err != nil || sync != 2 {
		t.Errorf("synchronous %d, want 2 (FULL), %v", sync, err)
	}
}

func TestOrders(t *testing.T) {
	db := newFixtureDB(t)
	a, _ := db.AddAnnotator("ann1")
	if _, err := db.AddAnnotator("ann1"); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("adding ann1 twice: %v", err)
	}
	again, _, _ := db.Annotator("ann1")
	if !slices.Equal(a.Order, again.Order) || a.Token != again.Token || len(a.Token) != 32 {
		t.Errorf("stored annotator %+v differs from %+v", again, a)
	}
	// Orders are permutations, stable for a name and different across names.
	const n = 50
	seen := map[string]bool{}
	for _, name := range []string{"a", "b", "c", "d"} {
		o := itemOrder("salt", name, n)
		if err := checkOrder(o, n); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(o, itemOrder("salt", name, n)) {
			t.Errorf("order of %s is not stable", name)
		}
		seen[mustJSON(o)] = true
	}
	if len(seen) != 4 {
		t.Errorf("%d distinct orders for 4 annotators", len(seen))
	}
	sys := []string{"s1", "s2", "s3", "s4", "s5"}
	orders := map[string]bool{}
	for item := range 20 {
		o := outputOrder("salt", "a", item, sys)
		if !slices.Equal(o, outputOrder("salt", "a", item, sys)) {
			t.Errorf("output order of item %d is not stable", item)
		}
		orders[strings.Join(o, " ")] = true
	}
	if len(orders) < 10 {
		t.Errorf("only %d distinct output orders over 20 items", len(orders))
	}
}

func TestConfirmInvalid(t *testing.T) {
	db := newFixtureDB(t)
	db.AddAnnotator("ann")
	full := map[string]string{"grammaticality": "4", "fluency": "4", "meaning": "4"}
	for name, c := range map[string]Confirmation{
		"item":   {Annotator: "ann", Item: 5, Outputs: []Judgement{{System: "sysA", Ratings: full}}},
		"system": {Annotator: "ann", Item: 0, Outputs: []Judgement{{System: "sysC", Ratings: full}, {System: "sysA", Ratings: full}}},
		"twice":  {Annotator: "ann", Item: 0, Outputs: []Judgement{{System: "sysA", Ratings: full}, {System: "sysA", Ratings: full}}},
		"part":   {Annotator: "ann", Item: 0, Outputs: []Judgement{{System: "sysA", Ratings: full}}},
		"scale":  {Annotator: "ann", Item: 0, Outputs: []Judgement{{System: "sysA", Ratings: map[string]string{"mood": "4"}}, {System: "sysB", Ratings: full}}},
		"label":  {Annotator: "ann", Item: 0, Outputs: []Judgement{{System: "sysA", Ratings: map[string]string{"grammaticality": "9", "fluency": "4", "meaning": "4"}}, {System: "sysB", Ratings: full}}},
	} {
		if err := db.Confirm(context.Background(), c); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if js, _ := db.Judgements(""); len(js) != 0 {
		t.Errorf("invalid confirmations stored %d judgements", len(js))
	}
	// An unknown annotator is refused by the database itself.
	err := db.Confirm(context.Background(), Confirmation{Annotator: "ghost", Item: 0, Next: -1,
		Outputs: []Judgement{{System: "sysA", Ratings: full}, {System: "sysB", Ratings: full}}})
	if err == nil {
		t.Error("confirmation of an unknown annotator stored")
	}
}
