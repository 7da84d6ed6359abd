package edits_test

import (
	"math"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/generic"
)

var xx = generic.New("xx")

func sent(s string) *edits.Sentence { return xx.Annotate(strings.Fields(s)) }

func TestCharRatio(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"", "", 1},
		{"abc", "abc", 1},
		{"abc", "", 0},
		{"kitten", "sitting", 8.0 / 13},
		{"diagonosed", "diagnosed", 18.0 / 19},
		{"för", "for", 4.0 / 6}, // code points, not bytes
		{"ab", "ba", 2.0 / 4},
	}
	for _, tt := range tests {
		if got := edits.CharRatio(tt.a, tt.b); got != tt.want {
			t.Errorf("CharRatio(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestSubstitutionCost(t *testing.T) {
	tok := func(text, lemma, pos string) *edits.Token {
		return &edits.Token{Text: text, Lower: strings.ToLower(text), Lemma: lemma, POS: pos}
	}
	tests := []struct {
		name string
		o, c *edits.Token
		want float64
	}{
		{"case only", tok("The", "the", "DET"), tok("the", "the", "DET"), 0},
		{"same lemma and POS", tok("has", "have", "VERB"), tok("have", "have", "VERB"), 0 + 0 + (1 - 4.0/7)},
		{"content POS", tok("quick", "quick", "ADJ"), tok("quickly", "quickly", "ADV"), 0.499 + 0.25 + (1 - 10.0/12)},
		{"other POS", tok("a", "a", "DET"), tok("in", "in", "ADP"), 0.499 + 0.5 + 1},
	}
	for _, tt := range tests {
		if got := edits.SubstitutionCost(tt.o, tt.c); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: cost %v, want %v", tt.name, got, tt.want)
		}
	}
}

// opString writes an alignment as ERRANT prints it: M, S, I, D, T2...
func opString(ops []edits.AlignOp) string {
	var b strings.Builder
	for i, op := range ops {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(byte(op.Op))
		if op.Op == edits.Transpose {
			b.WriteByte(byte('0' + op.OEnd - op.OStart))
		}
	}
	return b.String()
}

func TestAlign(t *testing.T) {
	tests := []struct {
		name, o, c string
		lev        bool
		want       string
	}{
		{"identical", "a b c", "a b c", false, "M M M"},
		{"substitution", "I has a cat", "I have a cat", false, "M S M M"},
		{"case", "the cat", "The cat", false, "S M"},
		{"insertion", "I cat", "I have a cat", false, "M I I M"},
		{"deletion", "I really do like it", "I like it", false, "M D D M M"},
		{"transposition", "the big red ball", "the red big ball", false, "M T2 M"},
		{"transposition of three", "c a b x", "a b c x", false, "T3 M"},
		// A transposition is only sought back along non-matches.
		{"no transposition across a match", "c b a x", "a b c x", false, "S M S M"},
		{"transposition ignores case", "Red big ball", "Big red ball", false, "T2 M"},
		{"no transposition with lev", "the big red ball", "the red big ball", true, "M S S M"},
		{"empty source", "", "a b", false, "I I"},
		{"empty correction", "a b", "", false, "D D"},
		// Equal costs: substitution beats insertion beats deletion.
		{"tie prefers substitution", "x", "y", true, "S"},
		{"tie prefers substitution over deletion", "a x", "y a", true, "S S"},
	}
	for _, tt := range tests {
		got := opString(edits.Align(sent(tt.o), sent(tt.c), edits.Options{Lev: tt.lev}))
		if got != tt.want {
			t.Errorf("%s: Align(%q, %q) = %s, want %s", tt.name, tt.o, tt.c, got, tt.want)
		}
	}
}

func TestMergeStrategies(t *testing.T) {
	// M S S D I: "I eat apple the" → "I ate apples now" by plain Levenshtein.
	o, c := sent("a b c d"), sent("a x y e")
	ops := []edits.AlignOp{
		{Op: edits.Match, OStart: 0, OEnd: 1, CStart: 0, CEnd: 1},
		{Op: edits.Substitute, OStart: 1, OEnd: 2, CStart: 1, CEnd: 2},
		{Op: edits.Substitute, OStart: 2, OEnd: 3, CStart: 2, CEnd: 3},
		{Op: edits.Delete, OStart: 3, OEnd: 4, CStart: 3, CEnd: 3},
		{Op: edits.Insert, OStart: 4, OEnd: 4, CStart: 3, CEnd: 4},
	}
	tests := []struct {
		s    edits.MergeStrategy
		want string
	}{
		{edits.MergeAllSplit, "1-2:x 2-3:y 3-4: 4-4:e"},
		{edits.MergeAllMerge, "1-4:x y e"},
		{edits.MergeAllEqual, "1-3:x y 3-4: 4-4:e"},
	}
	for _, tt := range tests {
		var parts []string
		for _, e := range edits.Merge(nil, o, c, ops, tt.s) {
			parts = append(parts, spanString(e))
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("%v: %s, want %s", tt.s, got, tt.want)
		}
	}
}

func spanString(e edits.Edit) string {
	return itoa(e.OStart) + "-" + itoa(e.OEnd) + ":" + strings.Join(e.C, " ")
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func TestParseMergeStrategy(t *testing.T) {
	for _, name := range []string{"rules", "all-split", "all-merge", "all-equal"} {
		s, err := edits.ParseMergeStrategy(name)
		if err != nil || s.String() != name {
			t.Errorf("ParseMergeStrategy(%q) = %v, %v", name, s, err)
		}
	}
	if _, err := edits.ParseMergeStrategy("some"); err == nil {
		t.Error("ParseMergeStrategy(\"some\"): no error")
	}
}

func TestExtract(t *testing.T) {
	tests := []struct {
		o, c string
		want string // span:correction:type, space separated
	}{
		{"I likes cats .", "I like cats .", "1-2:like:R:SPELL"},
		{"He went to the the shop", "He went to the shop", "3-4::U:OTHER"},
		{"she arrived", "She arrived .", "0-1:She:R:ORTH 2-2:.:M:PUNCT"},
		{"We saw big red balls", "We saw red big balls", "2-4:red big:R:WO"},
		{"same words", "same words", ""},
	}
	for _, tt := range tests {
		var parts []string
		for _, e := range edits.Extract(xx, sent(tt.o), sent(tt.c), edits.Options{}) {
			parts = append(parts, spanString(e)+":"+e.Type)
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("Extract(%q, %q) = %q, want %q", tt.o, tt.c, got, tt.want)
		}
	}
}

// One source annotated once, compared with several corrections at once.
func TestExtractAllSharesSource(t *testing.T) {
	src := sent("this are a sentence")
	cors := []*edits.Sentence{sent("this is a sentence"), sent("these are sentences"), nil}
	got := edits.ExtractAll(xx, []*edits.Sentence{src, src, src}, cors, edits.Options{})
	if len(got) != 3 || len(got[0]) != 1 || got[0][0].Type != "R:OTHER" || len(got[2]) != 0 {
		t.Fatalf("ExtractAll = %v", got)
	}
	if n := len(got[1]); n != 2 {
		t.Errorf("second target: %d edits %v, want 2", n, got[1])
	}
}

func FuzzAlign(f *testing.F) {
	f.Add("the big red ball", "the red big ball", false)
	f.Add("a b c", "", true)
	f.Fuzz(func(t *testing.T, a, b string, lev bool) {
		o, c := sent(a), sent(b)
		ops := edits.Align(o, c, edits.Options{Lev: lev})
		// The steps tile both sentences left to right.
		i, j := 0, 0
		for _, op := range ops {
			if op.OStart != i || op.CStart != j || op.OEnd < op.OStart || op.CEnd < op.CStart {
				t.Fatalf("step %+v does not continue at %d,%d", op, i, j)
			}
			if op.Op == edits.Match && o.Tokens[op.OStart].Text != c.Tokens[op.CStart].Text {
				t.Fatalf("match of different tokens: %+v", op)
			}
			i, j = op.OEnd, op.CEnd
		}
		if i != o.Len() || j != c.Len() {
			t.Fatalf("steps end at %d,%d, want %d,%d", i, j, o.Len(), c.Len())
		}
		for _, s := range []edits.MergeStrategy{edits.MergeRules, edits.MergeAllSplit, edits.MergeAllMerge, edits.MergeAllEqual} {
			for _, e := range edits.Merge(xx, o, c, ops, s) {
				if xx.Classify(o, c, e) == "" {
					t.Fatalf("empty type for %+v", e)
				}
			}
		}
	})
}
