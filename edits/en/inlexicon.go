package en

// InLexicon reports whether w is in the British English word list ERRANT
// uses for spelling decisions (SCOWL en_GB-large, -ise and -ize spellings;
// case-sensitive). Scorers of remaining errors use it to count words
// outside the lexicon.
func (*Language) InLexicon(w string) bool { return inLexicon(w) }
