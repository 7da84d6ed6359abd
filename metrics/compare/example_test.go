package compare_test

import (
	"fmt"

	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/compare"
)

// Systems can carry any per-sentence statistics; here one rating per
// sentence (1 = acceptable), averaged by MeanCorpus. The candidate breaks
// six of the eight sentences the baseline got right: the exact
// randomisation p is 2/2^6, and the bootstrap interval of the drop is
// [-8/8, -3/8] (see package significance's hand-computed test).
func ExampleRun() {
	lines := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	base := &compare.System{Name: "old", Lines: lines,
		Corpora: []*metrics.Corpus{compare.MeanCorpus("ok", []float64{1, 1, 1, 1, 1, 1, 1, 1})}}
	cand := &compare.System{Name: "new", Lines: []string{"x", "x", "x", "x", "x", "x", "g", "h"},
		Corpora: []*metrics.Corpus{compare.MeanCorpus("ok", []float64{0, 0, 0, 0, 0, 0, 1, 1})}}

	report, err := compare.Run(base, []*compare.System{cand}, compare.Options{Show: 1})
	if err != nil {
		panic(err)
	}
	if err := report.Check(); err != nil {
		fmt.Println(err)
	}
	worst := report.Candidates[0].Worst[0]
	fmt.Printf("worst: line %d, impact %.3f\n%s", worst.Line, worst.Impact[0], worst.Diff)
	// Output:
	// regression against old: new: ok dropped 0.7500 (1.0000 → 0.2500, 95% CI [-1.0000, -0.3750], p = 0.0312 < 0.05)
	// worst: line 1, impact -0.125
	// --- old
	// +++ new
	// @@ -1 +1 @@
	// -a
	// +x
}
