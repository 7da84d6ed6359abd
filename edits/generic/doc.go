// Package generic is the language-agnostic edits.Language, used for
// `--lang xx` and any language without rules of its own. It never fails on
// any input and needs no data.
//
// # Annotation
//
// Lower is the lower-cased text and Lemma equals Lower. POS (and Tag) is a
// guess from the characters alone: PUNCT for a token made only of
// punctuation and symbols, NUM for one made of digits and number
// punctuation ("1,200", "3.5"), X otherwise. ERRANT's alignment costs then
// reduce to case-insensitive identity, a 0.5 penalty for aligning words
// with punctuation, and character similarity.
//
// # Merging
//
// Language.Merge groups the steps between two matches like ERRANT's rule
// merger does where its rules need no grammar:
//
//  1. A transposition is an edit of its own.
//  2. A run whose source and correction are equal once case and spaces are
//     ignored ("can not" → "cannot", "Every day" → "everyday") is one edit.
//  3. Steps touching punctuation are edits of their own, except that a
//     punctuation change followed by a case change of the next word
//     ("; the" → ". The") is one edit.
//  4. Adjacent substitutions of words are one edit; adjacent insertions of
//     words are one edit, and so are adjacent deletions.
//
// # Types
//
// An edit is M: (missing: nothing in the source), U: (unnecessary: nothing
// in the correction) or R: (replacement), followed by
//
//	ORTH   only case or white space differ ("internet" → "Internet",
//	       "every day" → "everyday")
//	WO     the same words in another order (compared lower-cased)
//	PUNCT  every token involved is punctuation
//	SPELL  one word replaced by one similar word: CharRatio ≥ 0.5 on the
//	       lower-cased forms, and neither is a number
//	OTHER  anything else
//
// checked in this order (ORTH and WO only for R:). An edit with nothing on
// either side, or the same text on both, is UNK, as in ERRANT.
package generic
