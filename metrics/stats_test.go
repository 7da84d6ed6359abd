package metrics

import "testing"

func TestCorpusSubset(t *testing.T) {
	c := &Corpus{
		Metric: "acc",
		Rows:   []Stats{{1, 2}, {0, 1}, {3, 3}},
		Score:  func(s Stats) float64 { return s[0] / s[1] },
	}
	if got := c.Total(); got != 4.0/6 {
		t.Errorf("Total = %v, want 4/6", got)
	}
	if got := c.Subset([]int{2, 2, 1}); got != 6.0/7 {
		t.Errorf("Subset = %v, want 6/7", got)
	}
	if got := Sum(nil, nil, 2); len(got) != 2 || got[0] != 0 {
		t.Errorf("empty Sum = %v", got)
	}
}
