// Package stat computes the statistics of human-judgement meta-evaluation:
// correlation (Pearson, Spearman, Kendall's tau-b), pairwise accuracy with
// the tie conventions of the meta-evaluation literature, chance-corrected
// agreement (Cohen's kappa unweighted, linear and quadratic; Krippendorff's
// alpha nominal, ordinal and interval), seeded bootstrap confidence
// intervals, and system rankings from pairwise judgements (Expected Wins,
// TrueSkill).
//
// In the style of gonum's stat package, numerics are plain functions over
// slices. Misuse (slices of different lengths, a category out of range)
// panics with the package name; degenerate data (no variance, fewer than
// two values, no disagreement possible) gives NaN. Missing values in
// reliability data are NaN.
//
// # Ties
//
// Ties are where hand-rolled meta-evaluation goes wrong. Ranks are average
// ranks (ties share the mean of the positions they span, as scipy's
// rankdata and pandas' rank(method="average")). KendallTauB is Kendall's
// tau-b, (C−D)/sqrt((n0−n1)(n0−n2)), which corrects for ties in either
// variable; gonum's stat.Kendall counts tied pairs as agreeing and is not
// used. PairwiseAccuracy is acc_eq of Deutsch, Foster and Freitag (2023):
// a pair agrees when human and metric order it the same way or both tie
// it (a metric tie being a difference of at most Epsilon). WMTKendall is
// the tau-like formulation of the WMT metrics tasks for relative
// rankings (Ma et al. 2018, 2019; Mathur et al. 2020): pairs tied by the
// humans are left out and pairs tied by the metric count as discordant,
// (Concordant−Discordant)/(Concordant+Discordant).
//
// # Reproducibility
//
// Bootstrap takes an explicit seed and draws from math/rand/v2's PCG, so a
// given seed gives the same interval on every machine and Go release that
// keeps PCG's documented output.
package stat
