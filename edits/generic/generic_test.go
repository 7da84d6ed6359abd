package generic_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/generic"
)

func extract(o, c string) string {
	l := generic.New("xx")
	var parts []string
	for _, e := range edits.Extract(l, l.Annotate(strings.Fields(o)), l.Annotate(strings.Fields(c)), edits.Options{}) {
		parts = append(parts, fmt.Sprintf("%d-%d:%s:%s", e.OStart, e.OEnd, strings.Join(e.C, " "), e.Type))
	}
	return strings.Join(parts, " ")
}

func TestExtractGeneric(t *testing.T) {
	tests := []struct{ name, o, c, want string }{
		{"spelling", "a beutiful day", "a beautiful day", "1-2:beautiful:R:SPELL"},
		{"case", "the internet is big", "the Internet is big", "1-2:Internet:R:ORTH"},
		{"split word", "I use it every day", "I use it everyday", "3-5:everyday:R:ORTH"},
		{"hyphen", "an e mail", "an e-mail", "1-3:e-mail:R:OTHER"},
		{"punctuation", "yes , it is", "yes it is", "1-2::U:PUNCT"},
		{"missing punctuation", "yes it is", "yes , it is", "1-1:,:M:PUNCT"},
		{"punctuation then capital", "it rains ; the end", "it rains . The end", "2-4:. The:R:PUNCT"},
		{"word order", "we saw red big cars", "we saw big red cars", "2-4:big red:R:WO"},
		{"missing words", "he home", "he went back home", "1-1:went back:M:OTHER"},
		{"unnecessary words", "he really truly went", "he went", "1-3::U:OTHER"},
		{"two substitutions split", "un deux trois", "un zwei drei", "1-2:zwei:R:OTHER 2-3:drei:R:OTHER"},
		{"number", "I have 3 cats", "I have 4 cats", "2-3:4:R:OTHER"},
		{"unchanged", "x y", "x y", ""},
	}
	for _, tt := range tests {
		if got := extract(tt.o, tt.c); got != tt.want {
			t.Errorf("%s: %q → %q: got %q, want %q", tt.name, tt.o, tt.c, got, tt.want)
		}
	}
}

func TestGuessPOS(t *testing.T) {
	for tok, want := range map[string]string{",": "PUNCT", "...": "PUNCT", "«": "PUNCT", "$": "PUNCT",
		"1,200": "NUM", "3.5": "NUM", "2024": "NUM", "-": "PUNCT", "word": "X", "e-mail": "X", "ord1": "X"} {
		if got := generic.GuessPOS(tok); got != want {
			t.Errorf("GuessPOS(%q) = %s, want %s", tok, got, want)
		}
	}
}

func TestClassifyUNK(t *testing.T) {
	l := generic.New("")
	o := l.Annotate([]string{"a", "b"})
	if got := l.Classify(o, o, edits.Edit{OStart: 1, OEnd: 1, CStart: 1, CEnd: 1}); got != "UNK" {
		t.Errorf("empty edit: %s, want UNK", got)
	}
	if got := l.Classify(o, o, edits.Edit{OStart: 0, OEnd: 1, CStart: 0, CEnd: 1}); got != "UNK" {
		t.Errorf("identical sides: %s, want UNK", got)
	}
	if l.Name() != "xx" || generic.New("fi").Name() != "fi" {
		t.Error("Name")
	}
}

func Example() {
	lang := generic.New("fi")
	src := lang.Annotate(strings.Fields("minä olen opiskelia ."))
	for _, e := range edits.Extract(lang, src, lang.Annotate(strings.Fields("Minä olen opiskelija .")), edits.Options{}) {
		fmt.Println(e.OStart, e.OEnd, e.Correction(), e.Type)
	}
	// Output:
	// 0 1 Minä R:ORTH
	// 2 3 opiskelija R:SPELL
}
