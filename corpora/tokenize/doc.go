// Package tokenize turns raw English text into the tokens of the CoNLL-2014
// references (NUCLE's Penn-Treebank-style tokenisation, which ERRANT's M2
// files keep), turns tokens back into raw text, and tells raw text from
// tokenised text.
//
// # Tokenize
//
// Text is split on white space; each piece then loses, from its edges
// only, what a writer attaches to a word:
//
//   - opening brackets and double quotes at the start: ( [ { " “ ‘ `
//   - closing punctuation at the end, one token each, innermost last:
//     . , ; : ? ! ) ] } " ” ’ ' and "..." as one token; a period stays on
//     an abbreviation (a single letter, a word with an inner period such
//     as "U.S." or "e.g.", or a title such as "Mr." or "etc.")
//   - English clitics: n't (can't → ca n't, won't → wo n't), 's, 're, 've,
//     'll, 'd, 'm, in either apostrophe (' or ’)
//
// Nothing inside a piece is split: "face-to-face", "his/her", "3.5",
// "1,000" and a learner's "information.However" stay one token each, as in
// the CoNLL-2014 files, and an opening single quote stays on its word
// ("'risk" is one CoNLL token). That makes Tokenize idempotent on
// tokenised text: on every line of the CoNLL-2014 source, references and
// six system outputs, Tokenize(line) equals strings.Fields(line) (tested).
// Where spaCy (ERRANT's -tok) would also split inner hyphens, slashes and
// commas, this package follows the references that the scores compare with.
//
// # Detokenize
//
// Detokenize is the inverse for the same conventions (Moses-style): closing
// punctuation and clitics join the word before them, opening brackets the
// word after them, and double quotes alternate between opening and closing.
// Tokenize(Detokenize(t)) gives t back for almost every CoNLL-2014 line.
//
// # Raw or tokenised
//
// RawShare is the share of a file's non-empty lines that Tokenize would
// change. Tokenised text scores near 0 (0 on the CoNLL-2014 files), raw
// text near 1 (most sentences end in a period glued to the last word).
// Raw compares a file's share with its references' and says whether it
// is raw (see Raw for the rule).
package tokenize
