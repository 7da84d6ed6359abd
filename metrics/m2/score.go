package m2

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gecmetric/gecmetric/metrics"
)

// Options configure scoring like the M2 scorer's command-line flags. The
// zero value scores like the scorer run without flags.
type Options struct {
	// Beta weighs recall against precision (--beta); 0 means 0.5.
	Beta float64
	// MaxUnchangedWords is the most unchanged words one system edit may
	// span (--max_unchanged_words); 0 means the default 2, a negative value
	// means none.
	MaxUnchangedWords int
	// IgnoreWhitespaceCasing drops system edits that only change white
	// space or letter case (--ignore_whitespace_casing).
	IgnoreWhitespaceCasing bool
	// MaxLatticeArcs bounds the edit lattice of one sentence; Score fails
	// with ErrLatticeTooLarge beyond it rather than exhaust memory. 0 means
	// DefaultMaxLatticeArcs, a negative value no limit. See
	// DefaultMaxLatticeArcs.
	MaxLatticeArcs int
	// MaxCells bounds the alignment band of one sentence: the cells of
	// the Levenshtein matrices, (source tokens + 1) × (hypothesis tokens
	// + 1) for short sentences, else a band of diagonals about as wide as
	// the edit distance (see the package documentation), about 2 bytes
	// each; Score fails with ErrLatticeTooLarge beyond it. 0 means
	// DefaultMaxCells, a negative value no limit.
	MaxCells int
}

// DefaultMaxCells is the default bound on one sentence's alignment band:
// 67,108,864 cells, about 130 MB. A hypothesis close to its source needs
// far fewer: an 8,029-token sentence of CoNLL-2014 sentences joined,
// scored against AMU's output of it, fills a band of 1.5 million cells and
// then one of 5.7 million (half-width 335), where the whole matrix has 65
// million.
const DefaultMaxCells = 1 << 26

func (o Options) maxCells() int {
	switch {
	case o.MaxCells == 0:
		return DefaultMaxCells
	case o.MaxCells < 0:
		return math.MaxInt
	}
	return o.MaxCells
}

// DefaultMaxLatticeArcs is the default bound on one sentence's edit
// lattice, about 1 GB of memory. A hypothesis line unrelated to its source
// makes almost every pair of alignment cells an arc: about (n·m)²/4 arcs
// for n source and m hypothesis tokens sharing no word (54 and 37 tokens:
// 1.1 million; 100 and 100: 26 million). Natural sentences share function
// words and punctuation, which keeps the lattice far smaller: CoNLL-2014
// scored against a system file shifted by one line needs at most 0.8
// million arcs for a sentence.
const DefaultMaxLatticeArcs = 1 << 24

// ErrLatticeTooLarge is wrapped by the error Score returns when a
// sentence's lattice exceeds Options.MaxLatticeArcs or its alignment band
// Options.MaxCells.
var ErrLatticeTooLarge = errors.New("edit lattice too large (is the hypothesis aligned with the gold?)")

func (o Options) maxArcs() int {
	switch {
	case o.MaxLatticeArcs == 0:
		return DefaultMaxLatticeArcs
	case o.MaxLatticeArcs < 0:
		return math.MaxInt
	}
	return o.MaxLatticeArcs
}

// BetaValue returns the beta in effect.
func (o Options) BetaValue() float64 {
	if o.Beta == 0 {
		return 0.5
	}
	return o.Beta
}

// MaxUnchanged returns the max_unchanged_words in effect.
func (o Options) MaxUnchanged() int {
	switch {
	case o.MaxUnchangedWords == 0:
		return 2
	case o.MaxUnchangedWords < 0:
		return 0
	}
	return o.MaxUnchangedWords
}

// Signature names the scorer and every option that changes its numbers,
// e.g. "m2scorer-3.2|beta:0.5|max_unchanged:2|ws_case:no".
func (o Options) Signature() string {
	ws := "no"
	if o.IgnoreWhitespaceCasing {
		ws = "ignored"
	}
	return fmt.Sprintf("m2scorer-3.2|beta:%g|max_unchanged:%d|ws_case:%s", o.BetaValue(), o.MaxUnchanged(), ws)
}

