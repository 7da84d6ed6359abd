package pairwise

import (
	"math"
	"testing"
)

func TestSum(t *testing.T) {
	// Values whose float sum depends on the order: pairwise blocks keep
	// the small values together.
	for _, n := range []int{1, 7, 8, 9, 100, 128, 129, 500, 1000} {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = 0.1 * float64(i%7+1)
		}
		var exact float64 // in integers of 0.1
		for i := range xs {
			exact += float64(i%7 + 1)
		}
		if got := Sum(xs); math.Abs(got-exact/10) > 1e-9 {
			t.Errorf("n=%d: %v, want ≈ %v", n, got, exact/10)
		}
	}
	// Order check against a hand-computed case of 9 values: eight partial
	// sums, combined in pairs, then the ninth added.
	big, one := 1e16, 1.0
	xs := []float64{big, one, -big, one, one, one, one, one, one}
	want := ((big + one) + (-big + one)) + ((one + one) + (one + one)) + one // 5, not 7
	if want != 5 {
		t.Fatalf("float arithmetic: %v", want)
	}
	if got := Sum(xs); got != want {
		t.Errorf("Sum order: %v, want %v", got, want)
	}
}
