package parseerr

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorString(t *testing.T) {
	base := errors.New("malformed")
	for _, tc := range []struct {
		name string
		err  *Error
		want string
	}{
		{"all", At("a.m2", 3, 7, base, "bad span %q", "x"), `a.m2:3:7: malformed: bad span "x"`},
		{"no column", At("a.m2", 3, 0, base, "x"), "a.m2:3: malformed: x"},
		{"column without line", At("a.m2", 0, 4, base, "x"), "a.m2: malformed: x"},
		{"no file", At("", 2, 1, nil, "plain"), "<input>:2:1: plain"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestIsAndAs(t *testing.T) {
	err := fmt.Errorf("reading: %w", At("f.txt", 2, 0, ErrEmptyInput, "no sentences"))
	if !errors.Is(err, ErrEmptyInput) {
		t.Error("errors.Is does not find the sentinel")
	}
	pe, ok := errors.AsType[*Error](err)
	if !ok || pe.File != "f.txt" || pe.Line != 2 {
		t.Errorf("errors.As: %v %+v", ok, pe)
	}
}

func TestWrap(t *testing.T) {
	inner := At("inner.json", 4, 2, nil, "x")
	if got := Wrap("outer.json", 1, 0, inner); got != error(inner) {
		t.Errorf("Wrap replaced an inner position: %v", got)
	}
	if got := Wrap("f", 1, 0, nil); got != nil {
		t.Errorf("Wrap(nil) = %v", got)
	}
	if got := Wrap("f", 5, 0, errors.New("y")).Error(); got != "f:5: y" {
		t.Errorf("Wrap = %q", got)
	}
}

func TestOffset(t *testing.T) {
	data := []byte("ab\ncd\n\nx")
	for _, tc := range []struct {
		off       int64
		line, col int
	}{{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {4, 2, 2}, {6, 3, 1}, {7, 4, 1}, {8, 4, 2}, {99, 4, 2}} {
		if l, c := Offset(data, tc.off); l != tc.line || c != tc.col {
			t.Errorf("Offset(%d) = %d:%d, want %d:%d", tc.off, l, c, tc.line, tc.col)
		}
	}
}
