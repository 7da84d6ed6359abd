package htmlreport

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/benchmark"
)

// testLeaderboard is a leaderboard of two metrics on one ranking and two
// sets, one correlation undefined.
func testLeaderboard() *benchmark.Leaderboard {
	cell := func(set string, r float64) benchmark.SysCell {
		return benchmark.SysCell{Ranking: "edit", Set: set, Pearson: map[string]float64{benchmark.TrueSkill: r}, Spearman: map[string]float64{benchmark.TrueSkill: r}}
	}
	return &benchmark.Leaderboard{
		Benchmark: "toy", Signature: "toy|sig", Options: benchmark.Options{Human: benchmark.TrueSkill},
		Sets:     []benchmark.LBSet{{Name: "base", Label: "Base"}, {Name: "all", Label: "All"}},
		Rankings: []benchmark.LBRank{{Name: "edit", Label: "SEEDA-E"}},
		System: []benchmark.SysRow{
			{Metric: "m2", Aggregate: "corpus", Cells: [][]benchmark.SysCell{{cell("base", 0.8), cell("all", -0.2)}}},
			{Metric: "gleu <b>", Aggregate: "corpus", Cells: [][]benchmark.SysCell{{cell("base", 0.9), cell("all", math.NaN())}}},
		},
		Sentence: []benchmark.SentRow{{Metric: "m2", Cells: [][]benchmark.PairCounts{{{Pairs: 4, Agree: 3, Disagree: 1}, {Pairs: 2, Agree: 1, TiesSecond: 1}}}}},
	}
}

func TestLeaderboard(t *testing.T) {
	var a, b bytes.Buffer
	if err := Leaderboard(&a, testLeaderboard()); err != nil {
		t.Fatal(err)
	}
	if err := Leaderboard(&b, testLeaderboard()); err != nil {
		t.Fatal(err)
	}
	page := a.String()
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two runs wrote different pages")
	}
	if imgs := images(t, page); len(imgs) != 1 || imgs[0][0] < 500 {
		t.Errorf("figures %v, want one at least 500 px wide", imgs)
	}
	for _, want := range []string{"Signature: toy|sig", "<td>0.800</td>", "<td>-</td>", "gleu &lt;b&gt;", "<td>0.750</td>"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}
