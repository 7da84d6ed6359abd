package evidence

import (
	"cmp"
	"slices"
	"unicode"
)

// chrfOrder is the largest character n-gram length of chrF.
const chrfOrder = 6

// ChrF returns the sentence-level chrF of hyp against ref (Popović 2015):
// character n-grams of orders 1 to 6 with white space removed, precision
// and recall averaged over the orders, and their F-score with β = 2, in
// [0, 1]. It matches sacreBLEU's sentence chrF with default settings except
// that orders a sentence is too short for are skipped rather than counted
// as zero.
func ChrF(hyp, ref []string) float64 { return chrfOf(charGramsOf(hyp), charGramsOf(ref)) }

// charGrams are a sentence's character n-grams of each order, sorted, so
// that a sentence compared with many others is counted once. An n-gram of
// runes below 1024 (narrowBits) packs into one uint64, sorted as a number;
// the others (CJK, emoji, ...) into a gramKey, in a list of their own.
// Two n-grams can only be equal when both are narrow or both wide, so the
// two lists are matched separately.
type charGrams struct {
	narrow [chrfOrder][]uint64
	wide   [chrfOrder][]gramKey
	chars  int
}

// narrowBits is the width of a rune in a narrow n-gram: 6 × 10 bits fit a
// uint64, and Latin, Greek and Cyrillic letters are below 1024.
const narrowBits = 10

// count returns the number of n-grams of order n+1.
func (g *charGrams) count(n int) int { return len(g.narrow[n]) + len(g.wide[n]) }

func charGramsOf(tokens []string) *charGrams {
	cs := charsOf(tokens)
	g := &charGrams{chars: len(cs)}
	for n := 1; n <= chrfOrder && n <= len(cs); n++ {
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

func chrfOf(h, r *charGrams) float64 {
	const beta = 2.0
	var sumP, sumR float64
	var orders int
	for n := range chrfOrder {
		hn, rn := h.count(n), r.count(n)
		if hn == 0 || rn == 0 {
			continue
		}
		match := matches(h.narrow[n], r.narrow[n], cmp.Compare[uint64]) + matches(h.wide[n], r.wide[n], compareKeys)
		sumP += float64(match) / float64(hn)
		sumR += float64(match) / float64(rn)
		orders++
	}
	if orders == 0 {
		if h.chars == 0 && r.chars == 0 {
			return 1
		}
		return 0
	}
	p, rc := sumP/float64(orders), sumR/float64(orders)
	if p+rc == 0 {
		return 0
	}
	return (1 + beta*beta) * p * rc / (beta*beta*p + rc)
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

// charsOf returns the characters of tokens without white space.
func charsOf(tokens []string) []rune {
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
