// Package report writes the validation report of gecmetric's calibrated
// judge models: one self-contained HTML page (styles inline, plots as PNG
// data: URIs, nothing fetched) with what a researcher would put in a
// paper.
//
// The page holds, in order:
//
//   - the must-show agreement tables of package judge (judge.Tables):
//     Sottana et al. (2023) per scale, gecmetric beside GPT-4 against the
//     mean of three humans; the Swedish models' weighted kappa with the main
//     rater beside the second rater's on the doubly rated outputs; the
//     estimated remaining errors against the edits to the rater's
//     post-edit; GUG's held-out test split; system-level Spearman with
//     bootstrap intervals;
//   - every model's cross-validated agreement with its training target;
//   - per model, a scatter plot of the cross-validated expected value
//     against the human mean (jittered, seeded) and a reliability plot:
//     outputs binned by prediction into equal-sized bins, each bin's mean
//     human rating (±1 standard error) against its mean prediction.
//
// Every prediction shown is cross-validated with folds grouped by source
// sentence, except the held-out section, which is a model applied to data
// it never saw. Building the report fits every default model (a minute on
// two cores); the page itself is deterministic given the fitted models.
package report
