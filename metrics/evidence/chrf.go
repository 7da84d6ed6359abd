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
	for n := 1; n <= maxN; n++ {
		if len(h) < n || len(r) < n {
			continue
		}
		hc := ngrams(h, n)
		rc := ngrams(r, n)
		match := 0
		for g, c := range hc {
			match += min(c, rc[g])
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

func ngrams(s []rune, n int) map[string]int {
	m := make(map[string]int, len(s))
	for i := 0; i+n <= len(s); i++ {
		m[string(s[i:i+n])]++
	}
	return m
}