// Indices into the Stats of one sentence.
const (
	Correct  = iota // system edits that match a gold edit
	Proposed        // system edits
	Gold            // gold edits of the chosen annotator
	Width           // length of a Stats row
)

// An Edit is one system edit: source tokens [Start, End) rewritten as
// Correction. Original and Correction are tokens joined by single spaces.
type Edit struct {
	Start, End int
	Original   string
	Correction string
}

// An AnnotatorResult is the outcome of comparing a hypothesis with one
// annotator's gold edits.
type AnnotatorResult struct {
	ID int // the annotator id of the M2 file
	// Edits are the system edits of the lattice path that matches this
	// annotator best, in sentence order.
	Edits []Edit
	// Correct are the edits counted as correct. As in the scorer, an edit
	// that matches two identical gold edits is counted twice.
	Correct []Edit
	// Stats holds the counts at Correct, Proposed and Gold.
	Stats metrics.Stats
}

// A SentenceResult holds one sentence's comparison with every annotator
// and the annotator the scorer chose.
type SentenceResult struct {
	Annotators []AnnotatorResult // in the scorer's order
	Chosen     int               // index in Annotators of the chosen annotator
}

// Stats returns the counts of the chosen annotator.
func (s *SentenceResult) Stats() metrics.Stats { return s.Annotators[s.Chosen].Stats }

// A Result is the score of one hypothesis file.
type Result struct {
	P, R, F float64
	Beta    float64
	// Corpus totals of the chosen annotators' counts.
	Correct, Proposed, Gold int
	Sentences               []SentenceResult
	// NearTies counts vertices, over all comparisons, at which paths of
	// equal cost summed to different floats, so that Bellman-Ford's order
	// of intermediate values decided its choice (see bestPath).
	NearTies int
}

// String returns the three lines the M2 scorer prints.
func (r *Result) String() string {
	return fmt.Sprintf("Precision   : %.4f\nRecall      : %.4f\nF_%.1f       : %.4f\n", r.P, r.R, r.Beta, r.F)
}

// Rows returns the per-sentence Stats of the chosen annotators.
func (r *Result) Rows() []metrics.Stats {
	rows := make([]metrics.Stats, len(r.Sentences))
	for i := range r.Sentences {
		rows[i] = r.Sentences[i].Stats()
	}
	return rows
}

// Corpus returns the per-sentence Stats as a metrics.Corpus whose score
// is F_beta of their sum. The annotator of each sentence stays the one
// chosen over the whole file (the scorer chooses by the running F of the
// sentences before it), so Total equals F while a subset's score uses
// those same choices.
func (r *Result) Corpus() *metrics.Corpus {
	c := NewCorpus(r.Beta)
	for i := range r.Sentences {
		c.Add(r.Sentences[i].Stats())
	}
	return c
}

// NewCorpus returns an empty corpus of M2 rows (Correct, Proposed, Gold)
// whose score is F_beta of their sum, to be filled sentence by sentence.
func NewCorpus(beta float64) *metrics.Corpus {
	return metrics.NewCorpus("m2", 3, func(sum metrics.Stats) float64 {
		_, _, f := PRF(sum, beta)
		return f
	})
}

// Rescore returns the result the scorer would give for a file holding the
// sentences idx (repeats allowed) in that order: the annotators are chosen
// again by the running F of that sequence, so the result equals Score on
// those sentences, without recomputing any lattice. Use it to resample
// exactly; Corpus keeps the choices made over the whole file instead.
func (r *Result) Rescore(idx []int) *Result {
	out := &Result{Beta: r.Beta, Sentences: make([]SentenceResult, len(idx))}
	for k, i := range idx {
		out.Sentences[k] = SentenceResult{Annotators: r.Sentences[i].Annotators}
	}
	choose(out, r.Beta)
	return out
}

// PRF returns precision, recall and F_beta of summed Stats with the
// scorer's arithmetic: precision is 1 without proposed edits, recall is 1
// without gold edits, and F is 0 when its denominator is 0.
func PRF(s metrics.Stats, beta float64) (p, r, f float64) {
	c, e, g := s[Correct], s[Proposed], s[Gold]
	p, r = 1, 1
	if e != 0 {
		p = c / e
	}
	if g != 0 {
		r = c / g
	}
	// Explicit conversions keep the compiler from fusing multiply-adds,
	// which would change the last bits.
	bb := float64(beta * beta)
	den := float64(bb*p) + r
	if den == 0 {
		return p, r, 0
	}
	return p, r, float64(float64((1+bb)*p)*r) / den
}

