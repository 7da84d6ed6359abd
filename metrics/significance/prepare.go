package significance

import (
	"fmt"

	"github.com/gecmetric/gecmetric/metrics"
)

// A pair is a baseline and a candidate corpus of one metric laid out for
// resampling without allocation. It reads the corpora's rows in place (a
// copy would double the memory of a million-sentence comparison) and
// keeps only lists of sentences.
type pair struct {
	metric     string
	n, w       int // sentences, statistics per sentence
	score      func(metrics.Stats) float64
	sumB, sumC metrics.Stats // totals over all sentences
	base, cand float64       // corpus scores

	// live lists the sentences where either system has a nonzero
	// statistic (the others add nothing to any sum), ascending; differ
	// lists the positions in live of the sentences whose statistics
	// differ, the only ones a randomisation swap changes.
	live   []int32
	differ []int32

	b, c *metrics.Corpus // a dense pair's corpora

	// A sparse pair's corpora and, for each live sentence, the position of
	// its row in each (-1: none, a zero row).
	sb, sc *Sparse
	kb, kc []int32
	zero   metrics.Stats
}

// rows returns live sentence j's baseline and candidate rows.
func (p *pair) rows(j int) (b, c metrics.Stats) {
	if p.b != nil {
		s := int(p.live[j])
		return p.b.Row(s), p.c.Row(s)
	}
	return p.sb.row(p.kb[j], p.zero), p.sc.row(p.kc[j], p.zero)
}

// resample adds to sb and sc each live sentence's baseline and candidate
// rows times its count in the resample (counts by sentence); the loops are
// written out for dense and sparse pairs, this being the bootstrap's
// inner loop.
func (p *pair) resample(counts []float64, sb, sc metrics.Stats) {
	w := p.w
	sb, sc = sb[:w], sc[:w]
	if p.b != nil {
		for _, s := range p.live {
			if m := counts[s]; m != 0 {
				rb, rc := p.b.Row(int(s)), p.c.Row(int(s))
				for t := range w {
					sb[t] += m * rb[t]
					sc[t] += m * rc[t]
				}
			}
		}
		return
	}
	for j, s := range p.live {
		if m := counts[s]; m != 0 {
			rb, rc := p.sb.row(p.kb[j], p.zero), p.sc.row(p.kc[j], p.zero)
			for t := range w {
				sb[t] += m * rb[t]
				sc[t] += m * rc[t]
			}
		}
	}
}

// addDiff adds differing sentence j's candidate − baseline to ds.
func (p *pair) addDiff(j int, ds metrics.Stats) {
	rb, rc := p.rows(int(p.differ[j]))
	for t := range ds[:p.w] {
		ds[t] += rc[t] - rb[t]
	}
}

