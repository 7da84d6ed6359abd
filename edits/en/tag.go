package en

import (
	"strings"

	"github.com/gecmetric/gecmetric/edits"
	"unicode"
	"unicode/utf8"
)

// lexicon fixes the tag of words prose's model gets wrong in learner text
// although they only ever take one tag, with prose's lexicon semantics
// (tag.WithLexicon): the word as written, then in lower case, ahead of the
// model. Its tags have no spaces (the perceptron's feature keys join tags
// with spaces).
var lexicon = map[string]string{
	"nowadays":  "RB",
	"therefore": "RB",
	// Learners' slashed pronoun pairs are one token in CoNLL-2014.
	"his/her": "PRP$",
	"he/she":  "PRP",
	"s/he":    "PRP",
	// Prepositions prose reads as plural nouns or verbs.
	"towards": "IN",
	"amongst": "IN",
	"whilst":  "IN",
	// Reflexives prose reads as plural nouns.
	"ourselves":  "PRP",
	"themselves": "PRP",
	"yourselves": "PRP",
}

// tagTokens returns Penn Treebank tags for tokens, which are tagged as one
// sentence exactly as given by prose's perceptron (perceptron.go), then
// corrected where prose's tags differ from spaCy's in ways ERRANT looks at
// (see fixTag).
func tagTokens(tokens []string) []string {
	raw, _ := perceptronTags(tokens)
	return fixTags(tokens, raw)
}

// perceptronTags returns prose's tags for tokens, and their numbers.
func perceptronTags(tokens []string) ([]string, []uint16) {
	return taggerModel().tagSentenceFrom(tokens, nil, nil, nil, nil)
}

// perceptronTagsFrom is perceptronTags for tokens that correct src, whose
// tags are srcTags numbered srcIDs; match pairs tokens with src's (see
// matchTokens and perceptron.tagSentenceFrom).
func perceptronTagsFrom(tokens []string, src []edits.Token, srcTags []string, srcIDs []uint16, match []int32) ([]string, []uint16) {
	return taggerModel().tagSentenceFrom(tokens, src, srcTags, srcIDs, match)
}

func taggerModel() *perceptron {
	m, err := model()
	if err != nil {
		// The model is compiled in; failing to load it is a broken build,
		// not bad input.
		panic("en: loading prose's tagger model: " + err.Error())
	}
	return m
}

// fixTags returns the tags of tokens given prose's tags raw, corrected by
// fixTag and fixMorphTags.
func fixTags(tokens, raw []string) []string {
	tags := make([]string, len(tokens))
	quotes := 0
	for i := range tags {
		tags[i] = fixTag(tokens, i, raw[i], &quotes)
	}
	fixMorphTags(tokens, tags)
	return tags
}

// fixTag corrects prose's tag t for tokens[i].
//
// prose's model was trained on text whose brackets are "(" and ")" and gives
// bracket tokens their own text as tag; spaCy (and ERRANT's tag map) use
// -LRB- and -RRB-. Double quotes, dashes and other symbols that prose reads
// as words get the tag spaCy gives them, so that ERRANT sees PUNCT, never
// NOUN or ADV, for punctuation. quotes counts the straight double quotes
// seen so far, to tell opening “ from closing ”.
func fixTag(tokens []string, i int, t string, quotes *int) string {
	w := tokens[i]
	if w == "" {
		return "XX"
	}
	if p, ok := punctTag(w); ok {
		if w == `"` {
			*quotes++
			if *quotes%2 == 1 {
				return "``"
			}
			return "''"
		}
		return p
	}
	if len(w) > 1 && strings.ContainsRune(".!?", rune(w[0])) && unicode.IsLetter(rune(w[1])) {
		// A sentence boundary glued to the next word (".There"): spaCy's
		// tagger reads the leading stop and calls the token punctuation.
		return "."
	}
	if w == "'" {
		// A lone apostrophe is a possessive after a plural (students ')
		// or a quote; prose tells them apart well enough.
		if t == "POS" || t == "''" || t == "``" {
			return t
		}
		return "''"
	}
	if !hasLetterOrDigit(w) {
		// A run of symbols prose does not know: keep a punctuation tag prose
		// chose, otherwise call it a symbol or punctuation as spaCy would.
		if isPunctTag(t) {
			return t
		}
		if allIn(w, ".!?") {
			return "."
		}
		if allIn(w, "-–—") {
			return ":"
		}
		return "NFP"
	}
	switch t {
	case "(", "[", "{":
		return "-LRB-"
	case ")", "]", "}":
		return "-RRB-"
	case "-":
		return "HYPH"
	}
	return t
}

// punctTags fixes the tag of punctuation tokens whose tag spaCy assigns
// regardless of context.
var punctTags = map[string]string{
	".": ".", "!": ".", "?": ".", "...": ":", "..": ":", "…": ":",
	",": ",", ";": ":", ":": ":", "--": ":", "-": "HYPH", "–": ":", "—": ":",
	"(": "-LRB-", "[": "-LRB-", "{": "-LRB-", "-LRB-": "-LRB-", "-LSB-": "-LRB-", "-LCB-": "-LRB-",
	")": "-RRB-", "]": "-RRB-", "}": "-RRB-", "-RRB-": "-RRB-", "-RSB-": "-RRB-", "-RCB-": "-RRB-",
	`"`: "``", "``": "``", "''": "''", "“": "``", "”": "''", "‘": "``", "’": "''",
	"$": "$", "#": "#", "&": "CC", "%": "NN",
}

// punctTag is punctTags[w] for a non-empty w, without hashing a word: no
// key starts with an ASCII letter or digit.
func punctTag(w string) (string, bool) {
	if isASCIIAlnum(w[0]) {
		return "", false
	}
	p, ok := punctTags[w]
	return p, ok
}

func isASCIIAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isPunctTag(t string) bool {
	switch t {
	case ".", ",", ":", "``", "''", "-LRB-", "-RRB-", "HYPH", "NFP", "$", "#", "SYM":
		return true
	}
	return false
}

func hasLetterOrDigit(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func allIn(s, set string) bool {
	for _, r := range s {
		if !strings.ContainsRune(set, r) {
			return false
		}
	}
	return s != ""
}

// lower returns s lower-cased as Python's str.lower does for the text ERRANT
// sees (a fast path for ASCII).
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return strings.ToLower(s)
		}
		if 'A' <= c && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}
