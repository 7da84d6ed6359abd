package benchmark

import (
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/metaeval/toolbox"
	"github.com/gecmetric/gecmetric/internal/datadir"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/edits/en"
)

func TestExplore(t *testing.T) {
	b, err := LoadSEEDA(datadir.Root())
	if err != nil {
		t.Fatal(err)
	}
	t.Log(len(b.Items), len(b.Rankings[0].Judgements.Comparisons), len(b.Rankings[1].Judgements.Comparisons))
	sc, err := b.Score([]string{"m2", "errant", "gleu", "sentm2", "senterrant"}, toolbox.Options{Eval: eval.Config{Lang: en.New()}})
	if err != nil {
		t.Fatal(err)
	}
	lb, err := Evaluate(b, sc, Options{Aggregates: []string{"corpus", "trueskill"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range lb.System {
		t.Log(r.Metric, r.Aggregate, r.Cells[0][0].Pearson, r.Cells[0][0].Spearman, r.Cells[1][0].Spearman)
	}
	for _, r := range lb.Sentence {
		a, k := r.Cells[0][0].Authors()
		t.Log(r.Metric, r.Cells[0][0], a, k)
	}
}
