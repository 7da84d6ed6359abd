// Package calibrate holds the human rating scales, the statistics that
// relate metric values to human ratings (correlation, agreement, with
// confidence intervals), and the fitted models that map metric features to
// predicted ratings on those scales.
//
// # Layout
//
// Three packages share the work, so that imports point one way
// (cmd → calibrate → human → corpora → edits; calibrate → metrics → edits) with no cycle:
//
//   - human (a floor below calibrate): Scale, Rating, Ratings, Ranking,
//     and the readers of every rating and ranking file, which check
//     labels against scales while they know the file and line.
//   - calibrate/stat (leaf): plain functions over slices — Pearson,
//     Spearman, KendallTauB, PairwiseAccuracy (acc_eq), WMTKendall,
//     CohenKappa, KrippendorffAlpha, Bootstrap, ExpectedWins, TrueSkill.
//   - calibrate (this package): operations on rating tables — SystemMeans,
//     Agreement, RankAlpha, PostEditDistance, Correlate, RankSystems.
//
// Scale and Ratings are aliases of the human types, so calibrate.Scale is
// the scale everywhere.
//
// # Other
//
// A rating of Other has no value. It is counted (SystemScore.Other) but
// never averaged, never correlated, and is a missing value for agreement.
//
// # Reproductions
//
// The tests recompute from the raw files, where ../shared is present:
// Sottana et al. (2023)'s potato_aggregated/gec.csv (all 96 means and
// population standard deviations, bit for bit; the humans' ratings are
// taken in annotation_order.txt order and summed pairwise as numpy does)
// and all 18 GEC Krippendorff alphas (alpha over the annotators' rankings
// of the four systems by mean score); and Östling et al. (2024)'s Table 4
// (main rater's means per system, Other excluded, and the mean
// character-level Levenshtein distance to her post-edits divided by the
// longer string's length).
package calibrate
