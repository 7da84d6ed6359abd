package sv

import (
	"strings"

	"github.com/kljensen/snowball/swedish"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/generic"
)

// Language is Swedish. The zero value uses the system word list
// (SystemLexicon) for spelling decisions; it is safe for concurrent use.
type Language struct {
	// Lexicon decides which words are spelt correctly. Nil means
	// SystemLexicon(); when that is absent too, spelling is judged by
	// character similarity alone.
	Lexicon *Lexicon
}

// New returns the Swedish rules with the system word list.
func New() *Language { return &Language{} }

// Name returns "sv".
func (*Language) Name() string { return "sv" }

func (l *Language) lexicon() *Lexicon {
	if l.Lexicon != nil {
		return l.Lexicon
	}
	return SystemLexicon()
}

// Annotate fills Lower, Lemma (the Snowball stem of the lower-cased word)
// and POS/Tag: the closed class of the word when it has one, PUNCT or NUM
// by its characters, else a guess from context and suffix (NOUN, VERB,
// ADJ) or X.
func (l *Language) Annotate(tokens []string) *edits.Sentence {
	s := &edits.Sentence{Tokens: make([]edits.Token, len(tokens))}
	for i, t := range tokens {
		low := strings.ToLower(t)
		pos := generic.GuessPOS(t)
		if pos == "X" {
			if p, ok := closedClass[low]; ok {
				pos = p
			}
		}
		lemma := low
		if pos == "X" {
			lemma = stem(low)
		}
		s.Tokens[i] = edits.Token{Text: t, Lower: low, Lemma: lemma, POS: pos}
	}
	guessOpenClasses(s.Tokens, l.lexicon())
	for i := range s.Tokens {
		s.Tokens[i].Tag = s.Tokens[i].POS
	}
	return s
}

// guessOpenClasses gives the X tokens a NOUN, VERB or ADJ guess where
// context or suffix makes one likely.
func guessOpenClasses(ts []edits.Token, lex *Lexicon) {
	for i := range ts {
		if ts[i].POS != "X" {
			continue
		}
		w := ts[i].Lower
		prev := ""
		if i > 0 {
			prev = ts[i-1].Lower
		}
		switch {
		case prev == "att" || (i > 0 && ts[i-1].POS == "AUX" && !strings.HasSuffix(w, "ig")):
			ts[i].POS = "VERB"
		case subjectPronoun[prev] && hasAnySuffix(w, "ar", "er", "ir", "or", "ur", "yr", "de", "te", "dde", "tte"):
			ts[i].POS = "VERB"
		case hasAnySuffix(w, "lig", "ligt", "liga", "isk", "iskt", "iska", "ig", "igt", "iga", "sam", "samt", "samma", "bar", "bart", "bara"):
			ts[i].POS = "ADJ"
		case hasAnySuffix(w, "ning", "ningen", "ningar", "ningarna", "het", "heten", "heter", "tion", "tionen", "skap", "skapet", "else", "elsen", "itet", "iteten", "ande", "ende", "arna", "erna", "orna"):
			ts[i].POS = "NOUN"
		case paradigm(w, lex) != "":
			ts[i].POS = paradigm(w, lex)
		case determinerLike[prev]:
			// Determiner + word: a noun, or an adjective when another
			// open word follows.
			if i+1 < len(ts) && ts[i+1].POS == "X" {
				ts[i].POS = "ADJ"
			} else {
				ts[i].POS = "NOUN"
			}
		case i > 0 && ts[i-1].POS == "ADJ" && determinerLikeBefore(ts, i-1):
			ts[i].POS = "NOUN"
		}
	}
}

func determinerLikeBefore(ts []edits.Token, i int) bool {
	return i > 0 && determinerLike[ts[i-1].Lower]
}

