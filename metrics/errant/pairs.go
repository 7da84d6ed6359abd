package errant

// A Pair is the comparison of one hypothesis coder with one reference coder
// of a sentence: the counts Compare weighs when it chooses the reference.
type Pair struct {
	Hyp, Ref int // coder ids
	Counts
}

// Pairs returns the counts of every (hypothesis coder, reference coder)
// pair of one sentence, in the order Compare visits them (hypothesis
// coders outer, both in coder order). They do not depend on other
// sentences, so shards can compute them in parallel; a Chooser then picks
// the pairs in corpus order exactly as Compare does.
func Pairs(hyp, ref Sentence, opt Options) []Pair {
	hk := prepare(nil, hyp, &opt)
	rk := prepare(nil, ref, &opt)
	out := make([]Pair, 0, len(hk)*len(rk))
	for hi := range hk {
		for ri := range rk {
			out = append(out, Pair{Hyp: coderAt(hyp, hi), Ref: coderAt(ref, ri), Counts: compareCounts(hk[hi], rk[ri])})
		}
	}
	return out
}

// A Chooser picks each sentence's coder pair as Compare does, for sentences
// given one at a time in corpus order (compare_m2.py's choice depends on the
// counts of the sentences before). The zero value is not usable; call
// NewChooser.
type Chooser struct {
	beta   float64
	counts Counts
}

// NewChooser returns a Chooser for the options' F-beta with no sentences
// seen.
func NewChooser(opt Options) *Chooser { return &Chooser{beta: opt.beta()} }

// Next chooses among the pairs of one sentence (as Pairs returns them, at
// least one), adds the chosen pair's counts to the corpus counts and
// returns its index.
func (c *Chooser) Next(pairs []Pair) int {
	chosen, bestF := 0, -1.0
	for i, p := range pairs {
		if f, ok := better(p.Counts, c.counts, c.beta, pairs[chosen].Counts, bestF); ok {
			chosen, bestF = i, f
		}
	}
	c.counts = c.counts.Add(pairs[chosen].Counts)
	return chosen
}

// Counts returns the corpus counts of the pairs chosen so far.
func (c *Chooser) Counts() Counts { return c.counts }
