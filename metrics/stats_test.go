package metrics

import "testing"

func TestCorpusSubset(t *testing.T) {
	c := &Corpus{
		Metric: "acc",
		Rows:   []Stats{{1, 2}, {0, 1}, {3, 3}},
		Score:  func(s Stats) float64 { return s[0] / s[1] },
	}
	if got := c.Total(); got != 4.0/6 {
		t.Errorf("Total = %v, want 4/6", got)
	}
	if got := c.Subset([]int{2, 2, 1}); got != 6.0/7 {
		t.Errorf("Subset = %v, want 6/7", got)
	}
	if got := Sum(nil, nil, 2); len(got) != 2 || got[0] != 0 {
		t.Errorf("empty Sum = %v", got)
	}
}

// TestRowBuilder checks rows across chunk boundaries: every row as added,
// and an append to one leaves its neighbour alone.
func TestRowBuilder(t *testing.T) {
	var b RowBuilder
	n := 2*rowChunk + 5
	for i := range n {
		b.Add(Stats{float64(i), float64(2 * i), 1})
	}
	rows := b.Rows()
	if len(rows) != n || b.Len() != n {
		t.Fatalf("%d rows, Len %d, want %d", len(rows), b.Len(), n)
	}
	for i, r := range rows {
		if len(r) != 3 || r[0] != float64(i) || r[1] != float64(2*i) || r[2] != 1 {
			t.Fatalf("row %d = %v", i, r)
		}
	}
	_ = append(rows[7], 99)
	if rows[8][0] != 8 {
		t.Errorf("an append to row 7 changed row 8: %v", rows[8])
	}
	if len(new(RowBuilder).Rows()) != 0 {
		t.Error("an empty builder has rows")
	}
}
