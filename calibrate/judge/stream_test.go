package judge

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/metrics/eval"
)

// Stream gives, sentence by sentence and system by system, what Judge gives
// each output alone, whatever the batch size.
func TestStreamEqualsJudge(t *testing.T) {
	j, err := New("en")
	if err != nil {
		t.Fatal(err)
	}
	split := func(lines ...string) [][]string {
		out := make([][]string, len(lines))
		for i, l := range lines {
			out[i] = strings.Fields(l)
		}
		return out
	}
	src := split("He go to school every days .", "The cat sat on mat .", "It is fine .")
	ref := split("He goes to school every day .", "The cat sat on the mat .", "It is fine .")
	hyps := []eval.System{
		{Name: "a", Tokens: split("He goes to school every days .", "The cat sat on the mat .", "It is fine .")},
		{Name: "b", Tokens: split("He go school .", "A cat sat on mat .", "It is very fine .")},
	}
	set := &eval.TestSet{Source: src, Refs: []eval.Reference{{Name: "r", Tokens: ref}}}
	for _, size := range []int{1, 2, 0} {
		seen := 0
		err := j.Stream(context.Background(), set.Sentences(hyps...), StreamOptions{Batch: size}, func(i int, js []Judgement) error {
			if i != seen || len(js) != 2 {
				t.Fatalf("call %d for sentence %d with %d judgements", seen, i, len(js))
			}
			seen++
			for h, got := range js {
				want := j.Judge(Input{Source: src[i], Hyp: hyps[h].Tokens[i], Refs: [][]string{ref[i]}})
				if math.Abs(got.Overall-want.Overall) > 1e-12 || got.Grammaticality != want.Grammaticality || math.IsNaN(got.Overall) {
					t.Errorf("batch %d, sentence %d, system %s: %+v, want %+v", size, i, hyps[h].Name, got, want)
				}
			}
			return nil
		})
		if err != nil || seen != 3 {
			t.Errorf("batch %d: %v after %d sentences", size, err, seen)
		}
	}
}
