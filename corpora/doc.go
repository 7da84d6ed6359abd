// Package corpora reads and writes the file formats of GEC evaluation:
// M2 (the CoNLL shared-task edit format), parallel text (one tokenised
// sentence per line, several files side by side), JSON Lines, and the
// public human-rating sets.
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
// # Human ratings and rankings
//
// The rating readers return human.Ratings (package calibrate/human, a leaf
// package that corpora and calibrate both import, so scales are checked
// here, while the file and line are known, without corpora importing
// calibrate): Seed000.ReadPotato, ReadAnswers and ReadSottanaDir (Sottana
// et al. 2023: Potato annotated_instances.jsonl, GPT-4 output.jsonl),
// ReadQueries/WriteQuery (the seed-000 query format), ReadSwedish and
// ReadSwedishDir (Östling et al. 2024, ratings and post-edits), ReadGUG
// (Heilman et al. 2014), RatingTable.ReadCSV/ReadJSONL for any table with
// named columns, and Seed003Crowd for MTurk-style batch CSVs
// (Input.*/Answer.* columns). ReadWMTRankings (WMT CSV, JFLEG's
// pairwise.csv) and ReadAppraiseRankings (Appraise XML, the CoNLL-2014
// ranking sets) return human.Ranking values. A label that is not on its
// scale is an error wrapping ErrUnknownLabel; other malformed rating data
// wraps ErrRatingSyntax.
//
// Every error names the file and line (and column where it helps) as a
// *ParseError.
package corpora
