package m2_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

func unrelatedCase() ([]m2.Sentence, [][]string) {
	src := strings.Fields(m2.UnrelatedSource)
	anns := []m2.Annotation{
		{Edit: edits.Edit{OStart: 9, OEnd: 10, C: []string{"told"}, Type: "R:VERB:TENSE"}, Coder: 0},
		{Edit: edits.Edit{OStart: 14, OEnd: 15, C: []string{"an"}, Type: "R:DET"}, Coder: 0},
		{Edit: edits.Edit{OStart: 30, OEnd: 30, C: []string{"the"}, Type: "M:DET"}, Coder: 1},
	}
	return []m2.Sentence{m2.NewSentence(src, anns)}, [][]string{strings.Fields(m2.UnrelatedHyp)}
}

func BenchmarkUnrelated(b *testing.B) {
	gold, hyps := unrelatedCase()
	b.Logf("source %d tokens, hypothesis %d tokens", len(gold[0].Source), len(hyps[0]))
	for b.Loop() {
		if _, err := m2.Score(gold, hyps, m2.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCoNLL14 scores the six CoNLL-2014 systems against the gold M2
// (reading excluded).
func BenchmarkCoNLL14(b *testing.B) {
	gold := readFile(b, testdata.Dir(b, "conll14-errant", "m2", "gold.m2"), m2.ReadGold)
	var hyps [][][]string
	for _, sys := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"} {
		hyps = append(hyps, readFile(b, testdata.Dir(b, "conll14-errant", "text", sys+".txt"), m2.ReadHypotheses))
	}
	for b.Loop() {
		for _, h := range hyps {
			if _, err := m2.Score(gold, h, m2.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestUnrelated checks the worst case against the original scorer's
// output on it (Python 2.7, 80 s): two long substitutions, annotator 1
// chosen.
func TestUnrelated(t *testing.T) {
	gold, hyps := unrelatedCase()
	res, err := m2.Score(gold, hyps, m2.Options{})
	if err != nil {
		t.Fatal(err)
	}
	src, hyp := gold[0].Source, hyps[0]
	want := []m2.Edit{
		{Start: 0, End: 32, Original: strings.Join(src[:32], " "), Correction: strings.Join(hyp[:22], " ")},
		{Start: 32, End: 53, Original: strings.Join(src[32:53], " "), Correction: strings.Join(hyp[22:36], " ")},
	}
	s := res.Sentences[0]
	for a, ar := range s.Annotators {
		if !slices.Equal(ar.Edits, want) {
			t.Errorf("annotator %d: edits %+v, want %+v", ar.ID, ar.Edits, want)
		}
		if wantStats := []float64{0, 2, float64(2 - a)}; !slices.Equal(ar.Stats, wantStats) {
			t.Errorf("annotator %d: stats %v, want %v", ar.ID, ar.Stats, wantStats)
		}
	}
	if s.Annotators[s.Chosen].ID != 1 {
		t.Errorf("chose annotator %d, want 1", s.Annotators[s.Chosen].ID)
	}
	if got := res.String(); got != "Precision   : 0.0000\nRecall      : 0.0000\nF_0.5       : 0.0000\n" {
		t.Errorf("got %s", got)
	}
}

func TestLatticeLimit(t *testing.T) {
	gold, hyps := unrelatedCase()
	gold = append([]m2.Sentence{m2.NewSentence([]string{"a"}, nil)}, gold...)
	hyps = append([][]string{{"a"}}, hyps...)
	_, err := m2.Score(gold, hyps, m2.Options{MaxLatticeArcs: 1000})
	if !errors.Is(err, m2.ErrLatticeTooLarge) || !strings.Contains(err.Error(), "sentence 2 (54 source tokens, hypothesis 37 tokens)") {
		t.Errorf("err = %v, want ErrLatticeTooLarge naming sentence 2", err)
	}
	for _, limit := range []int{0, -1} {
		if _, err := m2.Score(gold, hyps, m2.Options{MaxLatticeArcs: limit}); err != nil {
			t.Errorf("MaxLatticeArcs %d: %v", limit, err)
		}
	}
}
