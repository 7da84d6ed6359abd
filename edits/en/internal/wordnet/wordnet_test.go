package wordnet

import (
	"slices"
	"testing"
)

func TestTables(t *testing.T) {
	tab, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	index := []struct {
		p    POS
		word string
		want bool
	}{
		{Noun, "child", true},
		{Noun, "mouse", true},
		{Noun, "children", false},
		{Verb, "go", true},
		{Verb, "run", true},
		{Verb, "ran", false},
		{Adj, "good", true},
		{Adj, "happy", true},
		{Adj, "happier", false},
		{Noun, "ice_cream", false}, // multi-word lemmas are dropped
		{Adv, "quickly", true},
		{Adv, "suppose", false},
	}
	for _, tt := range index {
		if got := tab.InIndex(tt.p, tt.word); got != tt.want {
			t.Errorf("InIndex(%s, %q) = %v, want %v", tt.p, tt.word, got, tt.want)
		}
	}
	exc := []struct {
		p    POS
		form string
		want []string
	}{
		{Verb, "went", []string{"go"}},
		{Verb, "was", []string{"be"}},
		{Noun, "children", []string{"child"}},
		{Noun, "mice", []string{"mouse"}},
		{Noun, "leaves", []string{"leaf", "leave"}},
		{Adj, "better", []string{"good", "well"}},
		{Verb, "walked", nil},
	}
	for _, tt := range exc {
		got := tab.Exceptions(tt.p, tt.form)
		if len(got) != len(tt.want) {
			t.Errorf("Exceptions(%s, %q) = %q, want %q", tt.p, tt.form, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("Exceptions(%s, %q) = %q, want %q", tt.p, tt.form, got, tt.want)
			}
		}
	}
	for p := range numPOS {
		l, e := tab.Len(p)
		if l < 3000 || (p != Adv && e < 1000) {
			t.Errorf("%s: %d lemmas, %d exceptions: table looks truncated", p, l, e)
		}
	}
}

func TestParseErrors(t *testing.T) {
	if _, err := parse([]byte("not gzip")); err == nil {
		t.Error("parse accepted data that is not gzip")
	}
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := parse(table); err != nil {
			b.Fatal(err)
		}
	}
}

// TestInIndexMap checks InIndex's map against a binary search of the
// sorted index lists, for every lemma of every part of speech.
func TestInIndexMap(t *testing.T) {
	tb, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for p := range numPOS {
		for q := range numPOS {
			for _, w := range tb.index[q] {
				_, want := slices.BinarySearch(tb.index[p], w)
				if got := tb.InIndex(p, w); got != want {
					t.Fatalf("InIndex(%s, %q) = %v, want %v", p, w, got, want)
				}
			}
		}
		if tb.InIndex(p, "qqqx") || tb.InIndex(p, "") {
			t.Errorf("InIndex(%s) is true of a non-word", p)
		}
	}
	if tb.InIndex(-1, "dog") || tb.InIndex(numPOS, "dog") {
		t.Error("InIndex is true for a POS out of range")
	}
}
