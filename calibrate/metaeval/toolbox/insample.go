package toolbox

import (
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/human"
)

// A rankingSet is a public set of human rankings, recognised by the
// systems it ranks.
type rankingSet struct {
	name    string   // as in ../shared/data's README and judge.TrainedOn
	systems []string // every system the set ranks
	min     int      // rankings of fewer distinct systems are not recognised
}

// rankingSets are the public ranking sets the judge's models can be
// fitted on: GJG15's 13 CoNLL-2014 systems (Appraise XML) and JFLEG's
// pairwise MTurk rankings (EACL_exp/mturk/pairwise.csv, WMT CSV).
var rankingSets = []rankingSet{
	{"gjg15", []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"}, 6},
	{"jfleg", []string{"AMU", "CAMB", "NMT", "NUS", "orig", "turk"}, 4},
}

// RankingSets returns the names of the public ranking sets that rankings
// are recognisably from: every system they rank is one of the set's, and
// they rank enough of them (6 of GJG15's 13, 4 of JFLEG's 6) that a
// chance match is unlikely. A subset or a copy of a set is recognised as
// the set; renamed systems are not.
func RankingSets(rankings []human.Ranking) []string {
	seen := map[string]bool{}
	for _, r := range rankings {
		for _, s := range r.Systems {
			seen[s] = true
		}
	}
	var out []string
	for _, set := range rankingSets {
		ok := len(seen) >= set.min
		for s := range seen {
			ok = ok && slices.Contains(set.systems, s)
		}
		if ok {
			out = append(out, set.name)
		}
	}
	return out
}

// InSample returns the data sets among sets that the default models
// behind metric (judge:Q or judge-noref:Q) of language lang were fitted
// on (judge.TrainedOn): meta-evaluated on them, the metric is scored
// in-sample. Other metrics, and judge quantities without a default model,
// give nil.
func InSample(metric, lang string, sets []string) []string {
	q, ok := strings.CutPrefix(metric, "judge:")
	if !ok {
		q, ok = strings.CutPrefix(metric, "judge-noref:")
	}
	if !ok {
		return nil
	}
	trained, err := judge.TrainedOn(lang, q)
	if err != nil {
		return nil
	}
	var out []string
	for _, s := range sets {
		if slices.Contains(trained, s) {
			out = append(out, s)
		}
	}
	return out
}
