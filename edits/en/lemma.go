package en

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"github.com/gecmetric/gecmetric/edits/en/internal/wordnet"
)

// Lemmas, as spaCy 2 assigns them.
//
// spaCy 2's English lemmatiser is WordNet's morphy with spaCy's own
// conventions, and ERRANT compares its lemmas in the alignment (lemma cost
// 0 or 0.499) and the classifier (same lemma → inflection, form, number,
// tense...). lemmaOf reproduces it:
//
//   - The coarse POS from the tag map decides: NOUN, VERB and ADJ are
//     lemmatised; PROPN keeps the text as written; every other POS gives
//     the text in lower case.
//   - A tag that marks a base form gives the text in lower case without
//     lemmatising: NN (singular), VB (infinitive), VBP (present, no
//     person), JJ (positive degree).
//   - Otherwise morphy's detachment rules for the POS propose forms; a form
//     counts when it is in WordNet's index for the POS or is not purely
//     alphabetic. The exception list's lemmas go in front, each inserted at
//     the head, so the last one listed wins ("better"/JJR → "well",
//     "leaves"/NNS → "leave"). With no known form, the first rule-made form
//     is used; with none at all, the text as written.
//   - Finally the English morphology rules override the lemma of personal
//     pronouns ("-PRON-") and of forms of "be" ("is", "'s"/VBZ, "was",
//     "been", "being" → "be").
//
// spaCy's tokenizer exceptions (which would give "n't" the lemma "not") do
// not apply: ERRANT builds the spaCy Doc from the given tokens, so "n't"
// keeps "n't", "'ll" keeps "'ll", "ca" keeps "ca".

// lemmaRules are morphy's detachment rules as spaCy orders them
// (spaCy adds "ves" → "f" for nouns); punctuation rules straighten quotes.
var lemmaRules = [...][][2]string{
	wordnet.Noun: {{"s", ""}, {"ses", "s"}, {"ves", "f"}, {"xes", "x"}, {"zes", "z"},
		{"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	wordnet.Verb: {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"},
		{"ed", ""}, {"ing", "e"}, {"ing", ""}},
	wordnet.Adj: {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

var punctRules = [][2]string{{"“", `"`}, {"”", `"`}, {"‘", "'"}, {"’", "'"}}

// baseTags are the fine tags whose features make spaCy 2 skip
// lemmatisation (Lemmatizer.is_base_form).
var baseTags = map[string]bool{"NN": true, "VB": true, "VBP": true, "JJ": true}

// lemmaOf returns spaCy 2's lemma for word with fine tag tag; low is word
// in lower case.
func lemmaOf(tag, word, low string) string {
	if r, ok := morphRuleFor(tag, word, low); ok && r.lemma != "" {
		return r.lemma
	}
	switch tagPOS[tag] {
	case "NOUN":
		return lemmatize(wordnet.Noun, tag, word, low)
	case "VERB":
		return lemmatize(wordnet.Verb, tag, word, low)
	case "ADJ":
		return lemmatize(wordnet.Adj, tag, word, low)
	case "PROPN":
		return word
	case "PUNCT":
		return lemmatizePunct(word, low)
	}
	return low
}

func lemmatize(p wordnet.POS, tag, word, low string) string {
	if baseTags[tag] {
		return low
	}
	key := lemmaKey{p, word}
	if v, ok := lemmaCache.Load(key); ok {
		return v.(string)
	}
	l := morphy(p, word, low)
	if lemmaCacheLen.Load() < maxLemmaCache {
		if _, loaded := lemmaCache.LoadOrStore(key, l); !loaded {
			lemmaCacheLen.Add(1)
		}
	}
	return l
}

// The lemma cache holds results of morphy by (POS, word); it stops growing
// at maxLemmaCache entries, enough for any corpus's inflected vocabulary.
type lemmaKey struct {
	p    wordnet.POS
	word string
}

const maxLemmaCache = 1 << 18

var (
	lemmaCache    sync.Map
	lemmaCacheLen atomic.Int64
)

func wordnetTables() *wordnet.Tables {
	t, err := wordnet.Load()
	if err != nil {
		// The tables are embedded; failing to decode them is a broken build.
		panic("en: " + err.Error())
	}
	return t
}

// morphy applies spaCy 2's rule-and-exception lemmatiser (see the comment at
// the top of this file).
func morphy(p wordnet.POS, word, low string) string {
	t := wordnetTables()
	var forms, oov []string
	for _, r := range lemmaRules[p] {
		stem, ok := strings.CutSuffix(low, r[0])
		if !ok {
			continue
		}
		form := stem + r[1]
		switch {
		case form == "":
		case t.InIndex(p, form) || !isAlpha(form):
			if !slices.Contains(forms, form) {
				forms = append(forms, form)
			}
		default:
			oov = append(oov, form)
		}
	}
	for _, f := range t.Exceptions(p, low) {
		if !slices.Contains(forms, f) {
			forms = append([]string{f}, forms...)
		}
	}
	if len(forms) > 0 {
		return forms[0]
	}
	if len(oov) > 0 {
		return oov[0]
	}
	return word
}

func lemmatizePunct(word, low string) string {
	for _, r := range punctRules {
		if stem, ok := strings.CutSuffix(low, r[0]); ok {
			return stem + r[1]
		}
	}
	return word
}

// isAlpha reports whether s is non-empty and all letters, as Python's
// str.isalpha.
func isAlpha(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}
