package band

import "testing"

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		name          string
		n, m, w       int
		cells         int
		full          bool
		lo3, hi3, at3 int // row 3's columns and the index of cell (3, lo3)
	}{
		// Diagonals -1..1 of a 5×5 matrix: rows of 2, 3, 3, 3, 2 cells.
		{"square", 4, 4, 1, 13, false, 2, 4, 8},
		// m-n = 2: diagonals -1..3 of a 5×7 matrix.
		{"longer correction", 4, 6, 1, 23, false, 2, 6, 14},
		// A band wider than the matrix is the whole matrix.
		{"whole", 4, 4, 10, 25, true, 0, 4, 15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := New(tc.n, tc.m, tc.w, nil)
			if b.Cells() != tc.cells || b.Full() != tc.full {
				t.Errorf("cells %d full %v, want %d %v", b.Cells(), b.Full(), tc.cells, tc.full)
			}
			if b.Lo(3) != tc.lo3 || b.Hi(3) != tc.hi3 || b.At(3, tc.lo3) != tc.at3 {
				t.Errorf("row 3: %d..%d at %d, want %d..%d at %d", b.Lo(3), b.Hi(3), b.At(3, b.Lo(3)), tc.lo3, tc.hi3, tc.at3)
			}
			// Every cell has its own index, row by row.
			k := 0
			for i := 0; i <= tc.n; i++ {
				for j := b.Lo(i); j <= b.Hi(i); j++ {
					if b.At(i, j) != k {
						t.Fatalf("At(%d, %d) = %d, want %d", i, j, b.At(i, j), k)
					}
					k++
				}
			}
		})
	}
}
