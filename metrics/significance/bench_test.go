package significance

import (
	"math/rand/v2"
	"testing"

	"github.com/gecmetric/gecmetric/metrics"
)

// synthetic builds a baseline and a candidate of the size of CoNLL-2014
// (1,312 sentences) for a metric of the given width, with counts like an
// edit metric's: most sentences have a few edits, a third differ.
func synthetic(name string, width, sentences int, seed uint64) (base, cand *metrics.Corpus) {
	r := rand.New(rand.NewPCG(seed, 1))
	score := func(s metrics.Stats) float64 {
		tp, fp, fn := s[0], s[1], s[2]
		p, rc := 1.0, 1.0
		if tp+fp > 0 {
			p = tp / (tp + fp)
		}
		if tp+fn > 0 {
			rc = tp / (tp + fn)
		}
		if p+rc == 0 {
			return 0
		}
		return 1.25 * p * rc / (0.25*p + rc)
	}
	base = metrics.NewCorpus(name, width, score)
	cand = metrics.NewCorpus(name, width, score)
	for range sentences {
		b := make(metrics.Stats, width)
		for j := range b {
			b[j] = float64(r.IntN(3))
		}
		c := append(metrics.Stats(nil), b...)
		if r.IntN(3) == 0 {
			for j := range c {
				c[j] = float64(r.IntN(3))
			}
		}
		base.Add(b)
		cand.Add(c)
	}
	return base, cand
}

// BenchmarkCompare is the speed target: 1,000 bootstrap resamples
// and 1,000 randomisation trials over 1,312 sentences and three metrics
// (two edit metrics of width 3, one n-gram metric of width 20).
func BenchmarkCompare(b *testing.B) {
	var base, cand []*metrics.Corpus
	for i, w := range []int{3, 3, 20} {
		bc, cc := synthetic([]string{"m2", "errant", "gleu"}[i], w, 1312, uint64(i))
		base, cand = append(base, bc), append(cand, cc)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compare(base, cand, Options{Resamples: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPairedBootstrap(b *testing.B) {
	base, cand := synthetic("m2", 3, 1312, 1)
	for b.Loop() {
		PairedBootstrap(base, cand, 1000, 1)
	}
}

func BenchmarkApproxRandomization(b *testing.B) {
	base, cand := synthetic("m2", 3, 1312, 1)
	for b.Loop() {
		ApproxRandomization(base, cand, 1000, 1)
	}
}
