package chrf

import (
	"cmp"
	"slices"
	"unicode"

	"github.com/gecmetric/gecmetric/metrics"
)

// Order is the largest character n-gram length, Beta the weight of recall.
const (
	Order = 6
	Beta  = 2.0
)

// Width is the length of a sentence's Stats: for n = 1..Order, the
// hypothesis n-grams, the reference n-grams and the matches.
const Width = 3 * Order

// Stats returns the statistics of hyp (tokens) against each reference
// that gives the best score (the first on a tie); nil refs gives the
// statistics against an empty reference.
func Stats(hyp []string, refs ...[]string) metrics.Stats {
	h := GramsOf(hyp)
	var best metrics.Stats
	bestScore := -1.0
	if len(refs) == 0 {
		refs = [][]string{nil}
	}
	for _, ref := range refs {
		s := Compare(h, GramsOf(ref))
		if sc := Score(s[:]); sc > bestScore {
			best, bestScore = slices.Clone(s[:]), sc
		}
	}
	return best
}

// Sentence returns the chrF of hyp against its best reference.
func Sentence(hyp []string, refs ...[]string) float64 { return Score(Stats(hyp, refs...)) }

// Score returns the chrF of summed statistics, in [0, 1]: the F_β of the
// precision and recall averaged over the orders that have both hypothesis
// and reference n-grams (sacreBLEU 2's default, eps_smoothing off), 0 when
// there is none.
func Score(s metrics.Stats) float64 {
	var p, r float64
	effective := 0
	for n := 0; n < Order; n++ {
		hyp, ref, match := s[3*n], s[3*n+1], s[3*n+2]
		if hyp > 0 && ref > 0 {
			p += match / hyp
			r += match / ref
			effective++
		}
	}
	if effective == 0 {
		return 0
	}
	p /= float64(effective)
	r /= float64(effective)
	const f = Beta * Beta
	if p+r == 0 {
		return 0
	}
	return (1 + f) * p * r / (f*p + r)
}

// Corpus returns the per-sentence statistics of hyps against refs
// (refs[k][i] is reference k of sentence i) as a metrics.Corpus.
func Corpus(hyps [][]string, refs ...[][]string) *metrics.Corpus {
	c := metrics.NewCorpus("chrf", 0, Score)
	for i, h := range hyps {
		rs := make([][]string, len(refs))
		for k := range refs {
			rs[k] = refs[k][i]
		}
		c.Add(Stats(h, rs...))
	}
	return c
}

// Grams are a sentence's character n-grams of each order (white space
// removed), sorted, so that a sentence compared with many others is
// counted once (GramsOf, then Compare). An n-gram of runes below 1024
// (narrowBits) packs into one uint64, sorted as a number; the others
// (CJK, emoji, ...) into a gramKey, in a list of their own. Two n-grams
// can only be equal when both are narrow or both wide, so the two lists
// are matched separately.
type Grams struct {
	narrow [Order][]uint64
	wide   [Order][]gramKey
	chars  int
}

// Chars returns the number of characters the n-grams were made of.
func (g *Grams) Chars() int { return g.chars }

// narrowBits is the width of a rune in a narrow n-gram: 6 × 10 bits fit a
// uint64, and Latin, Greek and Cyrillic letters are below 1024.
const narrowBits = 10

// count returns the number of n-grams of order n+1.
func (g *Grams) count(n int) int { return len(g.narrow[n]) + len(g.wide[n]) }

// GramsOf returns the character n-grams of tokens.
func GramsOf(tokens []string) *Grams {
	cs := chars(tokens)
	g := &Grams{chars: len(cs)}
	for n := 1; n <= Order && n <= len(cs); n++ {
		narrow := make([]uint64, 0, len(cs)-n+1)
		var wide []gramKey
		for i := 0; i+n <= len(cs); i++ {
			k, ok := narrowOf(cs[i : i+n])
			if ok {
				narrow = append(narrow, k)
			} else {
				wide = append(wide, gramOf(cs[i:i+n]))
			}
		}
		slices.Sort(narrow)
		slices.SortFunc(wide, compareKeys)
		g.narrow[n-1], g.wide[n-1] = narrow, wide
	}
	return g
}

// Compare returns the statistics of a hypothesis's n-grams h against a
// reference's r (Score scores them).
func Compare(h, r *Grams) [Width]float64 {
	var s [Width]float64
	for n := range Order {
		s[3*n] = float64(h.count(n))
		s[3*n+1] = float64(r.count(n))
		s[3*n+2] = float64(matches(h.narrow[n], r.narrow[n], cmp.Compare[uint64]) + matches(h.wide[n], r.wide[n], compareKeys))
	}
	return s
}

// narrowOf packs an n-gram of runes below 1024, or reports that it has
// another.
func narrowOf(g []rune) (uint64, bool) {
	var k uint64
	for _, c := range g {
		if uint32(c) >= 1<<narrowBits {
			return 0, false
		}
		k = k<<narrowBits | uint64(c)
	}
	return k, true
}

// A gramKey packs up to six runes of 21 bits each, so that n-grams of one
// order are compared exactly without building strings.
type gramKey [2]uint64

func gramOf(g []rune) gramKey {
	var k gramKey
	for i, c := range g {
		k[i/3] |= uint64(c&0x1fffff) << (21 * uint(i%3))
	}
	return k
}

func compareKeys(a, b gramKey) int {
	if c := cmp.Compare(a[0], b[0]); c != 0 {
		return c
	}
	return cmp.Compare(a[1], b[1])
}

// matches returns the size of the multiset intersection of two sorted
// lists: the sum over n-grams of the lesser count.
func matches[K any](a, b []K, compare func(K, K) int) int {
	match := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch c := compare(a[i], b[j]); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			match++
			i++
			j++
		}
	}
	return match
}

// chars returns the characters of tokens without white space.
func chars(tokens []string) []rune {
	var out []rune
	for _, t := range tokens {
		for _, c := range t {
			if !unicode.IsSpace(c) {
				out = append(out, c)
			}
		}
	}
	return out
}
