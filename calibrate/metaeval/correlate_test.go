package metaeval_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
)

// Every item ranks all four systems (so no resample loses one), with ties.
var everyItem = []human.Ranking{
	{Item: "0", Annotator: "j1", Systems: []string{"A", "B", "C", "D"}, Ranks: []int{1, 2, 3, 4}},
	{Item: "1", Annotator: "j1", Systems: []string{"A", "B", "C", "D"}, Ranks: []int{2, 1, 3, 3}},
	{Item: "2", Annotator: "j2", Systems: []string{"A", "B", "C", "D"}, Ranks: []int{1, 1, 4, 2}},
	{Item: "3", Annotator: "j2", Systems: []string{"A", "B", "C", "D"}, Ranks: []int{3, 1, 2, 4}},
	{Item: "0", Annotator: "j2", Systems: []string{"A", "B", "C", "D"}, Ranks: []int{1, 3, 2, 4}},
}

var everyItemScores = metaeval.Scores{Name: "m", System: map[string]float64{"A": 0.6, "B": 0.5, "C": 0.1, "D": 0.2}}

// CorrelateSystems is SystemLevel's computation: the same Pearson and
// Spearman, values and intervals, against both human scores.
func TestCorrelateSystemsIsSystemLevel(t *testing.T) {
	j, err := metaeval.NewJudgements(everyItem)
	if err != nil {
		t.Fatal(err)
	}
	ts := metaeval.TrueSkillOptions{Runs: 20, Seed: 3}
	sl, err := metaeval.SystemLevel(j, everyItemScores, metaeval.SystemOptions{Resamples: 60, Seed: 3, TrueSkill: ts})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := metaeval.CorrelateSystems(j, everyItemScores, calibrate.CorrelateOptions{Resamples: 60, Seed: 3}, ts)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].Scale.Name != "expected_wins" || cs[1].Scale.Name != "trueskill" || cs[0].Systems != 4 || cs[0].Items != 4 || cs[0].Comparisons != 30 {
		t.Fatalf("correlations %+v", cs)
	}
	for k, want := range []metaeval.Correlation{sl.ExpectedWins, sl.TrueSkill} {
		for s, w := range []metaeval.Statistic{want.Pearson, want.Spearman} {
			got := cs[k].Stats[s]
			if got.Value != w.Value || got.CI != w.CI {
				t.Errorf("%s %s: %v %+v, SystemLevel %v %+v", cs[k].Scale.Name, got.Name, got.Value, got.CI, w.Value, w.CI)
			}
		}
	}
}

// The Expected Wins statistics are those of the single-pass method correlate
// used before sharing meta-eval's code: every statistic bootstrapped on its
// own (stat.Bootstrap), each resample of items ranked again by
// calibrate.RankSystems.
func TestCorrelateSystemsExpectedWinsAsBefore(t *testing.T) {
	j, err := metaeval.NewJudgements(everyItem)
	if err != nil {
		t.Fatal(err)
	}
	const resamples, seed = 200, 7
	cs, err := metaeval.CorrelateSystems(j, everyItemScores, calibrate.CorrelateOptions{Resamples: resamples, Seed: seed}, metaeval.TrueSkillOptions{Runs: 5})
	if err != nil {
		t.Fatal(err)
	}
	points := func(idx []int) (x, y []float64) {
		var rk []human.Ranking
		for _, i := range idx {
			for _, r := range everyItem {
				if r.Item == j.Items[i] {
					rk = append(rk, r)
				}
			}
		}
		for _, s := range calibrate.RankSystems(rk, seed) {
			x, y = append(x, s.ExpectedWins), append(y, everyItemScores.System[s.System])
		}
		return x, y
	}
	all := []int{0, 1, 2, 3}
	for k, f := range []func(x, y []float64) float64{stat.Pearson, stat.Spearman, stat.KendallTauB,
		func(x, y []float64) float64 { return stat.PairwiseAccuracy(x, y, 0) }, stat.WMTKendall} {
		want := f(points(all))
		ci := stat.Bootstrap(len(j.Items), resamples, seed, 0.95, func(idx []int) float64 { return f(points(idx)) })
		got := cs[0].Stats[k]
		if math.Abs(got.Value-want) > 1e-12 || math.Abs(got.CI.Lo-ci.Lo) > 1e-12 || math.Abs(got.CI.Hi-ci.Hi) > 1e-12 || got.CI.N != ci.N {
			t.Errorf("%s: %v %+v, before %v %+v", got.Name, got.Value, got.CI, want, ci)
		}
	}
}

