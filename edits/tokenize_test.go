package edits

import (
	"strings"
	"testing"
)

func TestTokenize(t *testing.T) {
	got := strings.Join(Tokenize(`I don't think it's "fine".`), " ")
	want := `I do n't think it 's " fine " .`
	if got != want {
		t.Errorf("Tokenize = %q, want %q", got, want)
	}
}
