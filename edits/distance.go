package edits

// Levenshtein returns the edit distance between a and b: the least number
// of insertions, deletions and substitutions of single elements, each
// costing 1, that turn a into b. Over runes it is the character distance
// of python-Levenshtein and rapidfuzz; over tokens, the word distance. It
// uses one row of len(min(a, b))+1 integers.
//
// Long inputs are compared in a band of diagonals (Ukkonen's cut-off): for
// n ≥ m elements, the diagonals -(n-m)-w .. w. A path leaving it makes at
// least (n-m) + 2(w+1) insertions and deletions, so a distance below that
// found inside the band is the distance; otherwise w doubles. Time grows
// with the length times the distance, not with the length squared.
func Levenshtein[T comparable](a, b []T) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	n, m := len(a), len(b)
	row := make([]int, m+1)
	if (n+1)*(m+1) <= levFullCells {
		return levBand(a, b, -n, m, row)
	}
	diff := n - m
	for w := levStartW; ; w *= 2 {
		dlo, dhi := max(-diff-w, -n), min(w, m)
		d := levBand(a, b, dlo, dhi, row)
		if (dlo == -n && dhi == m) || d < diff+2*(w+1) {
			return d
		}
	}
}

// Inputs with at most levFullCells cells of matrix are compared whole;
// longer ones start in a band of half-width levStartW.
const (
	levFullCells = 1 << 12
	levStartW    = 32
)

// levBand returns the cheapest path from (0, 0) to (n, m) within the
// diagonals dlo ≤ j-i ≤ dhi (dlo ≤ m-n ≤ dhi), a neighbour outside them
// offering nothing; row (m+1 integers) is scratch.
func levBand[T comparable](a, b []T, dlo, dhi int, row []int) int {
	n, m := len(a), len(b)
	const inf = int(^uint(0) >> 2)
	for j := 0; j <= min(m, dhi); j++ {
		row[j] = j
	}
	for i := 1; i <= n; i++ {
		lo, hi := max(0, i+dlo), min(m, i+dhi)
		phi := min(m, i-1+dhi) // the previous row's last column
		j := lo
		var diag int // the previous row's value at column j-1
		if lo == 0 {
			diag = row[0]
			row[0] = i
			j = 1
		} else {
			diag = row[lo-1]
		}
		ai := a[i-1]
		for ; j <= hi; j++ {
			up := inf
			if j <= phi {
				up = row[j]
			}
			left := inf
			if j > lo {
				left = row[j-1]
			}
			cost := 1
			if ai == b[j-1] {
				cost = 0
			}
			row[j] = min(up+1, left+1, diag+cost)
			diag = up
		}
	}
	return row[m]
}
