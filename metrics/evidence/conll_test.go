package evidence

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// TestCoNLL14PrefersReference measures, without references, how often a
// reference-free feature prefers the CoNLL-2014 human correction (ref0)
// over the unchanged learner input, on the sentences where they differ.
// CoNLL-2014 is never used to train the language model or the detector.
func TestCoNLL14PrefersReference(t *testing.T) {
	dir := testdata.Dir(t, "conll14-errant", "text")
	read := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	}
	src, ref := read("source.txt"), read("ref0.txt")
	x := newExtractor(t)
	feats := []struct {
		name  string
		lower bool    // lower is better
		floor float64 // below the measured share
	}{
		{"ged.expected", true, 0.66}, // measured 0.694
		{"ged.mean", true, 0.64},     // measured 0.673
		{"lm.mean", false, 0.62},     // measured 0.649
		{"lm.slor", false, 0.71},     // measured 0.744
		{"fl.word_lp", false, 0},     // measured 0.477 (the Brown bigrams, for comparison)
	}
	wins := make([]int, len(feats))
	n := 0
	for i := range src {
		if src[i] == ref[i] {
			continue
		}
		n++
		a, _ := x.Compute(Input{Hyp: sent(x.Lang, ref[i])})
		b, _ := x.Compute(Input{Hyp: sent(x.Lang, src[i])})
		for k, f := range feats {
			if d := a[f.name] - b[f.name]; d < 0 && f.lower || d > 0 && !f.lower {
				wins[k]++
			}
		}
	}
	for k, f := range feats {
		share := float64(wins[k]) / float64(n)
		t.Logf("%-13s prefers ref0 over the input on %.3f of %d sentences", f.name, share, n)
		if share < f.floor {
			t.Errorf("%s: %.3f, floor %.2f", f.name, share, f.floor)
		}
	}
}
