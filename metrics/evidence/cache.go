package evidence

import (
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/gleu"
)

// A modelCache keeps the language-model and error-detector results of the
// sentences recently seen, keyed by their text, so that a source judged
// with many hypotheses (every system's output of one sentence), an output
// left as its source, and outputs that several systems share are scored
// once. Results depend only on the tokens (the annotation is a function of
// them), so a hit is always right.
type modelCache struct {
	mu   sync.Mutex
	m    map[cacheKey]*cached
	ring []cacheKey // insertion order, for eviction
	next int
}

type cacheKey struct {
	x    *Extractor
	text string // the tokens joined by NUL
}

type cached struct {
	lm       *lmScore
	ged      []float64
	grams    *charGrams   // for chrF
	alone    Values       // the base features of this sentence as an output alone
	gleu     *gleu.Scorer // this sentence as a source, with the references below
	gleuRefs []string     // their keys
}

// cacheSize bounds the entries: the sentences in flight, not a whole test
// set. A streamed command's worker judges one sentence at a time, its
// source, references and every system's output (16 texts for the 13
// CoNLL-2014 systems), so a few dozen entries per worker hold every reuse;
// each entry costs about 12 KB (chrF's n-grams of a 25-word sentence are
// most of it), so the cache stays a few megabytes.
var cacheSize = max(512, 128*runtime.GOMAXPROCS(0))

var sentenceCache = &modelCache{m: map[cacheKey]*cached{}, ring: make([]cacheKey, cacheSize)}

// cacheOn is turned off by benchmarks that measure the uncached cost.
var cacheOn = true

func textKey(s *edits.Sentence) string {
	var b strings.Builder
	for i, t := range s.Tokens {
		if i > 0 {
			b.WriteByte(0)
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// entry returns the cache entry of s, making it if needed; the caller
// holds c.mu.
func (c *modelCache) entry(k cacheKey) *cached {
	if e, ok := c.m[k]; ok {
		return e
	}
	e := &cached{}
	if old := c.ring[c.next]; old.x != nil {
		delete(c.m, old)
	}
	c.ring[c.next] = k
	c.next = (c.next + 1) % len(c.ring)
	c.m[k] = e
	return e
}

// lookup returns the value get reads from s's entry, computing it with
// make and storing it with put when the entry lacks it. make runs without
// the lock held.
//
// The values are shared between callers, who must not modify them.
func lookup[T any](x *Extractor, s *edits.Sentence, get func(*cached) (T, bool), make func() T, put func(*cached, T)) T {
	if !cacheOn {
		return make()
	}
	k := cacheKey{x, textKey(s)}
	c := sentenceCache
	c.mu.Lock()
	if v, ok := get(c.entry(k)); ok {
		c.mu.Unlock()
		return v
	}
	c.mu.Unlock()
	v := make()
	c.mu.Lock()
	put(c.entry(k), v)
	c.mu.Unlock()
	return v
}

// cachedScore returns the language-model score of s.
func (x *Extractor) cachedScore(s *edits.Sentence) *lmScore {
	return lookup(x, s,
		func(e *cached) (*lmScore, bool) { return e.lm, e.lm != nil },
		func() *lmScore { return x.score(s) },
		func(e *cached, v *lmScore) { e.lm = v })
}

// cachedProbs returns the error probabilities of s.
func (x *Extractor) cachedProbs(s *edits.Sentence) []float64 {
	return lookup(x, s,
		func(e *cached) ([]float64, bool) { return e.ged, e.ged != nil },
		func() []float64 { return x.GED.Probs(s, nil) },
		func(e *cached, v []float64) { e.ged = v })
}

// cachedGrams returns the character n-grams of s for chrF.
func (x *Extractor) cachedGrams(s *edits.Sentence) *charGrams {
	return lookup(x, s,
		func(e *cached) (*charGrams, bool) { return e.grams, e.grams != nil },
		func() *charGrams { return charGramsOf(s.Texts()) },
		func(e *cached, v *charGrams) { e.grams = v })
}

// gleuScorer returns a GLEU scorer of the source and references of in.
func (x *Extractor) gleuScorer(in Input) *gleu.Scorer {
	refKeys := make([]string, len(in.Refs))
	for k, r := range in.Refs {
		refKeys[k] = textKey(r)
	}
	return lookup(x, in.Source,
		func(e *cached) (*gleu.Scorer, bool) {
			return e.gleu, e.gleu != nil && slices.Equal(e.gleuRefs, refKeys)
		},
		func() *gleu.Scorer {
			refs := make([][][]string, len(in.Refs))
			for k, r := range in.Refs {
				refs[k] = [][]string{r.Texts()}
			}
			sc, err := gleu.New([][]string{in.Source.Texts()}, refs...)
			if err != nil {
				panic("evidence: " + err.Error()) // one sentence, at least one reference: cannot fail
			}
			return sc
		},
		func(e *cached, v *gleu.Scorer) { e.gleu, e.gleuRefs = v, refKeys })
}
