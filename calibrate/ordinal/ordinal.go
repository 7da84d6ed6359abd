// Package ordinal fits and applies proportional-odds (cumulative logit)
// regression: the model of an ordered rating y in {0, ..., K-1} given
// features x,
//
//	P(y ≤ k | x) = σ(θ_k − β·x),   k = 0, ..., K-2,   θ_0 < θ_1 < ... < θ_{K-2}
//
// (McCullagh 1980). It is how gecmetric maps metric evidence to a human
// rating scale: one coefficient per feature, shared by all labels, and
// K−1 cut points, so the model has few parameters and never predicts
// labels out of order.
//
// Fit minimises the negative log-likelihood plus an L2 penalty on β with
// gonum's L-BFGS and an analytic gradient. The cut points are
// parameterised as θ_0 = a_0, θ_k = θ_{k−1} + exp(a_k), which keeps them
// ordered without constraints. Features are standardised inside the model
// (their means and scales are part of it), so the penalty treats them
// alike and a saved model applies to raw feature values.
package ordinal

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/optimize"
)

// A Model is a fitted proportional-odds model. It marshals to JSON as is.
type Model struct {
	Labels int       `json:"labels"` // K, the number of ordered labels
	Mean   []float64 `json:"mean"`   // per-feature mean used for standardising
	Scale  []float64 `json:"scale"`  // per-feature standard deviation (1 where constant)
	Coef   []float64 `json:"coef"`   // β, on standardised features
	Cuts   []float64 `json:"cuts"`   // θ_0 < ... < θ_{K-2}
}

// Settings configures Fit. The zero value is usable.
type Settings struct {
	// L2 is the penalty λ in λ/2·|β|². Zero means 1e-3, a light ridge that
	// keeps separable data finite.
	L2 float64
	// Weights gives each observation a weight; nil means all ones.
	Weights []float64
	// MaxIterations bounds L-BFGS; zero means 500.
	MaxIterations int
}

// ErrData reports unusable training data.
var ErrData = errors.New("ordinal: unusable training data")

// Fit fits a model with k labels to rows x and labels y (each in [0, k)).
func Fit(x [][]float64, y []int, k int, s Settings) (*Model, error) {
	if err := checkData(x, y, k, s.Weights); err != nil {
		return nil, err
	}
	l2 := s.L2
	if l2 == 0 {
		l2 = 1e-3
	}
	maxIter := s.MaxIterations
	if maxIter == 0 {
		maxIter = 500
	}
	w := weightOf(s.Weights)
	m := &Model{Labels: k}
	var z [][]float64
	m.Mean, m.Scale, z = standardise(x, w)
	d := len(x[0])
	nll := &likelihood{z: z, y: y, k: k, w: w, l2: l2, theta: make([]float64, k-1), dtheta: make([]float64, k-1)}
	problem := optimize.Problem{
		Func: func(p []float64) float64 { return nll.eval(nil, p) },
		Grad: func(grad, p []float64) { nll.eval(grad, p) },
	}
	res, err := optimize.Minimize(problem, startParams(y, w, d, k), &optimize.Settings{MajorIterations: maxIter, GradientThreshold: 1e-7}, &optimize.LBFGS{})
	if err != nil && res == nil {
		return nil, fmt.Errorf("ordinal: fit: %w", err)
	}
	p := res.X
	m.Coef = append([]float64(nil), p[:d]...)
	m.Cuts = make([]float64, k-1)
	m.Cuts[0] = p[d]
	for c := 1; c < k-1; c++ {
		m.Cuts[c] = m.Cuts[c-1] + math.Exp(p[d+c])
	}
	return m, nil
}

// checkData reports rows of unequal length, labels outside [0, k),
// non-finite features and a weight count that is not the row count.
func checkData(x [][]float64, y []int, k int, weights []float64) error {
	n := len(x)
	if n == 0 || len(y) != n || k < 2 {
		return fmt.Errorf("%w: %d rows, %d labels, k=%d", ErrData, n, len(y), k)
	}
	d := len(x[0])
	for i, row := range x {
		if len(row) != d {
			return fmt.Errorf("%w: row %d has %d features, want %d", ErrData, i, len(row), d)
		}
		if y[i] < 0 || y[i] >= k {
			return fmt.Errorf("%w: label %d of row %d outside [0,%d)", ErrData, y[i], i, k)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%w: feature %d of row %d is %v", ErrData, j, i, v)
			}
		}
	}
	if weights != nil && len(weights) != n {
		return fmt.Errorf("%w: %d weights for %d rows", ErrData, len(weights), n)
	}
	return nil
}

// weightOf returns the weight of row i: weights[i], or 1 when weights is
// nil.
func weightOf(weights []float64) func(i int) float64 {
	return func(i int) float64 {
		if weights == nil {
			return 1
		}
		return weights[i]
	}
}

// standardise returns each feature's weighted mean and population
// standard deviation (1 where the feature is constant) and the rows in
// those units.
func standardise(x [][]float64, w func(int) float64) (mean, scale []float64, z [][]float64) {
	n, d := len(x), len(x[0])
	mean, scale = make([]float64, d), make([]float64, d)
	for j := range d {
		var sum, sw float64
		for i := range n {
			sum += w(i) * x[i][j]
			sw += w(i)
		}
		mu := sum / sw
		var ss float64
		for i := range n {
			dv := x[i][j] - mu
			ss += w(i) * dv * dv
		}
		sd := math.Sqrt(ss / sw)
		if sd < 1e-12 {
			sd = 1
		}
		mean[j], scale[j] = mu, sd
	}
	z = make([][]float64, n)
	for i := range n {
		z[i] = make([]float64, d)
		for j := range d {
			z[i][j] = (x[i][j] - mean[j]) / scale[j]
		}
	}
	return mean, scale, z
}

