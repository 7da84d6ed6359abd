package metrics

// A RowBuilder collects the Stats rows of a corpus as they stream past, in
// chunks of rowChunk rows, and hands them out as a []Stats at the end: the
// numbers and one slice header per row (24 bytes), not an allocation per
// row nor a doubling slice of headers. Width is fixed by the first row.
type RowBuilder struct {
	w      int
	chunks [][]float64
	n      int
}

// rowChunk is the number of rows per chunk.
const rowChunk = 1 << 13

// Add appends a copy of row. It panics if row's width differs from the
// first row's.
func (b *RowBuilder) Add(row Stats) {
	if b.n == 0 {
		b.w = len(row)
	} else if len(row) != b.w {
		panic("metrics: RowBuilder.Add: rows of different widths")
	}
	if b.n%rowChunk == 0 {
		b.chunks = append(b.chunks, make([]float64, 0, rowChunk*b.w))
	}
	last := len(b.chunks) - 1
	b.chunks[last] = append(b.chunks[last], row...)
	b.n++
}

// Len returns the number of rows added.
func (b *RowBuilder) Len() int { return b.n }

// Rows returns the rows added, each a slice of a chunk with no room to
// grow (an append to one copies it).
func (b *RowBuilder) Rows() []Stats {
	out := make([]Stats, b.n)
	w := b.w
	for i := range out {
		c := b.chunks[i/rowChunk]
		k := (i % rowChunk) * w
		out[i] = Stats(c[k : k+w : k+w])
	}
	return out
}
