package evidence

import (
	"math"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/sv"
)

func TestSwedishPatterns(t *testing.T) {
	lang := sv.New()
	tests := []struct {
		s    string
		want map[string]int
	}{
		{"Jag vill gå hem nu .", nil},
		{"Jag kan inte går hem .", map[string]int{"sv: verb form after modal or att": 1}},
		{"Det är roligt att spelar fotboll .", map[string]int{"sv: verb form after modal or att": 1}},
		{"Idag jag går till skolan .", map[string]int{"sv: verb second": 1}},
		{"Idag går jag till skolan .", nil},
		{"När jag kom hem , jag åt middag .", map[string]int{"sv: verb second": 1}},
		{"När jag kom hem , åt jag middag .", nil},
		{"I Sverige vi har kalla vintrar .", map[string]int{"sv: verb second": 1}},
		{"Jag bor i det gammal huset .", map[string]int{"sv: weak adjective": 1}},
		{"Jag bor i det gamla huset .", nil},
		{"Vi kan se på det där huset .", nil}, // "där" is no adjective
	}
	for _, tt := range tests {
		s := sent(lang, tt.s)
		got := PatternHits(s)
		if len(got) != len(tt.want) {
			t.Errorf("%q: hits %v, want %v", tt.s, got, tt.want)
			continue
		}
		for k, n := range tt.want {
			if got[k] != n {
				t.Errorf("%q: hits %v, want %v", tt.s, got, tt.want)
			}
		}
	}
}

// mapLexicon is a Language with a fixed word list, for the lexicon
// features without a system word list.
type mapLexicon struct {
	edits.Language
	words map[string]bool
}

func (l mapLexicon) InLexicon(w string) bool { return l.words[w] }

func TestLexiconFeatures(t *testing.T) {
	lang := mapLexicon{Language: sv.New(), words: map[string]bool{}}
	for _, w := range []string{"jag", "har", "en", "katt", "och", "hund", "två", "hundar"} {
		lang.words[w] = true
	}
	x := &Extractor{Lang: lang}
	src := sent(lang, "Jag har en kat och hundd .")
	ref := sent(lang, "Jag har en katt och en hund .")
	hyp := sent(lang, "Jag har en katt och hundd .") // fixed one misspelling, kept one
	v, form := x.Compute(Input{Source: src, Hyp: hyp, Refs: []*edits.Sentence{ref}})
	if form != FormReference {
		t.Fatalf("form %v", form)
	}
	words := 6.0
	want := map[string]float64{
		"re.oov": 1, "re.oov_rate": 1 / words, "re.oov_kept": 1,
		"re.ref_oov": 1, // the edit hundd → en hund starts at a misspelt word
	}
	for k, w := range want {
		if math.Abs(v[k]-w) > 1e-9 {
			t.Errorf("%s = %v, want %v", k, v[k], w)
		}
	}
	if got, want := v["me.rewrite"], v["me.ter_ref"]*v["oc.ter"]; got != want || got <= 0 {
		t.Errorf("me.rewrite = %v, want ter_ref × ter = %v > 0", got, want)
	}
	if v["re.missed_rate"] <= 0 || v["re.missed_rate"] > 1 {
		t.Errorf("re.missed_rate = %v, want in (0, 1]", v["re.missed_rate"])
	}
}
