package main

import (
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// outsideShares prints, for every set of human corrections over the input,
// the share of the corrections' edits that touch nothing the set's other
// references edited (evidence.Outside): how often a valid correction
// changes a place that k other annotators left alone. It is why
// oc.outside counts only with two references or more.
func outsideShares(sets []*judge.SuiteSet) {
	fmt.Println("\n## Human corrections' edits outside the other references (evidence.Outside; why oc.outside needs two references)")
	fmt.Println("\n| set | other references | corrections | edits | outside | share |")
	fmt.Println("|---|---|---|---|---|---|")
	lang := en.New()
	for _, s := range sets {
		if !strings.HasSuffix(s.Name, "refs over input") {
			continue
		}
		seen := map[int]bool{}
		var hyps []judge.PrefOutput
		for _, p := range s.Pairs {
			if !seen[p.Better] {
				seen[p.Better] = true
				hyps = append(hyps, s.Outputs[p.Better])
			}
		}
		made, outside := make([]int, len(hyps)), make([]int, len(hyps))
		edits.Parallel(len(hyps), func(i int) {
			o := hyps[i]
			src := lang.Annotate(o.Source)
			hyp := edits.Extract(lang, src, lang.Annotate(o.Output), edits.Options{})
			refs := make([][]edits.Edit, len(o.Refs))
			for k, r := range o.Refs {
				refs[k] = edits.Extract(lang, src, lang.Annotate(r), edits.Options{})
			}
			made[i], outside[i] = len(hyp), evidence.Outside(hyp, refs)
		})
		var m, out int
		for i := range hyps {
			m, out = m+made[i], out+outside[i]
		}
		fmt.Printf("| %s | %d | %d | %d | %d | %.3f |\n", s.Name, len(hyps[0].Refs), len(hyps), m, out, float64(out)/float64(m))
	}
}