// startParams returns the starting point of the fit: β = 0 and the cuts at
// the logits of the cumulative label shares (smoothed, kept inside
// [0.001, 0.999]), in the parameterisation θ_0 = a_0, θ_c = θ_{c−1} +
// exp(a_c).
func startParams(y []int, w func(int) float64, d, k int) []float64 {
	counts := make([]float64, k)
	var total float64
	for i, l := range y {
		counts[l] += w(i)
		total += w(i)
	}
	p0 := make([]float64, d+k-1)
	cum := 0.0
	prev := 0.0
	for c := 0; c < k-1; c++ {
		cum += counts[c]
		q := math.Min(math.Max((cum+0.5)/(total+1), 1e-3), 1-1e-3)
		theta := math.Log(q / (1 - q))
		if c == 0 {
			p0[d] = theta
		} else {
			p0[d+c] = math.Log(math.Max(theta-prev, 1e-3))
		}
		prev = theta
	}
	return p0
}

// likelihood is the penalised negative log-likelihood of standardised rows
// z with labels y, and its gradient; theta and dtheta are scratch space.
type likelihood struct {
	z             [][]float64
	y             []int
	k             int
	w             func(int) float64
	l2            float64
	theta, dtheta []float64
}

// eval returns the objective at p = (β, a) and, when grad is not nil,
// stores its gradient there.
func (f *likelihood) eval(grad, p []float64) float64 {
	z, y, k, w, l2, theta, dtheta := f.z, f.y, f.k, f.w, f.l2, f.theta, f.dtheta
	n, d := len(z), len(p)-(k-1)
	beta, a := p[:d], p[d:]
	theta[0] = a[0]
	for c := 1; c < k-1; c++ {
		theta[c] = theta[c-1] + math.Exp(a[c])
	}
	if grad != nil {
		for i := range grad {
			grad[i] = 0
		}
		for c := range dtheta {
			dtheta[c] = 0
		}
	}
	nll := 0.0
	for i := range n {
		eta := 0.0
		for j, v := range z[i] {
			eta += beta[j] * v
		}
		l := y[i]
		var fHi, fLo, dHi, dLo float64 = 1, 0, 0, 0
		if l < k-1 {
			fHi = sigmoid(theta[l] - eta)
			dHi = fHi * (1 - fHi)
		}
		if l > 0 {
			fLo = sigmoid(theta[l-1] - eta)
			dLo = fLo * (1 - fLo)
		}
		p := math.Max(fHi-fLo, 1e-300)
		wi := w(i)
		nll -= wi * math.Log(p)
		if grad != nil {
			dEta := wi * (dHi - dLo) / p
			for j, v := range z[i] {
				grad[j] += dEta * v
			}
			if l < k-1 {
				dtheta[l] -= wi * dHi / p
			}
			if l > 0 {
				dtheta[l-1] += wi * dLo / p
			}
		}
	}
	for j := range d {
		nll += l2 / 2 * beta[j] * beta[j]
		if grad != nil {
			grad[j] += l2 * beta[j]
		}
	}
	if grad != nil {
		// θ_c depends on a_0 with slope 1 and on a_j (1 ≤ j ≤ c) with
		// slope exp(a_j).
		suffix := 0.0
		for c := k - 2; c >= 0; c-- {
			suffix += dtheta[c]
			if c == 0 {
				grad[d] = suffix
			} else {
				grad[d+c] = suffix * math.Exp(a[c])
			}
		}
	}
	return nll
}

func sigmoid(v float64) float64 {
	if v >= 0 {
		return 1 / (1 + math.Exp(-v))
	}
	e := math.Exp(v)
	return e / (1 + e)
}

// Linear returns β·x for raw (unstandardised) features x: higher values
// push the rating towards higher labels.
func (m *Model) Linear(x []float64) float64 {
	eta := 0.0
	for j, v := range x {
		eta += m.Coef[j] * (v - m.Mean[j]) / m.Scale[j]
	}
	return eta
}

// Probabilities returns P(y = k | x) for every label k.
func (m *Model) Probabilities(x []float64) []float64 {
	eta := m.Linear(x)
	out := make([]float64, m.Labels)
	prev := 0.0
	for c := 0; c < m.Labels-1; c++ {
		f := sigmoid(m.Cuts[c] - eta)
		out[c] = f - prev
		prev = f
	}
	out[m.Labels-1] = 1 - prev
	return out
}

// Expected returns the expected label index Σ k·P(y = k | x).
func (m *Model) Expected(x []float64) float64 {
	e := 0.0
	for k, p := range m.Probabilities(x) {
		e += float64(k) * p
	}
	return e
}

// MostLikely returns the label index with the highest probability.
func (m *Model) MostLikely(x []float64) int {
	best, bp := 0, -1.0
	for k, p := range m.Probabilities(x) {
		if p > bp {
			best, bp = k, p
		}
	}
	return best
}
