package evidence

import "unicode"

// ChrF returns the sentence-level chrF of hyp against ref (Popović 2015):
// character n-grams of orders 1 to 6 with white space removed, precision
// and recall averaged over the orders, and their F-score with β = 2, in
// [0, 1]. It matches sacreBLEU's sentence chrF with default settings except
// that orders a sentence is too short for are skipped rather than counted
// as zero.
func ChrF(hyp, ref []string) float64 {
	h := charsOf(hyp)
	r := charsOf(ref)
	const maxN = 6
	const beta = 2.0
	var sumP, sumR float64
	var orders int
	counts := make(map[gramKey]int32, len(h))
	for n := 1; n <= maxN; n++ {
		if len(h) < n || len(r) < n {
			continue
		}
		// Count the hypothesis's n-grams, then take each of the
		// reference's from them: the matches are the sum over n-grams of
		// the lesser count.
		clear(counts)
		for i := 0; i+n <= len(h); i++ {
			counts[gramOf(h[i:i+n])]++
		}
		match := 0
		for i := 0; i+n <= len(r); i++ {
			k := gramOf(r[i : i+n])
			if counts[k] > 0 {
				counts[k]--
				match++
			}
		}
		sumP += float64(match) / float64(len(h)-n+1)
		sumR += float64(match) / float64(len(r)-n+1)
		orders++
	}
	if orders == 0 {
		if len(h) == 0 && len(r) == 0 {
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
