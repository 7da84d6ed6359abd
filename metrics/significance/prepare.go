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
	// statistic (the others add nothing to any sum). A dense pair reads
	// their rows in place, b[live[j]] and c[live[j]] (copies would double
	// the memory of a million-sentence comparison); a sparse pair's rows
	// holds, for each, the baseline row followed by the candidate row.
	live []int32
	b, c []metrics.Stats // dense
	rows []float64       // sparse

	// The k sentences whose statistics differ, the only ones a
	// randomisation swap changes: a dense pair lists them in differ and
	// takes candidate − baseline from b and c; a sparse pair's diff holds
	// the differences.
	differ []int32
	diff   []float64
	k      int
}

// addRow adds m times live sentence j's baseline and candidate rows to sb
// and sc.
func (p *pair) addRow(j int, m float64, sb, sc metrics.Stats) {
	if p.b != nil {
		s := p.live[j]
		rb, rc := p.b[s][:p.w], p.c[s][:p.w]
		for t := range p.w {
			sb[t] += m * rb[t]
			sc[t] += m * rc[t]
		}
		return
	}
	w2 := 2 * p.w
	row := p.rows[j*w2 : (j+1)*w2]
	for t := range p.w {
		sb[t] += m * row[t]
		sc[t] += m * row[p.w+t]
	}
}

// addDiff adds differing sentence j's candidate − baseline to ds.
func (p *pair) addDiff(j int, ds metrics.Stats) {
	if p.b != nil {
		s := p.differ[j]
		rb, rc := p.b[s][:p.w], p.c[s][:p.w]
		for t := range p.w {
			ds[t] += rc[t] - rb[t]
		}
		return
	}
	row := p.diff[j*p.w : (j+1)*p.w]
	for t := range p.w {
		ds[t] += row[t]
	}
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
	// Two passes: count, then lay out in slices of the right size (a
	// million sentences' rows are not grown by doubling).
	live, differ := 0, 0
	for i := range base.Rows {
		l, d := liveDiffer(base.Rows[i], cand.Rows[i])
		live, differ = live+l, differ+d
	}
	p.b, p.c = base.Rows, cand.Rows
	p.live = make([]int32, 0, live)
	p.differ = make([]int32, 0, differ)
	for i := range base.Rows {
		l, d := liveDiffer(base.Rows[i], cand.Rows[i])
		if l == 1 {
			p.live = append(p.live, int32(i))
		}
		if d == 1 {
			p.differ = append(p.differ, int32(i))
		}
	}
	p.k = len(p.differ)
	return p
}

// liveDiffer returns 1, 1 when a sentence's rows are not both zero and
// when they differ.
func liveDiffer(b, c metrics.Stats) (live, differ int) {
	for j := range b {
		if b[j] != 0 || c[j] != 0 {
			live = 1
		}
		if b[j] != c[j] {
			differ = 1
		}
	}
	return live, differ
}

// alloc sizes a sparse pair's layout for live and differing sentences.
func (p *pair) alloc(live, differ int) {
	p.live = make([]int32, 0, live)
	p.rows = make([]float64, 0, 2*live*p.w)
	p.diff = make([]float64, 0, differ*p.w)
}

// add lays out sentence i's baseline and candidate rows (a sparse pair).
func (p *pair) add(i int32, b, c metrics.Stats) {
	live, differ := liveDiffer(b, c)
	if live == 1 {
		p.live = append(p.live, i)
		p.rows = append(p.rows, b...)
		p.rows = append(p.rows, c...)
	}
	if differ == 1 {
		p.k++
		for j := range b {
			p.diff = append(p.diff, c[j]-b[j])
		}
	}
}

// A Sparse is a corpus of N sentences whose rows are zero except those of
// Sentences: statistics most sentences lack, such as the counts of one
// error type, without a row per sentence.
type Sparse struct {
	Metric    string
	N         int
	Sentences []int32         // ascending, each below N
	Rows      []metrics.Stats // Rows[k] belongs to sentence Sentences[k]
	Score     func(sum metrics.Stats) float64
}

