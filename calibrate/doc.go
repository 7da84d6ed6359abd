// Package calibrate relates metric values to human judgements: agreement
// between raters, correlation of metrics with ratings (with confidence
// intervals), system rankings, and the fitted models that map evidence
// features to predicted ratings on the raters' scales.
//
// # Layout
//
// calibrate is floor 4 of the house (see internal/floors): it imports
// human (floor 3: scales, ratings, rankings and their files), metrics and
// corpora (floor 2), edits (floor 1) and parseerr (floor 0), and is
// imported only by annotate and cmd. Its rooms:
//
//   - calibrate (this package): operations on rating tables —
//     SystemMeans, Agreement, RankAlpha, PostEditDistance, Correlate,
//     CorrelationStatistics, RankSystems — the metric-score reader
//     (ReadMetricScores, ReadMetricFile), Units, FitModel and Validate (grouped
//     cross-validation), and Model (ReadModel/WriteModel, JSON).
//   - calibrate/stat (a leaf): plain functions over slices — Pearson,
//     Spearman, KendallTauB, PairwiseAccuracy (acc_eq), WMTKendall,
//     CohenKappa, KrippendorffAlpha, Bootstrap, ExpectedWins, TrueSkill.
//   - calibrate/ordinal (a leaf): proportional-odds regression.
//   - calibrate/judge: the default models (embedded, fitted by a committed
//     generator) and the judge that applies them.
//   - calibrate/llmjudge: the seed-000 protocol against an LLM.
//   - calibrate/report: the HTML validation report.
//
// The rating files themselves are read in package human; Scale and
// Ratings here are aliases of the human types, so calibrate.Scale is the
// scale everywhere.
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
