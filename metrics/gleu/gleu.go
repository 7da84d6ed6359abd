package gleu

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/gecmetric/gecmetric/metrics"
)

// Order is the largest n-gram length GLEU counts.
const Order = 4

// DefaultIterations is compute_gleu's number of sampling iterations.
const DefaultIterations = 500

// Counts are the sufficient statistics of one hypothesis sentence against
// one reference: {hypothesis length, reference length, then for n = 1..4
// the n-gram matches and the hypothesis n-gram count}. Counts add up over
// sentences; GLEU of a corpus is Score of their sum.
type Counts [2 + 2*Order]int

// Add returns c + o.
func (c Counts) Add(o Counts) Counts {
	for i := range c {
		c[i] += o[i]
	}
	return c
}

// Score returns the GLEU of c: the geometric mean of the four n-gram
// precisions times the brevity penalty exp(min(0, 1 - ref/hyp)), and 0 if
// any count is 0, as gleu.py computes it.
func Score(c Counts) float64 {
	var f [len(c)]float64
	for i, v := range c {
		f[i] = float64(v)
	}
	return scoreFloat(f[:])
}

// Smoothed returns the sentence-level GLEU of c as compute_gleu -d prints
// it: every count of 0 is taken as 1 first.
func Smoothed(c Counts) float64 {
	for i, v := range c {
		if v == 0 {
			c[i] = 1
		}
	}
	return Score(c)
}

// scoreFloat is Score over (possibly fractional) counts.
func scoreFloat(c []float64) float64 {
	for _, v := range c {
		if v == 0 {
			return 0
		}
	}
	hyp, ref := c[0], c[1]
	var logPrec float64
	for n := 0; n < Order; n++ {
		logPrec += math.Log(c[2+2*n] / c[3+2*n])
	}
	logPrec /= Order
	return math.Exp(min(0, 1-ref/hyp) + logPrec)
}

// A gram is an n-gram of sentence-local token ids (1..65535), 16 bits per
// token; n-grams of different lengths are kept apart.
type gram uint64

// A gramCount is an n-gram and how often it occurs.
type gramCount struct {
	g gram
	n int32
}

// grams are the n-gram counts of one sentence, one list per order, sorted
// by n-gram.
type grams [Order][]gramCount

// maxVocab is the largest number of distinct tokens in the source and
// references of one sentence.
const maxVocab = 1<<16 - 1

// A Scorer holds the sources and references of a test set, with their
// n-grams counted once, and scores any number of hypotheses. It is safe
// for concurrent use.
type Scorer struct {
	sents []sentence
	refs  int

	mu      sync.Mutex
	indices map[indexKey][][]uint8
}

type sentence struct {
	vocab map[string]uint16 // tokens of the source and references, from 1
	src   grams
	ref   []grams
	rlen  []int
}

type indexKey struct {
	iters int
	s     Sampler
}

// Errors returned by New and Score.
var (
	ErrNoReference = errors.New("gleu: no reference")
	ErrLength      = errors.New("gleu: different numbers of sentences")
)

// New returns a Scorer for the source sentences and one or more reference
// sets; refs[k][i] is reference k of sentence i. Tokens are used as given.
func New(source [][]string, refs ...[][]string) (*Scorer, error) {
	if len(refs) == 0 {
		return nil, ErrNoReference
	}
	if len(refs) > 255 {
		return nil, fmt.Errorf("gleu: %d references, at most 255 are supported", len(refs))
	}
	for k, r := range refs {
		if len(r) != len(source) {
			return nil, fmt.Errorf("%w: reference %d has %d sentences, the source %d", ErrLength, k+1, len(r), len(source))
		}
	}
	s := &Scorer{sents: make([]sentence, len(source)), refs: len(refs), indices: map[indexKey][][]uint8{}}
	var buf []gram
	for i, src := range source {
		st := &s.sents[i]
		st.vocab = make(map[string]uint16, len(src)+len(src)/4)
		st.ref = make([]grams, len(refs))
		st.rlen = make([]int, len(refs))
		if !st.learn(src) {
			return nil, fmt.Errorf("gleu: sentence %d has more than %d distinct tokens", i+1, maxVocab)
		}
		for k, r := range refs {
			if !st.learn(r[i]) {
				return nil, fmt.Errorf("gleu: sentence %d has more than %d distinct tokens", i+1, maxVocab)
			}
			st.rlen[k] = len(r[i])
		}
		st.src, buf = st.count(src, buf)
		for k, r := range refs {
			st.ref[k], buf = st.count(r[i], buf)
		}
	}
	return s, nil
}

