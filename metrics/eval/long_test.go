package eval

import (
	"math"
	"reflect"
	"testing"

	"github.com/gecmetric/gecmetric/edits/en"
)

// TestLongSentenceParallel scores a sentence of 1,200-odd tokens
// (CoNLL-2014 sentences joined) with every metric, its extractions run side
// by side (longSentence) and one after another: the same results.
func TestLongSentenceParallel(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	set, systems := conllSet(t)
	var src, ref0, ref1 []string
	hyps := make([][]string, 3)
	for i := 0; len(src) < 1200; i++ {
		src = append(src, set.Source[i]...)
		ref0 = append(ref0, set.Refs[0].Tokens[i]...)
		ref1 = append(ref1, set.Refs[1].Tokens[i]...)
		for k := range hyps {
			hyps[k] = append(hyps[k], systems[k].Tokens[i]...)
		}
	}
	long := &TestSet{Source: [][]string{src}, Refs: []Reference{{Name: "r0", Tokens: [][]string{ref0}}, {Name: "r1", Tokens: [][]string{ref1}}}}
	score := func(threshold int) []*Result {
		defer func(old int) { longSentence = old }(longSentence)
		longSentence = threshold
		ev, err := New(Config{Metrics: AllMetrics, Lang: en.New()}, long)
		if err != nil {
			t.Fatal(err)
		}
		var out []*Result
		for k, h := range hyps {
			r, err := ev.Score(System{Name: systems[k].Name, Tokens: [][]string{h}})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		return out
	}
	side, seq := score(1000), score(math.MaxInt)
	if !reflect.DeepEqual(side, seq) {
		t.Fatalf("side by side %+v\none after another %+v", side, seq)
	}
}
