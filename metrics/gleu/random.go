package gleu

import "math/bits"

// A Sampler says how the reference of each sentence is drawn in each
// iteration. Both seed the Mersenne Twister with random.seed(j*101) before
// iteration j and draw one index per sentence in order; they differ in how
// a draw in [0, n) is made.
type Sampler int

const (
	// Python2 draws as CPython 2.7's random.randint(0, n-1), which
	// compute_gleu uses: int(random()*n), one random() (two 32-bit
	// outputs) per draw. This gives the official numbers.
	Python2 Sampler = iota
	// Python3 draws as CPython 3's random.randint(0, n-1): rejection
	// sampling of getrandbits(k), k the bit length of n. Use it to compare
	// with compute_gleu ported to Python 3.
	Python3
)

// String returns "py2" or "py3".
func (s Sampler) String() string {
	if s == Python3 {
		return "py3"
	}
	return "py2"
}

// mt19937 is the Mersenne Twister of Matsumoto and Nishimura, seeded as
// CPython's random module seeds it.
type mt19937 struct {
	state [624]uint32
	index int
}

func (m *mt19937) initGenrand(s uint32) {
	m.state[0] = s
	for i := 1; i < len(m.state); i++ {
		prev := m.state[i-1]
		m.state[i] = 1812433253*(prev^(prev>>30)) + uint32(i)
	}
	m.index = len(m.state)
}

// initByArray is the reference init_by_array seeding.
func (m *mt19937) initByArray(key []uint32) {
	const n = len(m.state)
	m.initGenrand(19650218)
	i, j := 1, 0
	for k := max(n, len(key)); k > 0; k-- {
		prev := m.state[i-1]
		m.state[i] = (m.state[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			m.state[0] = m.state[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := n - 1; k > 0; k-- {
		prev := m.state[i-1]
		m.state[i] = (m.state[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= n {
			m.state[0] = m.state[n-1]
			i = 1
		}
	}
	m.state[0] = 0x80000000
	m.index = n
}

// seed seeds m as CPython's random.seed(x) does for an integer x (the
// same in Python 2.7 and 3): the absolute value cut into 32-bit words,
// least significant first, with 0 giving the single word 0.
func (m *mt19937) seed(x int64) {
	u := uint64(x)
	if x < 0 {
		u = uint64(-x)
	}
	key := []uint32{uint32(u)}
	if hi := uint32(u >> 32); hi != 0 {
		key = append(key, hi)
	}
	m.initByArray(key)
}

func (m *mt19937) generate() {
	const n, mid = 624, 397
	const upper, lower, matrixA = 0x80000000, 0x7fffffff, 0x9908b0df
	for k := 0; k < n; k++ {
		y := m.state[k]&upper | m.state[(k+1)%n]&lower
		v := m.state[(k+mid)%n] ^ y>>1
		if y&1 != 0 {
			v ^= matrixA
		}
		m.state[k] = v
	}
	m.index = 0
}

func (m *mt19937) uint32() uint32 {
	if m.index >= len(m.state) {
		m.generate()
	}
	y := m.state[m.index]
	m.index++
	y ^= y >> 11
	y ^= y << 7 & 0x9d2c5680
	y ^= y << 15 & 0xefc60000
	y ^= y >> 18
	return y
}

// random is CPython's random.random(): 53 random bits in [0, 1).
func (m *mt19937) random() float64 {
	a, b := m.uint32()>>5, m.uint32()>>6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// below returns a draw in [0, n), n ≥ 1, as random.randint(0, n-1) of the
// sampler's Python version.
func (m *mt19937) below(n int, s Sampler) int {
	if s == Python3 {
		k := bits.Len(uint(n))
		if k > 32 {
			panic("gleu: too many references")
		}
		for {
			if r := int(m.uint32() >> (32 - k)); r < n {
				return r
			}
		}
	}
	return int(m.random() * float64(n))
}

// drawIndices returns, for each of n sentences, the reference index drawn
// in iterations j = 0..iters-1, as compute_gleu draws them: before
// iteration j random.seed(j*101), then one randint(0, refs-1) per sentence
// in order.
func drawIndices(iters, n, refs int, s Sampler) [][]uint8 {
	out := make([][]uint8, n)
	flat := make([]uint8, iters*n)
	for i := range out {
		out[i] = flat[i*iters : (i+1)*iters : (i+1)*iters]
	}
	var m mt19937
	for j := 0; j < iters; j++ {
		m.seed(int64(j) * 101)
		for i := range out {
			out[i][j] = uint8(m.below(refs, s))
		}
	}
	return out
}
