// Package edits turns a source sentence and a correction into a list of
// edits, the unit every gecmetric score and judgement counts in.
//
// Extraction runs in three stages, kept apart as in ERRANT:
//
//  1. Align: a linguistically weighted Damerau-Levenshtein alignment of the
//     two token sequences (or plain Levenshtein), giving a sequence of Ops.
//  2. Merge: grouping of adjacent non-match Ops into edits, by a language's
//     rules or by one of the language-independent strategies.
//  3. Classify: an error type such as "R:VERB:SVA" for each edit.
//
// A Language supplies the per-language pieces (token annotation, merge rules,
// classifier); edits/en, edits/sv and edits/generic implement it.
//
// Tokens are used exactly as given: nothing in this package re-tokenises.
// A Sentence is annotated once and may be compared with any number of
// corrections; Sentences are read-only after Annotate and safe for
// concurrent use.
package edits
