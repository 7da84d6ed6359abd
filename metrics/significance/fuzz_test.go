package significance

import (
	"math"
	"testing"

	"github.com/gecmetric/gecmetric/metrics"
)

// FuzzCompare checks the invariants of the two tests on arbitrary count
// tables: p in (0, 1], an ordered interval, exchanging the systems leaves p
// unchanged and mirrors the interval, and a system against itself has
// p = 1 and interval [0, 0].
func FuzzCompare(f *testing.F) {
	f.Add([]byte{1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1}, uint64(1))
	f.Add([]byte{2, 1, 0, 0, 3, 1, 5, 0, 2, 2, 2, 2, 0, 0, 0, 1, 1, 1}, uint64(7))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		const w = 3
		n := len(data) / (2 * w)
		if n == 0 || n > 200 {
			return
		}
		base := f1Corpus()
		cand := f1Corpus()
		for i := range n {
			b, c := make(metrics.Stats, w), make(metrics.Stats, w)
			for j := range w {
				b[j] = float64(data[2*w*i+j] % 8)
				c[j] = float64(data[2*w*i+w+j] % 8)
			}
			base.Add(b)
			cand.Add(c)
		}
		opt := Options{Resamples: 200, Seed: seed}
		fw, err := Compare([]*metrics.Corpus{base}, []*metrics.Corpus{cand}, opt)
		if err != nil {
			t.Fatal(err)
		}
		bw, err := Compare([]*metrics.Corpus{cand}, []*metrics.Corpus{base}, opt)
		if err != nil {
			t.Fatal(err)
		}
		r, s := fw[0], bw[0]
		if !(r.P > 0 && r.P <= 1) || r.Low > r.High || r.Delta != r.Candidate-r.Baseline {
			t.Errorf("result %+v", r)
		}
		if r.P != s.P || r.Low != -s.High || r.High != -s.Low {
			t.Errorf("exchanging the systems: p %v vs %v, interval [%v, %v] vs [%v, %v]", r.P, s.P, r.Low, r.High, s.Low, s.High)
		}
		same, _ := Compare([]*metrics.Corpus{base}, []*metrics.Corpus{base}, opt)
		if same[0].P != 1 || same[0].Low != 0 || same[0].High != 0 || math.IsNaN(same[0].Delta) {
			t.Errorf("a system against itself: %+v", same[0])
		}
	})
}