// runningF is the F the scorer uses to choose an annotator.
func runningF(c, e, g, beta float64) float64 {
	bb := float64(beta * beta)
	den := float64(bb*g) + e
	if den == 0 {
		if c == 0 {
			return 1
		}
		return 0
	}
	return float64((1+bb)*c) / den
}

// Score compares every hypothesis (tokens, as Tokenize splits a line) with
// its gold sentence and returns the M2 scorer's result: per sentence, the
// annotator that maximises the F of the running totals, and the corpus
// precision, recall and F_beta of the chosen annotators' counts.
//
// Sentences are compared in parallel on all cores; the result does not
// depend on it.
func Score(gold []Sentence, hyps [][]string, opts Options) (*Result, error) {
	if len(gold) != len(hyps) {
		return nil, fmt.Errorf("m2: %d gold sentences but %d hypotheses", len(gold), len(hyps))
	}
	res := &Result{Beta: opts.BetaValue(), Sentences: make([]SentenceResult, len(gold))}
	workers := min(runtime.GOMAXPROCS(0), max(1, len(gold)/16))
	var next atomic.Int64
	var nearTies atomic.Int64
	var failed atomic.Int64 // 1 + index of the first sentence that failed
	failed.Store(math.MaxInt64)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := builders.Get().(*builder)
			defer func() {
				b.l.src, b.l.hyp = nil, nil // keep no caller data alive in the pool
				builders.Put(b)
			}()
			b.pathSc.nearTies = 0
			for {
				i := int(next.Add(1)) - 1
				if i >= len(gold) {
					break
				}
				anns, err := b.compare(&gold[i], hyps[i], opts)
				if err != nil {
					for {
						old := failed.Load()
						if int64(i) >= old || failed.CompareAndSwap(old, int64(i)) {
							break
						}
					}
					continue
				}
				res.Sentences[i].Annotators = anns
			}
			nearTies.Add(int64(b.pathSc.nearTies))
		}()
	}
	wg.Wait()
	res.NearTies = int(nearTies.Load())
	if i := failed.Load(); i != math.MaxInt64 {
		return nil, fmt.Errorf("m2: sentence %d (%d source tokens, hypothesis %d tokens): %w",
			i+1, len(gold[i].Source), len(hyps[i]), ErrLatticeTooLarge)
	}
	choose(res, opts.BetaValue())
	return res, nil
}

// builders keeps lattice buffers between calls of Score.
var builders = sync.Pool{New: func() any { return new(builder) }}

// choose picks each sentence's annotator in order with a Chooser and fills
// in the totals and scores.
func choose(res *Result, beta float64) {
	c := NewChooser(beta)
	stats := make([]metrics.Stats, 0, 4)
	for i := range res.Sentences {
		s := &res.Sentences[i]
		stats = stats[:0]
		for a := range s.Annotators {
			stats = append(stats, s.Annotators[a].Stats)
		}
		s.Chosen = c.Next(stats)
	}
	t := c.Totals()
	res.Correct, res.Proposed, res.Gold = int(t[Correct]), int(t[Proposed]), int(t[Gold])
	res.P, res.R, res.F = PRF(t, beta)
}

// A Comparer compares hypotheses with gold sentences one at a time,
// reusing its buffers; it is Score's work for one sentence, for callers
// that stream. A Comparer is not safe for concurrent use: give each
// goroutine its own.
type Comparer struct {
	b builder
	// NearTies counts, over every comparison so far, the vertices at which
	// paths of equal cost summed to different floats (see Result.NearTies).
}

