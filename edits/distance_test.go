package edits

import (
	"math/rand/v2"
	"slices"
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

// levenshteinFull is the whole-matrix recurrence, the reference of the
// banded one.
func levenshteinFull[T comparable](a, b []T) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// TestLevenshteinBanded compares the banded distance with the whole
// matrix on random sequences over a tiny alphabet: related pairs (a few
// edits), unrelated ones, and lengths on both sides of levFullCells.
func TestLevenshteinBanded(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seq := func(n int) []byte {
		s := make([]byte, n)
		for i := range s {
			s[i] = byte('a' + rng.IntN(4))
		}
		return s
	}
	for it := range 3000 {
		a := seq(rng.IntN(400))
		var b []byte
		if it%4 == 0 {
			b = seq(rng.IntN(400))
		} else {
			b = slices.Clone(a)
			for k := rng.IntN(60); k > 0; k-- {
				p := rng.IntN(len(b) + 1)
				switch rng.IntN(3) {
				case 0:
					b = slices.Insert(b, p, seq(1+rng.IntN(5))...)
				case 1:
					b = slices.Delete(b, p, min(len(b), p+1+rng.IntN(5)))
				default:
					if p < len(b) {
						b[p] = byte('a' + rng.IntN(4))
					}
				}
			}
		}
		if got, want := Levenshtein(a, b), levenshteinFull(a, b); got != want {
			t.Fatalf("%q / %q: banded %d, whole matrix %d", a, b, got, want)
		}
	}
}
