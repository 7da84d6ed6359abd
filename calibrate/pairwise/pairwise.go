// Package pairwise fits a linear scoring function to human preferences
// between two outputs of the same source (pairwise learning to rank).
//
// Given feature vectors x_i of outputs and preferences "a over b", Fit
// finds the weights w of the score s(x) = w·z(x), z the standardised
// features, that minimise the pairwise logistic loss (RankNet, Burges et
// al. 2005; the Bradley-Terry model with a linear utility)
//
//	L(w) = Σ_p  c_p · log(1 + exp(−w·(z_a − z_b)))  +  λ/2 · |w|²
//
// by Newton's method (the loss is convex; the Hessian is
// Σ c_p σ(m_p)σ(−m_p) d_p d_pᵀ + λI, with margin m_p = w·d_p and
// d_p = z_a − z_b). Features are standardised over the outputs given, so
// the penalty treats them alike and a fitted Model applies to raw values.
// A tie ("a equals b") contributes nothing: the loss has no tie term, and
// pairs are what human rankings order.
//
// Only differences between outputs of one source enter the loss, so what
// is learnt is what makes one correction of a sentence better than
// another, not what makes one sentence harder than another.
package pairwise

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// A Pair is one human preference: output Better over output Worse, with a
// weight (0 means 1).
type Pair struct {
	Better, Worse int
	Weight        float64
}

// Settings configures Fit. The zero value is usable.
type Settings struct {
	// L2 is λ, the ridge penalty on the standardised weights; zero means 1.
	L2 float64
	// Penalty, when not nil, multiplies λ feature by feature (one value
	// per column of x, each > 0): a feature with Penalty 4 pays four times
	// the ridge of one with 1, so the fit leans on it only where the
	// others cannot explain the preferences.
	Penalty []float64
	// MaxIterations bounds Newton's method; zero means 50.
	MaxIterations int
}

// A Model scores outputs: higher is better. It marshals to JSON as is.
type Model struct {
	Mean  []float64 `json:"mean"`  // per-feature mean used for standardising
	Scale []float64 `json:"scale"` // per-feature standard deviation (1 where constant)
	Coef  []float64 `json:"coef"`  // w, on standardised features
}

// ErrData reports unusable training data.
var ErrData = errors.New("pairwise: unusable training data")

