package demo

import (
	"strings"
	"testing"
)

func TestParallel(t *testing.T) {
	n := len(Source().Lines())
	if n != 12 {
		t.Fatalf("source has %d lines, want 12", n)
	}
	for _, f := range append(References(), Hypotheses()...) {
		if got := len(f.Lines()); got != n {
			t.Errorf("%s has %d lines, want %d", f.Name, got, n)
		}
		for i, l := range f.Lines() {
			if strings.TrimSpace(l) == "" {
				t.Errorf("%s:%d is empty", f.Name, i+1)
			}
		}
	}
}
