// Package errant scores hypothesis edits against reference edits the way
// ERRANT's compare_m2.py (v3.0.2) does, with the same numbers and the same
// printed tables.
//
// # Input
//
// Each sentence is a [Sentence]: the edits of one or more annotators
// (coders), in the order the coders first appear in the M2 block. A
// hypothesis usually has one coder, a reference one per annotator. A
// sentence with no annotation at all counts as coder 0 with no edits, as
// compare_m2.py adds a noop edit to an M2 block without A lines.
//
// # What matches
//
// An edit is reduced to a key that depends on the [Mode]:
//
//	SpanCorrection      (start, end, correction)          compare_m2.py -cs (default)
//	SpanCorrectionType  (start, end, type, correction)    -cse
//	SpanDetection       (start, end)                      -ds
//	TokenDetection      (t, t+1) for every source token t -dt; an insertion at t
//	                    in the span, (t, t+1) for an      counts as touching token t
//	                    insertion at t
//
// Edits of one coder with the same key are kept together with their types.
// A hypothesis key found among the reference keys is a true positive once
// per reference edit with that key (counted under the reference's type);
// otherwise a false positive once per hypothesis edit. A reference key not
// among the hypothesis keys is a false negative once per reference edit.
// Edits of type "noop" never count.
//
// Before keys are made, edits are dropped by these filters, in order:
// "UNK" edits in the two correction modes (UNK marks an error the annotator
// could not correct, so it can only be detected); with Options.Single,
// edits that span two or more source tokens or whose correction field has
// two or more white-space separated words; with Options.Multi, edits that
// span fewer than two source tokens and whose correction has fewer than two
// words; edits whose type is in Options.Filter. A coder whose edits are all
// dropped still takes part, with no edits.
//
// # Choosing a reference
//
// For each sentence every (hypothesis coder, reference coder) pair is
// compared, in coder order. The pair kept is the one whose counts, added to
// the corpus counts of the sentences before it, give the highest F-beta
// rounded to 4 decimals; among equal F, the one with more true positives,
// then fewer false positives, then fewer false negatives; among full ties,
// the first. The choice therefore depends on sentence order, exactly as in
// compare_m2.py.
//
// # Scores
//
// Precision is 1 when there are no false positives (so also when nothing
// was proposed), recall is 1 when there are no false negatives, and F is 0
// when precision and recall are both 0. [Score] returns these unrounded;
// the printed tables round to 4 decimals like compare_m2.py (Python 3
// round-half-even of the exact binary value) and print floats the way
// Python's str does.
//
// # Corrections as text
//
// compare_m2.py compares the correction field as written, so a deletion
// written "-NONE-" does not match one written as an empty field, and
// "a  b" does not match "a b". Give the fields as read in
// Annotation.Fields (corpora.M2Edit.CorrectionField, errant.Group) to get
// exactly that; without them the field is rebuilt as ERRANT writes the
// edits it extracts (a deletion as an empty field) from the edit's tokens,
// which is what edits extracted by gecmetric carry. On 2,400 random M2
// pairs (mixed deletion spellings, alternatives, several coders in any
// order, UNK, noop, every mode, -single, -multi, -filt, -cat, beta 1 and 2)
// the printed output equals compare_m2.py's byte for byte.
//
// # Sufficient statistics
//
// [Result.Corpus] gives one metrics.Stats row {TP, FP, FN} per sentence, for
// the reference chosen in the full run; the corpus F of any subset or
// resample is computed from their sum. The choice of reference is not
// redone for a subset (compare_m2.py's choice depends on the running
// corpus counts, which a subset does not have).
//
// [Pairs] gives a sentence's counts for every coder pair, which depend on
// that sentence alone, and a [Chooser] picks among them in corpus order as
// Compare does: shards count pairs in parallel, one ordered pass over three
// numbers per pair reproduces Compare's totals exactly.
//
// # Performance and concurrency
//
// Compare allocates little per sentence and scores the CoNLL-2014 test set
// (1,312 sentences, two annotators) in about 2 ms. A Result is
// read-only after Compare and safe for concurrent use.
package errant
