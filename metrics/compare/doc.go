// Package compare checks that a candidate system is not worse than a
// baseline on the same test set, and says what got worse: the regression
// gate behind `gecmetric compare`, usable from a Go test.
//
// # Input
//
// Each system is a [System]: its output lines, one [metrics.Corpus] per
// metric (per-sentence sufficient statistics, in the same metric order for
// every system), optionally ERRANT's per-sentence counts by error type and
// the hypothesis edits of each sentence. How the systems were scored is not
// this package's business; gecmetric's eval pipeline fills them, and any
// other per-sentence statistics can be passed (MeanCorpus turns a
// per-sentence score such as a judge's 0–1 rating into a Corpus).
//
// # What Run reports, for each candidate against the baseline
//
//   - Per metric: both corpus scores, the difference, its 95% paired
//     bootstrap interval and the paired approximate randomisation p-value
//     (package significance: same resampled sentences for both systems,
//     corpus scores recomputed from summed statistics).
//   - Per error type (when Types are given): TP/FP/FN and F of both systems,
//     the difference of F and its p-value; a type is flagged Worse when its
//     F dropped with p < Alpha. Flags are information, not regressions:
//     among fifty types some drop by chance.
//   - The sentences that got worse, worst first: the impact of sentence i on
//     metric m is score(C) − score(C − c_i + b_i), how much the candidate's
//     corpus score would rise if sentence i were the baseline's output (C
//     the candidate's summed statistics, c_i and b_i the two systems' rows
//     of sentence i). Sentences are ordered by their impact on the first
//     metric (Options.WorstBy), with a unified diff of the two outputs
//     (go-difflib), a word diff, and the edits only one of the systems made.
//   - The regressions under Options.Gate: a metric whose drop exceeds its
//     tolerated maximum with p < Alpha.
//
// With two or more candidates, every metric also gets a ranking of all
// systems (baseline included) with groups of systems that are not
// significantly different (significance.Rank).
//
// # Output
//
// A Report marshals to JSON as is, and writes itself as text (WriteText)
// and as JUnit XML (WriteJUnit), one test case per candidate and metric,
// failed when the metric regressed, for CI dashboards.
//
// # Determinism and cost
//
// Results depend only on the inputs and Options.Seed. On CoNLL-2014 (1,312
// sentences, m2, errant and gleu, 1,000 resamples) Run takes about 0.1 s of
// CPU per candidate, of which the three metrics' tests are a third and the
// tests of every ERRANT error type most of the rest (BenchmarkRunCoNLL).
package compare
