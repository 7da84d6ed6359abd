package metrics

import (
	"slices"
	"testing"
)

func TestCorpusSubset(t *testing.T) {
	c := CorpusOf("acc", []Stats{{1, 2}, {0, 1}, {3, 3}}, func(s Stats) float64 { return s[0] / s[1] })
	if got := c.Total(); got != 4.0/6 {
		t.Errorf("Total = %v, want 4/6", got)
	}
	if got := c.Subset([]int{2, 2, 1}); got != 6.0/7 {
		t.Errorf("Subset = %v, want 6/7", got)
	}
	if got := NewCorpus("acc", 2, nil).Sum(nil); len(got) != 2 || got[0] != 0 {
		t.Errorf("empty corpus's Sum = %v", got)
	}
}

// TestCorpusRows checks rows across chunk boundaries: every row as added,
// an append to one leaves its neighbour alone, the sums add up and a row
// of the wrong width is refused.
func TestCorpusRows(t *testing.T) {
	c := NewCorpus("x", 3, nil)
	n := 2*rowChunk + 5
	for i := range n {
		c.Add(Stats{float64(i), float64(2 * i), 1})
	}
	if c.Len() != n || c.Width() != 3 {
		t.Fatalf("Len %d, Width %d, want %d, 3", c.Len(), c.Width(), n)
	}
	for i := range n {
		if r := c.Row(i); len(r) != 3 || r[0] != float64(i) || r[1] != float64(2*i) || r[2] != 1 {
			t.Fatalf("row %d = %v", i, r)
		}
	}
	_ = append(c.Row(7), 99)
	if c.Row(8)[0] != 8 {
		t.Errorf("an append to row 7 changed row 8: %v", c.Row(8))
	}
	want := Stats{float64(n * (n - 1) / 2), float64(n * (n - 1)), float64(n)}
	if got := c.Sum(nil); !slices.Equal(got, want) {
		t.Errorf("Sum = %v, want %v", got, want)
	}
	if got := c.Sum([]int{rowChunk, rowChunk, 3}); !slices.Equal(got, Stats{2*rowChunk + 3, 4*rowChunk + 6, 3}) {
		t.Errorf("Sum of three = %v", got)
	}
	rows := c.Rows()
	if len(rows) != n || !slices.Equal(rows[rowChunk+1], c.Row(rowChunk+1)) {
		t.Errorf("Rows: %d rows, row %d = %v", len(rows), rowChunk+1, rows[rowChunk+1])
	}
	for _, f := range []func(){
		func() { c.Add(Stats{1, 2}) },
		func() { c.Row(n) },
		func() { c.Row(-1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		}()
	}
	if e := CorpusOf("e", nil, nil); e.Len() != 0 || e.Width() != 0 || len(e.Rows()) != 0 {
		t.Error("an empty corpus has rows")
	}
}
