// Package chrf computes chrF (Popović 2015), the character n-gram F-score,
// as sacreBLEU 2 computes it with its defaults (chrF2: character orders 1
// to 6, no word n-grams, β = 2, white space removed).
//
// A sentence's statistics are, for each order n, the hypothesis n-grams,
// the reference n-grams and their clipped matches. A score is the F_β of
// the precision and the recall averaged over the orders that have both
// hypothesis and reference n-grams (sacreBLEU's "effective order"; its
// default, eps_smoothing off), 0 when no order has; scores are in [0, 1],
// not sacreBLEU's [0, 100]. With several
// references a sentence takes the statistics of the reference that gives
// it the best score, as sacreBLEU does. The corpus score is the score of
// the summed statistics, so it can be recomputed for any subset of
// sentences (metrics.Corpus).
package chrf
