package m2

import (
	"flag"
	"fmt"
	"github.com/gecmetric/gecmetric/edits"
	"math/rand/v2"
	"reflect"
	"testing"
)

// randomCase makes a source, a hypothesis and gold annotators from a tiny
// vocabulary, so that tokens repeat, alignments tie and gold edits often
// match lattice arcs (insertions at one position included).
func randomCase(rng *rand.Rand, maxLen int) (Sentence, []string) {
	vocab := []string{"a", "b", "c", "the", "of", ".", "A"}
	word := func() string { return vocab[rng.IntN(len(vocab))] }
	src := make([]string, rng.IntN(maxLen+1))
	for i := range src {
		src[i] = word()
	}
	var hyp []string
	if rng.IntN(6) == 0 { // unrelated hypothesis
		hyp = make([]string, rng.IntN(maxLen+1))
		for i := range hyp {
			hyp[i] = word()
		}
	} else {
		for _, t := range src {
			switch rng.IntN(8) {
			case 0:
				hyp = append(hyp, word())
			case 1:
			case 2:
				hyp = append(hyp, t, word())
			case 3:
				hyp = append(hyp, word(), t)
			default:
				hyp = append(hyp, t)
			}
		}
		if rng.IntN(4) == 0 {
			hyp = append(hyp, word())
		}
	}
	// Gold edits: pieces of the hypothesis's own edits (so they match),
	// random edits, repeated insertions at one position, alternatives.
	sysEdits := oracleCompare(&Sentence{Source: src, Annotators: []Annotator{{}}}, hyp, Options{})[0].Edits
	var anns []Annotation
	coders := []int{0, 1, 2, 3, 8, 9, 16, -1}
	nAnn := 1 + rng.IntN(3)
	ids := rng.Perm(len(coders))[:nAnn]
	for _, ci := range ids {
		coder := coders[ci]
		if rng.IntN(10) == 0 {
			anns = append(anns, Annotation{Edit: editOf(-1, -1, nil, "noop"), Coder: coder})
			continue
		}
		for _, e := range sysEdits {
			if rng.IntN(3) > 0 {
				anns = append(anns, Annotation{Edit: editOf(e.Start, e.End, Tokenize(e.Correction), "X"), Coder: coder})
			}
		}
		for k := rng.IntN(4); k > 0; k-- {
			s := rng.IntN(len(src) + 2)
			e := s + rng.IntN(3)
			if rng.IntN(3) == 0 {
				e = s
			}
			var c []string
			for n := rng.IntN(3); n > 0; n-- {
				c = append(c, word())
			}
			ed := editOf(s, e, c, "Y")
			if rng.IntN(4) == 0 {
				ed.Alternatives = []string{" " + word() + " ", "-NONE-", word() + " " + word()}
				ed.C = Tokenize(ed.Alternatives[0])
			}
			anns = append(anns, Annotation{Edit: ed, Coder: coder})
			if rng.IntN(4) == 0 {
				anns = append(anns, Annotation{Edit: ed, Coder: coder}) // duplicate
			}
		}
	}
	rng.Shuffle(len(anns), func(i, j int) {
		if rng.IntN(2) == 0 {
			anns[i], anns[j] = anns[j], anns[i]
		}
	})
	return NewSentence(src, anns), hyp
}

var (
	oracleCases  = flag.Int("oracle", 3000, "random cases compared with the oracle")
	oracleMaxLen = flag.Int("oracle.len", 9, "longest random sentence is 2 + this")
	oracleSeed   = flag.Uint64("oracle.seed", 1, "seed of the random cases")
)

func TestCompareMatchesOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(*oracleSeed, 2))
	n := *oracleCases
	if testing.Short() {
		n /= 10
	}
	modes := []int{pathTopological, pathBellmanFord}
	mismatch := make([]int, len(modes))
	builders := make([]builder, len(modes)) // reused, as Score reuses them
	for mi, mode := range modes {
		builders[mi].pathSc.mode = mode
	}
	for i := 0; i < n; i++ {
		s, hyp := randomCase(rng, 3+i%*oracleMaxLen)
		for _, opts := range []Options{{}, {MaxUnchangedWords: -1}, {MaxUnchangedWords: 3, IgnoreWhitespaceCasing: true}} {
			want := oracleCompare(&s, hyp, opts)
			for mi, mode := range modes {
				got, err := builders[mi].compare(&s, hyp, opts)
				if err != nil {
					t.Fatal(err)
				}
				if reflect.DeepEqual(got, want) {
					continue
				}
				mismatch[mi]++
				if mismatch[mi] > 0 {
					t.Fatalf("case %d mode %d opts %+v\nsrc %q\nhyp %q\ngold %+v\ngot  %+v\nwant %+v", i, mode, opts, s.Source, hyp, s.Annotators, got, want)
				}
			}
		}
	}
	t.Logf("%d comparisons, %d vertices with a near tie", 3*n, builders[0].pathSc.nearTies)
}

func editOf(s, e int, c []string, typ string) edits.Edit {
	return edits.Edit{OStart: s, OEnd: e, CStart: -1, CEnd: -1, C: c, Type: typ}
}

var _ = fmt.Sprint

// TestScoreMatchesOracle checks annotator choice and corpus scores on
// random small corpora, with beta values that make ties likely.
func TestScoreMatchesOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		var gold []Sentence
		var hyps [][]string
		for k := 1 + rng.IntN(6); k > 0; k-- {
			s, h := randomCase(rng, 7)
			gold, hyps = append(gold, s), append(hyps, h)
		}
		for _, opts := range []Options{{}, {Beta: 1}, {Beta: 2, MaxUnchangedWords: 1}} {
			res, err := Score(gold, hyps, opts)
			if err != nil {
				t.Fatal(err)
			}
			p, r, f, chosen := oracleScore(gold, hyps, opts)
			var got []int
			for _, s := range res.Sentences {
				got = append(got, s.Chosen)
			}
			if res.P != p || res.R != r || res.F != f || !reflect.DeepEqual(got, chosen) {
				t.Fatalf("corpus %d opts %+v: got P %v R %v F %v chosen %v, oracle %v %v %v %v", i, opts, res.P, res.R, res.F, got, p, r, f, chosen)
			}
		}
	}
}

// BenchmarkUnrelatedPathModes times the path search alone on the worst
// case: the topological sweep, and literal Bellman-Ford (the fallback).
func BenchmarkUnrelatedPathModes(b *testing.B) {
	src, hyp := Tokenize(unrelatedSource), Tokenize(unrelatedHyp)
	var bl builder
	l, _ := bl.build(src, hyp, 2, DefaultMaxLatticeArcs, DefaultMaxCells)
	wt := l.baseWeights(nil)
	b.Logf("|V| = %d, |E| = %d, arcs = %d", len(l.vi), len(l.entries), len(l.arcs))
	for _, mode := range []int{pathTopological, pathBellmanFord} {
		b.Run(fmt.Sprint("mode", mode), func(b *testing.B) {
			sc := pathScratch{mode: mode}
			for b.Loop() {
				l.bestPath(wt, &sc)
			}
		})
	}
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			bl.build(src, hyp, 2, DefaultMaxLatticeArcs, DefaultMaxCells)
		}
	})
}

func TestRescoreEqualsScore(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var gold []Sentence
	var hyps [][]string
	for range 60 {
		s, h := randomCase(rng, 8)
		gold, hyps = append(gold, s), append(hyps, h)
	}
	opts := Options{Beta: 1}
	full, err := Score(gold, hyps, opts)
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		idx := make([]int, rng.IntN(80))
		var g []Sentence
		var h [][]string
		for k := range idx {
			idx[k] = rng.IntN(len(gold))
			g, h = append(g, gold[idx[k]]), append(h, hyps[idx[k]])
		}
		want, err := Score(g, h, opts)
		if err != nil {
			t.Fatal(err)
		}
		got := full.Rescore(idx)
		got.NearTies, want.NearTies = 0, 0
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Rescore(%v) = %v, Score on the subset = %v", idx, got, want)
		}
	}
}
