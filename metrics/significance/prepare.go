package significance

import (
	"fmt"

	"github.com/gecmetric/gecmetric/metrics"
)

// A pair is a baseline and a candidate corpus of one metric laid out for
// resampling without allocation.
type pair struct {
	metric     string
	n, w       int // sentences, statistics per sentence
	score      func(metrics.Stats) float64
	sumB, sumC metrics.Stats // totals over all sentences
	base, cand float64       // corpus scores

	// live lists the sentences where either system has a nonzero
	// statistic (the others add nothing to any sum); rows holds, for each,
	// the baseline row followed by the candidate row.
	live []int32
	rows []float64

	// diff holds candidate − baseline for the k sentences whose statistics
	// differ: only these change under a randomisation swap.
	diff []float64
	k    int
}

// checkPair reports why base and cand cannot be compared, or nil.
func checkPair(base, cand *metrics.Corpus) error {
	switch {
	case base == nil || cand == nil:
		return fmt.Errorf("nil corpus")
	case base.Metric != cand.Metric:
		return fmt.Errorf("metric %q compared with metric %q", base.Metric, cand.Metric)
	case len(base.Rows) != len(cand.Rows):
		return fmt.Errorf("%s: baseline has %d sentences, candidate %d", base.Metric, len(base.Rows), len(cand.Rows))
	case base.Score == nil:
		return fmt.Errorf("%s: corpus without a Score function", base.Metric)
	}
	w := base.Width()
	for i := range base.Rows {
		if len(base.Rows[i]) != w || len(cand.Rows[i]) != w {
			return fmt.Errorf("%s: sentence %d has %d and %d statistics, want %d",
				base.Metric, i+1, len(base.Rows[i]), len(cand.Rows[i]), w)
		}
	}
	return nil
}

// mustPair is newPair for the functions that panic on misuse.
func mustPair(base, cand *metrics.Corpus) *pair {
	if err := checkPair(base, cand); err != nil {
		panic("significance: " + err.Error())
	}
	return newPair(base, cand)
}

// newPair lays out a checked pair.
func newPair(base, cand *metrics.Corpus) *pair {
	p := &pair{metric: base.Metric, n: len(base.Rows), w: base.Width(), score: base.Score}
	p.sumB = metrics.Sum(base.Rows, nil, p.w)
	p.sumC = metrics.Sum(cand.Rows, nil, p.w)
	p.base, p.cand = p.score(p.sumB), p.score(p.sumC)
	for i := range base.Rows {
		b, c := base.Rows[i], cand.Rows[i]
		live, differ := false, false
		for j := range b {
			if b[j] != 0 || c[j] != 0 {
				live = true
			}
			if b[j] != c[j] {
				differ = true
			}
		}
		if live {
			p.live = append(p.live, int32(i))
			p.rows = append(p.rows, b...)
			p.rows = append(p.rows, c...)
		}
		if differ {
			p.k++
			for j := range b {
				p.diff = append(p.diff, c[j]-b[j])
			}
		}
	}
	return p
}
