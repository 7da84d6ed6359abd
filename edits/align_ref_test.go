package edits_test

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// refAlign is ERRANT's alignment written plainly: the path read back from
// AlignMatrices, ERRANT's two tables filled cell by cell as Align computed
// them before its shortcuts (interned ids, bounded substitution and
// transposition searches, common prefix and suffix, bands). It is the
// oracle Align must match step for step, and so the tables' path is
// checked too.
func refAlign(o, c *edits.Sentence, lev bool) []edits.AlignOp {
	return edits.AlignMatrices(o, c, lev).Path()
}

func readLines(t testing.TB, name string) [][]string {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out = append(out, strings.Fields(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// sameAlignment checks Align against refAlign on one pair.
func sameAlignment(t *testing.T, o, c *edits.Sentence, lev bool) bool {
	t.Helper()
	got := edits.Align(o, c, edits.Options{Lev: lev})
	want := refAlign(o, c, lev)
	if !slices.Equal(got, want) {
		t.Errorf("%q → %q (lev %v):\n got %v\nwant %v", strings.Join(o.Texts(), " "), strings.Join(c.Texts(), " "), lev, got, want)
		return false
	}
	return true
}

// TestAlignMatchesReference aligns every changed sentence of the six
// CoNLL-2014 systems and both references with its source, and 20,000
// random pairs over a small vocabulary (many ties, repeats and
// transpositions), with Align and with refAlign, with ERRANT's costs and
// with Levenshtein's, and finds the same steps every time.
func TestAlignMatchesReference(t *testing.T) {
	lang := en.New()
	dir := testdata.Dir(t, "conll14-errant", "text")
	src := readLines(t, filepath.Join(dir, "source.txt"))
	srcs := edits.AnnotateAll(lang, src)
	pairs := 0
	for _, sys := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "ref0", "ref1"} {
		hyp := readLines(t, filepath.Join(dir, sys+".txt"))
		for i := range src {
			if slices.Equal(src[i], hyp[i]) || len(src[i])*len(hyp[i]) > 1<<16 {
				continue
			}
			c := lang.Annotate(hyp[i])
			pairs++
			if !sameAlignment(t, srcs[i], c, false) || !sameAlignment(t, srcs[i], c, true) {
				return
			}
		}
	}
	vocab := strings.Fields("the The a an cat cats Cat is are was , . to of in on at go goes went going dog dogs big bigger")
	r := rand.New(rand.NewPCG(12, 7))
	random := func() []string {
		s := make([]string, 1+r.IntN(14))
		for i := range s {
			s[i] = vocab[r.IntN(len(vocab))]
		}
		return s
	}
	for range 20000 {
		o := random()
		c := slices.Clone(o)
		// A few edits of every kind, transpositions among them.
		for range 1 + r.IntN(4) {
			switch k := r.IntN(len(c) + 1); r.IntN(4) {
			case 0:
				c = slices.Insert(c, k, vocab[r.IntN(len(vocab))])
			case 1:
				if k < len(c) {
					c = slices.Delete(c, k, k+1)
				}
			case 2:
				if k < len(c) {
					c[k] = vocab[r.IntN(len(vocab))]
				}
			default:
				if k+2 <= len(c) {
					n := 2 + r.IntN(min(3, len(c)-k-1))
					r.Shuffle(n, func(a, b int) { c[k+a], c[k+b] = c[k+b], c[k+a] })
				}
			}
		}
		if r.IntN(4) == 0 {
			c = random()
		}
		pairs++
		oa, ca := lang.Annotate(o), lang.Annotate(c)
		if !sameAlignment(t, oa, ca, false) || !sameAlignment(t, oa, ca, true) {
			return
		}
	}
	t.Logf("%d pairs aligned as refAlign aligns them", pairs)
}

// FuzzAlignReference checks Align against refAlign on any two sentences
// (generic annotation: lemma = lower case, guessed POS), with both cost
// models.
func FuzzAlignReference(f *testing.F) {
	f.Add("the big red ball is big", "the red big ball is big", false)
	f.Add("a a b", "a a a b", false)
	f.Add("A b c d", "a c b d", true)
	f.Fuzz(func(t *testing.T, a, b string, lev bool) {
		o, c := sent(a), sent(b)
		if o.Len()*c.Len() > 1<<12 {
			return
		}
		sameAlignment(t, o, c, lev)
	})
}
