package toolbox_test

import (
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/metaeval/toolbox"
	"github.com/gecmetric/gecmetric/edits/generic"
	"github.com/gecmetric/gecmetric/metrics/eval"
)

func words(lines ...string) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Fields(l)
	}
	return out
}

// TestSentM2 checks SentM2 and SentERRANT: each sentence scored alone
// with its best annotator (F0.5 1 when the output has no edit and an
// annotator none; 0 when every annotator has one), the system score their
// mean.
func TestSentM2(t *testing.T) {
	set := &eval.TestSet{
		Source: words("he go home", "a dog barks", "the cat sit"),
		Refs: []eval.Reference{
			{Name: "r0", Tokens: words("he goes home", "a dog barks", "the cat sits")},
			{Name: "r1", Tokens: words("he went home", "the dog barks", "the cat sat")},
		},
	}
	systems := []eval.System{
		{Name: "INPUT", Tokens: words("he go home", "a dog barks", "the cat sit")},
		{Name: "fix", Tokens: words("he went home", "the dog barks", "the cat sat")},
	}
	sc, err := toolbox.Score(set, systems, []string{toolbox.SentM2, toolbox.SentERRANT}, toolbox.Options{Eval: eval.Config{Lang: generic.New("xx")}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sc {
		// INPUT: sentence 2 has an annotator (r0) without edits.
		if got := s.Sentence["INPUT"]; got["0"] != 0 || got["1"] != 1 || got["2"] != 0 {
			t.Errorf("%s INPUT sentences %v, want 0 1 0", s.Name, got)
		}
		if got := s.System["INPUT"]; got != 1.0/3 {
			t.Errorf("%s INPUT %v, want 1/3", s.Name, got)
		}
		// fix is r1 itself: every sentence 1 with r1.
		if got := s.System["fix"]; got != 1 {
			t.Errorf("%s fix %v, want 1", s.Name, got)
		}
	}
}
