// Package edits turns a source sentence and a correction into a list of
// edits, the unit every gecmetric score and judgement counts in. It
// reproduces ERRANT (Bryant et al. 2017; errant_parallel, errant_m2)
// without Python or spaCy.
//
// Extraction runs in three stages, kept apart as in ERRANT:
//
//  1. Align: a linguistically weighted Damerau-Levenshtein alignment of the
//     two token sequences (or plain Levenshtein), giving a sequence of
//     AlignOps. Identical tokens match for free; insertion and deletion
//     cost 1; substitution costs SubstitutionCost (0 for a case change,
//     else lemma 0/0.499 + POS 0/0.25/0.5 + character distance); n ≥ 2
//     tokens that are the same multiset lower-cased may be transposed for
//     n-1, searched back along a diagonal of non-matches only. Ties are
//     broken in ERRANT's order, transposition > substitution > insertion >
//     deletion, reading the path back from the end.
//  2. Merge: grouping of adjacent non-match steps into edits, by a
//     language's rules (MergeRules) or by one of ERRANT's
//     language-independent strategies (MergeAllSplit, MergeAllMerge,
//     MergeAllEqual).
//  3. Classify: an error type such as "R:VERB:SVA" for each edit.
//
// Extract runs all three. A Language supplies the per-language pieces
// (token annotation, merge rules, classifier); edits/en, edits/sv and
// edits/generic implement it.
//
// # Compatibility with ERRANT
//
// Costs are computed in float64 in ERRANT's order of operations, so ties
// fall the same way. The character distance is python-Levenshtein's ratio
// as used by ERRANT 2.x ((l-d)/l); ERRANT 3 computes the same quantity as
// 1-d/l with rapidfuzz. On the CoNLL-2014 system outputs both forms give
// identical alignments. Unchanged sentences give no edits; M2's "noop"
// line is written by the caller (Noop), as errant_parallel does.
// Reclassify types existing (gold) edits the way `errant_m2 -gold` does.
//
// # Concurrency and performance
//
// Tokens are used exactly as given: nothing in this package re-tokenises.
// A Sentence is annotated once and may be compared with any number of
// corrections; Sentences are read-only after Annotate. AnnotateCorrection
// annotates a correction reusing its source's annotation where the
// Language can (English copies the tagger's tags away from the edits);
// the result is Annotate's. Align, Merge, Extract and Reclassify are safe
// for concurrent use; Parallel, AnnotateAll and ExtractAll spread work
// over the cores. Align keeps its matrices in flat pooled buffers and
// compares interned integers in its inner loop; it appends a common suffix
// as matches and writes, rather than computes, the cells beside a common
// prefix (their costs are exactly |i-j|), so a correction costs roughly
// the square of the stretch between its first and last edit; it skips the
// character distance of substitutions and the transposition search where
// they cannot win. Extraction with tagging (source annotated once, each
// changed correction annotated and extracted) runs at about 50,000
// CoNLL-2014 sentence pairs per CPU-second on one core
// (agreement.BenchmarkExtractCoNLL14).
package edits
