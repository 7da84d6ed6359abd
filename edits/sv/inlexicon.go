package sv

import "strings"

// InLexicon reports whether w is a known Swedish word form (compared
// lower-cased). Without a word list (Debian's wswedish not installed and
// none given) every word is unknown to it, and it reports true, so that
// counts of words outside the lexicon are zero rather than everything.
func (l *Language) InLexicon(w string) bool {
	lex := l.lexicon()
	if lex.Len() == 0 {
		return true
	}
	return lex.Has(strings.ToLower(w))
}
