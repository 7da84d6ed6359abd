package significance

import (
	"hash/fnv"
	"math/bits"
	"math/rand/v2"
)

// Streams of the generator. The second PCG seed word selects the stream,
// so the bootstrap indices and each metric's randomisation trials are
// independent of each other and of which other metrics are compared.
const (
	streamBootstrap     = 0x6765636d65747269 // "gecmetri"
	streamRandomization = 0x63616e646f6d6973 // "candomis"
)

// newRNG returns the PCG for seed on the stream of the given kind and name.
func newRNG(seed, kind uint64, name string) *rand.PCG {
	h := fnv.New64a()
	h.Write([]byte(name))
	return rand.NewPCG(seed, kind^h.Sum64())
}

// below returns a uniform integer in [0, n) for n > 0 by Lemire's
// multiply-shift with rejection. It is written here rather than taken from
// math/rand/v2 so that resamples stay the same across Go releases.
func below(r *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}
