// Package sv holds the Swedish rules of edit extraction (`--lang sv`).
//
// # Annotation
//
// Tokens are used as given. Lower is the lower-cased text. POS comes from
// closed word-class lists written for this package (pronouns, articles
// and quantifiers, prepositions, conjunctions and subjunctions, the
// infinitive marker and negation, common adverbs, auxiliary and modal
// verbs, number words), from the characters (PUNCT, NUM), and otherwise
// from a guess: VERB after att, an auxiliary, or a subject pronoun with a
// tense ending; ADJ for adjective suffixes (-ig, -lig, -isk, -sam, -bar
// and their -t/-a forms); NOUN for noun suffixes (-ning, -het, -tion,
// -skap, -else, -itet, plural -arna/-erna/-orna); with the lexicon, from
// which inflected forms of the word it knows (a verb's infinitive, present
// and past: pratar/prata/pratade; a noun's definite plural or definite
// and genitive forms: bilar/bilarna, bil/bilen/bils; an adjective's -a and
// -t forms: stor/stora/stort); or NOUN/ADJ after a determiner; X when
// nothing fits. Lemma is the Snowball Swedish stem of an open-class
// word (github.com/kljensen/snowball/swedish, v0.10.0, the published
// algorithm; it replaced a copy of our own after giving the same stems as
// it on all 121,426 words of Debian's wswedish list, lower-cased) and the
// word itself for a closed-class word.
// There is no tagger: POS is a guess meant for typing edits, not a tagging.
//
// # Alignment and merging
//
// Alignment uses ERRANT's costs over these annotations; merging uses
// ERRANT's rules (generic.Rules) with DET as determiner and NOUN, VERB,
// ADJ, ADV, AUX and unknown words as content words.
//
// # Types
//
// An edit is M: (missing), U: (unnecessary) or R: (replacement) followed by
// the first that applies of
//
//	ORTH   only case or spacing differ ("sverige" → "Sverige")
//	WO     the same words in another order
//	PUNCT  only punctuation (or punctuation carrying a case change)
//	MORPH  one word for another form of it: the same Snowball stem, or
//	       the same word once one inflectional ending is removed from
//	       either ("bilar" → "bilarna", "brottet" → "brott"; "springer" →
//	       "sprang" is not detected: different stems)
//	SPELL  one word for a similar one (character similarity ≥ 0.5) where
//	       the source word is not in the lexicon;
//	       without a lexicon, similarity alone decides
//	DET, PRON, PREP, CONJ, PART, ADV, VERB, NOUN, ADJ, NUM
//	       every word on both sides has this class (CONJ covers
//	       conjunctions and subjunctions, VERB auxiliaries too)
//	OTHER  anything else
//
// and UNK for an edit with nothing on either side or identical sides.
//
// # Lexicon and licences
//
// The spelling lexicon is Debian's wswedish word list
// (/usr/share/dict/swedish, about 121,000 forms; `apt-get install
// wswedish`), read on first use at run time. It is GPL-2+ licensed, so it
// is deliberately not embedded in gecmetric (Apache-2.0); without it SPELL
// falls back to similarity. The word-class lists and the stemmer are this
// project's own work (the Snowball algorithm is BSD-licensed).
package sv
