// Package calibrate holds the human rating scales, the statistics that
// relate metric values to human ratings (correlation, agreement, with
// confidence intervals), and the fitted models that map metric features to
// predicted ratings on those scales.
package calibrate
