package edits

import (
	"strings"
	"testing"
)

func TestLevenshtein(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"kitten", "sitting", 3},
		{"flaw", "lawn", 2},
		{"abc", "", 3},
		{"", "ab", 2},
		{"gumbo", "gambol", 2},
		{"kännade", "kände", 2},
	}
	for _, tt := range tests {
		if got := Levenshtein([]rune(tt.a), []rune(tt.b)); got != tt.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Levenshtein([]rune(tt.b), []rune(tt.a)); got != tt.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
	a := strings.Fields("She go to the market every mornings .")
	b := strings.Fields("Every morning she goes to the market .")
	if got := Levenshtein(a, b); got != 6 {
		t.Errorf("token distance = %d, want 6", got)
	}
}
