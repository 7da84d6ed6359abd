package errant

import (
	"reflect"
	"testing"
)

// TestTypeRows checks the sparse counts by type against the sentences
// added: each type's column lists exactly the sentences that have it, in
// order, with their counts; a type nobody has gives nothing.
func TestTypeRows(t *testing.T) {
	tr := NewTypeRows()
	for _, s := range []map[string]Counts{
		{"R:VERB:SVA": {TP: 1}, "M:DET": {FP: 2, FN: 1}},
		nil,
		{},
		{"M:DET": {TP: 3}},
		{"R:VERB:SVA": {FN: 4}, "U:PUNCT": {FP: 1}, "M:DET": {TP: 1, FP: 1, FN: 1}},
	} {
		tr.Add(s)
	}
	if tr.Len() != 5 {
		t.Fatalf("Len %d, want 5", tr.Len())
	}
	if got, want := tr.Names(), []string{"M:DET", "R:VERB:SVA", "U:PUNCT"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names %v, want %v", got, want)
	}
	for _, tc := range []struct {
		name  string
		sents []int32
		rows  []float64
	}{
		{"M:DET", []int32{0, 3, 4}, []float64{0, 2, 1, 3, 0, 0, 1, 1, 1}},
		{"R:VERB:SVA", []int32{0, 4}, []float64{1, 0, 0, 0, 0, 4}},
		{"U:PUNCT", []int32{4}, []float64{0, 1, 0}},
		{"R:NOUN", nil, nil},
	} {
		sents, rows := tr.Column(tc.name)
		if !reflect.DeepEqual(sents, tc.sents) || !reflect.DeepEqual(rows, tc.rows) {
			t.Errorf("Column(%s) = %v %v, want %v %v", tc.name, sents, rows, tc.sents, tc.rows)
		}
	}
}
