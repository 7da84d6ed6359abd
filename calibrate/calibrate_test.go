package calibrate

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// A small rating table: two annotators, three items, two systems, on the
// 1-4 grammaticality scale, one Other.
func fixture() Ratings {
	g := human.Grammaticality4
	r := func(item, sys, ann string, v float64) human.Rating {
		if v == 0 {
			return human.Rating{Item: item, System: sys, Annotator: ann, Scale: g, Label: "Other", Value: math.NaN(), Other: true}
		}
		return human.Rating{Item: item, System: sys, Annotator: ann, Scale: g, Value: v}
	}
	return Ratings{
		r("1", "A", "x", 4), r("1", "A", "y", 4), r("1", "B", "x", 2), r("1", "B", "y", 1),
		r("2", "A", "x", 3), r("2", "A", "y", 3), r("2", "B", "x", 0), r("2", "B", "y", 2),
		r("3", "A", "x", 4), r("3", "A", "y", 3), r("3", "B", "x", 1), r("3", "B", "y", 1),
	}
}

func TestSystemMeansOther(t *testing.T) {
	ms := SystemMeans(fixture(), false)
	// x on B: 2, Other, 1 → mean 1.5 over 2, Other counted apart.
	var xb SystemScore
	for _, m := range ms {
		if m.System == "B" && m.Annotator == "x" {
			xb = m
		}
	}
	if xb.Mean != 1.5 || xb.N != 2 || xb.Other != 1 || xb.SD != 0.5 {
		t.Errorf("x on B: %+v", xb)
	}
	pooled := SystemMeans(fixture(), true)
	if len(pooled) != 2 || pooled[0].Mean != 21.0/6 || pooled[1].Mean != 7.0/5 {
		t.Errorf("pooled: %v", pooled)
	}
}

func TestAgreementFixture(t *testing.T) {
	ag, err := Agreement(fixture())
	if err != nil {
		t.Fatal(err)
	}
	a := ag[0]
	if a.Units != 5 || len(a.Pairs) != 1 || a.Pairs[0].N != 5 {
		t.Fatalf("units %d pairs %+v", a.Units, a.Pairs)
	}
	// Pairs (x,y): (4,4) (2,1) (3,3) (4,3) (1,1). Categories 0..3 for 1..4.
	// Confusion: (3,3) (1,0) (2,2) (3,2) (0,0); rows x: 0:1 1:1 2:1 3:2,
	// cols y: 0:2 1:0 2:2 3:1. p_o = 3/5; p_e = (1·2+1·0+1·2+2·1)/25 = 6/25.
	want := (0.6 - 0.24) / (1 - 0.24)
	if math.Abs(a.Pairs[0].Kappa-want) > 1e-12 {
		t.Errorf("kappa %v, want %v", a.Pairs[0].Kappa, want)
	}
}

func TestRankAlphaTies(t *testing.T) {
	// Two annotators rank three systems; the second ties two of them.
	mk := func(ann string, means ...float64) []SystemScore {
		var out []SystemScore
		for i, m := range means {
			out = append(out, SystemScore{Scale: human.Semantics5, System: fmt.Sprint("s", i), Annotator: ann, Mean: m})
		}
		return out
	}
	scores := append(mk("a", 4.9, 4.5, 4.1), mk("b", 4.8, 4.8, 3.0)...)
	// Ranks: a = 1 2 3, b = 1.5 1.5 3. Interval alpha by hand: values
	// 1, 1.5, 2, 3 with n = 1,2,1,2 (n=6); Σ o·δ = 2·(1−1.5)² + 2·(2−1.5)² = 1;
	// Σ n_c n_k δ = 2·[1·2·.25 + 1·1·1 + 1·2·4 + 2·1·.25 + 2·2·2.25 + 1·2·1] = 2·21 = 42.
	// α = 1 − 5·1/42.
	got := RankAlpha(scores, "semantics", []string{"a", "b"}, []string{"s0", "s1", "s2"}, 2)
	if want := 1 - 5.0/42; math.Abs(got-want) > 1e-12 {
		t.Errorf("rank alpha %v, want %v", got, want)
	}
}

func TestNormalizedEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"", "", 0},
		{"kitten", "sitting", 3.0 / 7},
		{"år", "ar", 0.5}, // code points, not bytes
		{"abc", "abc", 0},
		{"abc", "", 1},
	}
	for _, tt := range tests {
		if got := NormalizedEditDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("NLD(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestCorrelate(t *testing.T) {
	rs := fixture()
	// A metric that orders units exactly as the mean human value.
	metric := []MetricScore{
		{"1", "A", 0.9}, {"1", "B", 0.2}, {"2", "A", 0.7}, {"2", "B", 0.3}, {"3", "A", 0.8}, {"3", "B", 0.1},
	}
	c, err := Correlate(rs, "grammaticality", metric, CorrelateOptions{Resamples: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Human means: 1A 4, 1B 1.5, 2A 3, 2B 2 (Other skipped), 3A 3.5, 3B 1.
	if c.Units != 6 || c.Items != 3 || c.Systems != 2 || c.Oriented {
		t.Errorf("%+v", c)
	}
	for _, s := range c.Stats {
		if s.Name == "spearman" || s.Name == "kendall_tau_b" || s.Name == "acc_eq" || s.Name == "wmt_kendall" {
			if s.Value != 1 {
				t.Errorf("%s = %v, want 1", s.Name, s.Value)
			}
		}
		if !(s.CI.Lo <= s.Value+1e-12 && s.CI.Hi >= s.CI.Lo) {
			t.Errorf("%s interval %+v", s.Name, s.CI)
		}
	}
	// System level with corpus scores: A ranks above B both ways.
	sys, err := Correlate(rs, "grammaticality", []MetricScore{{"", "A", 60}, {"", "B", 40}}, CorrelateOptions{Level: SystemLevel, Resamples: -1})
	if err != nil {
		t.Fatal(err)
	}
	if sys.Stats[0].Value != 1 || sys.Units != 6 {
		t.Errorf("system level: %+v", sys)
	}
	// A lower-is-better scale is oriented.
	lb := Ratings{
		{Item: "1", System: "A", Annotator: "x", Scale: human.ErrorCount3, Value: 0},
		{Item: "1", System: "B", Annotator: "x", Scale: human.ErrorCount3, Value: 2},
		{Item: "2", System: "A", Annotator: "x", Scale: human.ErrorCount3, Value: 1},
	}
	o, err := Correlate(lb, "grammaticality", []MetricScore{{"1", "A", 0.9}, {"1", "B", 0.1}, {"2", "A", 0.5}}, CorrelateOptions{Resamples: -1})
	if err != nil || !o.Oriented || o.Stats[1].Value != 1 {
		t.Errorf("oriented: %+v %v", o, err)
	}
	if _, err := Correlate(rs, "grammaticality", []MetricScore{{"9", "Z", 1}}, CorrelateOptions{}); err == nil {
		t.Error("no overlap: no error")
	}
}

func TestRankSystems(t *testing.T) {
	rk := []human.Ranking{
		{Item: "1", Systems: []string{"A", "B", "C"}, Ranks: []int{1, 2, 3}},
		{Item: "2", Systems: []string{"A", "B", "C"}, Ranks: []int{1, 1, 3}},
		{Item: "3", Systems: []string{"A", "C"}, Ranks: []int{2, 1}},
	}
	out := RankSystems(rk, 7)
	// A beat B 1-0 (1 tie), A beat C 2-1; B beat C 2-0.
	// ExpWins: A (1 + 2/3)/2, B (0 + 1)/2, C (1/3 + 0)/2.
	want := map[string]float64{"A": (1 + 2.0/3) / 2, "B": 0.5, "C": 1.0 / 6}
	for _, s := range out {
		if math.Abs(s.ExpectedWins-want[s.System]) > 1e-12 {
			t.Errorf("%s ExpWins %v, want %v", s.System, s.ExpectedWins, want[s.System])
		}
	}
	if out[0].System != "A" || out[2].System != "C" || out[0].Wins != 3 || out[0].Ties != 1 {
		t.Errorf("order/counts: %+v", out)
	}
	if again := RankSystems(rk, 7); fmt.Sprint(again) != fmt.Sprint(out) {
		t.Error("same seed, different TrueSkill")
	}
}

// TestJFLEGRankings ranks the JFLEG human pairwise judgements (Napoles et
// al. 2017): the human rewrites ("turk") must come out on top and the
// unchanged input ("orig") last by Expected Wins.
func TestJFLEGRankings(t *testing.T) {
	f, err := os.Open(testdata.Dir(t, "jfleg", "EACL_exp", "mturk", "pairwise.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rk, err := human.ReadWMTRankings(f, "pairwise.csv")
	if err != nil {
		t.Fatal(err)
	}
	out := RankSystems(rk, 1)
	best, worst := out[0], out[0]
	for _, s := range out {
		if s.ExpectedWins > best.ExpectedWins {
			best = s
		}
		if s.ExpectedWins < worst.ExpectedWins {
			worst = s
		}
		t.Logf("%-5s EW %.3f mu %.3f sigma %.3f W/L/T %d/%d/%d", s.System, s.ExpectedWins, s.Mu, s.Sigma, s.Wins, s.Losses, s.Ties)
	}
	if best.System != "turk" || worst.System != "orig" {
		t.Errorf("best %s, worst %s; want turk, orig", best.System, worst.System)
	}
}

// With no unit both rated and scored, Correlate's error names the systems
// of each side, or, when those meet, the items.
func TestCorrelateNoOverlap(t *testing.T) {
	rs := human.Ratings{
		{Item: "1", System: "A", Annotator: "x", Scale: human.Fluency4, Value: 3},
		{Item: "2", System: "B", Annotator: "x", Scale: human.Fluency4, Value: 2},
	}
	for _, tc := range []struct {
		name   string
		metric []MetricScore
		want   string
	}{
		{"systems", []MetricScore{{"1", "a", 0.5}, {"2", "b", 0.1}},
			"no unit has both a human rating on fluency and a metric score: no system has both (rated: A, B; scored: a, b)"},
		{"items", []MetricScore{{"01", "A", 0.5}, {"02", "B", 0.1}},
			"no unit has both a human rating on fluency and a metric score: no item has both (rated items: 1, 2; scored items: 01, 02)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Correlate(rs, "fluency", tc.metric, CorrelateOptions{})
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// CorrelateOptions.Progress hears of each bootstrap resample, before the
// first and after each.
func TestCorrelateProgress(t *testing.T) {
	rs := human.Ratings{
		{Item: "1", System: "A", Annotator: "x", Scale: human.Fluency4, Value: 3},
		{Item: "2", System: "A", Annotator: "x", Scale: human.Fluency4, Value: 2},
		{Item: "3", System: "A", Annotator: "x", Scale: human.Fluency4, Value: 4},
	}
	var got []int
	opt := CorrelateOptions{Resamples: 10, Progress: func(stage string, done, total int) {
		if stage != "resamples" || total != 10 {
			t.Errorf("stage %q, total %d", stage, total)
		}
		got = append(got, done)
	}}
	if _, err := Correlate(rs, "fluency", []MetricScore{{"1", "A", 0.5}, {"2", "A", 0.1}, {"3", "A", 0.9}}, opt); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[0 1 2 3 4 5 6 7 8 9 10]" {
		t.Errorf("reports %v, want 0 to 10", got)
	}
}
