// Package band stores the cells of an (n+1)×(m+1) dynamic-programming
// matrix that lie on a band of diagonals, row by row, so that an
// alignment of two long, similar sequences takes memory linear in their
// length times the band's width rather than n·m.
//
// Both banded alignments use it: ERRANT's weighted alignment in edits
// (align_band.go) and the M2 scorer's Levenshtein matrices in metrics/m2
// (lattice.go); each states there why a band's optimum is the whole
// matrix's. Any path from (0, 0) to (n, m) that leaves a band of
// half-width w costs at least ExitCost() when every step off a diagonal
// costs 1.
package band

// A Band is the part of the (n+1)×(m+1) matrix whose cells (i, j) lie on
// the diagonals DLo ≤ j-i ≤ DHi, stored row by row: row i holds the
// columns Lo(i)..Hi(i) from index Start[i] on, and Start[N+1] is the
// number of cells.
type Band struct {
	N, M, DLo, DHi int
	Start          []int
}

// New returns the band of diagonals min(0, m-n)-w .. max(0, m-n)+w,
// clipped to the matrix, reusing start's storage.
func New(n, m, w int, start []int) Band {
	b := Band{N: n, M: m, DLo: max(min(0, m-n)-w, -n), DHi: min(max(0, m-n)+w, m)}
	if cap(start) < n+2 {
		start = make([]int, n+2)
	}
	b.Start = start[:n+2]
	b.Start[0] = 0
	for i := 0; i <= n; i++ {
		b.Start[i+1] = b.Start[i] + b.Hi(i) - b.Lo(i) + 1
	}
	return b
}

// Lo is the first column of row i in the band.
func (b *Band) Lo(i int) int { return max(0, i+b.DLo) }

// Hi is the last column of row i in the band.
func (b *Band) Hi(i int) int { return min(b.M, i+b.DHi) }

// Full reports whether the band is the whole matrix.
func (b *Band) Full() bool { return b.DLo == -b.N && b.DHi == b.M }

// Cells is the number of cells in the band.
func (b *Band) Cells() int { return b.Start[b.N+1] }

// At returns the index of cell (i, j), which must lie in the band.
func (b *Band) At(i, j int) int { return b.Start[i] + j - b.Lo(i) }
