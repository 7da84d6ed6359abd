package main

import (
	"math"

	"github.com/gecmetric/gecmetric/calibrate/judge"
)

// addInteractions adds products of change with how clean the source is:
// a linear ranker cannot say that edits help only where there was
// something to fix.
func addInteractions(sets []*judge.SuiteSet) []string {
	for _, s := range sets {
		for _, v := range s.Vals {
			clean := math.Exp(-v["ged.src_expected"])
			v["ix.ter_clean"] = v["oc.ter"] * clean
			v["ix.edits_clean"] = v["oc.edit_rate"] * clean
			v["ix.lm_gain_clean"] = v["lm.mean_diff_src"] * clean
		}
	}
	return []string{"ix.ter_clean", "ix.edits_clean", "ix.lm_gain_clean"}
}
