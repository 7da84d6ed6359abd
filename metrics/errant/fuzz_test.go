package errant

import (
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// FuzzCompare feeds arbitrary edits (spans may be empty, reversed or
// negative) through every mode: Compare must not panic, the counts by type
// must add up to the totals, and scores must lie in [0, 1].
func FuzzCompare(f *testing.F) {
	f.Add([]byte{0, 1, 2, 1, 3, 4, 0, 0}, []byte{0, 1, 2, 2, 3, 4, 1, 0})
	f.Add([]byte{255, 255, 0, 0}, []byte{})
	types := []string{"R:NOUN", "M:DET", "U:PUNCT", "UNK", "noop", "R:VERB:SVA"}
	words := []string{"", "a", "the", "b c", "x||y"}
	decode := func(b []byte) Sentence {
		var es []edits.Edit
		var coders []int
		for i := 0; i+3 < len(b); i += 4 {
			e := edits.Edit{OStart: int(int8(b[i])) % 8, OEnd: int(int8(b[i+1])) % 8, Type: types[int(b[i+2])%len(types)]}
			switch w := words[int(b[i+3])%len(words)]; {
			case w == "x||y":
				e.Alternatives = []string{"x", "y"}
				e.C = []string{"x"}
			case w != "":
				e.C = []string{w}
			}
			es = append(es, e)
			coders = append(coders, int(b[i+3])%3)
		}
		return Group(es, coders, nil)
	}
	f.Fuzz(func(t *testing.T, h, r []byte) {
		hyp, ref := []Sentence{decode(h)}, []Sentence{decode(r)}
		for _, m := range []Mode{SpanCorrection, SpanCorrectionType, SpanDetection, TokenDetection} {
			for _, opt := range []Options{{Mode: m}, {Mode: m, Single: true}, {Mode: m, Multi: true, Filter: []string{"M:DET"}}} {
				res, err := Compare(hyp, ref, opt)
				if err != nil {
					t.Fatal(err)
				}
				var sum Counts
				for _, c := range res.Types {
					sum = sum.Add(c)
				}
				if sum != res.Counts {
					t.Fatalf("%v: types sum to %+v, counts %+v", opt, sum, res.Counts)
				}
				p, rec, fs := res.Score()
				for _, v := range []float64{p, rec, fs} {
					if !(v >= 0 && v <= 1) {
						t.Fatalf("%v: score %v out of [0, 1]", opt, v)
					}
				}
			}
		}
	})
}
