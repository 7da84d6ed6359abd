package gleu

import (
	"fmt"
)

// A Prepared holds one sentence's source and references with their
// n-grams counted, for scoring hypotheses of that sentence one at a time:
// a Scorer's work for one sentence, for callers that stream.
type Prepared struct {
	st  sentence
	buf []gram
}

// Prepare counts the n-grams of one source sentence and its references.
func Prepare(source []string, refs [][]string) (*Prepared, error) {
	if len(refs) == 0 {
		return nil, ErrNoReference
	}
	p := &Prepared{}
	st := &p.st
	st.vocab = make(map[string]uint16, len(source)+len(source)/4)
	st.ref = make([]grams, len(refs))
	st.rlen = make([]int, len(refs))
	if !st.learn(source) {
		return nil, fmt.Errorf("gleu: more than %d distinct tokens in a sentence", maxVocab)
	}
	for k, r := range refs {
		if !st.learn(r) {
			return nil, fmt.Errorf("gleu: more than %d distinct tokens in a sentence", maxVocab)
		}
		st.rlen[k] = len(r)
	}
	st.src, p.buf = st.count(source, p.buf)
	for k, r := range refs {
		st.ref[k], p.buf = st.count(r, p.buf)
	}
	return p, nil
}

// Stats returns the Counts of hypothesis hyp against every reference.
// It is not safe for concurrent use.
func (p *Prepared) Stats(hyp []string) []Counts {
	out, buf := p.st.stats(hyp, p.buf)
	p.buf = buf
	return out
}

// Draws yields, sentence by sentence, the reference index that each
// iteration draws, exactly as compute_gleu draws them (see Sampler): one
// generator per iteration, seeded with j*101, advanced by one draw per
// sentence. It keeps iterations × 2.5 KB of generator state, whatever the
// number of sentences.
type Draws struct {
	refs int
	s    Sampler
	gens []mt19937
	idx  []uint8
}

// NewDraws returns the draws of opt's iterations among refs references.
func NewDraws(refs int, opt Options) *Draws {
	iters := opt.iterations(refs)
	d := &Draws{refs: refs, s: opt.Sampler, idx: make([]uint8, iters)}
	if refs > 1 {
		d.gens = make([]mt19937, iters)
		for j := range d.gens {
			d.gens[j].seed(int64(j) * 101)
		}
	}
	return d
}

// Next returns the reference drawn by each iteration for the next
// sentence. The slice is reused by the next call.
func (d *Draws) Next() []uint8 {
	for j := range d.gens {
		d.idx[j] = uint8(d.gens[j].below(d.refs, d.s))
	}
	return d.idx
}

// An Accumulator sums one hypothesis's Counts, sentence by sentence, for
// every iteration: the corpus GLEU of Scorer.Score without keeping the
// sentences.
type Accumulator struct {
	opt  Options
	sums []Counts
}

// NewAccumulator returns an Accumulator for refs references.
func NewAccumulator(refs int, opt Options) *Accumulator {
	return &Accumulator{opt: opt, sums: make([]Counts, opt.iterations(refs))}
}

// Add adds one sentence: its Counts against each reference and the
// references drawn for it (Draws.Next). It returns the sentence with its
// expected counts, as Scorer.Score gives it.
func (a *Accumulator) Add(refs []Counts, drawn []uint8) Sentence {
	st := Sentence{Refs: refs}
	var freq [256]int
	for j, k := range drawn {
		freq[k]++
		a.sums[j] = a.sums[j].Add(refs[k])
	}
	iters := len(a.sums)
	for k, c := range refs {
		if freq[k] == 0 {
			continue
		}
		w := float64(freq[k]) / float64(iters)
		for x, v := range c {
			st.Expected[x] += w * float64(v)
		}
	}
	return st
}

// Result returns the GLEU of the sentences added so far, without them.
func (a *Accumulator) Result() *Result {
	res := &Result{Options: a.opt, Iterations: make([]float64, len(a.sums))}
	for j, c := range a.sums {
		res.Iterations[j] = Score(c)
	}
	res.Summary = Summarize(res.Iterations)
	return res
}
