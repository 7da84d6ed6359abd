package toolbox

import (
	"fmt"
	"path/filepath"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/m2"
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
// conll14-errant/m2/gold.m2 (the M2 scorer's gold as its reader reads it,
// ERRANT's references as compare_m2.py reads them), as `gecmetric eval
// --ref gold.m2` reads them.
func LoadGJG15(root string) (*Benchmark, error) {
	rk, err := human.ReadRankings(filepath.Join(root, "gjg15", "judgments.xml"), "appraise")
	if err != nil {
		return nil, err
	}
	j, err := metaeval.NewJudgements(rk)
	if err != nil {
		return nil, err
	}
	set, err := ReadM2TestSet(filepath.Join(root, "conll14-errant", "m2", "gold.m2"))
	if err != nil {
		return nil, err
	}
	b := &Benchmark{Judgements: j, Set: set}
	for _, name := range GJG15Systems {
		sys, err := ReadSystem(filepath.Join(root, "gjg15", "outputs", name), name, len(set.Source))
		if err != nil {
			return nil, err
		}
		b.Systems = append(b.Systems, sys)
	}
	return b, nil
}

// ReadM2TestSet reads a test set from one M2 file: the sources, one
// reference per coder, the M2 scorer's gold (as m2.ReadGold reads it) and
// ERRANT's references (every block's coders in file order), with
// eval.ReadTestSet, as `gecmetric eval --ref FILE` reads it.
func ReadM2TestSet(path string) (*eval.TestSet, error) {
	set, _, err := eval.ReadTestSet(corpora.TestSetOptions{Refs: []string{path}})
	return set, err
}

// ReadSystem reads a plain-text system output of n sentences, one
// tokenised sentence per line, as `gecmetric eval --hyp` does (tokens split
// on white space, and as the M2 scorer splits them).
func ReadSystem(path, name string, n int) (eval.System, error) {
	tf, err := corpora.ReadTextFile(path)
	if err != nil {
		return eval.System{}, err
	}
	if len(tf.Lines) != n {
		return eval.System{}, fmt.Errorf("%s: %d lines, the source has %d sentences", path, len(tf.Lines), n)
	}
	sys := eval.System{Name: name, Tokens: tf.Tokens, M2Tokens: make([][]string, n)}
	for i, l := range tf.Lines {
		sys.M2Tokens[i] = m2.Tokenize(l)
	}
	return sys, nil
}
