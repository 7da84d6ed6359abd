package ordinal

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

// With no features the maximum-likelihood cut points are the logits of the
// cumulative label shares, which can be computed by hand.
func TestFitInterceptsOnly(t *testing.T) {
	// 2 of label 0, 3 of label 1, 5 of label 2: shares .2, .5 → logit(.2), logit(.5).
	y := []int{0, 0, 1, 1, 1, 2, 2, 2, 2, 2}
	x := make([][]float64, len(y))
	for i := range x {
		x[i] = []float64{}
	}
	m, err := Fit(x, y, 3, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{math.Log(0.2 / 0.8), 0}
	for c, w := range want {
		if math.Abs(m.Cuts[c]-w) > 1e-4 {
			t.Errorf("cut %d = %.6f, want %.6f", c, m.Cuts[c], w)
		}
	}
	p := m.Probabilities(nil)
	for k, w := range []float64{0.2, 0.3, 0.5} {
		if math.Abs(p[k]-w) > 1e-4 {
			t.Errorf("P(y=%d) = %.5f, want %.1f", k, p[k], w)
		}
	}
	if e := m.Expected(nil); math.Abs(e-1.3) > 1e-3 {
		t.Errorf("expected label %.4f, want 1.3", e)
	}
}

// Data drawn from a known model: the fit recovers its coefficients and
// cut points.
func TestFitRecoversModel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	beta := []float64{1.5, -0.8, 0}
	cuts := []float64{-1, 0.5, 2}
	n := 20000
	x := make([][]float64, n)
	y := make([]int, n)
	for i := range n {
		row := []float64{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		eta := beta[0]*row[0] + beta[1]*row[1] + beta[2]*row[2]
		// Draw from the logistic latent variable.
		u := r.Float64()
		latent := eta + math.Log(u/(1-u))
		l := 0
		for l < len(cuts) && latent > cuts[l] {
			l++
		}
		x[i], y[i] = row, l
	}
	m, err := Fit(x, y, 4, Settings{L2: 1e-9})
	if err != nil {
		t.Fatal(err)
	}
	// Coefficients are on standardised features; convert back.
	for j, b := range beta {
		got := m.Coef[j] / m.Scale[j]
		if math.Abs(got-b) > 0.08 {
			t.Errorf("β%d = %.3f, want %.2f", j, got, b)
		}
	}
	// Cut points shift by β·mean on standardised features; compare the
	// predicted distribution at x = 0 with the true one.
	zero := []float64{0, 0, 0}
	p := m.Probabilities(zero)
	prev := 0.0
	for k := range 4 {
		f := 1.0
		if k < 3 {
			f = sigmoid(cuts[k])
		}
		if math.Abs(p[k]-(f-prev)) > 0.02 {
			t.Errorf("P(y=%d | 0) = %.3f, want %.3f", k, p[k], f-prev)
		}
		prev = f
	}
}

func TestFitErrors(t *testing.T) {
	tests := []struct {
		name string
		x    [][]float64
		y    []int
		k    int
	}{
		{"empty", nil, nil, 3},
		{"label out of range", [][]float64{{1}}, []int{3}, 3},
		{"ragged", [][]float64{{1}, {1, 2}}, []int{0, 1}, 2},
		{"NaN", [][]float64{{math.NaN()}}, []int{0}, 2},
		{"one label", [][]float64{{1}}, []int{0}, 1},
	}
	for _, tt := range tests {
		if _, err := Fit(tt.x, tt.y, tt.k, Settings{}); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

func TestProbabilitiesOrderedAndJSON(t *testing.T) {
	m := &Model{Labels: 4, Mean: []float64{0}, Scale: []float64{1}, Coef: []float64{2}, Cuts: []float64{-1, 0, 1}}
	sum := 0.0
	for _, p := range m.Probabilities([]float64{0.3}) {
		if p < 0 {
			t.Errorf("negative probability %v", p)
		}
		sum += p
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("probabilities sum to %v", sum)
	}
	if m.Expected([]float64{3}) < m.Expected([]float64{-3}) {
		t.Error("a positive coefficient must raise the expected label")
	}
	if m.MostLikely([]float64{10}) != 3 || m.MostLikely([]float64{-10}) != 0 {
		t.Error("extreme inputs must give the extreme labels")
	}
	b, _ := json.Marshal(m)
	var back Model
	if err := json.Unmarshal(b, &back); err != nil || back.Expected([]float64{0.3}) != m.Expected([]float64{0.3}) {
		t.Errorf("JSON round trip: %v", err)
	}
}

func BenchmarkFit(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 2000
	x := make([][]float64, n)
	y := make([]int, n)
	for i := range n {
		x[i] = []float64{r.NormFloat64(), r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		y[i] = min(3, max(0, int(x[i][0]+x[i][1]+1.5+r.NormFloat64())))
	}
	for range b.N {
		if _, err := Fit(x, y, 4, Settings{}); err != nil {
			b.Fatal(err)
		}
	}
}