// checkPair reports why base and cand cannot be compared, or nil.
func checkPair(base, cand *metrics.Corpus) error {
	switch {
	case base == nil || cand == nil:
		return fmt.Errorf("nil corpus")
	case base.Metric != cand.Metric:
		return fmt.Errorf("metric %q compared with metric %q", base.Metric, cand.Metric)
	case base.Len() != cand.Len():
		return fmt.Errorf("%s: baseline has %d sentences, candidate %d", base.Metric, base.Len(), cand.Len())
	case base.Score == nil:
		return fmt.Errorf("%s: corpus without a Score function", base.Metric)
	case base.Len() > 0 && base.Width() != cand.Width():
		return fmt.Errorf("%s: baseline has %d statistics per sentence, candidate %d", base.Metric, base.Width(), cand.Width())
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
	p := &pair{metric: base.Metric, n: base.Len(), w: base.Width(), score: base.Score, b: base, c: cand}
	p.sumB, p.sumC = base.Sum(nil), cand.Sum(nil)
	p.base, p.cand = p.score(p.sumB), p.score(p.sumC)
	p.index(func(each func(i int32, b, c metrics.Stats)) {
		for i := range p.n {
			each(int32(i), base.Row(i), cand.Row(i))
		}
	})
	return p
}

// index lists the live and differing sentences of the rows that walk
// gives, in order: a counting pass, then one into slices of the right
// size (a million sentences' lists are not grown by doubling).
func (p *pair) index(walk func(each func(i int32, b, c metrics.Stats))) {
	live, differ := 0, 0
	walk(func(_ int32, b, c metrics.Stats) {
		l, d := liveDiffer(b, c)
		live, differ = live+l, differ+d
	})
	p.live = make([]int32, 0, live)
	p.differ = make([]int32, 0, differ)
	walk(func(i int32, b, c metrics.Stats) {
		l, d := liveDiffer(b, c)
		if d == 1 {
			p.differ = append(p.differ, int32(len(p.live)))
		}
		if l == 1 {
			p.live = append(p.live, i)
		}
	})
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

// A Sparse is a corpus of N sentences whose rows are zero except those of
// Sentences: statistics most sentences lack, such as the counts of one
// error type, without a row per sentence. The rows are flat: Width numbers
// per listed sentence.
type Sparse struct {
	Metric    string
	N         int
	Width     int       // statistics per sentence
	Sentences []int32   // ascending, each below N
	Rows      []float64 // Rows[k*Width:(k+1)*Width] belongs to Sentences[k]
	Score     func(sum metrics.Stats) float64
}

// row returns the k-th listed row, or zero when k < 0.
func (s *Sparse) row(k int32, zero metrics.Stats) metrics.Stats {
	if k < 0 {
		return zero
	}
	i := int(k) * s.Width
	return metrics.Stats(s.Rows[i : i+s.Width : i+s.Width])
}

// Sum returns the sum of the rows.
func (s *Sparse) Sum() metrics.Stats {
	out := make(metrics.Stats, s.Width)
	for i := 0; i+s.Width <= len(s.Rows) && s.Width > 0; i += s.Width {
		out.Add(s.Rows[i : i+s.Width])
	}
	return out
}

// check reports why s is not a well-formed sparse corpus, or nil.
func (s *Sparse) check() error {
	if s.Width < 0 || len(s.Rows) != len(s.Sentences)*s.Width {
		return fmt.Errorf("%s: %d numbers for %d sentences of %d statistics", s.Metric, len(s.Rows), len(s.Sentences), s.Width)
	}
	for k, i := range s.Sentences {
		if i < 0 || int(i) >= s.N || k > 0 && i <= s.Sentences[k-1] {
			return fmt.Errorf("%s: sentence %d out of order or beyond %d", s.Metric, i+1, s.N)
		}
	}
	return nil
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
	case base.Width != cand.Width:
		return nil, fmt.Errorf("%s: baseline has %d statistics per sentence, candidate %d", base.Metric, base.Width, cand.Width)
	case base.Score == nil:
		return nil, fmt.Errorf("%s: corpus without a Score function", base.Metric)
	}
	for _, s := range []*Sparse{base, cand} {
		if err := s.check(); err != nil {
			return nil, err
		}
	}
	w := base.Width
	p := &pair{metric: base.Metric, n: base.N, w: w, score: base.Score, sb: base, sc: cand, zero: make(metrics.Stats, w)}
	p.sumB, p.sumC = base.Sum(), cand.Sum()
	p.base, p.cand = p.score(p.sumB), p.score(p.sumC)
	// The union of the listed sentences, in order, and where each one's
	// rows are (-1: none, a zero row).
	var sents, kb, kc []int32
	for jb, jc := int32(0), int32(0); int(jb) < len(base.Sentences) || int(jc) < len(cand.Sentences); {
		pb, pc := int32(-1), int32(-1)
		switch {
		case int(jc) == len(cand.Sentences) || int(jb) < len(base.Sentences) && base.Sentences[jb] < cand.Sentences[jc]:
			sents, pb = append(sents, base.Sentences[jb]), jb
			jb++
		case int(jb) == len(base.Sentences) || cand.Sentences[jc] < base.Sentences[jb]:
			sents, pc = append(sents, cand.Sentences[jc]), jc
			jc++
		default:
			sents, pb, pc = append(sents, base.Sentences[jb]), jb, jc
			jb++
			jc++
		}
		kb, kc = append(kb, pb), append(kc, pc)
	}
	rows := func(u int) (b, c metrics.Stats) { return base.row(kb[u], p.zero), cand.row(kc[u], p.zero) }
	p.index(func(each func(i int32, b, c metrics.Stats)) {
		for u, i := range sents {
			b, c := rows(u)
			each(i, b, c)
		}
	})
	// The positions of the live sentences only, kept in place.
	p.kb, p.kc = kb[:0], kc[:0]
	for u := range sents {
		if l, _ := liveDiffer(rows(u)); l == 1 {
			p.kb, p.kc = append(p.kb, kb[u]), append(p.kc, kc[u])
		}
	}
	return p, nil
}