func hasAnySuffix(w string, sufs ...string) bool {
	for _, s := range sufs {
		if len(w) > len(s)+1 && strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// mergeRules are ERRANT's merge rules with Swedish determiners and
// content words.
var mergeRules = &generic.Rules{
	Determiner: func(t *edits.Token) bool { return t.POS == "DET" },
	Content: func(t *edits.Token) bool {
		switch t.POS {
		case "NOUN", "VERB", "ADJ", "ADV", "AUX", "X":
			return true
		}
		return false
	},
}

// Merge groups the non-match steps of an alignment into edits by ERRANT's
// merge rules (generic.Rules) with Swedish determiners.
func (*Language) Merge(o, c *edits.Sentence, ops []edits.AlignOp) []edits.Edit {
	return mergeRules.Merge(o, c, ops)
}

// posType maps a POS tag to the error type it gives.
var posType = map[string]string{
	"DET": "DET", "PRON": "PRON", "ADP": "PREP", "CCONJ": "CONJ", "SCONJ": "CONJ",
	"PART": "PART", "ADV": "ADV", "AUX": "VERB", "VERB": "VERB", "NOUN": "NOUN", "ADJ": "ADJ",
	"NUM": "NUM",
}

// Classify returns the edit's type (see the package documentation).
func (l *Language) Classify(o, c *edits.Sentence, e edits.Edit) string {
	op, kind, typ := generic.Shared(o, c, e)
	if typ != "" {
		return typ
	}
	ot := o.Tokens[e.OStart:e.OEnd]
	ct := c.Tokens[e.CStart:e.CEnd]
	if op == "R" && len(ot) == 1 && len(ct) == 1 {
		a, b := &ot[0], &ct[0]
		if a.POS != "PUNCT" && b.POS != "PUNCT" && sameStem(a.Lower, b.Lower) {
			return "R:MORPH"
		}
		if _, known := closedClass[a.Lower]; kind == "SPELL" && !known {
			lex := l.lexicon()
			if lex == nil || !lex.Has(a.Lower) {
				return "R:SPELL"
			}
		}
	}
	if t := sharedType(ot, ct); t != "" {
		return op + ":" + t
	}
	return op + ":OTHER"
}

// sharedType is the type every word of both sides gives, or "".
func sharedType(a, b []edits.Token) string {
	t := ""
	for _, ts := range [][]edits.Token{a, b} {
		for i := range ts {
			if ts[i].POS == "PUNCT" {
				continue
			}
			pt := posType[ts[i].POS]
			if pt == "" || (t != "" && pt != t) {
				return ""
			}
			t = pt
		}
	}
	return t
}

// inflections are Swedish inflectional endings: definite and plural
// forms of nouns, adjective agreement, verb tense and participle forms.
var inflections = []string{
	"arnas", "ernas", "ornas", "arna", "erna", "orna", "ande", "ende", "ade", "are", "ast", "aste",
	"ens", "ets", "en", "et", "na", "ar", "er", "or", "at", "it", "de", "te", "dd", "tt",
	"a", "e", "n", "t", "s", "r",
}

// sameStem reports whether two different lower-case words are forms of
// one word: equal Snowball stems, or equal once one inflectional ending
// is removed from either (brottet/brott, kille/killen), keeping at least
// three letters.
func sameStem(a, b string) bool {
	if a == b {
		return false
	}
	if stem(a) == stem(b) {
		return true
	}
	strip := func(w string) []string {
		out := []string{w}
		for _, suf := range inflections {
			if rest, ok := strings.CutSuffix(w, suf); ok && len([]rune(rest)) >= 3 {
				out = append(out, rest)
			}
		}
		return out
	}
	for _, x := range strip(a) {
		for _, y := range strip(b) {
			if x == y {
				return true
			}
		}
	}
	return false
}

// paradigm guesses the word class of w from which of its would-be
// inflected forms the lexicon knows: a verb has an infinitive, a present
// and a past tense (pratar: prata, pratade; leva: lever, levde), a noun a plural definite or a genitive
// with a definite form (bilar: bilarna; bil: bilen, bils), an adjective
// its -a and -t forms (stor: stora, stort). It returns "" when the
// lexicon is absent or the evidence is not there.
func paradigm(w string, lex *Lexicon) string {
	if lex == nil || len(w) < 3 {
		return ""
	}
	has := lex.Has
	switch {
	case strings.HasSuffix(w, "ar") && has(w[:len(w)-1]) && (has(w[:len(w)-1]+"de") || has(w[:len(w)-2]+"ade")):
		return "VERB" // pratar
	case strings.HasSuffix(w, "er") && has(w[:len(w)-2]+"a") && !has(w+"na"):
		return "VERB" // lider, leker
	case (strings.HasSuffix(w, "ade") && has(w[:len(w)-2])) || (hasAnySuffix(w, "de", "te") && has(w[:len(w)-2]+"a") && has(w[:len(w)-2]+"er")):
		return "VERB" // pratade, lekte
	case strings.HasSuffix(w, "a") && (has(w+"r") || has(w[:len(w)-1]+"er")) &&
		(has(w+"de") || has(w[:len(w)-1]+"de") || has(w[:len(w)-1]+"te")):
		return "VERB" // prata, leva, leka
	case has(w+"na") && hasAnySuffix(w, "ar", "er", "or", "en", "on"):
		return "NOUN" // bilar, faktorer
	case (has(w+"en") || has(w+"et")) && has(w+"s") && !has(w+"t"):
		return "NOUN" // bil, hus
	case hasAnySuffix(w, "en", "et") && has(w[:len(w)-2]) && has(w[:len(w)-2]+"s") && !has(w[:len(w)-2]+"t"):
		return "NOUN" // bilen, huset
	case has(w+"a") && has(w+"t") && !has(w+"r"):
		return "ADJ" // stor
	case strings.HasSuffix(w, "a") && has(w[:len(w)-1]+"t") && has(w[:len(w)-1]) && !has(w+"r"):
		return "ADJ" // stora
	}
	return ""
}

// stem returns the Snowball Swedish stem of a lower-case word, stop words
// included (they are stemmed like any word, as the published algorithm
// does).
func stem(word string) string { return swedish.Stem(word, true) }
