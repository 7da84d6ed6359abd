package en

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/edits"
)

// Classify returns ERRANT's error type of e (errant/en/classifier.py,
// ERRANT 2.3/3.x): "M:", "U:" or "R:" for missing, unnecessary and
// replaced tokens, then one of the 25 main types; "UNK" for an edit that
// changes nothing; "noop" for the placeholder edit of an unchanged
// sentence.
//
// The tokens of e are read from o and c through its spans; a side whose
// span is unknown or out of range (CStart < 0, as for an edit read from
// M2) is annotated from e.O or e.C on its own, without sentence context.
//
// The rules are ERRANT's, in ERRANT's order; they are listed in
// replacementRules, oneSidedRules and the rule families below. ERRANT reads
// spaCy's fine tags, coarse POS, lemmas and dependency labels; here they
// are Token.Tag, Token.POS, Token.Lemma and Token.Dep. ERRANT's coarse
// categories come from the fine tag through its tag map (errantPOS), as in
// ERRANT; Token.POS is used only where ERRANT reads spaCy's own coarse tag
// (the one-sided "to" rule and the merger).
//
// ERRANT also walks the dependency tree in one place, to ask whether a verb
// has an auxiliary (preceded_by_aux); here the approximated heads of
// auxiliaries stand in for the tree (precededByAux).
func (l *Language) Classify(o, c *edits.Sentence, e edits.Edit) string {
	if e.IsNoop() {
		return "noop"
	}
	oSide := l.sideOf(o, e.OStart, e.OEnd, e.O)
	cSide := l.sideOf(c, e.CStart, e.CEnd, e.C)
	if len(oSide.toks) > 0 && len(cSide.toks) > 0 && slices.EqualFunc(oSide.toks, cSide.toks, sameText) {
		// ERRANT compares the edit's full strings once, before ignoring
		// trailing case changes: same to same is detected, not corrected.
		return "UNK"
	}
	return classifySides(oSide, cSide)
}

// sideOf returns the tokens [start, end) of s, or, when that span is not
// in s, the tokens annotated on their own.
func (l *Language) sideOf(s *edits.Sentence, start, end int, tokens []string) side {
	if s != nil && start >= 0 && start <= end && end <= s.Len() {
		return side{sent: s, at: start, toks: s.Tokens[start:end]}
	}
	return wholeSide(l.Annotate(tokens))
}

// A side is the source or correction part of an edit: toks, which start
// at index at of the sentence sent.
type side struct {
	sent *edits.Sentence
	at   int
	toks []edits.Token
}

func wholeSide(s *edits.Sentence) side { return side{sent: s, toks: s.Tokens} }

// classifySides is ERRANT's classify after the same-string test.
func classifySides(o, c side) string {
	switch {
	case len(o.toks) == 0 && len(c.toks) == 0:
		return "UNK"
	case len(o.toks) == 0:
		return "M:" + oneSidedType(c.toks)
	case len(c.toks) == 0:
		return "U:" + oneSidedType(o.toks)
	}
	// A case change of the last token of a multi-token edit is ignored:
	// [Doctor -> The doctor] is M:DET, [, since -> . Since] R:PUNCT.
	if (len(o.toks) > 1 || len(c.toks) > 1) &&
		lowerOf(o.toks[len(o.toks)-1]) == lowerOf(c.toks[len(c.toks)-1]) {
		o.toks = o.toks[:len(o.toks)-1]
		c.toks = c.toks[:len(c.toks)-1]
		return classifySides(o, c)
	}
	return "R:" + twoSidedType(newPair(o, c))
}

func sameText(a, b edits.Token) bool { return a.Text == b.Text }

