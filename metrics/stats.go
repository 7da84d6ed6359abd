package metrics

// Stats are one sentence's sufficient statistics for one metric: counts that
// add up across sentences (TP/FP/FN for edit scores, n-gram matches and
// totals for GLEU). A corpus score is a function of the sum of its
// sentences' Stats, never a mean of sentence scores, so a score can be
// recomputed for any subset or resample of sentences.
type Stats []float64

// Add adds o into s, which must have the same length.
func (s Stats) Add(o Stats) {
	if len(s) != len(o) {
		panic("metrics: Stats.Add of different lengths")
	}
	for i, v := range o {
		s[i] += v
	}
}

// Sum returns the sum of rows[i] for every i in idx, or of all rows when
// idx is nil. Indices may repeat (a bootstrap resample). width is the
// length of a row, used when there is nothing to add.
func Sum(rows []Stats, idx []int, width int) Stats {
	out := make(Stats, width)
	if idx == nil {
		for _, r := range rows {
			out.Add(r)
		}
		return out
	}
	for _, i := range idx {
		out.Add(rows[i])
	}
	return out
}

// A Corpus holds the per-sentence Stats of one metric for one system, and
// turns any sum of them into the corpus score. Significance tests resample
// Rows with the same indices for a baseline and a candidate.
type Corpus struct {
	Metric string  // metric name, e.g. "m2", "errant", "gleu"
	Rows   []Stats // one row per sentence, in input order
	// Score computes the corpus score from summed Stats, e.g. F0.5 from
	// summed TP/FP/FN. It must not keep or modify sum.
	Score func(sum Stats) float64
}

// Width returns the length of a row.
func (c *Corpus) Width() int {
	if len(c.Rows) == 0 {
		return 0
	}
	return len(c.Rows[0])
}

// Total returns the corpus score over all sentences.
func (c *Corpus) Total() float64 { return c.Score(Sum(c.Rows, nil, c.Width())) }

// Subset returns the corpus score over the sentences idx (repeats allowed).
func (c *Corpus) Subset(idx []int) float64 { return c.Score(Sum(c.Rows, idx, c.Width())) }
