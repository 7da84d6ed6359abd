package gleu

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

func readTokens(t testing.TB, path string) [][]string {
	t.Helper()
	tf, err := corpora.ReadTextFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return tf.Tokens
}

type goldenSet struct {
	name   string   // golden file prefix
	source string   // paths relative to the data folder
	refs   []string //
	hyps   []string // hypothesis files; golden file is name-<key>.txt
	keys   []string
}

func goldenSets() []goldenSet {
	var sets []goldenSet
	conll := goldenSet{name: "conll14", source: "conll14-errant/text/source.txt",
		refs: []string{"conll14-errant/text/ref0.txt", "conll14-errant/text/ref1.txt"}}
	for _, s := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"} {
		conll.hyps = append(conll.hyps, "conll14-errant/text/"+s+".txt")
		conll.keys = append(conll.keys, s)
	}
	sets = append(sets, conll)
	for _, split := range []string{"dev", "test"} {
		g := goldenSet{name: "jfleg-" + split, source: "jfleg/" + split + "/" + split + ".src"}
		for k := 0; k < 4; k++ {
			g.refs = append(g.refs, "jfleg/"+split+"/"+split+".ref"+string(rune('0'+k)))
		}
		for _, h := range []string{"src", "spellchecked.src"} {
			g.hyps = append(g.hyps, "jfleg/"+split+"/"+split+"."+h)
			g.keys = append(g.keys, h)
		}
		sets = append(sets, g)
	}
	for _, level := range []string{"A", "B", "C"} {
		base := "swedish-gec-evaluation/data/balanced_test/Nyberg.CEFR_" + level + ".balanced_test."
		g := goldenSet{name: "swedish-" + level, source: base + "orig.txt", refs: []string{base + "corr.txt"}}
		for _, s := range []string{"granska", "mm", "mt", "mt-large", "mw", "s2"} {
			g.hyps = append(g.hyps, base+s)
			g.keys = append(g.keys, s)
		}
		sets = append(sets, g)
	}
	return sets
}

// TestGolden compares with compute_gleu's output on CoNLL-2014, JFLEG and
// the Swedish systems.
func TestGolden(t *testing.T) {
	testdata.Golden(t, "gleu")
	n := 0
	for _, set := range goldenSets() {
		src := readTokens(t, testdata.Dir(t, set.source))
		var refs [][][]string
		for _, r := range set.refs {
			refs = append(refs, readTokens(t, testdata.Dir(t, r)))
		}
		sc, err := New(src, refs...)
		if err != nil {
			t.Fatal(err)
		}
		for i, h := range set.hyps {
			name := set.name + "-" + set.keys[i]
			t.Run(name, func(t *testing.T) {
				want, err := os.ReadFile(testdata.Golden(t, "gleu", name+".txt"))
				if err != nil {
					t.Fatal(err)
				}
				res, err := sc.Score(readTokens(t, testdata.Dir(t, h)), Options{})
				if err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				WriteScore(&got, filepath.Base(h), res)
				if got.String() != string(want) {
					t.Errorf("got %q, want %q", got.String(), want)
				}
			})
			n++
		}
	}
	if n != 28 {
		t.Errorf("%d golden runs, want 28", n)
	}
}

// TestGoldenSentences compares compute_gleu -d's sentence-level output.
func TestGoldenSentences(t *testing.T) {
	want, err := os.ReadFile(testdata.Golden(t, "gleu", "conll14-AMU.sentences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	dir := testdata.Dir(t, "conll14-errant", "text")
	sc, err := New(readTokens(t, filepath.Join(dir, "source.txt")),
		readTokens(t, filepath.Join(dir, "ref0.txt")), readTokens(t, filepath.Join(dir, "ref1.txt")))
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Score(readTokens(t, filepath.Join(dir, "AMU.txt")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := WriteSentences(&got, res); err != nil {
		t.Fatal(err)
	}
	gl, wl := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	bad := 0
	for i := range max(len(gl), len(wl)) {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			if bad++; bad <= 10 {
				t.Errorf("line %d: got %q, want %q", i+1, g, w)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d lines differ", bad)
	}
}

// TestExpectedCounts bounds how far the GLEU of the expected counts
// (Result.Corpus, the statistic for significance tests) lies from the
// official mean over iterations on the CoNLL-2014 systems.
func TestExpectedCounts(t *testing.T) {
	dir := testdata.Dir(t, "conll14-errant", "text")
	sc, err := New(readTokens(t, filepath.Join(dir, "source.txt")),
		readTokens(t, filepath.Join(dir, "ref0.txt")), readTokens(t, filepath.Join(dir, "ref1.txt")))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"} {
		res, err := sc.Score(readTokens(t, filepath.Join(dir, s+".txt")), Options{})
		if err != nil {
			t.Fatal(err)
		}
		total := res.Corpus().Total()
		t.Logf("%s: official mean %.6f, GLEU of expected counts %.6f (diff %.1e)", s, res.Mean, total, total-res.Mean)
		if d := total - res.Mean; d < -5e-4 || d > 5e-4 {
			t.Errorf("%s: expected-count GLEU %v differs from the mean %v by %v", s, total, res.Mean, d)
		}
	}
}