// Compare compares hyp (tokens, as Tokenize splits a line) with every
// annotator of gold, in the scorer's order. The result holds no reference
// to the Comparer's buffers.
func (c *Comparer) Compare(gold *Sentence, hyp []string, opts Options) ([]AnnotatorResult, error) {
	anns, err := c.b.compare(gold, hyp, opts)
	c.b.l.src, c.b.l.hyp = nil, nil // keep no caller data alive
	if err != nil {
		if errors.Is(err, errTooLarge) {
			err = fmt.Errorf("%w: %s", ErrLatticeTooLarge, strings.TrimPrefix(err.Error(), errTooLarge.Error()+": "))
		}
		return nil, fmt.Errorf("m2: sentence of %d source tokens, hypothesis %d tokens: %w", len(gold.Source), len(hyp), err)
	}
	return anns, nil
}

// NearTies returns the near ties met so far (see Result.NearTies).
func (c *Comparer) NearTies() int { return c.b.pathSc.nearTies }

// compare scores one hypothesis against every annotator of s.
func (b *builder) compare(s *Sentence, hyp []string, opts Options) ([]AnnotatorResult, error) {
	l, err := b.build(s.Source, hyp, opts.MaxUnchanged(), opts.maxArcs(), opts.maxCells())
	if err != nil {
		return nil, err
	}
	b.base = l.baseWeights(b.base)
	base := b.base
	n := l.n
	nE := float64(len(l.entries))

	// Gold spans that an arc can have, and for each the arcs in E with it.
	spanOf := func(start, end int) int { return start*(n+1) + end }
	var spanArcs map[int][]int32
	for _, ann := range s.Annotators {
		for _, g := range ann.Edits {
			if g.Start <= g.End && g.End <= n {
				if spanArcs == nil {
					spanArcs = map[int][]int32{}
				}
				spanArcs[spanOf(g.Start, g.End)] = nil
			}
		}
	}
	if spanArcs != nil {
		for id := range l.arcs {
			a := &l.arcs[id]
			if a.mult == 0 {
				continue
			}
			k := spanOf(l.row(a.src), l.row(a.dst))
			if list, ok := spanArcs[k]; ok {
				spanArcs[k] = append(list, int32(id))
			}
		}
	}
	if b.strs == nil {
		b.strs = map[int32][2]string{}
	}
	clear(b.strs)
	strs := b.strs
	arcStrings := func(id int32) (string, string) {
		if s, ok := strs[id]; ok {
			return s[0], s[1]
		}
		a := &l.arcs[id]
		o, c := l.original(a), l.correction(a)
		strs[id] = [2]string{o, c}
		return o, c
	}
	matches := func(id int32, g *GoldEdit) bool {
		o, c := arcStrings(id)
		return o == g.Original && slices.Contains(g.Corrections, c)
	}

	out := make([]AnnotatorResult, len(s.Annotators))
	var noGoldPath []Edit
	noGoldDone := false
	b.wt = grow(b.wt, len(base))
	wt := b.wt
	for ai, ann := range s.Annotators {
		var path []Edit
		if len(ann.Edits) == 0 && noGoldDone {
			path = noGoldPath
		} else {
			copy(wt, base)
			setGoldWeights(l, wt, ann.Edits, spanArcs, spanOf, matches, nE)
			path = l.edits(l.bestPath(wt, &b.pathSc))
			if len(ann.Edits) == 0 {
				noGoldPath, noGoldDone = path, true
			}
		}
		if opts.IgnoreWhitespaceCasing {
			path = slices.DeleteFunc(slices.Clone(path), func(e Edit) bool {
				return equalIgnoringWhitespaceCase(e.Original, e.Correction)
			})
		}
		correct := matchSeq(path, ann.Edits)
		out[ai] = AnnotatorResult{
			ID:      ann.ID,
			Edits:   path,
			Correct: correct,
			Stats:   metrics.Stats{float64(len(correct)), float64(len(path)), float64(len(ann.Edits))},
		}
	}
	return out, nil
}

