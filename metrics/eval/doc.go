// Package eval scores systems against a test set with several metrics at
// once, the library behind `gecmetric eval`.
//
// A [TestSet] holds the source sentences and the references: one
// [Reference] per annotator, each with its corrected text (for GLEU) and,
// when read from an M2 file, its edits; a plain-text reference has its
// edits extracted with the configured edits.Language. An [Evaluator]
// annotates every source once, on first need, and scores any number of
// [System]s, each plain text (edits extracted like a reference's) or read
// from an M2 file (edits used as they are, as compare_m2.py -hyp does).
//
// Extraction runs sentences in parallel over GOMAXPROCS cores; a
// hypothesis sentence equal to its source is neither annotated nor
// aligned, and each distinct correction of a sentence is extracted once per
// Evaluator, whichever systems or references share it (edits are shared
// between results: treat them as read-only). ERRANT's comparison and GLEU's sampling are sequential by
// nature (both depend on the sentences before) and take milliseconds.
//
// [Evaluator.Signature] names everything the scores depend on, in the
// manner of sacreBLEU: the gecmetric version, the number of references,
// the tokenisation (tokens are used as given), the extraction rules and
// each metric's options. It is built from the configuration only.
//
// [CheckTokens] finds hypotheses whose punctuation is not split off as
// the references' is, the commonest reason for a surprisingly low score.
package eval
