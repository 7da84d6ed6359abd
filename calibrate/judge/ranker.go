package judge

import (
	"fmt"
	"math/rand/v2"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/pairwise"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// RankOptions configures FitRanker. Zero values take the defaults noted.
type RankOptions struct {
	Language string
	Form     evidence.Form
	Features []string
	// Weights scales each set's pairs so that every set weighs its share
	// (nil: each set's pairs together weigh as much as the largest set's).
	Weights []float64
	Folds   int     // cross-validation folds grouped by item; default 10
	Seed    uint64  // fold assignment; default 1
	L2      float64 // ridge penalty on standardised weights; default 10
}

func (o *RankOptions) defaults() {
	if o.Folds == 0 {
		o.Folds = 10
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.L2 == 0 {
		o.L2 = 10
	}
}

// A rankData is the preference sets stacked into one design: rows of
// every set's outputs, pairs with their indices shifted.
type rankData struct {
	x     [][]float64
	pairs []pairwise.Pair
	start []int // first row of each set
	fold  []int // fold of each row (by item)
}

func stack(sets []*PrefSet, vals [][]evidence.Values, opt RankOptions) rankData {
	var d rankData
	maxW := 0.0
	totals := make([]float64, len(sets))
	for s, ps := range sets {
		for _, p := range ps.Pairs {
			totals[s] += weightOf(p)
		}
		maxW = max(maxW, totals[s])
	}
	// Folds are assigned by item across all sets, so that sets over the
	// same sentences (GJG15's rankings and CoNLL-2014's references, both
	// keyed by line) never score a sentence with a model that saw it.
	fold := map[string]int{}
	var order []string
	for _, ps := range sets {
		for _, o := range ps.Outputs {
			if _, ok := fold[o.Item]; !ok {
				fold[o.Item] = 0
				order = append(order, o.Item)
			}
		}
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0xf01d))
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for i, it := range order {
		fold[it] = i % opt.Folds
	}
	for s, ps := range sets {
		d.start = append(d.start, len(d.x))
		for i, o := range ps.Outputs {
			d.x = append(d.x, vals[s][i].Vector(opt.Features))
			d.fold = append(d.fold, fold[o.Item])
		}
		scale := 1.0
		if opt.Weights != nil {
			scale = opt.Weights[s]
		}
		if totals[s] > 0 {
			scale *= maxW / totals[s]
		}
		if scale == 0 {
			continue // a set given no weight is scored, never learnt from
		}
		for _, p := range ps.Pairs {
			d.pairs = append(d.pairs, pairwise.Pair{Better: d.start[s] + p.Better, Worse: d.start[s] + p.Worse, Weight: weightOf(p) * scale})
		}
	}
	return d
}

func weightOf(p pairwise.Pair) float64 {
	if p.Weight == 0 {
		return 1
	}
	return p.Weight
}

// FitRanker fits the overall ranker of one form to preference sets
// (vals[s][i] is the evidence of output i of set s) and returns it with
// the cross-validated scores of every output: each scored by a model
// fitted without its item's pairs (folds grouped by source sentence within
// each set).
func FitRanker(sets []*PrefSet, vals [][]evidence.Values, opt RankOptions) (*calibrate.RankModel, [][]float64, error) {
	opt.defaults()
	d := stack(sets, vals, opt)
	if len(d.pairs) == 0 {
		return nil, nil, fmt.Errorf("judge: no preferences to fit")
	}
	cv := make([]float64, len(d.x))
	for f := range opt.Folds {
		var train []pairwise.Pair
		for _, p := range d.pairs {
			if d.fold[p.Better] != f && d.fold[p.Worse] != f {
				train = append(train, p)
			}
		}
		m, err := pairwise.Fit(d.x, train, pairwise.Settings{L2: opt.L2})
		if err != nil {
			return nil, nil, fmt.Errorf("judge: fold %d: %w", f+1, err)
		}
		for i := range d.x {
			if d.fold[i] == f {
				cv[i] = m.Score(d.x[i])
			}
		}
	}
	m, err := pairwise.Fit(d.x, d.pairs, pairwise.Settings{L2: opt.L2})
	if err != nil {
		return nil, nil, fmt.Errorf("judge: %w", err)
	}
	rm := &calibrate.RankModel{
		Scale: "overall", Language: opt.Language, Form: opt.Form.String(), Features: opt.Features, Pairwise: m,
		Training: calibrate.RankTraining{Pairs: len(d.pairs), Outputs: len(d.x), Folds: opt.Folds, Seed: opt.Seed, L2: opt.L2},
	}
	all := make([]float64, len(d.x))
	for i := range d.x {
		all[i] = m.Score(d.x[i])
	}
	rm.SetRange(all)
	out := make([][]float64, len(sets))
	for s, ps := range sets {
		out[s] = cv[d.start[s] : d.start[s]+len(ps.Outputs)]
		rm.Training.Data = append(rm.Training.Data, ps.Name)
		rm.CV.Sets = append(rm.CV.Sets, calibrate.RankSetValidation{Data: ps.Name, Pairs: len(ps.Pairs), Accuracy: ps.Accuracy(out[s])})
	}
	return rm, out, nil
}
