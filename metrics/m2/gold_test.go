package m2

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// The expected values were checked against the scorer's load_annotation
// under Python 2.7.
func TestReadGold(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Sentence
	}{
		{
			name: "two S lines in one block share the block's edits by offset",
			in: "S A b c\nS d e\nA 0 1|||R|||a|||REQUIRED|||-NONE-|||0\n" +
				"A 3 4|||R|||D|||REQUIRED|||-NONE-|||0\nA 4 6|||R|||x||y|||REQUIRED|||-NONE-|||1\n",
			want: []Sentence{
				{Source: []string{"A", "b", "c"}, Annotators: []Annotator{
					{ID: 0, Edits: []GoldEdit{{0, 1, "A", []string{"a"}, 0}}},
					{ID: 1},
				}},
				{Source: []string{"d", "e"}, Annotators: []Annotator{
					{ID: 0, Edits: []GoldEdit{{0, 1, "A", []string{"a"}, 0}, {3, 4, "d", []string{"D"}, 0}}},
					{ID: 1},
				}},
			},
		},
		{
			name: "noop, I lines, -NONE-, stripped alternatives, edits past the end",
			in: "S x y z\nI something\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||2\n" +
				"A 1 2|||U|||-NONE-|||REQUIRED|||-NONE-|||0\n" +
				"A 2 2|||M||| a b ||-NONE-|| -NONE- |||REQUIRED|||-NONE-|||0\n" +
				"A 3 4|||R|||w|||REQUIRED|||-NONE-|||0\n\n",
			want: []Sentence{{Source: []string{"x", "y", "z"}, Annotators: []Annotator{
				{ID: 0, Edits: []GoldEdit{{1, 2, "y", []string{""}, 1}, {2, 2, "", []string{"a b", "", "-NONE-"}, 2}}},
				{ID: 2},
			}}},
		},
		{
			name: "a block without A lines has annotator 0",
			in:   "S only\n\n\n",
			want: []Sentence{{Source: []string{"only"}, Annotators: []Annotator{{ID: 0}}}},
		},
		{
			name: "the first line of a block is not checked",
			in:   "A 0 1|||R|||q|||REQUIRED|||-NONE-|||0\nS p q\n",
			want: []Sentence{{Source: []string{"p", "q"}, Annotators: []Annotator{{ID: 0}}}},
		},
		{
			name: "extra words in the span, the sixth field is the annotator",
			in:   "S a b\nA 0 1 junk|||R|||c|||REQUIRED|||-NONE-|||7|||extra\n",
			want: []Sentence{{Source: []string{"a", "b"}, Annotators: []Annotator{
				{ID: 7, Edits: []GoldEdit{{0, 1, "a", []string{"c"}, 0}}},
			}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadGold(strings.NewReader(tt.in), "gold.m2")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestReadGoldErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"blank line of spaces does not end a block", "S a\n \nS b\n", "gold.m2:2:1: line starts with"},
		{"NUL byte", "S a\n\nS b\x00\n", "gold.m2:3:4: NUL byte"},
		{"block without S line", "A 0 1|||R|||q|||REQUIRED|||-NONE-|||0\n\n", "gold.m2:1:1: block without an S line"},
		{"too few fields", "S a\nA 0 1|||R|||q\n", "gold.m2:2:1: A line has 3"},
		{"bad offsets", "S a\nA x 1|||R|||q|||REQUIRED|||-NONE-|||0\n", "gold.m2:2:3: span"},
		{"bad annotator", "S a\nA 0 1|||R|||q|||REQUIRED|||-NONE-|||zero\n", "gold.m2:2:37: annotator"},
		{"invalid UTF-8", "S a\nS \xff\n", "gold.m2:2:3: invalid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadGold(strings.NewReader(tt.in), "gold.m2")
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) || !errors.Is(err, ErrGold) {
				t.Errorf("err = %v, want prefix %q wrapping ErrGold", err, tt.want)
			}
		})
	}
}

// CRLF line ends and a byte order mark read as plain LF M2 does (issue 14:
// one behaviour for every reader).
func TestReadGoldLineEnds(t *testing.T) {
	lf := "S a b\nA 0 1|||R|||c|||REQUIRED|||-NONE-|||0\n\nS d\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n\n"
	want, err := ReadGold(strings.NewReader(lf), "lf.m2")
	if err != nil || len(want) != 2 {
		t.Fatal(err, want)
	}
	for _, in := range []string{strings.ReplaceAll(lf, "\n", "\r\n"), "\xef\xbb\xbf" + lf} {
		got, err := ReadGold(strings.NewReader(in), "x.m2")
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v\n got %+v\nwant %+v", in, err, got, want)
		}
	}
}

func TestNewSentenceMatchesReadGold(t *testing.T) {
	in := "S x y z\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||2\n" +
		"A 1 2|||U|||-NONE-|||REQUIRED|||-NONE-|||0\n" +
		"A 2 2|||M||| a b ||-NONE-|| -NONE- |||REQUIRED|||-NONE-|||0\n" +
		"A 3 4|||R|||w|||REQUIRED|||-NONE-|||0\nA 0 1|||R|||Y|||REQUIRED|||-NONE-|||1\n"
	want, err := ReadGold(strings.NewReader(in), "gold.m2")
	if err != nil {
		t.Fatal(err)
	}
	got := NewSentence([]string{"x", "y", "z"}, []Annotation{
		{Edit: edits.Edit{OStart: -1, OEnd: -1, Type: "noop"}, Coder: 2},
		{Edit: edits.Edit{OStart: 1, OEnd: 2, Type: "U", Alternatives: []string{"-NONE-"}}, Coder: 0},
		{Edit: edits.Edit{OStart: 2, OEnd: 2, C: []string{"a", "b"}, Alternatives: []string{" a b ", "-NONE-", " -NONE- "}, Type: "M"}, Coder: 0},
		{Edit: edits.Edit{OStart: 3, OEnd: 4, C: []string{"w"}, Type: "R"}, Coder: 0},
		{Edit: edits.Edit{OStart: 0, OEnd: 1, C: []string{"Y"}, Type: "R"}, Coder: 1},
	})
	if !reflect.DeepEqual([]Sentence{got}, want) {
		t.Errorf("NewSentence = %+v\nReadGold    = %+v", got, want)
	}
}
