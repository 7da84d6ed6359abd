package evidence

import (
	"sync"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/gleu"
)

// A modelCache keeps the language-model and error-detector results of the
// sources and references recently seen, so that a source judged with many
// hypotheses (every system's output of one sentence) is scored once. It is
// keyed by the sentence's address, which it keeps alive while the entry
// lives, and checks the entry against the sentence's length and end tokens
// in case a caller reused a Sentence for other text.
type modelCache struct {
	mu   sync.Mutex
	m    map[cacheKey]*cached
	ring []cacheKey // insertion order, for eviction
	next int
}

type cacheKey struct {
	x *Extractor
	s *edits.Sentence
}

type cached struct {
	n           int
	first, last string
	lm          *lmScore
	ged         []float64
	hasLM, hasG bool
	gleu        *gleu.Scorer      // with the references below
	gleuRefs    []*edits.Sentence // the references gleu was built with
}

// cacheSize bounds the entries: a test set's sources and references in
// flight, not the whole set.
const cacheSize = 4096

var sentenceCache = &modelCache{m: map[cacheKey]*cached{}, ring: make([]cacheKey, cacheSize)}

func (c *modelCache) entry(x *Extractor, s *edits.Sentence) *cached {
	n := s.Len()
	first, last := "", ""
	if n > 0 {
		first, last = s.Tokens[0].Text, s.Tokens[n-1].Text
	}
	k := cacheKey{x, s}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[k]; ok && e.n == n && e.first == first && e.last == last {
		return e
	}
	e := &cached{n: n, first: first, last: last}
	if old := c.ring[c.next]; old.s != nil {
		delete(c.m, old)
	}
	c.ring[c.next] = k
	c.next = (c.next + 1) % len(c.ring)
	c.m[k] = e
	return e
}

// sourceScore returns the language-model score of a source or reference.
func (x *Extractor) sourceScore(s *edits.Sentence) *lmScore {
	e := sentenceCache.entry(x, s)
	sentenceCache.mu.Lock()
	if e.hasLM {
		defer sentenceCache.mu.Unlock()
		return e.lm
	}
	sentenceCache.mu.Unlock()
	sc := x.score(s)
	sentenceCache.mu.Lock()
	e.lm, e.hasLM = sc, true
	sentenceCache.mu.Unlock()
	return sc
}

// sourceProbs returns the error probabilities of a source or reference.
func (x *Extractor) sourceProbs(s *edits.Sentence) []float64 {
	e := sentenceCache.entry(x, s)
	sentenceCache.mu.Lock()
	if e.hasG {
		defer sentenceCache.mu.Unlock()
		return e.ged
	}
	sentenceCache.mu.Unlock()
	p := x.GED.Probs(s, nil)
	sentenceCache.mu.Lock()
	e.ged, e.hasG = p, true
	sentenceCache.mu.Unlock()
	return p
}
