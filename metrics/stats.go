package metrics

import "fmt"

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

// A Corpus holds the per-sentence Stats of one metric for one system, in
// input order, and turns any sum of them into the corpus score.
// Significance tests resample its rows with the same indices for a
// baseline and a candidate.
//
// The rows are kept flat, Width numbers per sentence in chunks of
// rowChunk sentences, with no slice header per row: a million sentences of
// {TP, FP, FN} take 24 MB, not 48, and grow without a doubling copy.
// Row hands out views into the chunks.
type Corpus struct {
	Metric string // metric name, e.g. "m2", "errant", "gleu"
	// Score computes the corpus score from summed Stats, e.g. F0.5 from
	// summed TP/FP/FN. It must not keep or modify sum.
	Score func(sum Stats) float64

	width  int
	n      int
	chunks [][]float64
}

// rowChunk is the number of rows per chunk, a power of two so that Row
// finds a row with a shift and a mask.
const (
	rowShift = 13
	rowChunk = 1 << rowShift
)

// NewCorpus returns an empty corpus of rows of width numbers (0: the
// width of the first row added).
func NewCorpus(metric string, width int, score func(sum Stats) float64) *Corpus {
	if width < 0 {
		panic("metrics: NewCorpus: negative width")
	}
	return &Corpus{Metric: metric, Score: score, width: width}
}

// CorpusOf returns a corpus holding a copy of rows, which must all have
// the same length.
func CorpusOf(metric string, rows []Stats, score func(sum Stats) float64) *Corpus {
	c := NewCorpus(metric, 0, score)
	for _, r := range rows {
		c.Add(r)
	}
	return c
}

// Add appends a copy of row as the next sentence's statistics. It panics
// if row's length is not the corpus's width.
func (c *Corpus) Add(row Stats) {
	if c.n == 0 && c.width == 0 {
		c.width = len(row)
	}
	if len(row) != c.width {
		panic(fmt.Sprintf("metrics: %s: Corpus.Add of a row of %d statistics, want %d", c.Metric, len(row), c.width))
	}
	k := c.n >> rowShift
	if k == len(c.chunks) {
		// The first chunk grows as rows come (a test set of a thousand
		// sentences does not take a whole chunk); later ones are whole.
		size := c.width
		if k > 0 {
			size = rowChunk * c.width
		}
		c.chunks = append(c.chunks, make([]float64, 0, size))
	}
	c.chunks[k] = append(c.chunks[k], row...)
	c.n++
}

// Len returns the number of sentences.
func (c *Corpus) Len() int { return c.n }

// Width returns the number of statistics per sentence.
func (c *Corpus) Width() int { return c.width }

// Row returns sentence i's statistics, a view into the corpus that the
// caller must not modify (an append to it copies).
func (c *Corpus) Row(i int) Stats {
	if uint(i) >= uint(c.n) {
		panic("metrics: Corpus.Row beyond the last sentence")
	}
	w := c.width
	k := (i & (rowChunk - 1)) * w
	return Stats(c.chunks[i>>rowShift][k : k+w : k+w])
}

// Rows returns a copy of every sentence's statistics, one Stats each.
func (c *Corpus) Rows() []Stats {
	out := make([]Stats, c.n)
	for i := range out {
		out[i] = append(Stats(nil), c.Row(i)...)
	}
	return out
}

// Sum returns the sum of the rows of the sentences idx (repeats allowed),
// or of all rows when idx is nil.
func (c *Corpus) Sum(idx []int) Stats {
	out := make(Stats, c.width)
	if idx == nil {
		for _, ch := range c.chunks {
			for k := 0; k < len(ch); k += c.width {
				out.Add(ch[k : k+c.width])
			}
		}
		return out
	}
	for _, i := range idx {
		out.Add(c.Row(i))
	}
	return out
}

// Total returns the corpus score over all sentences.
func (c *Corpus) Total() float64 { return c.Score(c.Sum(nil)) }

// Subset returns the corpus score over the sentences idx (repeats allowed).
func (c *Corpus) Subset(idx []int) float64 { return c.Score(c.Sum(idx)) }
