package eval

import (
	"testing"

	"github.com/gecmetric/gecmetric/edits/generic"
)

// TestLines checks that the test set and the system of some lines score
// those lines as the whole set scored them.
func TestLines(t *testing.T) {
	set := &TestSet{
		Source: toks("the cat sit on mat", "a dog barks", "he go home"),
		Refs: []Reference{
			{Name: "r0", Tokens: toks("the cat sits on the mat", "a dog barks", "he goes home")},
			{Name: "r1", Tokens: toks("the cat sat on the mat", "a dog barks", "he went home")},
		},
	}
	sys := System{Name: "sys", Tokens: toks("the cat sits on mat", "a dog barks", "he goes home")}
	sub, err := set.Lines([]int{2, 0})
	if err != nil {
		t.Fatal(err)
	}
	subSys := sys.Lines([]int{2, 0})
	if len(sub.Source) != 2 || sub.Source[0][1] != "go" || sub.Refs[1].Tokens[1][2] != "sat" || subSys.Tokens[0][1] != "goes" {
		t.Fatalf("lines 2, 0: %v %v %v", sub.Source, sub.Refs[1].Tokens, subSys.Tokens)
	}
	ev, err := New(Config{Lang: generic.New("xx"), Metrics: []string{ERRANT}}, sub)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ev.Score(subSys)
	if err != nil {
		t.Fatal(err)
	}
	// line 2: go → goes matches r0 (TP 1); line 0: sit → sits (TP 1), the
	// missing "the" (FN 1).
	if got := res.ERRANT.Counts; got.TP != 2 || got.FN != 1 || got.FP != 0 {
		t.Errorf("ERRANT counts %+v, want TP 2, FN 1", got)
	}
	if _, err := set.Lines([]int{3}); err == nil {
		t.Error("line 3 of 3: no error")
	}
}
