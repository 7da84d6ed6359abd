package gleu

import (
	"strings"
	"testing"
)

// FuzzScore scores arbitrary sentences: no panic, matches never above
// totals, totals as the hypothesis length gives them, GLEU in [0, 1].
func FuzzScore(f *testing.F) {
	f.Add("a b c d", "a b x d", "a c c d", "a b c d")
	f.Add("", "x", "", "y y y")
	f.Fuzz(func(t *testing.T, src, r0, r1, hyp string) {
		sc, err := New([][]string{strings.Fields(src)}, [][]string{strings.Fields(r0)}, [][]string{strings.Fields(r1)})
		if err != nil {
			t.Skip(err)
		}
		h := strings.Fields(hyp)
		res, err := sc.Score([][]string{h}, Options{Iterations: 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Sentences[0].Refs {
			if c[0] != len(h) {
				t.Fatalf("hyp length %d, want %d", c[0], len(h))
			}
			for n := 1; n <= Order; n++ {
				if c[2*n] < 0 || c[2*n] > c[2*n+1] || c[2*n+1] != max(len(h)+1-n, 0) {
					t.Fatalf("order %d: counts %v", n, c)
				}
			}
			if s := Score(c); !(s >= 0 && s <= 1) {
				t.Fatalf("GLEU %v of %v", s, c)
			}
		}
		if !(res.Mean >= 0 && res.Mean <= 1) {
			t.Fatalf("mean %v", res.Mean)
		}
	})
}
