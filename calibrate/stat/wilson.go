package stat

import "math"

// Wilson returns the Wilson score interval (Wilson 1927, "Probable
// inference, the law of succession, and statistical inference", JASA
// 22(158)) of a proportion with k successes in n independent trials at the
// given level:
//
//	(p + z²/2n ± z·sqrt(p(1−p)/n + z²/4n²)) / (1 + z²/n),  p = k/n,
//
// z the standard normal quantile of (1+level)/2. Unlike the normal
// approximation p ± z·sqrt(p(1−p)/n), it stays inside [0, 1] and is not
// empty at k = 0 or k = n. n = 0 gives NaN ends; k outside [0, n] panics.
func Wilson(k, n int, level float64) CI {
	if k < 0 || k > n {
		panic("stat: Wilson: successes outside [0, n]")
	}
	if n == 0 {
		return CI{Lo: math.NaN(), Hi: math.NaN(), Level: level}
	}
	z := math.Sqrt2 * math.Erfinv(level)
	fn := float64(n)
	p := float64(k) / fn
	z2n := z * z / fn
	mid := p + z2n/2
	half := z * math.Sqrt(p*(1-p)/fn+z2n/(4*fn))
	d := 1 + z2n
	lo, hi := (mid-half)/d, (mid+half)/d
	// The formula's ends are 0 and 1 exactly at k = 0 and k = n, up to
	// rounding.
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return CI{Lo: lo, Hi: hi, Level: level, N: n}
}
