package annotate

import (
	"hash/fnv"
	"math/rand/v2"
	"strconv"
)

// seeded returns a random source determined by the task's salt and parts,
// so that an annotator sees the same order after every reload and restart.
func seeded(salt string, parts ...string) *rand.Rand {
	h := fnv.New128a()
	h.Write([]byte(salt))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	sum := h.Sum(nil)
	var a, b uint64
	for i := range 8 {
		a = a<<8 | uint64(sum[i])
		b = b<<8 | uint64(sum[8+i])
	}
	return rand.New(rand.NewPCG(a, b))
}

// itemOrder is the order in which annotator sees the n items of a task.
func itemOrder(salt, annotator string, n int) []int {
	return seeded(salt, "items", annotator).Perm(n)
}

// outputOrder shuffles an item's systems (given sorted) for one annotator:
// the order in which the page shows them.
func outputOrder(salt, annotator string, item int, systems []string) []string {
	r := seeded(salt, "outputs", annotator, strconv.Itoa(item))
	out := append([]string(nil), systems...)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
