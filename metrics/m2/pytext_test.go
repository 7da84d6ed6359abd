package m2

import (
	"slices"
	"testing"
)

func TestPy2DictOrder(t *testing.T) {
	// Insertion order -> iteration order of the scorer's annotator dict
	// (filled, then copied into a second dict), as printed by Python 2.7.18.
	tests := []struct{ in, want []int }{
		{[]int{1, 0}, []int{0, 1}},
		{[]int{0, 1}, []int{0, 1}},
		{[]int{3, 1, 2}, []int{1, 2, 3}},
		{[]int{8, 0}, []int{8, 0}},
		{[]int{0, 8}, []int{0, 8}},
		{[]int{16, 0, 8}, []int{16, 0, 8}},
		{[]int{9, 1}, []int{9, 1}},
		{[]int{1, 9}, []int{1, 9}},
		{[]int{-1, 0, 1}, []int{0, 1, -1}},
		{[]int{5, 4, 3, 2, 1, 0}, []int{0, 1, 2, 3, 4, 5}},
		{[]int{0, 1, 2, 3, 4, 5, 6}, []int{0, 1, 2, 3, 4, 5, 6}},
		{[]int{10, 2, 18, 26}, []int{2, 26, 18, 10}},
		{[]int{100, 4, 36, 68, 0}, []int{0, 4, 68, 100, 36}},
		{[]int{-2, -1, 7, 15}, []int{7, -2, -1, 15}},
	}
	for _, tt := range tests {
		if got := py2DictOrder(py2DictOrder(tt.in)); !slices.Equal(got, tt.want) {
			t.Errorf("order of %v = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"  a  b\t c\r", []string{"a", "b", "c"}},
		{"a\u00a0b", []string{"a", "b"}},
		{"a\x1cb", []string{"a", "b"}},     // a separator to Python, not to strings.Fields
		{"a\u180eb", []string{"a", "b"}},   // white space in Python 2's Unicode 5.2
		{"a\u200bb", []string{"a\u200bb"}}, // zero width space is not white space
		{"naïve café", []string{"naïve", "café"}},
	}
	for _, tt := range tests {
		if got := Tokenize(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Tokenize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSplitLinesKeep(t *testing.T) {
	got := splitLinesKeep("a\nb\r\nc\rd\u2028e\u0085f")
	want := []string{"a\n", "b\r\n", "c\r", "d\u2028", "e\u0085", "f"}
	if !slices.Equal(got, want) {
		t.Errorf("splitLinesKeep = %q, want %q", got, want)
	}
}
