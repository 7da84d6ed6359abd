// Package pairwise adds float64 slices in numpy's order, so that means and
// standard deviations computed here equal numpy's bit for bit (the shipped
// figures gecmetric reproduces were computed with numpy).
package pairwise

// Sum returns the sum of x by numpy's pairwise summation for a contiguous
// float64 array: blocks of at most 128 values summed with eight
// interleaved accumulators, longer slices split in two at a multiple of 8
// and the halves added recursively. Its rounding error grows as O(log n).
func Sum(x []float64) float64 {
	n := len(x)
	switch {
	case n < 8:
		s := 0.0
		for _, v := range x {
			s += v
		}
		return s
	case n <= 128:
		var r [8]float64
		copy(r[:], x[:8])
		i := 8
		for ; i < n-n%8; i += 8 {
			for j := range r {
				r[j] += x[i+j]
			}
		}
		s := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			s += x[i]
		}
		return s
	}
	n2 := n / 2
	n2 -= n2 % 8
	return Sum(x[:n2]) + Sum(x[n2:])
}
