package stat

import (
	"math"
	"testing"
)

// TestWilson checks Wilson intervals against statsmodels'
// proportion_confint(k, n, alpha=0.05, method="wilson").
func TestWilson(t *testing.T) {
	tests := []struct {
		name   string
		k, n   int
		lo, hi float64
	}{
		{"half", 5, 10, 0.23659309, 0.76340691},
		{"none", 0, 10, 0, 0.27753279},
		{"all", 10, 10, 0.72246721, 1},
		{"one of one", 1, 1, 0.20654931, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ci := Wilson(tt.k, tt.n, 0.95)
			if math.Abs(ci.Lo-tt.lo) > 1e-7 || math.Abs(ci.Hi-tt.hi) > 1e-7 || ci.N != tt.n || ci.Level != 0.95 {
				t.Errorf("Wilson(%d, %d) = %+v, want [%.8f, %.8f]", tt.k, tt.n, ci, tt.lo, tt.hi)
			}
		})
	}
	if ci := Wilson(0, 0, 0.95); !math.IsNaN(ci.Lo) || !math.IsNaN(ci.Hi) {
		t.Errorf("Wilson(0, 0) = %+v, want NaN ends", ci)
	}
	// Wider at a higher level, and symmetric in k and n−k.
	a, b := Wilson(3, 40, 0.95), Wilson(3, 40, 0.99)
	if !(b.Lo < a.Lo && b.Hi > a.Hi) {
		t.Errorf("99%% %+v not wider than 95%% %+v", b, a)
	}
	if c := Wilson(37, 40, 0.95); math.Abs(c.Lo-(1-a.Hi)) > 1e-12 || math.Abs(c.Hi-(1-a.Lo)) > 1e-12 {
		t.Errorf("Wilson(37, 40) = %+v, not the mirror of Wilson(3, 40) = %+v", c, a)
	}
	defer func() {
		if recover() == nil {
			t.Error("Wilson(3, 2): no panic")
		}
	}()
	Wilson(3, 2, 0.95)
}
