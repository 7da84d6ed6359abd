package human

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/usage"
)

func TestSelection(t *testing.T) {
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "r.csv")
	if err := os.WriteFile(csvPath, []byte("id,sys,who,src,out,g,f\n"+
		"1,A,x,He go .,He goes .,4,3\n"+
		"1,A,y,He go .,He goes .,3,3\n"+
		"2,B,x,We is .,We are .,2,\n"), 0o644); err != nil {
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
		{"bad spec", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: []string{"g"}}, 0, `--rating "g": want COLUMN=PROTOCOL/SCALE`, true},
		{"unknown scale", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: []string{"g=swedish/nope"}}, 0, `--rating "g=swedish/nope"`, true},
		{"nobody", Selection{Path: csvPath, Format: "csv", Columns: cols, Ratings: specs, Annotators: []string{"z"}}, 0, `--annotator: none of ["z"] rated anything`, true},
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
	if (Selection{Format: "wmt"}).IsRankings() != true || (Selection{Format: "gug"}).IsRankings() {
		t.Error("IsRankings")
	}
}
