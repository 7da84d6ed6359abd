package langs

import (
	"slices"
	"testing"
)

func TestFor(t *testing.T) {
	want := []string{"cs", "de", "el", "en", "et", "is", "it", "lv", "ru", "sl", "sv", "uk", "zh", "generic"}
	if got := Codes(); !slices.Equal(got, want) {
		t.Errorf("Codes() = %v, want %v", got, want)
	}
	for _, code := range want {
		l, ok := For(code)
		if !ok || l.Name() != code {
			t.Errorf("For(%q) = %v, %v", code, l, ok)
		}
	}
	if _, ok := For("tlh"); ok {
		t.Errorf("For(tlh) knows Klingon")
	}
	if l := OrGeneric("tlh"); l.Name() != "tlh" {
		t.Errorf("OrGeneric(tlh).Name() = %q", l.Name())
	}
	if a, _ := For("de"); a != must(For("de")) {
		t.Errorf("For(de) gives a new rule set (and word list) each time")
	}
	if l, _ := For(""); l.Name() != "en" {
		t.Errorf(`For("") is %s, want en`, l.Name())
	}
}

func must[T any](v T, _ bool) T { return v }
