package pairwise

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRecoversDirection draws outputs with two informative features and
// one noise feature, prefers by a known utility plus logistic noise, and
// checks that the fitted weights point the same way.
func TestRecoversDirection(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 2000
	x := make([][]float64, n)
	for i := range x {
		x[i] = []float64{rng.NormFloat64(), 3 * rng.NormFloat64(), rng.NormFloat64()}
	}
	util := func(r []float64) float64 { return 2*r[0] - r[1]/3 }
	var pairs []Pair
	for i := 0; i+1 < n; i += 2 {
		a, b := i, i+1
		p := 1 / (1 + math.Exp(-(util(x[a]) - util(x[b]))))
		if rng.Float64() < p {
			pairs = append(pairs, Pair{Better: a, Worse: b})
		} else {
			pairs = append(pairs, Pair{Better: b, Worse: a})
		}
	}
	m, err := Fit(x, pairs, Settings{L2: 1e-3})
	if err != nil {
		t.Fatal(err)
	}
	// On standardised features the true weights are 2·sd0 and −1/3·sd1 ≈ 2
	// and −1; noise ≈ 0. Measured: see the log; tolerances are wide enough
	// for 1,000 noisy pairs.
	raw := []float64{m.Coef[0] / m.Scale[0], m.Coef[1] / m.Scale[1], m.Coef[2] / m.Scale[2]}
	t.Logf("raw weights %.3f", raw)
	if math.Abs(raw[0]-2) > 0.35 || math.Abs(raw[1]+1.0/3) > 0.06 || math.Abs(raw[2]) > 0.2 {
		t.Errorf("raw weights %v, want about [2 -0.333 0]", raw)
	}
	if got := m.Prefer([]float64{1, 0, 0}, []float64{0, 0, 0}); got < 0.8 {
		t.Errorf("Prefer(better, worse) = %.3f, want > 0.8", got)
	}
}

func TestSymmetricPairsGiveZero(t *testing.T) {
	x := [][]float64{{1, 2}, {3, 1}}
	m, err := Fit(x, []Pair{{Better: 0, Worse: 1}, {Better: 1, Worse: 0}}, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	for j, c := range m.Coef {
		if math.Abs(c) > 1e-9 {
			t.Errorf("coef %d = %v, want 0 for contradicting pairs", j, c)
		}
	}
}

func TestFitErrors(t *testing.T) {
	tests := []struct {
		name  string
		x     [][]float64
		pairs []Pair
	}{
		{"no rows", nil, []Pair{{}}},
		{"no pairs", [][]float64{{1}}, nil},
		{"ragged", [][]float64{{1}, {1, 2}}, []Pair{{Better: 0, Worse: 1}}},
		{"NaN", [][]float64{{math.NaN()}, {1}}, []Pair{{Better: 0, Worse: 1}}},
		{"outside", [][]float64{{1}, {2}}, []Pair{{Better: 0, Worse: 2}}},
		{"negative weight", [][]float64{{1}, {2}}, []Pair{{Better: 0, Worse: 1, Weight: -1}}},
	}
	for _, tc := range tests {
		if _, err := Fit(tc.x, tc.pairs, Settings{}); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func BenchmarkFit(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([][]float64, 10000)
	for i := range x {
		x[i] = make([]float64, 60)
		for j := range x[i] {
			x[i][j] = rng.NormFloat64()
		}
	}
	pairs := make([]Pair, 20000)
	for i := range pairs {
		pairs[i] = Pair{Better: rng.IntN(len(x)), Worse: rng.IntN(len(x))}
	}
	for b.Loop() {
		if _, err := Fit(x, pairs, Settings{L2: 10}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPenaltyShiftsWeight fits two copies of the same informative feature:
// unpenalised they share the weight equally; with the second penalised
// 100 times, the first carries it (the ridge's solution puts weight on
// each copy in inverse proportion to its penalty).
func TestPenaltyShiftsWeight(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 1000
	x := make([][]float64, n)
	var pairs []Pair
	for i := range x {
		v := rng.NormFloat64()
		x[i] = []float64{v, v}
	}
	for i := 0; i+1 < n; i += 2 {
		if x[i][0] > x[i+1][0] {
			pairs = append(pairs, Pair{Better: i, Worse: i + 1})
		} else {
			pairs = append(pairs, Pair{Better: i + 1, Worse: i})
		}
	}
	same, err := Fit(x, pairs, Settings{L2: 1})
	if err != nil {
		t.Fatal(err)
	}
	ones, err := Fit(x, pairs, Settings{L2: 1, Penalty: []float64{1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(same.Coef[0]-same.Coef[1]) > 1e-6 || math.Abs(same.Coef[0]-ones.Coef[0]) > 1e-9 {
		t.Errorf("unpenalised copies: %v, with Penalty 1: %v; want equal", same.Coef, ones.Coef)
	}
	pen, err := Fit(x, pairs, Settings{L2: 1, Penalty: []float64{1, 100}})
	if err != nil {
		t.Fatal(err)
	}
	// Ridge on duplicated columns: w1/w2 = p2/p1 = 100 at the optimum.
	if r := pen.Coef[0] / pen.Coef[1]; math.Abs(r-100) > 1 {
		t.Errorf("penalised copies %v: ratio %.2f, want 100", pen.Coef, r)
	}
	for _, bad := range [][]float64{{1}, {1, 0}, {1, math.Inf(1)}, {1, math.NaN()}} {
		if _, err := Fit(x, pairs, Settings{L2: 1, Penalty: bad}); err == nil {
			t.Errorf("penalty %v: no error", bad)
		}
	}
}
