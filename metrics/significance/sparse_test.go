package significance

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gecmetric/gecmetric/metrics"
)

// TestCompareSparseEqualsDense draws per-type counts that most sentences
// lack and checks that CompareSparse gives exactly Compare's results on
// the same corpora written out in full, row for row.
func TestCompareSparseEqualsDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n, types = 300, 4
	var denseB, denseC []*metrics.Corpus
	var sparseB, sparseC []*Sparse
	for ty := range types {
		var ds [2]*metrics.Corpus
		var ss [2]*Sparse
		for side := range 2 {
			d := f1Corpus()
			sp := &Sparse{Metric: d.Metric, N: n, Width: 3, Score: d.Score}
			for i := range n {
				row := metrics.Stats{0, 0, 0}
				// Sentence i has counts of this type one time in (ty+3);
				// a zero row listed now and then must change nothing.
				switch rng.IntN(ty + 3) {
				case 0:
					row = metrics.Stats{float64(rng.IntN(3)), float64(rng.IntN(2)), float64(rng.IntN(3))}
					sp.Sentences, sp.Rows = append(sp.Sentences, int32(i)), append(sp.Rows, row...)
				case 1:
					if rng.IntN(4) == 0 {
						sp.Sentences, sp.Rows = append(sp.Sentences, int32(i)), append(sp.Rows, row...)
					}
				}
				d.Add(row)
			}
			ds[side], ss[side] = d, sp
		}
		denseB, denseC = append(denseB, ds[0]), append(denseC, ds[1])
		sparseB, sparseC = append(sparseB, ss[0]), append(sparseC, ss[1])
	}
	opt := Options{Resamples: 200, Seed: 9}
	want, err := Compare(denseB, denseC, opt)
	if err != nil {
		t.Fatal(err)
	}
	got, err := CompareSparse(sparseB, sparseC, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		for i := range want {
			t.Errorf("type %d: sparse %+v\ndense %+v", i, got[i].Randomization, want[i].Randomization)
		}
	}
	score := sparseB[0].Score
	for name, bad := range map[string]*Sparse{
		"sentences out of order": {Metric: "f1", N: n, Width: 3, Sentences: []int32{5, 3}, Rows: []float64{1, 0, 0, 1, 0, 0}, Score: score},
		"sentence beyond N":      {Metric: "f1", N: n, Width: 3, Sentences: []int32{n}, Rows: []float64{1, 0, 0}, Score: score},
		"rows short":             {Metric: "f1", N: n, Width: 3, Sentences: []int32{1, 2}, Rows: []float64{1, 0, 0}, Score: score},
		"width":                  {Metric: "f1", N: n, Width: 2, Sentences: []int32{1}, Rows: []float64{1, 0}, Score: score},
		"metric":                 {Metric: "f2", N: n, Width: 3, Score: score},
		"no score":               {Metric: "f1", N: n, Width: 3},
	} {
		if _, err := CompareSparse([]*Sparse{bad}, []*Sparse{sparseC[0]}, opt); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
