// Package pipeline is gecmetric's scoring as an Apache Beam pipeline (Go
// SDK, github.com/apache/beam/sdks/v2): the numbers of `gecmetric eval`
// (M2 scorer 3.2, ERRANT compare_m2, GLEU compute_gleu), the M2 of
// `gecmetric edits` with counts per error type, and the judge's ratings
// with per-system means, for corpora larger than one machine. It lives in
// its own Go module so that the gecmetric command does not carry Beam's
// dependencies; it imports the core library and copies none of it.
//
// # Stages
//
//	Read       every input (source, references, hypotheses) is a list of
//	           shards, read in parallel; each sentence (a text line or an
//	           M2 block) is keyed by its number in the whole input, found
//	           from the shards' sentence counts (a side input), so shards
//	           of different inputs need not be cut at the same places or
//	           read on the same machine. Shards are listed in natural order
//	           (SortShards: part-2 before part-10; names numbered alike
//	           refused), and raw text is refused, tokenised or let through
//	           as `gecmetric eval` does (ApplyPolicy, Input.Tokenize)
//	Group      GroupByKey on the sentence number brings a sentence's source,
//	           references and hypotheses together
//	Score      per sentence, in parallel: annotate the source once, extract
//	           edits, and compute each metric's per-sentence statistics for
//	           every annotator or reference (M2: correct/proposed/gold per
//	           annotator; ERRANT: TP/FP/FN per coder pair; GLEU: n-gram
//	           Counts per reference); the M2 block of the hypotheses'
//	           edits; the judge's ratings
//	Ordered    one ordered pass over the compact statistics makes the
//	pass       choices that depend on corpus order (below) and computes the
//	           corpus scores
//	Sums       edit counts per type and judge ratings are summed per
//	           system by combiners (order-free)
//	Write      the JSON Report; the M2 in files of ChunkSize sentences,
//	           each sorted, named so that concatenating them in name order
//	           gives the whole file
//
// # The distributed result is the sequential one
//
// Three choices depend on sentence order. The M2 scorer and compare_m2.py
// choose each sentence's annotator (coder pair) by the F of the running
// corpus totals with that sentence added, and compute_gleu draws the
// references of iteration j from one Mersenne Twister seeded with j*101
// and advanced sentence by sentence. What they choose among does not
// depend on order: a sentence's counts against each annotator, pair or
// reference. So the Score stage computes those for every alternative,
// anywhere, and the ordered pass feeds them in sentence order to the
// core's m2.Chooser, errant.Chooser and gleu.Iterations, which Score and
// Compare themselves use: the choices, and so every number, are exactly
// those of `gecmetric eval` and of the original tools, and the signature is
// eval's. The ordered pass runs on one worker and holds every sentence's
// compact statistics: with two references, three metrics and one system
// about 200 bytes per sentence (1M sentences: 0.2 GB; 200M: 40 GB, a
// large worker); its work is a few microseconds per sentence and system,
// most of it GLEU's 500 draws.
//
// The judge's per-system means are sums divided by counts, combined in any
// order; `gecmetric judge` sums in numpy's pairwise order, so the means
// agree to about 1e-14 (measured on CoNLL-2014: 4.9e-15), not bit for
// bit.
//
// # Inputs
//
// As `gecmetric eval`: references are M2 (every annotator a reference, an
// M2 file gives the source) or tokenised text (edits extracted with
// Config.Lang); hypotheses are tokenised text (M2 hypotheses are not read).
// With one M2 reference the M2 scorer's own reader prepares the gold, per
// block. An M2 file's annotators are those of the whole file (a side
// input), so a block that lacks one gets an unchanged reference from it,
// as eval does.
//
// # Runners
//
// The command gecmetric-beam runs on Prism, the Go SDK's in-process
// portable runner, by default; --runner=flink, spark or dataflow with
// Beam's usual flags (--endpoint, --environment_type, --project, ...)
// runs the same binary as the workers.
package pipeline
