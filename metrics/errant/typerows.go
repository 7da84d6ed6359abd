package errant

import (
	"slices"
)

// TypeRows are the per-sentence counts by error type of one system, for
// significance tests by type, kept sparsely: a sentence holds an entry
// only for the types it has counts of (two or three on average), each a
// type number and three int32 counts, 14 bytes, against a map per sentence.
type TypeRows struct {
	names []string          // type names by number
	ids   map[string]uint16 // and back
	start []int32           // sentence i's entries are [start[i], start[i+1])
	typ   []uint16
	count []int32 // TP, FP, FN of each entry
}

// NewTypeRows returns an empty TypeRows.
func NewTypeRows() *TypeRows {
	return &TypeRows{ids: map[string]uint16{}, start: []int32{0}}
}

// Add appends a sentence's counts by type (nil or empty: none). It panics beyond 65,536 distinct types or
// 2³¹ entries, far beyond ERRANT's 55 types.
func (t *TypeRows) Add(types map[string]Counts) {
	for name, c := range types {
		id, ok := t.ids[name]
		if !ok {
			if len(t.names) > 0xffff {
				panic("errant: TypeRows: more than 65,536 error types")
			}
			id = uint16(len(t.names))
			t.ids[name] = id
			t.names = append(t.names, name)
		}
		t.typ = append(t.typ, id)
		t.count = append(t.count, int32(c.TP), int32(c.FP), int32(c.FN))
	}
	if len(t.typ) > 1<<31-1 {
		panic("errant: TypeRows: too many entries")
	}
	t.start = append(t.start, int32(len(t.typ)))
}

// Len returns the number of sentences.
func (t *TypeRows) Len() int { return len(t.start) - 1 }

// Names returns the types that have counts in some sentence, sorted.
func (t *TypeRows) Names() []string {
	out := slices.Clone(t.names)
	slices.Sort(out)
	return out
}

// Column returns the sentences with counts of type name, ascending, and
// their {TP, FP, FN} counts, three numbers per sentence, flat: the type's
// corpus, every other sentence's counts being zero.
func (t *TypeRows) Column(name string) (sentences []int32, rows []float64) {
	id, ok := t.ids[name]
	if !ok {
		return nil, nil
	}
	n := 0
	for _, ty := range t.typ {
		if ty == id {
			n++
		}
	}
	sentences, rows = make([]int32, 0, n), make([]float64, 0, 3*n)
	for i := range t.Len() {
		for e := t.start[i]; e < t.start[i+1]; e++ {
			if t.typ[e] == id {
				sentences = append(sentences, int32(i))
				rows = append(rows, float64(t.count[3*e]), float64(t.count[3*e+1]), float64(t.count[3*e+2]))
			}
		}
	}
	return sentences, rows
}
