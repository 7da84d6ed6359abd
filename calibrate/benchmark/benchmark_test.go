package benchmark

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

var seeda = sync.OnceValues(func() (*Benchmark, error) { return LoadSEEDA(testdata.Root(), false) })

func loadSEEDA(t *testing.T) *Benchmark {
	t.Helper()
	testdata.Dir(t, "seeda", "data", "judgments_edit.xml")
	testdata.Dir(t, "conll14-errant", "m2", "gold.m2")
	b, err := seeda()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAuthorsScripts is the golden test of the protocol: with the same
// metric scores (testdata/seeda-authors/inputs: M2 and GLEU, corpus and
// sentence scores, 4 decimals), every figure SEEDA's own scripts print
// (testdata/seeda-authors/authors.tsv, made by run.sh beside it:
// corr_system.py and window_analysis_system.py with each of the four
// published human scores, corr_sentence.py with both rankings, every
// system set and window size) is reproduced to 1e-6.
func TestAuthorsScripts(t *testing.T) {
	b := loadSEEDA(t)
	scores := map[string]metaeval.Scores{}
	for _, m := range []string{"m2", "gleu"} {
		s, err := b.ReadAuthors(m, filepath.Join("testdata", "seeda-authors", "inputs", m))
		if err != nil {
			t.Fatal(err)
		}
		scores[m] = s
	}
	f, err := os.Open(filepath.Join("testdata", "seeda-authors", "authors.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	humanOf := func(h string) (Ranking, []float64) {
		kind, rank, _ := strings.Cut(h, "_") // TS_edit
		r, err := b.FindRanking(rank)
		if err != nil {
			t.Fatal(err)
		}
		if kind == "TS" {
			return r, r.Human[TrueSkill]
		}
		return r, r.Human[ExpectedWins]
	}
	checked := map[string]int{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fld := strings.Split(sc.Text(), "\t")
		if len(fld) != 6 {
			t.Fatalf("authors.tsv:%d: %d fields", line, len(fld))
		}
		m, script, hum, setName, stat := fld[0], fld[1], fld[2], fld[3], fld[4]
		want, err := strconv.ParseFloat(fld[5], 64)
		if err != nil {
			t.Fatalf("authors.tsv:%d: %v", line, err)
		}
		s := scores[m]
		set, err := b.FindSet(setName)
		if err != nil {
			t.Fatal(err)
		}
		var got float64
		switch {
		case script == "system":
			r, h := humanOf(hum)
			pr, sr, err := b.Correlate(set, h, b.systemScores(r, &s, AggCorpus, metaeval.TrueSkillOptions{}))
			if err != nil {
				t.Fatal(err)
			}
			got = map[string]float64{"Pearson": pr, "Spearman": sr}[stat]
		case strings.HasPrefix(script, "window"):
			size, from := 0, 0
			if _, err := fmtSscan(script, &size, &from); err != nil {
				t.Fatalf("authors.tsv:%d: %v", line, err)
			}
			r, h := humanOf(hum)
			ws, err := b.Windows(set, h, b.systemScores(r, &s, AggCorpus, metaeval.TrueSkillOptions{}), size)
			if err != nil {
				t.Fatal(err)
			}
			w := ws[from-1]
			got = map[string]float64{"Pearson": w.Pearson, "Spearman": w.Spearman}[stat]
		case script == "sentence":
			r, err := b.FindRanking(hum)
			if err != nil {
				t.Fatal(err)
			}
			c, err := b.CountPairs(r, set, s.Sentence)
			if err != nil {
				t.Fatal(err)
			}
			acc, tau := c.Authors()
			got = map[string]float64{"Accuracy": acc, "Kendall": tau}[stat]
		default:
			t.Fatalf("authors.tsv:%d: unknown script %q", line, script)
		}
		if math.IsNaN(want) != math.IsNaN(got) || math.Abs(got-want) > 1e-6 {
			t.Errorf("authors.tsv:%d: %s %s %s %s %s: gecmetric %.9f, the authors' script %.9f", line, m, script, hum, setName, stat, got, want)
		}
		checked[script[:min(len(script), 6)]]++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	// 2 metrics × (4 human × 4 sets × 2 statistics; 4 human × 5 sizes of
	// 9..5 windows × 2; 2 rankings × 4 sets × 2)
	if checked["system"] != 64 || checked["window"] != 560 || checked["senten"] != 32 {
		t.Errorf("checked %v figures, want system 64, window 560, sentence 32", checked)
	}
}

// fmtSscan parses "windowK:fromN".
func fmtSscan(s string, size, from *int) (int, error) {
	a, b, _ := strings.Cut(strings.TrimPrefix(s, "window"), ":from")
	var err error
	if *size, err = strconv.Atoi(a); err != nil {
		return 0, err
	}
	if *from, err = strconv.Atoi(b); err != nil {
		return 1, err
	}
	return 2, nil
}

// TestLoadSEEDA checks what LoadSEEDA reads: the subset, the rankings, the
// published human scores.
func TestLoadSEEDA(t *testing.T) {
	b := loadSEEDA(t)
	if len(b.Items) != 391 || b.Items[0] != "12" || b.Items[390] != "1311" {
		t.Errorf("items: %d, first %s, last %s; want 391, 12, 1311", len(b.Items), b.Items[0], b.Items[len(b.Items)-1])
	}
	if len(b.Whole.Source) != 1312 || len(b.Set.Source) != 391 || len(b.Set.Refs) != 2 {
		t.Errorf("whole %d sentences, subset %d, %d references; want 1312, 391, 2", len(b.Whole.Source), len(b.Set.Source), len(b.Set.Refs))
	}
	for _, r := range b.Rankings {
		// 600 ranking items each, expanded into 33,544 comparisons
		if n := len(r.Judgements.Comparisons); n != 33544 {
			t.Errorf("%s: %d comparisons, want 33544", r.Name, n)
		}
	}
	if v := b.Rankings[0].Human[TrueSkill]; v[0] != -0.231 || v[14] != -0.076 {
		t.Errorf("TS_edit: BART %v, UEDIN-MS %v; want -0.231, -0.076 (scores/human/TS_edit.txt)", v[0], v[14])
	}
	want := map[string]int{"base": 12, "+REF-F_GPT-3.5": 14, "+INPUT": 13, "all": 15}
	for _, s := range b.Sets {
		if len(s.Systems) != want[s.Name] {
			t.Errorf("set %s: %d systems, want %d", s.Name, len(s.Systems), want[s.Name])
		}
	}
}

// toyBenchmark has systems A, B, C and one ranking of two items.
func toyBenchmark(t *testing.T) *Benchmark {
	t.Helper()
	rk := []human.Ranking{
		{Item: "1", Systems: []string{"A", "B", "C"}, Ranks: []int{1, 2, 2}},
		{Item: "2", Systems: []string{"A", "B", "C"}, Ranks: []int{3, 2, 1}},
	}
	j, err := metaeval.NewJudgements(rk)
	if err != nil {
		t.Fatal(err)
	}
	all := SystemSet{Name: "all", Systems: []string{"A", "B", "C"}}
	return &Benchmark{Name: "toy", Systems: []string{"A", "B", "C"}, Sets: []SystemSet{all, {Name: "ab", Systems: []string{"A", "B"}}},
		Rankings: []Ranking{{Name: "r", Judgements: j}}, Items: []string{"1", "2"}}
}

// TestCountPairs checks corr_sentence.py's counting by hand: a metric tie
// is a preference for the second system of the pair.
func TestCountPairs(t *testing.T) {
	b := toyBenchmark(t)
	// item 1: A>B, A>C (B=C human tie, left out); item 2: C>B, C>A, B>A.
	sent := map[string]map[string]float64{
		"A": {"1": 0.5, "2": 0.5},
		"B": {"1": 0.5, "2": 0.2},
		"C": {"1": 0.1, "2": 0.5},
	}
	for _, tc := range []struct {
		set  int
		want PairCounts
		acc  float64 // authors' accuracy
		tau  float64
	}{
		// A>B tie (human first → disagree for the authors), A>C agree,
		// C>B agree, C>A tie (human second: the authors' agreement),
		// B>A disagree.
		{0, PairCounts{Pairs: 5, Agree: 2, Disagree: 1, TiesFirst: 1, TiesSecond: 1, HumanTies: 1}, 3.0 / 5, 1.0 / 5},
		// A>B tie (first), B>A disagree
		{1, PairCounts{Pairs: 2, TiesFirst: 1, Disagree: 1}, 0, -1},
	} {
		c, err := b.CountPairs(b.Rankings[0], b.Sets[tc.set], sent)
		if err != nil {
			t.Fatal(err)
		}
		if c != tc.want {
			t.Errorf("set %s: %+v, want %+v", b.Sets[tc.set].Name, c, tc.want)
		}
		if acc, tau := c.Authors(); acc != tc.acc || math.Abs(tau-tc.tau) > 1e-15 {
			t.Errorf("set %s: authors' accuracy %v, Kendall %v; want %v, %v", b.Sets[tc.set].Name, acc, tau, tc.acc, tc.tau)
		}
	}
}

// TestGecmetricConventionIsSentenceLevel checks that the leaderboard's
// gecmetric-convention figures are metaeval.SentenceLevel's.
func TestGecmetricConventionIsSentenceLevel(t *testing.T) {
	b := loadSEEDA(t)
	s, err := b.ReadAuthors("m2", filepath.Join("testdata", "seeda-authors", "inputs", "m2"))
	if err != nil {
		t.Fatal(err)
	}
	set, _ := b.FindSet("base")
	// the set's systems only, so that SentenceLevel sees their comparisons
	only := metaeval.Scores{Name: "m2", Sentence: map[string]map[string]float64{}}
	for _, sys := range set.Systems {
		only.Sentence[sys] = s.Sentence[sys]
	}
	for _, r := range b.Rankings {
		c, err := b.CountPairs(r, set, s.Sentence)
		if err != nil {
			t.Fatal(err)
		}
		res, err := metaeval.SentenceLevel(r.Judgements, only, metaeval.SentenceOptions{Resamples: -1})
		if err != nil {
			t.Fatal(err)
		}
		acc, tau := c.TiesAsDisagreement()
		accN, tauN := c.NoTies()
		if res.Pairs != c.Pairs || acc != res.Accuracy.Value || tau != res.Tau.Value || accN != res.AccuracyNoTies.Value || tauN != res.TauNoTies.Value {
			t.Errorf("%s: counts %+v give %v %v %v %v; SentenceLevel %d pairs, %v %v %v %v", r.Name, c, acc, tau, accN, tauN,
				res.Pairs, res.Accuracy.Value, res.Tau.Value, res.AccuracyNoTies.Value, res.TauNoTies.Value)
		}
	}
}

// TestWindowsTieOrder checks the window order: best first, equal human
// scores with the later system first, as numpy's argsort reversed.
func TestWindowsTieOrder(t *testing.T) {
	b := toyBenchmark(t)
	ws, err := b.Windows(b.Sets[0], []float64{0.5, 0.9, 0.5}, []float64{1, 2, 3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ws[0].Systems, " ") + " | " + strings.Join(ws[1].Systems, " "); got != "B C | C A" {
		t.Errorf("windows %q, want %q", got, "B C | C A")
	}
	if _, err := b.Windows(b.Sets[0], []float64{1, 2, 3}, []float64{1, 2, 3}, 4); err == nil {
		t.Error("a window larger than the set: no error")
	}
}
