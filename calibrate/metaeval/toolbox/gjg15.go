package toolbox

import (
	"path/filepath"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/eval"
)

// GJG15Systems are the 13 CoNLL-2014 systems Grundkiewicz et al. (2015)
// ranked, INPUT (the unchanged source) among them.
var GJG15Systems = []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"}

// A Benchmark is a human ranking set with the test set and the system
// outputs it ranks.
type Benchmark struct {
	Judgements *metaeval.Judgements
	Set        *eval.TestSet
	Systems    []eval.System
}

// LoadGJG15 loads GJG15 from the shared data folder root (datadir.Root):
// gjg15/judgments.xml, the 13 outputs in gjg15/outputs, and the
// CoNLL-2014 test set with its two annotators from
// conll14-errant/m2/gold.m2, read by eval.ReadTestSet as `gecmetric eval
// --ref gold.m2 --hyp ...` reads them.
func LoadGJG15(root string) (*Benchmark, error) {
	rk, err := human.ReadRankings(filepath.Join(root, "gjg15", "judgments.xml"), "appraise")
	if err != nil {
		return nil, err
	}
	j, err := metaeval.NewJudgements(rk)
	if err != nil {
		return nil, err
	}
	opt := corpora.TestSetOptions{Refs: []string{filepath.Join(root, "conll14-errant", "m2", "gold.m2")}}
	for _, name := range GJG15Systems {
		opt.Hyps = append(opt.Hyps, filepath.Join(root, "gjg15", "outputs", name))
	}
	set, systems, err := eval.ReadTestSet(opt)
	if err != nil {
		return nil, err
	}
	for k := range systems {
		systems[k].Name = GJG15Systems[k]
	}
	return &Benchmark{Judgements: j, Set: set, Systems: systems}, nil
}
