package en

import (
	"bytes"
	"compress/gzip"
	"sort"
	"strings"
	"testing"
)

func TestInLexicon(t *testing.T) {
	tests := []struct {
		word string
		want bool
	}{
		{"cat", true},
		{"colour", true},
		{"realise", true},      // -ise (wbritish-large)
		{"realize", true},      // -ize (SCOWL british_z)
		{"organization", true}, // -ize
		{"organisation", true},
		{"London", true},      // case-sensitive entry
		{"london", false},     // ERRANT also checks the lower-cased form itself
		{"Cat", false},        // the classifier checks the lower-cased form too
		{"interne", true},     // SCOWL variant 1, in Hunspell's en_GB-large
		{"offsprings", false}, // SCOWL variant 2, left out as by Hunspell
		{"becuase", false},    // a misspelling
		{"recieve", false},
		{"", false},
		{"zzzzzz", false},
	}
	for _, tt := range tests {
		if got := inLexicon(tt.word); got != tt.want {
			t.Errorf("inLexicon(%q) = %v, want %v", tt.word, got, tt.want)
		}
	}
	wl, _ := loadWordList()
	if n := len(wl.start); n < 150000 {
		t.Errorf("word list has %d words, want > 150000", n)
	}
}

func TestDecodeWordListErrors(t *testing.T) {
	if _, err := decodeWordList([]byte("not gzip")); err == nil {
		t.Error("decodeWordList(not gzip): no error")
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte("b\na\n"))
	zw.Close()
	if _, err := decodeWordList(buf.Bytes()); err == nil {
		t.Error("decodeWordList(unsorted): no error")
	}
}

func BenchmarkInLexicon(b *testing.B) {
	inLexicon("warm up")
	for b.Loop() {
		inLexicon("organisation")
	}
}

// TestWordListBuckets checks contains, which searches only the words
// sharing w's first two bytes, against a search of the whole list, for
// every word of the list and near-misses of each.
func TestWordListBuckets(t *testing.T) {
	wl, err := loadWordList()
	if err != nil {
		t.Fatal(err)
	}
	whole := func(w string) bool {
		i := sort.Search(len(wl.start), func(i int) bool { return wl.word(i) >= w })
		return i < len(wl.start) && wl.word(i) == w
	}
	probes := []string{"", "a", "\x00", "\xff", "é", "ÿz", "zz\xff"}
	for i := range wl.start {
		w := wl.word(i)
		probes = append(probes, w, w+"x", w[:len(w)-1], strings.ToUpper(w[:1])+w[1:], w+"\x00")
	}
	for _, w := range probes {
		if got, want := wl.contains(w), whole(w); got != want {
			t.Fatalf("contains(%q) = %v, whole-list search says %v", w, got, want)
		}
	}
}
