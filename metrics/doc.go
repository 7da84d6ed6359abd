// Package metrics scores corrections against references with the numbers of
// the reference tools (M2 MaxMatch, ERRANT, GLEU) and estimates, sentence by
// sentence, what human raters judge: over-correction, remaining errors and
// meaning drift.
//
// Every metric yields per-sentence sufficient statistics that add up; a
// corpus score is a function of their sum, so significance tests and shards
// recompute scores from any subset of sentences.
package metrics
