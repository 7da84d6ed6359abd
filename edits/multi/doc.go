// Package multi is the rule set shared by the languages gecmetric types
// without a tagger: Czech, German, Greek, Estonian, Icelandic, Italian,
// Latvian, Russian, Slovene, Ukrainian and Chinese (see edits/langs). The
// categories every language has are written once here; what is a
// language's own is a field: its Hunspell word list, the type of a change
// of diacritics (Czech DIACR, Greek ACC), its stemmer (Russian: Snowball).
//
// # No POS tagger
//
// No part-of-speech tagger is reachable offline for these languages, so
// no type names a word class (ERRANT's R:NOUN:NUM, German ERRANT's
// R:DET:FORM, ERRANT-CZ's R:NOUN:INFL have no counterpart here), and
// merging cannot use one: where ERRANT merges a run whose words share a
// POS, these rules do not (generic.Rules.Untagged). Compared with a port
// that types by POS, only the categories both have can agree: SPELL,
// ORTH, PUNCT, WO (and MORPH against FORM or INFL).
//
// # Annotation, alignment, merging
//
// Tokens are used as given. Lower is the lower-cased text, Lemma equals
// Lower, POS is PUNCT, NUM or X from the characters (generic.GuessPOS).
// Alignment is ERRANT's over these; merging is ERRANT's rules without
// grammar (generic.Rules with Untagged).
//
// # Types
//
// An edit is M: (missing), U: (unnecessary) or R: (replacement) followed
// by the first that applies of
//
//	ORTH   only case or white space differ
//	WO     the same words in another order
//	PUNCT  only punctuation (or punctuation carrying a case change)
//	DIACR  (cs), ACC (el): the sides are equal once combining marks are
//	       removed (StripMarks: "jidla" → "jídla", "σπιτι" → "σπίτι")
//	SPELL  one word for a similar one (character similarity ≥ 0.5) that
//	       the word list does not know; without a word list, a similar
//	       word that is not another form of the same word
//	MORPH  one known word for another form of it (SameStem: the
//	       Snowball stem where the language has one, else a shared
//	       beginning of three or more characters with at most four
//	       different ones after it on each side: "Haus" → "Häuser")
//	OTHER  anything else
//
// and UNK for an edit with nothing on either side or identical sides.
//
// # Word lists
//
// The word list is Debian's Hunspell dictionary of the language
// (hunspell-cs, hunspell-de-de, hunspell-el, hunspell-is, hunspell-it,
// hunspell-lv, hunspell-ru, hunspell-sl, hunspell-uk; myspell-et for
// Estonian), read with edits/hunspell on first use from DictDirs. Their
// licences (GPL, LGPL, MPL and others) differ from gecmetric's, so they
// are read at run time and never embedded. When one is missing, Missing
// says so and how to install it, and SPELL falls back to similarity.
package multi
