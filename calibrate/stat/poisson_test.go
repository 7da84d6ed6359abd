package stat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPoissonDraws checks the weights' distribution: Poisson(1) has mean
// and variance 1 and P(0) = P(1) = 1/e.
func TestPoissonDraws(t *testing.T) {
	b := NewMeanBootstrap(1, 1, 7)
	const n = 200000
	var sum, sq float64
	counts := map[uint8]int{}
	for range n {
		w := b.poisson()
		counts[w]++
		sum += float64(w)
		sq += float64(w) * float64(w)
	}
	mean := sum / n
	variance := sq/n - mean*mean
	// Standard errors: 1/√n ≈ 0.0022 for the mean, ≈ 0.005 for the
	// variance; tolerances are four of them.
	if !near(mean, 1, 0.009) || !near(variance, 1, 0.02) {
		t.Errorf("weights: mean %.4f, variance %.4f, want 1 and 1", mean, variance)
	}
	for _, j := range []uint8{0, 1} {
		if p := float64(counts[j]) / n; !near(p, 1/math.E, 0.005) {
			t.Errorf("P(%d) = %.4f, want %.4f", j, p, 1/math.E)
		}
	}
	if len(poissonCDF) < 15 || poissonCDF[0] != uint64(math.Exp(-1)*0x1p64) {
		t.Errorf("table: %d entries, first %d", len(poissonCDF), poissonCDF[0])
	}
}

// TestMeanBootstrapAgreesWithMultinomial compares the Poisson intervals
// with Bootstrap's on the same 2,000 items: both estimate the standard
// error of the mean, so the intervals agree to a small part of their
// width.
func TestMeanBootstrapAgreesWithMultinomial(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, 2000)
	for i := range x {
		x[i] = rng.ExpFloat64() // skewed, as rating means are not
	}
	pb := NewMeanBootstrap(1, 2000, 42)
	sum := 0.0
	for _, v := range x {
		pb.Add([]float64{v})
		sum += v
	}
	if got, want := pb.Mean(0), sum/float64(len(x)); got != want || pb.Count(0) != len(x) {
		t.Errorf("mean %v over %d, want %v over %d", got, pb.Count(0), want, len(x))
	}
	got := pb.Interval(0, 0.95)
	want := Bootstrap(len(x), 2000, 42, 0.95, func(idx []int) float64 {
		s := 0.0
		for _, i := range idx {
			s += x[i]
		}
		return s / float64(len(idx))
	})
	// Measured: Poisson [0.9328, 1.0168], multinomial [0.9315, 1.0138],
	// ends 2% and 4% of the width apart.
	width := want.Hi - want.Lo
	if !near(got.Lo, want.Lo, 0.1*width) || !near(got.Hi, want.Hi, 0.1*width) || got.N != 2000 {
		t.Errorf("Poisson interval %+v, multinomial %+v", got, want)
	}
	again := NewMeanBootstrap(1, 2000, 42)
	for _, v := range x {
		again.Add([]float64{v})
	}
	if again.Interval(0, 0.95) != got {
		t.Error("same seed, same items: a different interval")
	}
}

// TestMeanBootstrapCoverage checks the interval's purpose: over 300 samples
// of 200 items from a distribution of known mean, the 90% interval holds
// the mean in about 90% of them (binomial standard error 1.7%).
func TestMeanBootstrapCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const trials = 300
	covered := 0
	for trial := range trials {
		b := NewMeanBootstrap(1, 500, uint64(trial))
		for range 200 {
			b.Add([]float64{rng.NormFloat64()*2 + 3})
		}
		if ci := b.Interval(0, 0.90); ci.Lo <= 3 && 3 <= ci.Hi {
			covered++
		}
	}
	// Percentile intervals of 200 items run slightly narrow; measured
	// 264/300 (88%); the bounds are 4 standard errors.
	if p := float64(covered) / trials; p < 0.83 || p > 0.97 {
		t.Errorf("90%% intervals held the mean in %d of %d samples", covered, trials)
	}
}

// TestMeanBootstrapMissing checks NaN values: a quantity no item has
// gets no mean and no interval; one that some items lack is averaged over
// the others, which stay paired with the rest through shared weights.
func TestMeanBootstrapMissing(t *testing.T) {
	b := NewMeanBootstrap(3, 1000, 1)
	for i := range 100 {
		v := float64(i)
		second := nan
		if i%2 == 0 {
			second = v
		}
		b.Add([]float64{v, second, nan})
	}
	if b.Count(0) != 100 || b.Count(1) != 50 || b.Count(2) != 0 {
		t.Errorf("counts %d %d %d, want 100 50 0", b.Count(0), b.Count(1), b.Count(2))
	}
	if b.Mean(0) != 49.5 || b.Mean(1) != 49 || !math.IsNaN(b.Mean(2)) {
		t.Errorf("means %v %v %v, want 49.5 49 NaN", b.Mean(0), b.Mean(1), b.Mean(2))
	}
	if ci := b.Interval(2, 0.95); !math.IsNaN(ci.Lo) || ci.N != 0 {
		t.Errorf("interval of nothing: %+v", ci)
	}
	// Standard error of the first mean: 29/√100 ≈ 2.9.
	if ci := b.Interval(0, 0.95); !(ci.Lo > 43 && ci.Lo < 46.5 && ci.Hi > 52.5 && ci.Hi < 56) {
		t.Errorf("interval %+v not around 49.5 ± 5.7", ci)
	}
}
