// Package corpora reads and writes the file formats of GEC evaluation:
// M2 (the CoNLL shared-task edit format) and parallel text (one tokenised
// sentence per line, several files side by side). Human-rating and ranking
// files are read by package human.
//
// M2 grammar, as read here:
//
//	file   = { blank } { block { blank } }
//	block  = "S " tokens NL { edit }
//	edit   = "A " start " " end "|||" type "|||" correction "|||" required "|||" comment "|||" coder NL
//
// start and end are token offsets into the S line (-1 -1 for "noop"), the
// correction is space-separated tokens, "-NONE-" or empty for a deletion, and
// may hold alternatives separated by "||". Any number of blank lines may
// separate blocks. A file read and written again unchanged is reproduced
// byte for byte.
//
// Every error names the file and line (and column where it helps) as a
// *ParseError.
package corpora
