package compare_test

import (
	"errors"
	"path/filepath"
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
	dir := testdata.Dir(tb, "conll14-errant", "text")
	read := func(name string) [][]string {
		tf, err := corpora.ReadTextFile(filepath.Join(dir, name+".txt"))
		if err != nil {
			tb.Fatal(err)
		}
		return tf.Tokens
	}
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
