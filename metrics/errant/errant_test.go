package errant

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
)

// ed builds an edit: "1 2 R:VERB goes" is the span [1,2), type R:VERB,
// correction "goes"; "-NONE-" or nothing after the type is a deletion.
func ed(s string) edits.Edit {
	f := strings.Fields(s)
	var start, end int
	fmt.Sscan(f[0], &start)
	fmt.Sscan(f[1], &end)
	e := edits.Edit{OStart: start, OEnd: end, CStart: -1, CEnd: -1, Type: f[2]}
	if c := f[3:]; len(c) > 0 && c[0] != "-NONE-" {
		if strings.Contains(c[0], "||") {
			e.Alternatives = strings.Split(strings.Join(c, " "), "||")
			e.C = strings.Fields(e.Alternatives[0])
		} else {
			e.C = c
		}
	}
	return e
}

// coder returns one annotation of the given edits.
func coder(id int, es ...string) Annotation {
	a := Annotation{Coder: id}
	for _, s := range es {
		a.Edits = append(a.Edits, ed(s))
	}
	return a
}

func TestCompareSentence(t *testing.T) {
	hyp := Sentence{coder(0,
		"0 1 R:VERB:SVA goes",
		"2 2 M:DET the",
		"3 5 R:OTHER a b",
		"6 7 U:PUNCT -NONE-",
	)}
	ref := Sentence{coder(0,
		"0 1 R:VERB:SVA goes",
		"2 2 M:DET a",
		"3 5 R:WO a b",
		"5 6 UNK x",
		"8 9 R:SPELL word",
	)}
	tests := []struct {
		name string
		opt  Options
		want Counts
	}{
		// goes and "a b" match; the inserted "the" is a FP and "a" a FN;
		// the deletion is a FP; UNK is ignored; "word" is a FN.
		{"cs", Options{}, Counts{2, 2, 2}},
		// with types, "a b" no longer matches: R:OTHER vs R:WO.
		{"cse", Options{Mode: SpanCorrectionType}, Counts{1, 3, 3}},
		// spans: 0-1, 2-2, 3-5 match; 6-7 FP; 5-6 (UNK) and 8-9 FN.
		{"ds", Options{Mode: SpanDetection}, Counts{3, 1, 2}},
		// tokens: hyp touches 0, 2 (insertion), 3, 4, 6; ref 0, 2, 3, 4, 5, 8.
		{"dt", Options{Mode: TokenDetection}, Counts{4, 1, 2}},
		// single-token edits only: the two-token "a b" edits are dropped.
		{"single", Options{Single: true}, Counts{1, 2, 2}},
		// multi-token edits only.
		{"multi", Options{Multi: true}, Counts{1, 0, 0}},
		// leave out determiner and spelling edits.
		{"filt", Options{Filter: []string{"M:DET", "R:SPELL"}}, Counts{2, 1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Compare([]Sentence{hyp}, []Sentence{ref}, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Counts != tt.want {
				t.Errorf("counts = %+v, want %+v", res.Counts, tt.want)
			}
			var sum Counts
			for _, c := range res.Types {
				sum = sum.Add(c)
			}
			if sum != res.Counts {
				t.Errorf("types sum to %+v, want %+v", sum, res.Counts)
			}
		})
	}
}

func TestTypes(t *testing.T) {
	hyp := Sentence{coder(0, "0 1 R:NOUN dog", "1 2 R:VERB runs", "4 4 M:DET the")}
	ref := Sentence{coder(0, "0 1 R:NOUN:NUM dog", "1 2 R:VERB:SVA run", "5 6 U:DET -NONE-")}
	res, err := Compare([]Sentence{hyp}, []Sentence{ref}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// A true positive is counted under the reference's type.
	want := map[string]Counts{
		"R:NOUN:NUM": {TP: 1},
		"R:VERB":     {FP: 1},
		"R:VERB:SVA": {FN: 1},
		"M:DET":      {FP: 1},
		"U:DET":      {FN: 1},
	}
	if fmt.Sprint(res.Types) != fmt.Sprint(want) {
		t.Errorf("types = %v, want %v", res.Types, want)
	}
	ops := res.Categories(ByOperation)
	if want := (map[string]Counts{"R": {1, 1, 1}, "M": {0, 1, 0}, "U": {0, 0, 1}}); fmt.Sprint(ops) != fmt.Sprint(want) {
		t.Errorf("by operation = %v, want %v", ops, want)
	}
	main := res.Categories(ByMainType)
	if want := (map[string]Counts{"NOUN:NUM": {1, 0, 0}, "VERB": {0, 1, 0}, "VERB:SVA": {0, 0, 1}, "DET": {0, 1, 1}}); fmt.Sprint(main) != fmt.Sprint(want) {
		t.Errorf("by main type = %v, want %v", main, want)
	}
}

func TestDuplicateKeys(t *testing.T) {
	// Two reference edits at one token: in token detection the token is one
	// key with two types, so matching it gives two true positives.
	hyp := Sentence{coder(0, "1 2 R:NOUN cat")}
	ref := Sentence{coder(0, "1 1 M:DET the", "1 2 R:NOUN:NUM cats")}
	res, err := Compare([]Sentence{hyp}, []Sentence{ref}, Options{Mode: TokenDetection})
	if err != nil {
		t.Fatal(err)
	}
	if want := (Counts{TP: 2}); res.Counts != want {
		t.Errorf("counts = %+v, want %+v", res.Counts, want)
	}
	if want := (map[string]Counts{"M:DET": {TP: 1}, "R:NOUN:NUM": {TP: 1}}); fmt.Sprint(res.Types) != fmt.Sprint(want) {
		t.Errorf("types = %v", res.Types)
	}
}

func TestNoopAndUNK(t *testing.T) {
	noop := coder(0, "-1 -1 noop -NONE-")
	tests := []struct {
		name     string
		hyp, ref Sentence
		opt      Options
		want     Counts
	}{
		{"noop vs noop", Sentence{noop}, Sentence{noop}, Options{}, Counts{}},
		{"no annotation", nil, Sentence{coder(0, "0 1 R:NOUN x")}, Options{}, Counts{FN: 1}},
		{"noop hyp", Sentence{noop}, Sentence{coder(0, "0 1 R:NOUN x")}, Options{}, Counts{FN: 1}},
		{"noop dt", Sentence{noop}, Sentence{noop}, Options{Mode: TokenDetection}, Counts{}},
		{"UNK ignored in correction", Sentence{coder(0, "0 1 R:NOUN x")}, Sentence{coder(0, "0 1 UNK a")}, Options{}, Counts{FP: 1}},
		{"UNK detected", Sentence{coder(0, "0 1 R:NOUN x")}, Sentence{coder(0, "0 1 UNK a")}, Options{Mode: SpanDetection}, Counts{TP: 1}},
		// A coder whose edits are all filtered still competes, with nothing.
		{"filtered coder", Sentence{coder(0, "0 1 R:NOUN x")}, Sentence{coder(0, "0 1 UNK a"), coder(1, "0 1 R:NOUN y", "2 3 R:VERB z")}, Options{}, Counts{FP: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Compare([]Sentence{tt.hyp}, []Sentence{tt.ref}, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Counts != tt.want {
				t.Errorf("counts = %+v, want %+v", res.Counts, tt.want)
			}
		})
	}
}

func TestChooseReference(t *testing.T) {
	tests := []struct {
		name     string
		hyp, ref Sentence
		wantRef  int
		want     Counts
	}{
		{"higher F", Sentence{coder(0, "0 1 R:X a")},
			Sentence{coder(0, "0 1 R:X a", "1 2 R:X b"), coder(1, "0 1 R:X a")}, 1, Counts{TP: 1}},
		// F ties at 0; fewer false negatives wins even though listed second.
		{"fewer FN", nil,
			Sentence{coder(0, "0 1 R:X a", "1 2 R:X b"), coder(1, "0 1 R:X a")}, 1, Counts{FN: 1}},
		// F0.5 of (1,1,0) and (2,0,8) are both 5/9: more TP wins.
		{"more TP", Sentence{coder(0, "0 1 R:X a", "1 2 R:X b")},
			Sentence{coder(3, "0 1 R:X a"), coder(7, "0 1 R:X a", "1 2 R:X b",
				"2 3 R:X c", "3 4 R:X c", "4 5 R:X c", "5 6 R:X c", "6 7 R:X c", "7 8 R:X c", "8 9 R:X c", "9 10 R:X c")},
			7, Counts{TP: 2, FN: 8}},
		// Full tie: the first pair is kept.
		{"first", Sentence{coder(0, "0 1 R:X a")},
			Sentence{coder(5, "0 1 R:X a"), coder(2, "0 1 R:X a")}, 5, Counts{TP: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Compare([]Sentence{tt.hyp}, []Sentence{tt.ref}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			c := res.Sentences[0]
			if c.Ref != tt.wantRef || c.Counts != tt.want {
				t.Errorf("chose ref %d with %+v, want ref %d with %+v", c.Ref, c.Counts, tt.wantRef, tt.want)
			}
		})
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		c       Counts
		p, r, f float64
	}{
		{Counts{0, 0, 0}, 1, 1, 1},
		{Counts{0, 0, 5}, 1, 0, 0},
		{Counts{0, 3, 0}, 0, 1, 0},
		{Counts{0, 3, 4}, 0, 0, 0},
		{Counts{483, 795, 1934}, 483.0 / 1278, 483.0 / 2417, 0},
	}
	for _, tt := range tests {
		p, r, f := Score(tt.c, 0.5)
		if tt.f == 0 && tt.c.TP > 0 {
			tt.f = 1.25 * tt.p * tt.r / (0.25*tt.p + tt.r)
		}
		if p != tt.p || r != tt.r || f != tt.f {
			t.Errorf("Score(%+v) = %v %v %v, want %v %v %v", tt.c, p, r, f, tt.p, tt.r, tt.f)
		}
	}
}

func TestLengthMismatch(t *testing.T) {
	if _, err := Compare(make([]Sentence, 2), make([]Sentence, 3), Options{}); err == nil {
		t.Error("Compare of 2 and 3 sentences: no error")
	}
}

func TestPyFloat(t *testing.T) {
	point1, point2 := 0.1, 0.2
	point3 := point1 + point2
	tests := []struct {
		x    float64
		want string
	}{
		{0, "0.0"}, {1, "1.0"}, {0.5, "0.5"}, {0.3208, "0.3208"}, {0.199, "0.199"},
		{0.0001, "0.0001"}, {0.00001, "1e-05"}, {2, "2.0"}, {1e16, "1e+16"}, {123.25, "123.25"},
		{point3, "0.30000000000000004"}, {math.NaN(), "nan"},
	}
	for _, tt := range tests {
		if got := pyFloat(tt.x); got != tt.want {
			t.Errorf("pyFloat(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

func TestRound4(t *testing.T) {
	tests := []struct{ x, want float64 }{
		{0.32084999, 0.3208}, {0.32085001, 0.3209}, {1, 1}, {0, 0},
		// 0.00005 is stored just above 5e-5 and 0.00015 just below 1.5e-4.
		{0.00005, 0.0001}, {0.00015, 0.0001}, {2.0 / 3, 0.6667},
	}
	for _, tt := range tests {
		if got := round4(tt.x); got != tt.want {
			t.Errorf("round4(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range []Mode{SpanCorrection, SpanCorrectionType, SpanDetection, TokenDetection} {
		got, err := ParseMode("-" + m.String())
		if err != nil || got != m {
			t.Errorf("ParseMode(-%s) = %v, %v", m, got, err)
		}
	}
	if _, err := ParseMode("xx"); err == nil {
		t.Error("ParseMode(xx): no error")
	}
}

func TestCorpusStats(t *testing.T) {
	m2 := `S A b c d
A 0 1|||R:X|||a|||REQUIRED|||-NONE-|||0
A 2 3|||R:Y|||z|||REQUIRED|||-NONE-|||0

S e f
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

`
	ref := `S A b c d
A 0 1|||R:X|||a|||REQUIRED|||-NONE-|||0
A 1 2|||R:X|||B|||REQUIRED|||-NONE-|||0

S e f
A 1 2|||R:X|||g|||REQUIRED|||-NONE-|||0

`
	hb, err := corpora.ReadM2(strings.NewReader(m2), "hyp")
	if err != nil {
		t.Fatal(err)
	}
	rb, err := corpora.ReadM2(strings.NewReader(ref), "ref")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Compare(fromBlocks(hb), fromBlocks(rb), Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Corpus()
	if got := fmt.Sprint(c.Rows()); got != "[[1 1 1] [0 0 1]]" {
		t.Errorf("rows = %s", got)
	}
	_, _, f := res.Score()
	if c.Total() != f {
		t.Errorf("Total = %v, want %v", c.Total(), f)
	}
	_, _, f0 := Score(Counts{1, 1, 1}, 0.5)
	if got := c.Subset([]int{0}); got != f0 {
		t.Errorf("Subset(0) = %v, want %v", got, f0)
	}
	var buf bytes.Buffer
	if err := res.WriteTable(&buf, ByOperation); err != nil {
		t.Fatal(err)
	}
	want := `
===================== Span-Based Correction ======================
Category       TP       FP       FN       P        R        F0.5
R              1        1        2        0.5      0.3333   0.4545

=========== Span-Based Correction ============
TP	FP	FN	Prec	Rec	F0.5
1	1	2	0.5	0.3333	0.4545
==============================================

`
	if buf.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestFields(t *testing.T) {
	// A deletion written "-NONE-" in the hypothesis and "" in the
	// reference: compare_m2.py sees different corrections.
	hypEdit, refEdit := ed("1 2 U:DET -NONE-"), ed("1 2 U:DET")
	asRead := func(e edits.Edit, field string) []Sentence {
		return []Sentence{Group([]edits.Edit{e}, []int{0}, []string{field})}
	}
	res, err := Compare(asRead(hypEdit, "-NONE-"), asRead(refEdit, ""), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := (Counts{FP: 1, FN: 1}); res.Counts != want {
		t.Errorf("fields as read: %+v, want %+v", res.Counts, want)
	}
	// Rebuilt from the tokens, both are the same deletion.
	res, _ = Compare([]Sentence{Group([]edits.Edit{hypEdit}, []int{0}, nil)}, []Sentence{Group([]edits.Edit{refEdit}, []int{0}, nil)}, Options{})
	if want := (Counts{TP: 1}); res.Counts != want {
		t.Errorf("rebuilt fields: %+v, want %+v", res.Counts, want)
	}
	// -single counts the words of the field as written.
	res, _ = Compare(asRead(ed("1 2 R:X a b"), "a  b"), asRead(ed("1 2 R:X a b"), "a  b"), Options{Single: true})
	if res.Counts != (Counts{}) {
		t.Errorf("single with a two-word field: %+v", res.Counts)
	}
}