// Fit fits a Model to the outputs' feature rows x and the preferences
// pairs, whose indices point into x. Rows that no pair uses still count
// for the standardisation.
func Fit(x [][]float64, pairs []Pair, s Settings) (*Model, error) {
	if len(x) == 0 || len(pairs) == 0 {
		return nil, fmt.Errorf("%w: %d rows, %d pairs", ErrData, len(x), len(pairs))
	}
	d := len(x[0])
	for i, row := range x {
		if len(row) != d {
			return nil, fmt.Errorf("%w: row %d has %d features, want %d", ErrData, i, len(row), d)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%w: feature %d of row %d is %v", ErrData, j, i, v)
			}
		}
	}
	for k, p := range pairs {
		if p.Better < 0 || p.Better >= len(x) || p.Worse < 0 || p.Worse >= len(x) {
			return nil, fmt.Errorf("%w: pair %d points outside the %d rows", ErrData, k, len(x))
		}
		if p.Weight < 0 || math.IsNaN(p.Weight) {
			return nil, fmt.Errorf("%w: pair %d has weight %v", ErrData, k, p.Weight)
		}
	}
	l2 := s.L2
	if l2 == 0 {
		l2 = 1
	}
	pen := make([]float64, d)
	for j := range pen {
		pen[j] = l2
	}
	if s.Penalty != nil {
		if len(s.Penalty) != d {
			return nil, fmt.Errorf("%w: %d penalties for %d features", ErrData, len(s.Penalty), d)
		}
		for j, p := range s.Penalty {
			if !(p > 0) || math.IsInf(p, 0) {
				return nil, fmt.Errorf("%w: penalty %d is %v", ErrData, j, p)
			}
			pen[j] = l2 * p
		}
	}
	maxIter := s.MaxIterations
	if maxIter == 0 {
		maxIter = 50
	}
	m := standardiser(x)
	diffs := make([][]float64, len(pairs))
	weights := make([]float64, len(pairs))
	for k, p := range pairs {
		row := make([]float64, d)
		for j := range d {
			row[j] = (x[p.Better][j] - x[p.Worse][j]) / m.Scale[j]
		}
		diffs[k] = row
		weights[k] = p.Weight
		if weights[k] == 0 {
			weights[k] = 1
		}
	}
	w := make([]float64, d)
	loss := func(w []float64) float64 {
		l := 0.0
		for k, dk := range diffs {
			l += weights[k] * softplus(-dot(w, dk))
		}
		for j, v := range w {
			l += pen[j] / 2 * v * v
		}
		return l
	}
	cur := loss(w)
	g := make([]float64, d)
	h := make([]float64, d*d) // upper triangle, row-major
	grad := mat.NewVecDense(d, g)
	hess := mat.NewSymDense(d, nil)
	for range maxIter {
		for j := range d {
			g[j] = pen[j] * w[j]
		}
		clear(h)
		for k, dk := range diffs {
			mk := dot(w, dk)
			q := sigmoid(-mk) // the derivative of softplus(−m) is −σ(−m)
			c := weights[k] * q * (1 - q)
			wq := weights[k] * q
			for i, vi := range dk {
				if vi == 0 {
					continue
				}
				g[i] -= wq * vi
				ci := c * vi
				row := h[i*d:]
				for j := i; j < d; j++ {
					row[j] += ci * dk[j]
				}
			}
		}
		for i := range d {
			hess.SetSym(i, i, h[i*d+i]+pen[i])
			for j := i + 1; j < d; j++ {
				hess.SetSym(i, j, h[i*d+j])
			}
		}
		var chol mat.Cholesky
		if !chol.Factorize(hess) {
			return nil, fmt.Errorf("pairwise: Hessian not positive definite")
		}
		var step mat.VecDense
		if err := chol.SolveVecTo(&step, grad); err != nil {
			return nil, fmt.Errorf("pairwise: %w", err)
		}
		// Backtracking line search on the convex loss.
		t := 1.0
		next := make([]float64, d)
		improved := false
		for range 30 {
			for j := range d {
				next[j] = w[j] - t*step.AtVec(j)
			}
			if l := loss(next); l <= cur {
				improved = cur-l > 1e-10*math.Max(1, cur)
				copy(w, next)
				cur = l
				break
			}
			t /= 2
		}
		if !improved {
			break
		}
	}
	m.Coef = w
	return m, nil
}

// standardiser returns a Model with the per-feature mean and standard
// deviation of x and no weights yet.
func standardiser(x [][]float64) *Model {
	d := len(x[0])
	m := &Model{Mean: make([]float64, d), Scale: make([]float64, d)}
	n := float64(len(x))
	for j := range d {
		var sum float64
		for _, row := range x {
			sum += row[j]
		}
		mean := sum / n
		var ss float64
		for _, row := range x {
			dv := row[j] - mean
			ss += dv * dv
		}
		sd := math.Sqrt(ss / n)
		if sd < 1e-12 {
			sd = 1
		}
		m.Mean[j], m.Scale[j] = mean, sd
	}
	return m
}

// Score returns w·z(x) for a raw feature row x in the model's order.
func (m *Model) Score(x []float64) float64 {
	s := 0.0
	for j, v := range x {
		s += m.Coef[j] * (v - m.Mean[j]) / m.Scale[j]
	}
	return s
}

// Prefer returns the model's probability that an output with features a
// is preferred over one with features b: σ(s(a) − s(b)).
func (m *Model) Prefer(a, b []float64) float64 { return sigmoid(m.Score(a) - m.Score(b)) }

func dot(a, b []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

func sigmoid(v float64) float64 {
	if v >= 0 {
		return 1 / (1 + math.Exp(-v))
	}
	e := math.Exp(v)
	return e / (1 + e)
}

// softplus is log(1 + e^v), computed without overflow.
func softplus(v float64) float64 {
	if v > 30 {
		return v
	}
	return math.Log1p(math.Exp(v))
}