// Len returns the number of sentences.
func (s *Scorer) Len() int { return len(s.sents) }

// References returns the number of references per sentence.
func (s *Scorer) References() int { return s.refs }

// learn gives ids to the new tokens of toks; false if there are too many.
func (st *sentence) learn(toks []string) bool {
	for _, t := range toks {
		if _, ok := st.vocab[t]; !ok {
			if len(st.vocab) == maxVocab {
				return false
			}
			st.vocab[t] = uint16(len(st.vocab) + 1)
		}
	}
	return true
}

// count returns the n-gram counts of toks, leaving out n-grams with a token
// unknown to the sentence (they can match neither the source nor a
// reference). buf is scratch space, returned for reuse.
func (st *sentence) count(toks []string, buf []gram) (grams, []gram) {
	var idBuf [64]uint16
	ids := idBuf[:0]
	if len(toks) > len(idBuf) {
		ids = make([]uint16, 0, len(toks))
	}
	for _, t := range toks {
		ids = append(ids, st.vocab[t])
	}
	// One backing array holds the lists of all orders.
	all := make([]gramCount, 0, Order*len(ids))
	var g grams
	for n := 1; n <= Order; n++ {
		buf = buf[:0]
	next:
		for i := 0; i+n <= len(ids); i++ {
			var k gram
			for _, id := range ids[i : i+n] {
				if id == 0 {
					continue next
				}
				k = k<<16 | gram(id)
			}
			buf = append(buf, k)
		}
		slices.Sort(buf)
		start := len(all)
		for i := 0; i < len(buf); {
			j := i + 1
			for j < len(buf) && buf[j] == buf[i] {
				j++
			}
			all = append(all, gramCount{buf[i], int32(j - i)})
			i = j
		}
		g[n-1] = all[start:len(all):len(all)]
	}
	return g, buf
}

// lookup returns the count of g in the sorted list l, searching from
// position *at on (lookups come in increasing order).
func lookup(l []gramCount, g gram, at *int) (int32, bool) {
	i := *at
	for i < len(l) && l[i].g < g {
		i++
	}
	*at = i
	if i < len(l) && l[i].g == g {
		return l[i].n, true
	}
	return 0, false
}

// stats returns the Counts of hypothesis toks against every reference of
// the sentence: matches are the hypothesis n-grams found in the reference
// (clipped), minus those found in the source but not in the reference
// (clipped to the source count), never below 0.
func (st *sentence) stats(toks []string, buf []gram) ([]Counts, []gram) {
	h, buf := st.count(toks, buf)
	out := make([]Counts, len(st.ref))
	for k := range st.ref {
		c := &out[k]
		c[0], c[1] = len(toks), st.rlen[k]
		for n := 1; n <= Order; n++ {
			r, s := st.ref[k][n-1], st.src[n-1]
			var match int32
			ri, si := 0, 0
			for _, hc := range h[n-1] {
				if rc, ok := lookup(r, hc.g, &ri); ok {
					match += min(hc.n, rc)
				} else if sc, ok := lookup(s, hc.g, &si); ok {
					match -= min(hc.n, sc)
				}
			}
			c[2*n] = int(max(match, 0))
			c[2*n+1] = max(len(toks)+1-n, 0)
		}
	}
	return out, buf
}

// Options configure Score. The zero value gives compute_gleu's numbers.
type Options struct {
	// Iterations is the number of sampled reference sets; 0 means 500.
	// With a single reference there is one iteration, as in compute_gleu.
	Iterations int
	// Sampler draws the references; the zero value is Python 2's.
	Sampler Sampler
}

func (o Options) iterations(refs int) int {
	if refs == 1 {
		return 1
	}
	if o.Iterations <= 0 {
		return DefaultIterations
	}
	return o.Iterations
}

