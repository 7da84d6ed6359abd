package en

import "unicode"

// Coarse part of speech, as spaCy 2 assigns it.
//
// ERRANT reads two different coarse tags from spaCy. Its alignment and
// merger read Token.pos, which spaCy 2 derives from the fine tag through the
// English tag map and then overrides, for a few words, through the English
// morphology rules (auxiliaries become AUX, "not" becomes PART, pronominal
// "this" becomes PRON). Its classifier ignores Token.pos and maps the fine
// tag through its own table (en-ptb_map). Token.POS holds the former,
// reproduced here.
//
// Which spaCy 2 release made the M2 files we compare against is not
// recorded, and releases differ in these tables. Where they differ, the
// choice below is the one that agrees best with ERRANT's CoNLL-2014 M2
// (measured with edits/agreement): PRP$ and WP$ → DET, MD → AUX,
// auxiliaries → AUX, and no SCONJ rule for subordinating IN words (with it,
// span F1 over six systems drops from 0.9986 to 0.9982).

// tagPOS is spaCy 2's English tag map (spacy/lang/en/tag_map.py): fine
// Penn Treebank tag → Universal POS. PRP$ and WP$ are DET, as in the spaCy 2
// releases ERRANT 2 ran on (the 2.3 map's PRON would keep ERRANT's merger
// from splitting a final possessive determiner: "his or her → their" is
// "his or → ∅" + "her → their" in ERRANT's M2 of CoNLL-2014).
var tagPOS = map[string]string{
	".": "PUNCT", ",": "PUNCT", "-LRB-": "PUNCT", "-RRB-": "PUNCT",
	"``": "PUNCT", `""`: "PUNCT", "''": "PUNCT", ":": "PUNCT",
	"$": "SYM", "#": "SYM", "AFX": "ADJ", "CC": "CCONJ", "CD": "NUM",
	"DT": "DET", "EX": "PRON", "FW": "X", "HYPH": "PUNCT", "IN": "ADP",
	"JJ": "ADJ", "JJR": "ADJ", "JJS": "ADJ", "LS": "X", "MD": "AUX",
	"NIL": "", "NN": "NOUN", "NNP": "PROPN", "NNPS": "PROPN", "NNS": "NOUN",
	"PDT": "DET", "POS": "PART", "PRP": "PRON", "PRP$": "DET",
	"RB": "ADV", "RBR": "ADV", "RBS": "ADV", "RP": "ADP", "SP": "SPACE",
	"SYM": "SYM", "TO": "PART", "UH": "INTJ", "VB": "VERB", "VBD": "VERB",
	"VBG": "VERB", "VBN": "VERB", "VBP": "VERB", "VBZ": "VERB",
	"WDT": "PRON", "WP": "PRON", "WP$": "DET", "WRB": "ADV", "ADD": "X",
	"NFP": "PUNCT", "GW": "X", "XX": "X", "BES": "VERB", "HVS": "VERB",
	"_SP": "SPACE",
}

// A morphRule is spaCy 2.3's per-word analysis for one fine tag: a coarse
// POS and/or a lemma that replace what the tag map and lemmatiser give.
type morphRule struct {
	pos, lemma string
}

// pronLemma is spaCy 2's lemma for personal pronouns.
const pronLemma = "-PRON-"

// morphRules are spaCy 2.3's English morphology rules
// (spacy/lang/en/morph_rules.py), keyed by fine tag, then by word in lower
// case. spaCy matches a word exactly or in Python's title case
// ("they", "They"), never in other casings ("THEY"); see morphRuleFor.
var morphRules = map[string]map[string]morphRule{
	"DT": wordsTo(morphRule{pos: "PRON"}, "this", "that", "those", "these"),
	"NN": wordsTo(morphRule{pos: "PRON"},
		"something", "anyone", "anything", "nothing", "someone", "everything",
		"everyone", "everybody", "nobody", "somebody", "anybody", "any1"),
	"PRP": wordsTo(morphRule{pos: "PRON", lemma: pronLemma},
		"I", "me", "you", "he", "him", "she", "her", "it", "we", "us", "they",
		"them", "mine", "his", "hers", "its", "ours", "yours", "theirs",
		"myself", "yourself", "himself", "herself", "itself", "themself",
		"ourselves", "yourselves", "themselves"),
	"PRP$": wordsTo(morphRule{lemma: pronLemma},
		"my", "your", "his", "her", "its", "our", "their"),
	"RB": wordsTo(morphRule{pos: "PART"}, "not", "n't", "nt", "n’t"),
	"VB": wordsTo(morphRule{pos: "AUX"},
		"be", "have", "do", "get", "of", "am", "are", "'ve"),
	"VBN": {"been": {pos: "AUX", lemma: "be"}},
	"VBG": {"being": {pos: "AUX", lemma: "be"}},
	"VBZ": merge(
		wordsTo(morphRule{pos: "AUX", lemma: "be"}, "am", "are", "is", "'re", "'s"),
		wordsTo(morphRule{pos: "AUX"}, "has", "does")),
	"VBP": merge(
		wordsTo(morphRule{pos: "AUX", lemma: "be"}, "are", "'re", "am", "'m"),
		wordsTo(morphRule{pos: "AUX"}, "do", "have", "'ve", "'s", "is", "'d")),
	"VBD": merge(
		wordsTo(morphRule{pos: "AUX", lemma: "be"}, "was", "were"),
		wordsTo(morphRule{pos: "AUX"}, "did", "had", "'d")),
}

func wordsTo(r morphRule, words ...string) map[string]morphRule {
	m := make(map[string]morphRule, len(words))
	for _, w := range words {
		m[w] = r
	}
	return m
}

func merge(a, b map[string]morphRule) map[string]morphRule {
	for k, v := range b {
		a[k] = v
	}
	return a
}

// morphRuleFor returns the rule for word with fine tag tag. low is word in
// lower case.
func morphRuleFor(tag, word, low string) (morphRule, bool) {
	rules := morphRules[tag]
	if rules == nil {
		return morphRule{}, false
	}
	if r, ok := rules[word]; ok {
		return r, true
	}
	if word != low && word == pyTitle(low) {
		r, ok := rules[low]
		return r, ok
	}
	return morphRule{}, false
}

// pyTitle returns s in Python's str.title case: a letter is upper-cased
// when it follows a non-letter, lower-cased otherwise ("n't" → "N'T").
func pyTitle(s string) string {
	out := make([]rune, 0, len(s))
	prevLetter := false
	for _, r := range s {
		isLetter := unicode.IsLetter(r)
		switch {
		case isLetter && !prevLetter:
			out = append(out, unicode.ToUpper(r))
		case isLetter:
			out = append(out, unicode.ToLower(r))
		default:
			out = append(out, r)
		}
		prevLetter = isLetter
	}
	return string(out)
}

// coarsePOS returns spaCy 2.3's coarse POS for word with fine tag tag.
func coarsePOS(tag, word, low string) string {
	if r, ok := morphRuleFor(tag, word, low); ok && r.pos != "" {
		return r.pos
	}
	if p, ok := tagPOS[tag]; ok {
		return p
	}
	return "X"
}
