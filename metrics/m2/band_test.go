package m2

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/band"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// compareBoth compares hyp with s over the whole matrix and in a band
// started at half-width 1 (widened as needed) and fails on any
// difference. It reports whether the band stayed narrower than the
// matrix.
func compareBoth(t *testing.T, full, banded *builder, s *Sentence, hyp []string, opts Options) bool {
	t.Helper()
	full.bandW0 = len(s.Source) + len(hyp) + 1
	banded.bandW0 = 1
	want, err1 := full.compare(s, hyp, opts)
	got, err2 := banded.compare(s, hyp, opts)
	if err1 != nil || err2 != nil {
		t.Fatalf("src %q hyp %q: errors %v, %v", s.Source, hyp, err1, err2)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("src %q hyp %q gold %+v\nbanded %+v\nfull   %+v", s.Source, hyp, s.Annotators, got, want)
	}
	bd := band.New(len(s.Source), len(hyp), 1, nil)
	return !bd.Full()
}

// TestBandRandom checks the banded alignment against the whole matrix on
// random pairs over a tiny vocabulary (many ties, unrelated lines).
func TestBandRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	var full, banded builder
	narrower := 0
	for range 1500 {
		s, hyp := randomCase(rng, 20)
		for _, opts := range []Options{{}, {MaxUnchangedWords: 1}} {
			if compareBoth(t, &full, &banded, &s, hyp, opts) {
				narrower++
			}
		}
	}
	if narrower < 2400 { // measured 2,674 of 3,000
		t.Fatalf("only %d of 3000 comparisons started narrower than the matrix", narrower)
	}
	t.Logf("%d of 3000 comparisons started narrower than the matrix; %d matrices filled", narrower, banded.bands)
}

// TestBandCoNLL14 checks the banded alignment against the whole matrix on
// every sentence of CoNLL-2014 for the 13 official systems and the six of
// conll14-errant: zero differences.
func TestBandCoNLL14(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	gold := readGoldFile(t, testdata.Dir(t, "conll14-errant", "m2", "gold.m2"))
	var files []string
	for _, sys := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"} {
		files = append(files, testdata.Dir(t, "conll14-errant", "text", sys+".txt"))
	}
	more, _ := filepath.Glob(filepath.Join(testdata.Dir(t, "gjg15", "outputs"), "*"))
	files = append(files, more...)
	var full, banded builder
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
		if len(lines) != len(gold) {
			t.Fatalf("%s: %d lines, gold %d", f, len(lines), len(gold))
		}
		for i := range gold {
			compareBoth(t, &full, &banded, &gold[i], Tokenize(lines[i]), Options{})
			n++
		}
	}
	t.Logf("%d files, %d sentences, %d matrices filled in bands", len(files), n, banded.bands)
}

func readGoldFile(t *testing.T, path string) []Sentence {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ReadGold(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBandLongJoined scores one sentence of 8,029 tokens (the first 329
// CoNLL-2014 sentences joined, their gold edits moved into place) against
// AMU's output of it, in a band and over the whole matrix (64 million
// cells): the same annotator results.
func TestBandLongJoined(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	gold := readGoldFile(t, testdata.Dir(t, "conll14-errant", "m2", "gold.m2"))
	data, err := os.ReadFile(testdata.Dir(t, "conll14-errant", "text", "AMU.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var src, hyp []string
	var anns []Annotation
	for i := 0; len(src) < 8000; i++ {
		off := len(src)
		src = append(src, gold[i].Source...)
		hyp = append(hyp, Tokenize(lines[i])...)
		for _, a := range gold[i].Annotators {
			for _, e := range a.Edits {
				if e.Start < 0 {
					continue
				}
				ed := editOf(e.Start+off, e.End+off, strings.Fields(e.Corrections[0]), "X")
				anns = append(anns, Annotation{Edit: ed, Coder: a.ID})
			}
		}
	}
	s := NewSentence(src, anns)
	var full, banded builder
	full.bandW0 = len(src) + len(hyp) + 1
	want, err1 := full.compare(&s, hyp, Options{MaxCells: -1})
	got, err2 := banded.compare(&s, hyp, Options{})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%d tokens: banded and whole-matrix results differ", len(src))
	}
	t.Logf("%d source tokens, %d hypothesis tokens, %d annotators, stats %v", len(src), len(hyp), len(got), got[0].Stats)
}
