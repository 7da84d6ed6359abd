package scowl

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"go/build"
	"testing"
)

// The package is a leaf: it embeds the list and imports nothing else, so
// importing it costs no code, and the data stays out of every import
// graph that does not reach edits/en.
func TestLeaf(t *testing.T) {
	p, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range p.Imports {
		if imp != "embed" {
			t.Errorf("scowl imports %q; it must import only embed", imp)
		}
	}
}

// The embedded list is gzip, sorted, one word a line.
func TestWordList(t *testing.T) {
	zr, err := gzip.NewReader(bytes.NewReader(Gzipped))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	n, prev := 0, ""
	for sc.Scan() {
		w := sc.Text()
		if w == "" || (n > 0 && w <= prev) {
			t.Fatalf("line %d: %q after %q: empty or out of order", n+1, w, prev)
		}
		prev = w
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 150000 {
		t.Errorf("%d words, want > 150000", n)
	}
}
