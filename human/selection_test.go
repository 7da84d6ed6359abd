package human

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/internal/usage"
)

func TestSelection(t *testing.T) {
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "r.csv")
	if err := os.WriteFile(csvPath, []byte("id,sys,who,src,out,g,f\n"+
		"1,A,x,He go .,He goes .,4,3\n"+
		"1,A,y,He go .,He goes .,3,3\n"+
		"2,B,x,We is .,We are .,2,\n"+
		"1,ref,,He go .,He went .,,\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cols := RatingTable{Item: "id", System: "sys", Annotator: "who", Source: "src", Output: "out"}
	specs := []string{"g=swedish/grammaticality", "f=swedish/fluency"}
	for _, tc := range []struct {
		name    string
		sel     Selection
		n       int    // ratings kept
		err     string // error prefix, "" for none
		isUsage bool
	}{
		{"all", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: specs}, 5, "", false},
		{"one scale", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: specs, Scales: []string{"fluency"}}, 2, "", false},
		{"one annotator", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: specs, Annotators: []string{"y"}}, 2, "", false},
		{"bad spec", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: []string{"g"}}, 0, `--rating "g": want COLUMN=SET/SCALE`, true},
		{"unknown scale", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: []string{"g=swedish/nope"}}, 0, `--rating "g=swedish/nope"`, true},
		{"nobody", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: specs, Annotators: []string{"z"}}, 0, `--annotator z: no ratings by that annotator in ` + csvPath + ` (its annotators: x, y)`, true},
		{"one of two unknown", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: specs, Annotators: []string{"x", "X"}}, 0, `--annotator X: no ratings by that annotator`, true},
		{"empty scale", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: specs, Scales: []string{"meaning"}}, 0, "--scale meaning: no ratings on that scale", true},
		{"bad data", Selection{Path: csvPath, Format: "csv", Columns: RatingTable{Item: "nope"}, Ratings: specs}, 0, csvPath + ":1:", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := tc.sel.ReadRatings()
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) || usage.Is(err) != tc.isUsage {
					t.Fatalf("error %v (usage %v), want prefix %q (usage %v)", err, usage.Is(err), tc.err, tc.isUsage)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != tc.n {
				t.Fatalf("%d ratings, want %d", len(rs), tc.n)
			}
			if rs[0].Source != "He go ." || rs[0].Output != "He goes ." {
				t.Errorf("texts not read: %+v", rs[0])
			}
		})
	}
	// A reference system's rows need no ratings; a system without outputs
	// is an error naming the systems that have some.
	sel := Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: specs, Scales: []string{"fluency"}, Annotators: []string{"y"}}
	for _, tc := range []struct {
		system string
		want   map[string]string
		err    string
	}{
		{"ref", map[string]string{"1": "He went ."}, ""},
		{"B", map[string]string{"2": "We are ."}, ""},
		{"gold", nil, "--ref-system gold: no outputs of that system in " + csvPath + " (systems with outputs: A, B, ref)"},
	} {
		got, err := sel.Outputs(tc.system)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err || !usage.Is(err) {
				t.Errorf("Outputs(%s): error %v, want %q", tc.system, err, tc.err)
			}
			continue
		}
		if err != nil || !maps.Equal(got, tc.want) {
			t.Errorf("Outputs(%s) = %v, %v; want %v", tc.system, got, err, tc.want)
		}
	}
	if (Selection{Format: "wmt"}).IsRankings() != true || (Selection{Format: "gug"}).IsRankings() {
		t.Error("IsRankings")
	}
}

// Language models' ratings (GPT-4's answers) are left out unless asked
// for (Models, or named among the annotators), or unless no person rated
// anything; on the Sottana data 3 people and GPT-4 each gave 1,200
// ratings.
func TestSelectionModels(t *testing.T) {
	dir := t.TempDir()
	answers := filepath.Join(dir, "output.jsonl")
	if err := os.WriteFile(answers, []byte(`{"gold_reference": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}, "id": "a1"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	type tcase struct {
		name      string
		sel       Selection
		n, models int
	}
	check := func(t *testing.T, tc tcase) {
		rs, err := tc.sel.ReadRatings()
		if err != nil {
			t.Fatal(err)
		}
		models := len(rs.Where(func(r *Rating) bool { return r.Model }))
		if len(rs) != tc.n || models != tc.models {
			t.Errorf("%s: %d ratings, %d by models; want %d, %d", tc.name, len(rs), models, tc.n, tc.models)
		}
	}
	check(t, tcase{"answers alone are kept", Selection{Path: answers, Format: "seed000-answers"}, 3, 3})
	t.Run("sottana", func(t *testing.T) {
		sot := testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations")
		for _, tc := range []tcase{
			{"people only", Selection{Path: sot, Format: "sottana"}, 3600, 0},
			{"with models", Selection{Path: sot, Format: "sottana", Models: true}, 4800, 1200},
			{"gpt4 named", Selection{Path: sot, Format: "sottana", Annotators: []string{"gpt4"}}, 1200, 1200},
		} {
			check(t, tc)
		}
	})
}
