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
// that a sentence compared with many others is counted once.
type charGrams [chrfOrder][]gramKey

func charGramsOf(tokens []string) *charGrams {
	var cs []rune
	for _, t := range tokens {
		for _, c := range t {
			if !unicode.IsSpace(c) {
				cs = append(cs, c)
			}
		}
	}
	g := &charGrams{}
	for n := 1; n <= chrfOrder && n <= len(cs); n++ {
		keys := make([]gramKey, 0, len(cs)-n+1)
		for i := 0; i+n <= len(cs); i++ {
			keys = append(keys, gramOf(cs[i:i+n]))
		}
		slices.SortFunc(keys, compareKeys)
		g[n-1] = keys
	}
	return g
}

func compareKeys(a, b gramKey) int {
	if c := cmp.Compare(a[0], b[0]); c != 0 {
		return c
	}
	return cmp.Compare(a[1], b[1])
}

func chrfOf(h, r *charGrams) float64 {
	const beta = 2.0
	var sumP, sumR float64
	var orders int
	for n := range chrfOrder {
		hk, rk := h[n], r[n]
		if len(hk) == 0 || len(rk) == 0 {
			continue
		}
		// Matches: the sum over n-grams of the lesser count, by merging
		// the two sorted lists.
		match := 0
		for i, j := 0, 0; i < len(hk) && j < len(rk); {
			switch c := compareKeys(hk[i], rk[j]); {
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
		sumP += float64(match) / float64(len(hk))
		sumR += float64(match) / float64(len(rk))
		orders++
	}
	if orders == 0 {
		if len(h[0]) == 0 && len(r[0]) == 0 {
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