// CompareSparse is Compare for sparse corpora, with the results Compare
// gives for the same corpora written out in full (the same draws: the
// resampling only ever reads the sentences where a row is not zero).
func CompareSparse(base, cand []*Sparse, opt Options) ([]Result, error) {
	if err := checkCompare(len(base), len(cand), opt); err != nil {
		return nil, err
	}
	pairs := make([]*pair, len(base))
	for i := range base {
		p, err := newSparsePair(base[i], cand[i])
		if err != nil {
			return nil, fmt.Errorf("significance: %w", err)
		}
		if i > 0 && p.n != pairs[0].n {
			return nil, fmt.Errorf("significance: %s has %d sentences but %s has %d", base[i].Metric, p.n, base[0].Metric, pairs[0].n)
		}
		pairs[i] = p
	}
	return compare(pairs, opt), nil
}

// newSparsePair checks and lays out a sparse pair as newPair lays out the
// same pair written out in full.
func newSparsePair(base, cand *Sparse) (*pair, error) {
	switch {
	case base == nil || cand == nil:
		return nil, fmt.Errorf("nil corpus")
	case base.Metric != cand.Metric:
		return nil, fmt.Errorf("metric %q compared with metric %q", base.Metric, cand.Metric)
	case base.N != cand.N:
		return nil, fmt.Errorf("%s: baseline has %d sentences, candidate %d", base.Metric, base.N, cand.N)
	case base.Score == nil:
		return nil, fmt.Errorf("%s: corpus without a Score function", base.Metric)
	}
	w := -1
	for _, s := range []*Sparse{base, cand} {
		if len(s.Sentences) != len(s.Rows) {
			return nil, fmt.Errorf("%s: %d sentences for %d rows", s.Metric, len(s.Sentences), len(s.Rows))
		}
		for k, i := range s.Sentences {
			if i < 0 || int(i) >= s.N || k > 0 && i <= s.Sentences[k-1] {
				return nil, fmt.Errorf("%s: sentence %d out of order or beyond %d", s.Metric, i+1, s.N)
			}
			if w < 0 {
				w = len(s.Rows[k])
			}
			if len(s.Rows[k]) != w {
				return nil, fmt.Errorf("%s: sentence %d has %d statistics, want %d", s.Metric, i+1, len(s.Rows[k]), w)
			}
		}
	}
	w = max(w, 0)
	p := &pair{metric: base.Metric, n: base.N, w: w, score: base.Score}
	p.sumB = metrics.Sum(base.Rows, nil, w)
	p.sumC = metrics.Sum(cand.Rows, nil, w)
	p.base, p.cand = p.score(p.sumB), p.score(p.sumC)
	zero := make(metrics.Stats, w)
	merge := func(each func(i int32, b, c metrics.Stats)) {
		for kb, kc := 0, 0; kb < len(base.Sentences) || kc < len(cand.Sentences); {
			b, c := zero, zero
			var i int32
			switch {
			case kc == len(cand.Sentences) || kb < len(base.Sentences) && base.Sentences[kb] < cand.Sentences[kc]:
				i, b = base.Sentences[kb], base.Rows[kb]
				kb++
			case kb == len(base.Sentences) || cand.Sentences[kc] < base.Sentences[kb]:
				i, c = cand.Sentences[kc], cand.Rows[kc]
				kc++
			default:
				i, b, c = base.Sentences[kb], base.Rows[kb], cand.Rows[kc]
				kb++
				kc++
			}
			each(i, b, c)
		}
	}
	live, differ := 0, 0
	merge(func(_ int32, b, c metrics.Stats) {
		l, d := liveDiffer(b, c)
		live, differ = live+l, differ+d
	})
	p.alloc(live, differ)
	merge(p.add)
	return p, nil
}