// A Summary is the mean, population standard deviation and 95% normal
// interval (mean ± 1.96 std) of a list of GLEU scores, as compute_gleu
// prints them. CI holds NaNs when Std is 0, as scipy gives them.
type Summary struct {
	Mean, Std float64
	CI        [2]float64
}

// A Sentence holds one hypothesis sentence's Counts against each
// reference, and Expected: the Counts averaged over the references the
// iterations drew for it.
type Sentence struct {
	Refs     []Counts
	Expected [len(Counts{})]float64
}

// Score summarises the sentence's smoothed GLEU against each reference:
// compute_gleu -d's sentence-level line.
func (s *Sentence) Score() Summary {
	xs := make([]float64, len(s.Refs))
	for k, c := range s.Refs {
		xs[k] = Smoothed(c)
	}
	return Summarize(xs)
}

// A Result is the GLEU of one hypothesis.
type Result struct {
	Options Options
	Summary
	// Iterations holds the corpus GLEU of each iteration; Summary
	// summarises them.
	Iterations []float64
	Sentences  []Sentence
}

// Score computes the GLEU of the hypothesis sentences hyp, which must be as
// many as the sources.
func (s *Scorer) Score(hyp [][]string, opt Options) (*Result, error) {
	if len(hyp) != len(s.sents) {
		return nil, fmt.Errorf("%w: the hypothesis has %d sentences, the source %d", ErrLength, len(hyp), len(s.sents))
	}
	res := &Result{Options: opt, Sentences: make([]Sentence, len(hyp))}
	var buf []gram
	for i, h := range hyp {
		res.Sentences[i].Refs, buf = s.sents[i].stats(h, buf)
	}
	iters := opt.iterations(s.refs)
	idx := s.drawn(iters, opt.Sampler)
	// Iteration sums start from every sentence's first reference and
	// correct the sentences where another was drawn and differs.
	var base Counts
	for i := range res.Sentences {
		base = base.Add(res.Sentences[i].Refs[0])
	}
	sums := make([]Counts, iters)
	for j := range sums {
		sums[j] = base
	}
	for i := range res.Sentences {
		st := &res.Sentences[i]
		// The stats that differ from the first reference's, per reference.
		type diff struct {
			x, d int
		}
		var diffs [][]diff
		for k, c := range st.Refs[1:] {
			for x, v := range c {
				if d := v - st.Refs[0][x]; d != 0 {
					for len(diffs) <= k+1 {
						diffs = append(diffs, nil)
					}
					diffs[k+1] = append(diffs[k+1], diff{x, d})
				}
			}
		}
		var freq [256]int
		for j, k := range idx[i] {
			freq[k]++
			if int(k) < len(diffs) {
				for _, d := range diffs[k] {
					sums[j][d.x] += d.d
				}
			}
		}
		for k, c := range st.Refs {
			if freq[k] == 0 {
				continue
			}
			w := float64(freq[k]) / float64(iters)
			for x, v := range c {
				st.Expected[x] += w * float64(v)
			}
		}
	}
	res.Iterations = make([]float64, iters)
	for j, c := range sums {
		res.Iterations[j] = Score(c)
	}
	res.Summary = Summarize(res.Iterations)
	return res, nil
}

// drawn returns the cached reference indices for iters iterations.
func (s *Scorer) drawn(iters int, sm Sampler) [][]uint8 {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := indexKey{iters, sm}
	if idx, ok := s.indices[k]; ok {
		return idx
	}
	idx := drawIndices(iters, len(s.sents), s.refs, sm)
	s.indices[k] = idx
	return idx
}

// Corpus returns per-sentence rows of Expected counts and GLEU of their
// sum. The sum over all sentences is the mean of the iterations' counts,
// so Total is the GLEU of the average sampled corpus, which is close to,
// but not the same as, the official mean of the iterations' GLEU.
func (r *Result) Corpus() *metrics.Corpus {
	c := NewCorpus()
	for i := range r.Sentences {
		c.Add(r.Sentences[i].Expected[:])
	}
	return c
}

// NewCorpus returns an empty corpus of rows of expected counts whose score
// is the GLEU of their sum, to be filled sentence by sentence.
func NewCorpus() *metrics.Corpus {
	return metrics.NewCorpus("gleu", len(Counts{}), func(sum metrics.Stats) float64 { return scoreFloat(sum) })
}
