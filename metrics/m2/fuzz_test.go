package m2

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// FuzzReadGold: ReadGold never panics, fails only with a positioned
// GoldError, and what it reads can be scored (the source against itself
// and against an empty hypothesis).
func FuzzReadGold(f *testing.F) {
	f.Add("S a b c\nA 0 1|||R|||x|||REQUIRED|||-NONE-|||0\n\n")
	f.Add("S A b c\nS d e\nA 0 1|||R|||a|||REQUIRED|||-NONE-|||0\nA 3 4|||R|||D||E|||REQUIRED|||-NONE-|||1\n")
	f.Add("S x\nI y\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||2\nA 1 1|||M||| a ||-NONE-|||REQUIRED|||-NONE-|||0\n\n\n")
	f.Add("S a\r\n\r\nS b\n")
	f.Add("A 0 1|||R|||q|||REQUIRED|||-NONE-|||0\nS p q\u2028S r\n")
	f.Fuzz(func(t *testing.T, in string) {
		gold, err := ReadGold(strings.NewReader(in), "f.m2")
		if err != nil {
			var ge *GoldError
			if !errors.As(err, &ge) || !errors.Is(err, ErrGold) || ge.Line < 1 {
				t.Fatalf("error %v is not a positioned GoldError", err)
			}
			return
		}
		for _, s := range gold {
			if len(s.Annotators) == 0 {
				t.Fatal("sentence without annotators")
			}
			if len(s.Source) > 30 {
				return // keep each run fast
			}
		}
		hyps := make([][]string, len(gold))
		for i := range gold {
			hyps[i] = gold[i].Source
		}
		res, err := Score(gold, hyps, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Proposed != 0 {
			t.Fatalf("the source as its own hypothesis proposed %d edits", res.Proposed)
		}
		if _, err := Score(gold, make([][]string, len(gold)), Options{IgnoreWhitespaceCasing: true}); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzCompareOracle compares the fast lattice and path search with the
// literal port of the scorer on small fuzzed sentences.
func FuzzCompareOracle(f *testing.F) {
	f.Add("a b c a", "a c b a", "0 1 c;2 2 b;1 3 c b", uint8(2))
	f.Add("the the of", "of the", "0 1 -NONE-;3 3 .;3 3 .", uint8(1))
	f.Add("", "a b", "0 0 a b", uint8(0))
	f.Fuzz(func(t *testing.T, src, hyp, gold string, maxU uint8) {
		s, h := Tokenize(src), Tokenize(hyp)
		if len(s) > 8 || len(h) > 8 {
			return
		}
		var anns []Annotation
		for i, spec := range strings.Split(gold, ";") {
			f := strings.Fields(spec)
			if len(f) < 2 {
				continue
			}
			start, err1 := pyInt(f[0])
			end, err2 := pyInt(f[1])
			if err1 != nil || err2 != nil {
				continue
			}
			e := Annotation{Coder: i % 3}
			e.OStart, e.OEnd, e.Type = start, end, "X"
			if c := strings.Join(f[2:], " "); c != "-NONE-" {
				e.C = f[2:]
			}
			anns = append(anns, e)
		}
		sent := NewSentence(s, anns)
		opts := Options{MaxUnchangedWords: int(maxU%4) - 1}
		var b builder
		got, err := b.compare(&sent, h, opts)
		if err != nil {
			t.Fatal(err)
		}
		want := oracleCompare(&sent, h, opts)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("src %q hyp %q gold %+v\ngot  %+v\nwant %+v", s, h, sent.Annotators, got, want)
		}
	})
}
