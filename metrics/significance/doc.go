// Package significance compares a candidate system with a baseline on the
// same sentences and says whether the difference is larger than chance: a
// paired bootstrap interval of the score difference, a p-value by paired
// approximate randomisation, a ranking of several systems into groups that
// are not significantly different, and a Gate that turns the results into
// the regressions a continuous-integration job should fail on.
//
// # Input
//
// Every test works on [metrics.Corpus] values: per-sentence sufficient
// statistics (TP/FP/FN, n-gram counts) and the function that turns their sum
// into the corpus score. Scores are never averaged over sentences; every
// resample sums the statistics of the sentences it draws and recomputes the
// corpus score, so M2, ERRANT and GLEU are tested as they are defined. A
// baseline and a candidate must hold the same metric over the same sentences
// in the same order; functions given mismatched corpora panic (the package
// name starts the message), Compare returns an error instead.
//
// # Paired bootstrap (Koehn 2004; Efron and Tibshirani 1993)
//
// A resample draws N sentence indices uniformly with replacement from the N
// sentences, and the same indices are used for baseline and candidate. The
// statistic is delta = score(candidate) − score(baseline) on the resample.
// The interval is the percentile interval of the sorted deltas: for B
// resamples the lower end is the ⌊B/40⌋-th smallest (0-based) and the upper
// end the (B−⌊B/40⌋−1)-th, the convention of sacreBLEU's estimate_ci, so
// B = 1000 gives the 26th smallest and the 26th largest delta.
//
// # Paired approximate randomisation (Noreen 1989; Riezler and Maxwell 2005)
//
// Under the null hypothesis the two systems are exchangeable sentence by
// sentence: each trial swaps the baseline's and the candidate's statistics of
// every sentence independently with probability 1/2 and recomputes
// |delta'|. With c the number of trials where |delta'| ≥ |delta| (less a
// tolerance of 1e-12·max(1, |delta|) that absorbs rounding), the two-sided
// p-value is
//
//	p = (c + 1) / (T + 1)
//
// for T trials, as in Riezler and Maxwell (2005). sacreBLEU (significance.py,
// _compute_p_value, taken from MultEval) uses the same formula but counts
// only |delta'| > |delta|, so it reports p = 1/(T+1) for a system compared
// with itself; with ≥, identical systems get p = 1, which is what a
// regression gate needs. Only sentences whose statistics differ between the
// two systems change under a swap, so a trial costs time in proportion to
// the number of differing sentences, not to N. When those k sentences allow
// no more than T distinct swap patterns (2^k ≤ T), all 2^k patterns are
// enumerated instead and p is the exact permutation p-value c/2^k (the
// identity pattern is among them, so p ≥ 2^-k); Randomization.Exact says
// which was done.
//
// # Determinism
//
// Every function takes an explicit seed; nothing is read from the
// environment. The generator is math/rand/v2's PCG, and bounded draws are
// done in this package (Lemire's multiply-and-reject), so a seed gives the
// same resamples, intervals and p-values on every platform and Go release.
// The bootstrap and the randomisation of each metric use separate streams
// derived from the seed and the metric name, so adding a metric to a
// comparison does not change another metric's numbers.
//
// # Several systems
//
// Rank orders systems by score and forms groups greedily from the top: a
// system joins the current group when it is not significantly different
// (p ≥ alpha, approximate randomisation) from every system already in the
// group, and starts a new group otherwise. No correction for multiple
// comparisons is applied; each pairwise p-value is reported so that one can
// be applied.
//
// # Performance
//
// Resamples are kept as index multiplicities in one reused buffer, sums go
// into reused buffers, and sentences whose statistics are all zero are
// skipped; nothing is allocated per resample. 1,000 bootstrap resamples and
// 1,000 randomisation trials over 1,312 sentences and three metrics take well
// under a second on one core (BenchmarkCompare).
//
// # Concurrency
//
// Functions do not keep or modify their inputs and may be called
// concurrently; each call runs on one goroutine and calls the Score
// functions of its corpora from it.
package significance
