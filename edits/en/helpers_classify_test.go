package en

import (
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// handTagged builds a hand-annotated sentence so that tests of the merger
// and classifier do not depend on the tagger. Each space-separated word is
// text/TAG/lemma/dep[/POS]; POS defaults to spaCy's coarse tag for TAG
// (AUX for dep aux/auxpass). A lemma "=" is the lower-cased text.
func handTagged(t testing.TB, s string) *edits.Sentence {
	t.Helper()
	var out edits.Sentence
	if s == "" {
		return &out
	}
	for _, w := range strings.Fields(s) {
		f := strings.Split(w, "/")
		if len(f) < 4 || len(f) > 5 {
			t.Fatalf("bad test token %q: want text/TAG/lemma/dep[/POS]", w)
		}
		tok := edits.Token{Text: f[0], Lower: strings.ToLower(f[0]), Tag: f[1], Lemma: f[2], Dep: f[3]}
		if tok.Lemma == "=" {
			tok.Lemma = tok.Lower
		}
		if len(f) == 5 {
			tok.POS = f[4]
		} else {
			tok.POS = spacyPOS(tok.Tag, tok.Dep)
		}
		out.Tokens = append(out.Tokens, tok)
	}
	return &out
}

// spacyPOS is spaCy 2's coarse tag for a PTB tag, for test tokens.
func spacyPOS(tag, dep string) string {
	if strings.HasPrefix(dep, "aux") && (strings.HasPrefix(tag, "VB") || tag == "MD") {
		return "AUX"
	}
	switch tag {
	case "NNP", "NNPS":
		return "PROPN"
	case "IN":
		return "ADP"
	case "CC":
		return "CCONJ"
	case "MD":
		return "VERB"
	}
	p := errantPOS(edits.Token{Tag: tag})
	switch p {
	case "PREP":
		return "ADP"
	case "CONJ":
		return "CCONJ"
	}
	return p
}
