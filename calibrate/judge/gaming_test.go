package judge

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// TestGamingResisted judges the degenerate systems of package degenerate
// over the first 100 sources of GJG15 (CoNLL-2014) and of both GMEG dev
// domains with the embedded English models, with and without references:
// every one must rank below every real system, and below the unchanged
// input or within 0.005 of it, and so must the gamer who picks per
// sentence the degenerate output the judge likes best (GamingOracle).
// Over the whole sets (go run ./internal/suite -sections gaming) that
// gamer came closest on GMEG Wikipedia without references: 0.650 against
// the worst real system (transformer) 0.665 and the input 0.686 (before
// ls.lost2 and ls.broken2 it ranked first there, 0.715); the closest
// single degenerate system there is every fourth word deleted, 0.612.
// (Those figures are on overall's former 0-1 map of the ranker's score;
// overall is now the chance of being preferred to the source, the input
// 0.5, and this test passes on it as it did.)
// 100 sentences keep the test to a few seconds.
func TestGamingResisted(t *testing.T) {
	testdata.Dir(t, "gjg15")
	testdata.Dir(t, "gmeg-dev")
	j, err := New("en")
	if err != nil {
		t.Fatal(err)
	}
	cs, err := LoadGamingCorpora(testdata.Root(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		for _, refs := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/refs=%v", c.Name, refs), func(t *testing.T) {
				rows, err := Gaming(j, c, refs)
				if err != nil {
					t.Fatal(err)
				}
				var order []string
				for _, r := range rows {
					order = append(order, fmt.Sprintf("%s %.3f", r.System, r.Mean))
				}
				if v := GamingVerdict(rows, 0.005); len(v) > 0 {
					t.Errorf("gamed: %s\n%s", strings.Join(v, "; "), strings.Join(order, ", "))
				}
				if len(rows) != len(c.Systems)+1+7+1 {
					t.Errorf("%d rows, want %d", len(rows), len(c.Systems)+9)
				}
			})
		}
	}
}

func TestGamingVerdict(t *testing.T) {
	rows := []GamingRow{{"A", "real", 0.8}, {"INPUT", "input", 0.6}, {"x", "degenerate", 0.603}, {"y", "degenerate", 0.7}}
	v := GamingVerdict(rows, 0.005)
	if len(v) != 1 || !strings.Contains(v[0], "y 0.7000 above the input") {
		t.Errorf("verdict %q", v)
	}
	rows[3].Mean = 0.9
	if v := GamingVerdict(rows, 0.005); len(v) != 2 {
		t.Errorf("verdict %q, want two violations", v)
	}
	rows[3].Mean = 0.5
	rows = append(rows, GamingRow{GamingOracle, "oracle", 0.85})
	if v := GamingVerdict(rows, 0.005); len(v) != 2 || !strings.Contains(v[0], GamingOracle) {
		t.Errorf("verdict %q, want the oracle's two violations", v)
	}
}
