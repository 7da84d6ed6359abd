package eval

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
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

// repeated streams the CoNLL-2014 test set (text references) n times over
// with one system: a corpus of any length in little memory.
type repeated struct {
	set   *TestSet
	sys   System
	n, i  int
	inner Sentences
}

func (r *repeated) Scan() bool {
	for {
		if r.inner != nil && r.inner.Scan() {
			return true
		}
		if r.i == r.n {
			return false
		}
		r.i++
		r.inner = r.set.Sentences(r.sys)
	}
}
func (r *repeated) Sentence() *Sentence { return r.inner.Sentence() }
func (r *repeated) Err() error          { return nil }

// BenchmarkRunStream streams CoNLL-2014 repeated 8 times (10,496
// sentences) through Run with M2, ERRANT and GLEU, keeping nothing per
// sentence: sentences/s, and the live heap at the end of a run
// (MB-heap), which must not grow with the number of sentences (the
// regression benchmark of issue 12's flat memory; compare -benchtime
// runs with repeats 8 and 32 by editing n).
func BenchmarkRunStream(b *testing.B) {
	set, systems := conllSet(b)
	const n = 8
	var heap uint64
	for b.Loop() {
		ev := NewEvaluator(Config{Lang: en.New()}, len(set.Refs))
		res, err := ev.Run(context.Background(), &repeated{set: set, sys: systems[0], n: n}, []string{"AMU"}, RunOptions{})
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		heap = max(heap, ms.HeapInuse)
		if res[0].M2.Correct == 0 {
			b.Fatal("nothing correct")
		}
	}
	b.ReportMetric(float64(n*len(set.Source)*b.N)/b.Elapsed().Seconds(), "sentences/s")
	b.ReportMetric(float64(heap)/(1<<20), "MB-heap")
}

// BenchmarkLongSentence scores one sentence of 8,000-odd tokens
// (CoNLL-2014 sentences joined: the source, both references and AMU's
// output) with each metric and with all three: the regression benchmark
// of issue 12's bounded cost per sentence. It reports the peak of the
// live heap sampled after each run (MB-heap).
func BenchmarkLongSentence(b *testing.B) {
	set, systems := conllSet(b)
	var src, ref0, ref1, hyp []string
	for i := 0; len(src) < 8000; i++ {
		src = append(src, set.Source[i]...)
		ref0 = append(ref0, set.Refs[0].Tokens[i]...)
		ref1 = append(ref1, set.Refs[1].Tokens[i]...)
		hyp = append(hyp, systems[0].Tokens[i]...)
	}
	long := &TestSet{Source: [][]string{src}, Refs: []Reference{{Name: "r0", Tokens: [][]string{ref0}}, {Name: "r1", Tokens: [][]string{ref1}}}}
	for _, ms := range append([][]string{{M2}, {ERRANT}, {GLEU}}, AllMetrics) {
		b.Run(strings.Join(ms, "+"), func(b *testing.B) {
			ev, err := New(Config{Metrics: ms, Lang: en.New()}, long)
			if err != nil {
				b.Fatal(err)
			}
			var heap uint64
			var mem runtime.MemStats
			for b.Loop() {
				if _, err := ev.Score(System{Name: "AMU", Tokens: [][]string{hyp}}); err != nil {
					b.Fatal(err)
				}
				runtime.ReadMemStats(&mem)
				heap = max(heap, mem.HeapInuse)
			}
			b.ReportMetric(float64(len(src)), "tokens")
			b.ReportMetric(float64(heap)/(1<<20), "MB-heap")
		})
	}
}
