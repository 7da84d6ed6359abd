package evidence

import (
	"math"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
)

func TestEndsSentence(t *testing.T) {
	lang := en.New()
	for _, c := range []struct {
		text string
		want bool
	}{
		{"It rained .", true},
		{"Did it rain ?", true},
		{"It rained !", true},
		{"It rained ...", true},
		{"It rained …", true},
		{"It rained", false},
		{"It rained ,", false},
		{"He said \" it rained . \"", true},
		{"He said \" it rained ! ''", true},
		{"the term \" Oxbridge .\"", true},      // one token: period inside the quote
		{"\" What a Wonderful World. \"", true}, // the period glued to the word
		{"( see below . )", true},
		{"the term \" Oxbridge \"", false},
		{"\"", false},
		{"\" \" \"", false},
		{"", false},
	} {
		if got := endsSentence(lang.Annotate(strings.Fields(c.text)).Tokens); got != c.want {
			t.Errorf("endsSentence(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestLossFeatures(t *testing.T) {
	lang := en.New()
	ann := func(s string) *edits.Sentence { return lang.Annotate(strings.Fields(s)) }
	src := "Spamming is the abuse of messaging systems by Carolyn Heilbrun to send bulk messages ."
	tests := []struct {
		hyp  string
		want map[string]float64
	}{
		{src, map[string]float64{"ls.final": 1, "ls.lower_start": 0, "ls.junk": 0, "ls.src_kept": 1, "ls.src_bigrams": 1, "ls.lost2": 0, "ls.broken2": 0, "ls.added": 0, "ls.len_ratio": 0, "ls.case_lost": 0, "ls.repeats": 0, "ls.names_lost": 0}},
		{"Spamming is the abuse of messaging systems by Carolyn to send send bulk bulk messages .", map[string]float64{"ls.repeats": 2, "ls.names_lost": 0.5, "ls.final": 1}},
		{"spamming is the abuse of messaging systems by carolyn heilbrun to send bulk messages .", map[string]float64{"ls.lower_start": 1, "ls.case_lost": 1, "ls.names_lost": 1}},
		// 4 of the 9 content lemmas and 6 of the 14 bigrams kept.
		{"Spamming is the abuse of messaging systems", map[string]float64{"ls.final": 0, "ls.len_ratio": math.Log(8.0 / 16.0), "ls.lost2": (5.0 / 9) * (5.0 / 9), "ls.broken2": (8.0 / 14) * (8.0 / 14)}},
		{"Spamming is the abuse of messaging <unk> by Carolyn Heilbrun to send bulk messages .", map[string]float64{"ls.junk": 1}},
	}
	for _, tt := range tests {
		v := Values{}
		h := ann(tt.hyp)
		lossAlone(v, h)
		lossSource(v, ann(src), h)
		for k, want := range tt.want {
			if got := v[k]; math.Abs(got-want) > 1e-9 {
				t.Errorf("%q: %s = %v, want %v", tt.hyp, k, got, want)
			}
		}
	}
	v := Values{}
	lossReference(v, lossSource(Values{}, ann("He go home ."), ann("He goes to his house .")), []*edits.Sentence{ann("He goes home ."), ann("He went to his house .")})
	if v["ls.ref_kept"] != 1 || v["ls.added_ref"] != 0 || math.Abs(v["ls.ref_bigrams"]-0.6) > 1e-9 { // 3 of the 5 bigrams of "He went to his house ."
		t.Errorf("reference features %v", v)
	}
}
