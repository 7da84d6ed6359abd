package chrf

import (
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
	h := chars(hyp)
	hc := make([]map[string]int, Order+1)
	for n := 1; n <= Order; n++ {
		hc[n] = ngrams(h, n)
	}
	var best metrics.Stats
	bestScore := -1.0
	if len(refs) == 0 {
		refs = [][]string{nil}
	}
	for _, ref := range refs {
		r := chars(ref)
		s := make(metrics.Stats, Width)
		for n := 1; n <= Order; n++ {
			rc := ngrams(r, n)
			match := 0
			for g, c := range hc[n] {
				match += min(c, rc[g])
			}
			s[3*(n-1)] = float64(max(len(h)-n+1, 0))
			s[3*(n-1)+1] = float64(max(len(r)-n+1, 0))
			s[3*(n-1)+2] = float64(match)
		}
		if sc := Score(s); sc > bestScore {
			best, bestScore = s, sc
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

func ngrams(s []rune, n int) map[string]int {
	m := make(map[string]int, len(s))
	for i := 0; i+n <= len(s); i++ {
		m[string(s[i:i+n])]++
	}
	return m
}