// errantTags maps Penn Treebank tags to ERRANT's coarse categories: the
// Universal Dependencies mapping (en-ptb_map, as updated in ERRANT 2.1:
// EX is PRON, LS is X) with ADP renamed PREP, PROPN merged into NOUN and
// CCONJ renamed CONJ, plus the spaCy-only tags ERRANT adds.
var errantTags = map[string]string{
	"#": "SYM", "$": "SYM", "''": "PUNCT", ",": "PUNCT", "-LRB-": "PUNCT",
	"-RRB-": "PUNCT", ".": "PUNCT", ":": "PUNCT", "AFX": "ADJ", "CC": "CONJ",
	"CD": "NUM", "DT": "DET", "EX": "PRON", "FW": "X", "HYPH": "PUNCT",
	"IN": "PREP", "JJ": "ADJ", "JJR": "ADJ", "JJS": "ADJ", "LS": "X",
	"MD": "VERB", "NIL": "X", "NN": "NOUN", "NNP": "NOUN", "NNPS": "NOUN",
	"NNS": "NOUN", "PDT": "DET", "POS": "PART", "PRP": "PRON", "PRP$": "DET",
	"RB": "ADV", "RBR": "ADV", "RBS": "ADV", "RP": "PART", "SYM": "SYM",
	"TO": "PART", "UH": "INTJ", "VB": "VERB", "VBD": "VERB", "VBG": "VERB",
	"VBN": "VERB", "VBP": "VERB", "VBZ": "VERB", "WDT": "DET", "WP": "PRON",
	"WP$": "DET", "WRB": "ADV", "``": "PUNCT",
	// spaCy tags outside the UD table.
	`""`: "PUNCT", "SP": "SPACE", "_SP": "SPACE", "BES": "VERB", "HVS": "VERB",
	"ADD": "X", "GW": "X", "NFP": "X", "XX": "X",
}

// errantPOS returns ERRANT's coarse category of t; an unknown tag is X.
func errantPOS(t edits.Token) string {
	if p, ok := errantTags[t.Tag]; ok {
		return p
	}
	return "X"
}

// Word classes of the rules.
var (
	// openClass are the categories that inflect.
	openClass = set("ADJ", "ADV", "NOUN", "VERB")
	// rarePOS make uninformative types; edits of only these are OTHER.
	rarePOS = set("INTJ", "NUM", "SYM", "X")
	// contractions are the clitics of contracted forms.
	contractions = set("'d", "'ll", "'m", "n't", "'re", "'s", "'ve")
	// depTypes maps dependency labels that imply a type.
	depTypes = map[string]string{
		"acomp": "ADJ", "amod": "ADJ", "advmod": "ADV", "det": "DET",
		"prep": "PREP", "prt": "PART", "punct": "PUNCT",
	}
)

// auxContractions are the auxiliaries whose contracted stem differs from
// the word: "ca n't", "sha n't", "wo n't".
var auxContractions = map[string]string{"ca": "can", "sha": "shall", "wo": "will"}

type stringSet map[string]struct{}

func set(xs ...string) stringSet {
	s := make(stringSet, len(xs))
	for _, x := range xs {
		s[x] = struct{}{}
	}
	return s
}

func (s stringSet) has(x string) bool { _, ok := s[x]; return ok }

// uniq returns the distinct values of lists, in order of appearance.
func uniq(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		for _, x := range l {
			if !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
	}
	return out
}

// sameSet reports whether the distinct values of lists are exactly want.
func sameSet(want []string, lists ...[]string) bool {
	u := uniq(lists...)
	if len(u) != len(want) {
		return false
	}
	for _, w := range want {
		if !slices.Contains(u, w) {
			return false
		}
	}
	return true
}

// subsetOf reports whether every value of lists is in allowed.
func subsetOf(allowed stringSet, lists ...[]string) bool {
	for _, l := range lists {
		for _, x := range l {
			if !allowed.has(x) {
				return false
			}
		}
	}
	return true
}

func posAndDep(toks []edits.Token) (pos, dep []string) {
	pos = make([]string, len(toks))
	dep = make([]string, len(toks))
	for i, t := range toks {
		pos[i] = errantPOS(t)
		dep[i] = t.Dep
	}
	return pos, dep
}

func runeLen(s string) int { return utf8.RuneCountInString(s) }

func hasPrefixAux(dep string) bool { return strings.HasPrefix(dep, "aux") }