// On GJG15 with the paper's M2 scores: Expected Wins by every statistic,
// Pearson and Spearman as TestGJG15PublishedM2 finds them unrounded.
func TestCorrelateSystemsGJG15(t *testing.T) {
	j := gjg15(t)
	cs, err := metaeval.CorrelateSystems(j, readScoresM2(t), calibrate.CorrelateOptions{Resamples: -1}, metaeval.TrueSkillOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Pearson 0.6254 (0.627 with the paper's 3-decimal human scores), Spearman
	// the paper's .692; tau-b, acc_eq and WMT's tau over 78 pairs of 13
	// systems, measured 0.5385, 0.7692, 0.5385.
	for k, want := range []float64{0.6254, 0.6923, 0.5385, 0.7692, 0.5385} {
		if got := cs[0].Stats[k]; math.Abs(got.Value-want) > 0.00005 {
			t.Errorf("expected_wins %s %.4f, want %.4f", got.Name, got.Value, want)
		}
	}
}

// CorrelateJudgements reads rankings and eval's outputs as gecmetric
// correlate does, and hands ratings to calibrate.CorrelateJudgements.
func TestCorrelateJudgements(t *testing.T) {
	dir := t.TempDir()
	xml := `<appraise-results><error-correction-ranking-result>
<ranking-item src-id="0" user="j1"><translation rank="1" system="A"/><translation rank="2" system="B"/><translation rank="3" system="C"/></ranking-item>
<ranking-item src-id="1" user="j1"><translation rank="2" system="A"/><translation rank="1" system="B"/><translation rank="3" system="C"/></ranking-item>
</error-correction-ranking-result></appraise-results>`
	scores := `{"systems":[{"name":"A","m2":{"f":0.5}},{"name":"B","m2":{"f":0.4}},{"name":"C","m2":{"f":0.1}}]}`
	for name, text := range map[string]string{"r.xml": xml, "e.json": scores, "r.csv": "item,system,annotator,g\n1,A,x,3\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stages []string
	opt := calibrate.CorrelateOptions{Resamples: 4, Progress: func(stage string, done, total int) {
		if done == total {
			stages = append(stages, stage)
		}
	}}
	cs, err := metaeval.CorrelateJudgements(context.Background(), human.Selection{Path: filepath.Join(dir, "r.xml"), Format: "appraise"},
		calibrate.MetricSource{File: filepath.Join(dir, "e.json")}, opt, metaeval.TrueSkillOptions{Runs: 3})
	if err != nil {
		t.Fatal(err)
	}
	// Expected Wins A 0.5, B 0.5, C 0 against 0.5, 0.4, 0.1.
	if len(cs) != 2 || cs[0].Systems != 3 || math.Abs(cs[0].Stats[0].Value-0.9707253433941511) > 1e-12 || cs[0].Stats[0].CI.N == 0 {
		t.Errorf("correlations %+v", cs)
	}
	if len(stages) != 2 || stages[0] != "TrueSkill runs" || stages[1] != "resamples" {
		t.Errorf("progress stages %v", stages)
	}
	// Ratings go to calibrate.CorrelateJudgements, which names the missing
	// --rating.
	_, err = metaeval.CorrelateJudgements(context.Background(), human.Selection{Path: filepath.Join(dir, "r.csv"), Format: "csv"},
		calibrate.MetricSource{File: filepath.Join(dir, "e.json")}, opt, metaeval.TrueSkillOptions{})
	if err == nil {
		t.Error("ratings without --rating: no error")
	}
}
