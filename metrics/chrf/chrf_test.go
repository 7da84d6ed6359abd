package chrf

import (
	"math"
	"strings"
	"testing"
)

// The sentences of Hugging Face's chrF metric card, scored there with
// sacreBLEU (char_order 6, word_order 0, beta 2).
func TestSacreBLEUExamples(t *testing.T) {
	tok := strings.Fields
	for _, tc := range []struct {
		hyp, ref []string
		corpus   bool
		want     float64
	}{
		{hyp: []string{"The relationship between Obama and Netanyahu is not exactly friendly."},
			ref: []string{"The ties between Obama and Netanyahu are not particularly friendly."}, want: 0.61576379378113785},
		{hyp: []string{"The relationship between cats and dogs is not exactly friendly.", "a good bookshop is just a genteel black hole that knows how to read."},
			ref: []string{"The relationship between dogs and cats is not exactly friendly.", "A good bookshop is just a genteel Black Hole that knows how to read."}, want: 0.8464214891738334},
	} {
		var hyps, refs [][]string
		for i := range tc.hyp {
			hyps, refs = append(hyps, tok(tc.hyp[i])), append(refs, tok(tc.ref[i]))
		}
		if got := Corpus(hyps, refs).Total(); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%q: chrF %.15f, sacreBLEU %.15f", tc.hyp, got, tc.want)
		}
	}
}

func TestBestReference(t *testing.T) {
	h := strings.Fields("he goes home")
	good, bad := strings.Fields("he goes home"), strings.Fields("xyz")
	if got := Sentence(h, bad, good); got != 1 {
		t.Errorf("best of two references: %v, want 1", got)
	}
	if got := Sentence(h, bad); got != 0 {
		t.Errorf("no shared character: %v, want 0", got)
	}
	if got := Sentence(nil, good); got != 0 {
		t.Errorf("empty hypothesis: %v, want 0", got)
	}
}
