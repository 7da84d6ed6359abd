package eval

import (
	"path/filepath"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

var conllSystems = []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"}

// conllSet reads the CoNLL-2014 source and the two references as text.
func conllSet(tb testing.TB) (*TestSet, []System) {
	tb.Helper()
	dir := testdata.Dir(tb, "conll14-errant", "text")
	read := func(name string) [][]string {
		tf, err := corpora.ReadTextFile(filepath.Join(dir, name))
		if err != nil {
			tb.Fatal(err)
		}
		return tf.Tokens
	}
	set := &TestSet{Source: read("source.txt"), Refs: []Reference{
		{Name: "ref0", Tokens: read("ref0.txt")}, {Name: "ref1", Tokens: read("ref1.txt")}}}
	var systems []System
	for _, s := range conllSystems {
		systems = append(systems, System{Name: s, Tokens: read(s + ".txt")})
	}
	return set, systems
}

// BenchmarkEvaluate scores the six CoNLL-2014 systems with ERRANT and GLEU
// against text references: annotation of sources, references and
// hypotheses, extraction, comparison and GLEU sampling.
func BenchmarkEvaluate(b *testing.B) {
	set, systems := conllSet(b)
	for b.Loop() {
		ev, err := New(Config{Metrics: []string{ERRANT, GLEU}, Lang: en.New()}, set)
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range systems {
			if _, err := ev.Score(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}
