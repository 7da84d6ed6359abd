// Package htmlreport writes results as self-contained HTML pages, for the
// places where people would rather look than read a table: styles inline,
// figures drawn with gonum/plot and embedded as PNG data: URIs, so that a
// page opens offline and can be mailed as one file.
//
//   - Compare: a compare.Report (gecmetric compare --html). Per candidate,
//     each metric's difference from the baseline with its 95% paired
//     bootstrap interval, the ERRANT error types whose F changed, and the
//     sentences that got worse with their word diffs.
//   - Correlation: a metric against human ratings (gecmetric correlate
//     --plot). Per scale, the units as points with the least-squares line
//     and the statistics with their intervals.
//   - Confusion: an edits agreement report (gecmetric edits --compare-with
//     ... --html). The type confusion as a heat map, want types as rows and
//     got types as columns, shaded by the share of the row.
//
// The figures are drawn deterministically: the same input gives the same
// bytes.
package htmlreport