// setGoldWeights gives the arcs that match a gold edit the weight -|E|, as
// the scorer's set_weights does. Substitutions and deletions simply match
// or not. Insertions at one position are matched against that position's
// gold insertions from both ends at once, and every arc the scan jumps
// over gets epsilon once more, even when it was already visited, matched,
// or is a noop (the scorer compares the whole edit tuple with the string
// 'noop', which is never equal).
func setGoldWeights(l *lattice, wt []float64, golds []GoldEdit, spanArcs map[int][]int32,
	spanOf func(int, int) int, matches func(int32, *GoldEdit) bool, nE float64) {
	if len(golds) == 0 {
		return
	}
	bySpan := map[int][]*GoldEdit{}
	var order []int
	for i := range golds {
		g := &golds[i]
		if g.Start > g.End || g.End > l.n {
			continue
		}
		k := spanOf(g.Start, g.End)
		if _, ok := bySpan[k]; !ok {
			order = append(order, k)
		}
		bySpan[k] = append(bySpan[k], g)
	}
	for _, k := range order {
		gs := bySpan[k]
		arcs := spanArcs[k]
		if len(arcs) == 0 {
			continue
		}
		if k/(l.n+1) != k%(l.n+1) {
			for _, id := range arcs {
				for _, g := range gs {
					if matches(id, g) {
						wt[id] = -nE
						break
					}
				}
			}
			continue
		}
		// Insertions: the scorer's list M[k] is E's arcs with this span,
		// sorted by (source, target), each as often as it occurs in E.
		var m []int32
		sorted := slices.Clone(arcs)
		slices.SortFunc(sorted, func(a, b int32) int {
			x, y := &l.arcs[a], &l.arcs[b]
			if x.src != y.src {
				return int(x.src - y.src)
			}
			return int(x.dst - y.dst)
		})
		for _, id := range sorted {
			wt[id] = float64(l.arcs[id].dist)
			for range l.arcs[id].mult {
				m = append(m, id)
			}
		}
		lp, rp, cur := 0, len(m)-1, 0
		gl, gr := 0, len(gs)-1
		for lp <= rp {
			id := m[cur]
			matched := false
			if cur == lp {
				for gi := gl; gi <= gr; gi++ {
					if matches(id, gs[gi]) {
						matched, wt[id], gl = true, -nE, gi+1
						break
					}
				}
			} else {
				for gi := gr; gi >= gl; gi-- {
					if matches(id, gs[gi]) {
						matched, wt[id], gr = true, -nE, gi-1
						break
					}
				}
			}
			if !matched && !l.arcs[id].noop {
				wt[id] += epsilon
			}
			switch {
			case matched && cur == lp:
				for lp++; lp < len(m) && l.arcs[m[lp]].src != l.arcs[m[cur]].dst; lp++ {
					wt[m[lp]] += epsilon
				}
				cur = lp
			case matched:
				for rp--; rp >= 0 && l.arcs[m[rp]].dst != l.arcs[m[cur]].src; rp-- {
					wt[m[rp]] += epsilon
				}
				cur = rp
			case cur == lp:
				lp++
				cur = rp
			default:
				rp--
				cur = lp
			}
		}
	}
}

// edits turns a path (last arc first) into system edits in sentence order,
// leaving out unchanged words.
func (l *lattice) edits(path []int32) []Edit {
	var out []Edit
	for i := len(path) - 1; i >= 0; i-- {
		a := &l.arcs[path[i]]
		if a.noop {
			continue
		}
		out = append(out, Edit{
			Start:      l.row(a.src),
			End:        l.row(a.dst),
			Original:   l.original(a),
			Correction: l.correction(a),
		})
	}
	return out
}

// matchSeq returns the system edits that match gold edits. Gold edits are
// consumed in order: after a match the search for the next system edit
// starts behind the last gold edit matched, and one system edit matches
// (and counts) every remaining gold edit it equals.
func matchSeq(sys []Edit, gold []GoldEdit) []Edit {
	var m []Edit
	last := 0
	for _, e := range sys {
		from := last
		for i := from; i < len(gold); i++ {
			g := &gold[i]
			if e.Start == g.Start && e.End == g.End && e.Original == g.Original && slices.Contains(g.Corrections, e.Correction) {
				m = append(m, e)
				last = i + 1
			}
		}
	}
	return m
}

func equalIgnoringWhitespaceCase(a, b string) bool {
	//lint:ignore SA6005 the scorer compares Python's lower() of both sides; strings.EqualFold folds more (ſ = s, K = K) and would move scores
	return strings.ToLower(strings.ReplaceAll(a, " ", "")) == strings.ToLower(strings.ReplaceAll(b, " ", ""))
}
