package compare_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/compare"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/significance"
)

// conllMetrics are the metrics the Go API test compares.
var conllMetrics = []string{eval.M2, eval.ERRANT, eval.GLEU}

// TestGoAPI is the regression gate as a model repository would write it in
// a Go test, on CoNLL-2014: AMU → IITB regresses, IITB → AMU does not, and a
// system against itself has delta 0 and p = 1.
func TestGoAPI(t *testing.T) {
	// AMU twice: the second, scored on its own, is compared with the first.
	s := conllSystems(t, "AMU", "IITB", "AMU")
	amu, iitb, amuAgain := s[0], s[1], s[2]

	rep, err := compare.Run(amu, []*compare.System{iitb}, compare.Options{Show: 1})
	if err != nil {
		t.Fatal(err)
	}
	err = rep.Check()
	if !errors.Is(err, compare.ErrRegression) || !strings.Contains(err.Error(), "IITB: errant dropped") ||
		!strings.Contains(err.Error(), "IITB: gleu dropped") || !strings.Contains(err.Error(), "IITB: m2 dropped") {
		t.Errorf("AMU → IITB: Check() = %v, want m2, errant and gleu regressions", err)
	}
	c := rep.Candidates[0]
	worse := 0
	for _, td := range c.Types {
		if td.Worse {
			worse++
		}
	}
	if worse == 0 || len(c.Worst) != 1 || c.Worst[0].Impact[0] >= 0 {
		t.Errorf("AMU → IITB: %d types flagged worse, worst sentences %+v", worse, c.Worst)
	}

	rep, err = compare.Run(iitb, []*compare.System{amu}, compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Check(); err != nil {
		t.Errorf("IITB → AMU: %v", err)
	}

	rep, err = compare.Run(amu, []*compare.System{amuAgain}, compare.Options{Show: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Candidates[0].Results {
		if r.Delta != 0 || r.P != 1 || r.Low != 0 || r.High != 0 {
			t.Errorf("AMU → AMU %s: %+v", r.Metric, r)
		}
	}
	if rep.Check() != nil || len(rep.Candidates[0].Worst) != 0 {
		t.Errorf("AMU → AMU fails or lists sentences")
	}
}

// conllSystems scores CoNLL-2014 systems with the three metrics against
// the two text references, as a model repository's Go test would.
func conllSystems(tb testing.TB, names ...string) []*compare.System {
	tb.Helper()
	read := func(name string) [][]string { return readCoNLL(tb, name, 1) }
	set := &eval.TestSet{Source: read("source"), Refs: []eval.Reference{
		{Name: "ref0", Tokens: read("ref0")}, {Name: "ref1", Tokens: read("ref1")}}}
	ev, err := eval.New(eval.Config{Metrics: conllMetrics, Lang: en.New()}, set)
	if err != nil {
		tb.Fatal(err)
	}
	var systems []*compare.System
	for _, name := range names {
		s, err := compare.Score(ev, eval.System{Name: name, Tokens: read(name)})
		if err != nil {
			tb.Fatal(err)
		}
		systems = append(systems, s)
	}
	return systems
}

// BenchmarkSignificanceCoNLL is the speed target on real
// statistics: 1,000 paired bootstrap resamples and 1,000 randomisation
// trials over the 1,312 CoNLL-2014 sentences for m2, errant and gleu (AMU
// against IITB); the target is under 2 s on one core (-cpu 1).
func BenchmarkSignificanceCoNLL(b *testing.B) {
	s := conllSystems(b, "AMU", "IITB")
	b.ResetTimer()
	for b.Loop() {
		if _, err := significance.Compare(s[0].Corpora, s[1].Corpora, significance.Options{Resamples: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunCoNLL times all of Run (systems scored beforehand) on the
// same pair: the three metrics' tests, the per-type tests of every ERRANT
// error type and the 10 worst sentences with their diffs.
func BenchmarkRunCoNLL(b *testing.B) {
	s := conllSystems(b, "AMU", "IITB")
	b.ResetTimer()
	for b.Loop() {
		if _, err := compare.Run(s[0], s[1:], compare.Options{Show: 10}); err != nil {
			b.Fatal(err)
		}
	}
}

// readCoNLL reads a CoNLL-2014 text file (source, ref0, a system), its
// sentences repeated n times (the repeats share them).
func readCoNLL(tb testing.TB, name string, n int) [][]string {
	tb.Helper()
	tf, err := corpora.ReadTextFile(filepath.Join(testdata.Dir(tb, "conll14-errant", "text"), name+".txt"))
	if err != nil {
		tb.Fatal(err)
	}
	var out [][]string
	for range n {
		out = append(out, tf.Tokens...)
	}
	return out
}

// conllStream is the CoNLL-2014 test set repeated n times with the given
// systems' outputs, as a stream (the repeats share their sentences).
func conllStream(tb testing.TB, n int, names ...string) (*eval.Evaluator, eval.Sentences) {
	tb.Helper()
	read := func(name string) [][]string { return readCoNLL(tb, name, n) }
	set := &eval.TestSet{Source: read("source"), Refs: []eval.Reference{
		{Name: "ref0", Tokens: read("ref0")}, {Name: "ref1", Tokens: read("ref1")}}}
	var systems []eval.System
	for _, name := range names {
		systems = append(systems, eval.System{Name: name, Tokens: read(name)})
	}
	ev := eval.NewEvaluator(eval.Config{Metrics: conllMetrics, Lang: en.New()}, len(set.Refs))
	return ev, set.Sentences(systems...)
}

// TestScoreAllEqualsScore checks the streamed Systems (lines and edits in
// temporary files, type counts sparse) against those scored in memory:
// the same report, worst sentences and every error type included, and no
// temporary file left after Close.
func TestScoreAllEqualsScore(t *testing.T) {
	mem := conllSystems(t, "AMU", "IITB")
	ev, src := conllStream(t, 1, "AMU", "IITB")
	streamed, err := compare.ScoreAll(context.Background(), ev, src, []string{"AMU", "IITB"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	opt := compare.Options{Show: -1, Options: significance.Options{Resamples: 200, Seed: 3}}
	want, err := compare.Run(mem[0], mem[1:], opt)
	if err != nil {
		t.Fatal(err)
	}
	got, err := compare.Run(streamed[0], streamed[1:], opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Candidates[0].Worst) < 100 || len(got.Candidates[0].Types) < 20 {
		t.Fatalf("%d worst sentences, %d types: too few to compare", len(got.Candidates[0].Worst), len(got.Candidates[0].Types))
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("streamed systems: a different report from the systems scored in memory")
	}
	// A limited list (kept in a heap of that size) is the head of the whole
	// one, ties in the order of lines.
	all := got.Candidates[0].Worst
	for _, show := range []int{1, 7, 40} {
		opt.Show = show
		rep, err := compare.Run(streamed[0], streamed[1:], opt)
		if err != nil {
			t.Fatal(err)
		}
		if w := rep.Candidates[0].Worst; !reflect.DeepEqual(w, all[:show]) {
			t.Errorf("Show %d: %d sentences, not the first %d of the whole list", show, len(w), show)
		}
	}
	for k := 1; k < len(all); k++ {
		a, b := all[k-1], all[k]
		if a.Impact[0] > b.Impact[0] || a.Impact[0] == b.Impact[0] && a.Line > b.Line {
			t.Fatalf("worst sentences out of order at %d: line %d %v, line %d %v", k, a.Line, a.Impact, b.Line, b.Impact)
		}
	}
	for _, s := range streamed {
		name := s.TempFile()
		if err := s.Close(); err != nil {
			t.Error(err)
		}
		if _, err := os.Stat(name); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: %s left after Close (%v)", s.Name, name, err)
		}
	}
}

// BenchmarkCompareStream scores AMU and IITB over CoNLL-2014 repeated 8
// times (10,496 sentences) with ScoreAll and compares them with Run (the
// worst 10 sentences read back), as `gecmetric compare` does: sentences/s
// and the live heap after Run (MB-heap), which grows by the compact
// statistics only (compare repeats 8 and 32 by editing n): the
// regression benchmark of issue 12's compare.
func BenchmarkCompareStream(b *testing.B) {
	const n = 8
	var heap uint64
	total := 0
	for b.Loop() {
		ev, src := conllStream(b, n, "AMU", "IITB")
		s, err := compare.ScoreAll(context.Background(), ev, src, []string{"AMU", "IITB"}, nil)
		if err != nil {
			b.Fatal(err)
		}
		rep, err := compare.Run(s[0], s[1:], compare.Options{Show: 10})
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		heap = max(heap, ms.HeapAlloc)
		total += rep.Sentences
		runtime.KeepAlive(s)
		for _, x := range s {
			x.Close()
		}
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "sentences/s")
	b.ReportMetric(float64(heap)/(1<<20), "MB-heap")
}
