package generic

import (
	"slices"
	"strings"
	"unicode"

	"github.com/gecmetric/gecmetric/edits"
)

// Language is the language-agnostic rule set. The zero value is ready to
// use and it is safe for concurrent use.
type Language struct {
	// Code is the language code Name reports; "" reports "xx".
	Code string
}

// New returns the generic rules reporting the language code code ("" for
// "xx").
func New(code string) *Language { return &Language{Code: code} }

// Name returns the language code.
func (l *Language) Name() string {
	if l.Code == "" {
		return "xx"
	}
	return l.Code
}

// Annotate fills Lower, Lemma (= Lower), and a POS and Tag guessed from
// the characters: PUNCT, NUM or X.
func (*Language) Annotate(tokens []string) *edits.Sentence {
	s := &edits.Sentence{Tokens: make([]edits.Token, len(tokens))}
	for i, t := range tokens {
		low := strings.ToLower(t)
		pos := GuessPOS(t)
		s.Tokens[i] = edits.Token{Text: t, Lower: low, Lemma: low, POS: pos, Tag: pos}
	}
	return s
}

// GuessPOS returns PUNCT for a token of punctuation and symbols only, NUM
// for digits with optional number punctuation (at least one digit), and X
// otherwise.
func GuessPOS(t string) string {
	switch {
	case IsPunct(t):
		return "PUNCT"
	case isNumber(t):
		return "NUM"
	}
	return "X"
}

// IsPunct reports whether t is non-empty and made only of punctuation and
// symbol characters.
func IsPunct(t string) bool {
	if t == "" {
		return false
	}
	for _, r := range t {
		if !unicode.IsPunct(r) && !unicode.IsSymbol(r) {
			return false
		}
	}
	return true
}

func isNumber(t string) bool {
	digit := false
	for _, r := range t {
		switch {
		case unicode.IsDigit(r):
			digit = true
		case r == '.' || r == ',' || r == '-' || r == '/' || r == ':' || r == '%' || r == '+':
		default:
			return false
		}
	}
	return digit
}

// Merge groups the non-match steps of an alignment into edits by ERRANT's
// merge rules restricted to what needs no grammar (see Rules).
func (*Language) Merge(o, c *edits.Sentence, ops []edits.AlignOp) []edits.Edit {
	return defaultRules.Merge(o, c, ops)
}

var defaultRules = &Rules{}

// Classify returns the edit's type: "M:", "U:" or "R:" followed by ORTH,
// WO, PUNCT, SPELL or OTHER, or "UNK" (see the package documentation).
func (*Language) Classify(o, c *edits.Sentence, e edits.Edit) string {
	op, kind := Basic(o, c, e)
	if kind == "" {
		kind = "OTHER"
	}
	if op == "" {
		return kind
	}
	return op + ":" + kind
}

// Shared returns Basic's operation and kind of e and, when the rules
// every language shares settle it, its type: "UNK", or the operation with
// ORTH, WO or PUNCT ("R:ORTH"); typ is "" when a language's own rules must
// decide (SPELL included).
func Shared(o, c *edits.Sentence, e edits.Edit) (op, kind, typ string) {
	op, kind = Basic(o, c, e)
	switch kind {
	case "UNK":
		return op, kind, "UNK"
	case "ORTH", "WO", "PUNCT":
		return op, kind, op + ":" + kind
	}
	return op, kind, ""
}

// Basic returns the operation ("M", "U", "R", or "" for UNK) and the
// language-independent kind of e: "UNK", "ORTH", "WO", "PUNCT", "SPELL",
// or "" when none applies and a language's own rules must decide.
// SPELL is only a guess from similarity; languages with a lexicon should
// check their own rules before accepting it.
func Basic(o, c *edits.Sentence, e edits.Edit) (op, kind string) {
	ot := o.Tokens[e.OStart:e.OEnd]
	ct := c.Tokens[e.CStart:e.CEnd]
	switch {
	case len(ot) == 0 && len(ct) == 0:
		return "", "UNK"
	case len(ot) == 0:
		op = "M"
	case len(ct) == 0:
		op = "U"
	default:
		op = "R"
		if slices.EqualFunc(ot, ct, sameText) {
			return "", "UNK"
		}
	}
	if op == "R" {
		if joinLower(ot) == joinLower(ct) {
			return op, "ORTH"
		}
		if len(ot) > 1 && len(ot) == len(ct) && sameMultiset(ot, ct) {
			return op, "WO"
		}
	}
	if allPunct(ot) && allPunct(ct) {
		return op, "PUNCT"
	}
	// A punctuation change carrying a case change with it: [; the → . The].
	if op == "R" && ot[len(ot)-1].Lower == ct[len(ct)-1].Lower &&
		allPunct(ot[:len(ot)-1]) && allPunct(ct[:len(ct)-1]) {
		return op, "PUNCT"
	}
	if op == "R" && len(ot) == 1 && len(ct) == 1 && ot[0].POS != "PUNCT" && ct[0].POS != "PUNCT" &&
		ot[0].POS != "NUM" && ct[0].POS != "NUM" && edits.CharRatio(ot[0].Lower, ct[0].Lower) >= 0.5 {
		return op, "SPELL"
	}
	return op, ""
}

func sameText(a, b edits.Token) bool { return a.Text == b.Text }

func joinLower(ts []edits.Token) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.Lower)
	}
	return b.String()
}

func sameMultiset(a, b []edits.Token) bool {
	count := make(map[string]int, len(a))
	for _, t := range a {
		count[t.Lower]++
	}
	for _, t := range b {
		count[t.Lower]--
		if count[t.Lower] < 0 {
			return false
		}
	}
	return true
}

func allPunct(ts []edits.Token) bool {
	for _, t := range ts {
		if t.POS != "PUNCT" {
			return false
		}
	}
	return true
}
