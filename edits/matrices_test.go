package edits_test

import (
	"fmt"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// TestAlignMatrices checks ERRANT's two tables cell by cell on pairs small
// enough to fill by hand (the costs below are worked out in the comments);
// TestAlignMatchesReference checks their path against Align on 25,000
// pairs.
func TestAlignMatrices(t *testing.T) {
	tests := []struct {
		name, o, c string
		lev        bool
		cost       string
		op         string
	}{
		{
			// Levenshtein: B→C is a substitution of cost 1; [1][2]
			// inserts C after matching A, [2][1] deletes B.
			name: "lev", o: "A B", c: "A C", lev: true,
			cost: "[[0 1 2] [1 0 1] [2 1 1]]",
			op:   "[[O I I] [D M I] [D D S]]",
		},
		{
			// ERRANT's costs: at [2][2] "b a" and "a b" are the same
			// multiset, a transposition of 2 tokens costing 1 that wins
			// over insertion and deletion (2 each) and substitution.
			name: "transposition", o: "b a", c: "a b",
			op: "[[O I I] [D S M] [D M T2]]",
		},
		{
			// Empty sides: the first row or column alone.
			name: "empty source", o: "", c: "a b", cost: "[[0 1 2]]", op: "[[O I I]]",
		},
		{
			name: "empty correction", o: "a", c: "", cost: "[[0] [1]]", op: "[[O] [D]]",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := edits.AlignMatrices(sent(tt.o), sent(tt.c), tt.lev)
			if tt.cost != "" {
				if got := fmt.Sprint(m.Cost); got != tt.cost {
					t.Errorf("Cost = %s, want %s", got, tt.cost)
				}
			}
			if got := fmt.Sprint(m.Op); got != tt.op {
				t.Errorf("Op = %s, want %s", got, tt.op)
			}
			want := edits.Align(sent(tt.o), sent(tt.c), edits.Options{Lev: tt.lev})
			if got := m.Path(); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("Path() = %v, Align %v", got, want)
			}
		})
	}
	m := edits.AlignMatrices(sent("b a"), sent("a b"), false)
	if m.Cost[2][2] != 1 {
		t.Errorf("transposition cost %v, want 1", m.Cost[2][2])
	}
}
