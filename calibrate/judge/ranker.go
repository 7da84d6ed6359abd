package judge

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/pairwise"
	"github.com/gecmetric/gecmetric/calibrate/stat"
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
	// Scales, when not empty, compose the score of the raters' own
	// dimensions: each rating model's linear predictor is a column of its
	// own with ridge multiplier 1, while every evidence feature pays
	// EvidencePenalty times L2, so the evidence adjusts the scales' sum
	// where they cannot explain the preferences. Each model's features
	// must be among Features. The fitted weights are folded back into one
	// linear model over Features (see compose).
	Scales          []*calibrate.Model
	EvidencePenalty float64 // default 1
	// ReferencePenalty, when not 0, is the ridge multiplier of the
	// evidence features that need references (evidence.FormOf) instead of
	// EvidencePenalty: what the references say can then be held to
	// adjusting the source's evidence rather than replacing it.
	ReferencePenalty float64
	// Rated says which sets hold raters' preferences (not preferences
	// true by construction): the model's Preference is fitted to their
	// pairs of an output and its unchanged source (all their pairs when
	// they have fewer than MinPreferencePairs such pairs). Nil: every
	// set.
	Rated []bool
}

// MinPreferencePairs is the fewest pairs of an output and its unchanged
// source that FitRanker calibrates Preference on; with fewer, it uses
// every pair of the rated sets.
const MinPreferencePairs = 100

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
			row := vals[s][i].Vector(opt.Features)
			for _, m := range opt.Scales {
				row = append(row, m.Ordinal.Linear(vals[s][i].Vector(m.Features)))
			}
			d.x = append(d.x, row)
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
		m, _, err := compose(d.x, train, opt)
		if err != nil {
			return nil, nil, fmt.Errorf("judge: fold %d: %w", f+1, err)
		}
		for i := range d.x {
			if d.fold[i] == f {
				cv[i] = m.Score(d.x[i][:len(opt.Features)])
			}
		}
	}
	m, comp, err := compose(d.x, d.pairs, opt)
	if err != nil {
		return nil, nil, fmt.Errorf("judge: %w", err)
	}
	rm := &calibrate.RankModel{
		Scale: "overall", Language: opt.Language, Form: opt.Form.String(), Features: opt.Features, Pairwise: m, Composition: comp,
		Training: calibrate.RankTraining{Pairs: len(d.pairs), Outputs: len(d.x), Folds: opt.Folds, Seed: opt.Seed, L2: opt.L2},
	}
	all := make([]float64, len(d.x))
	for i := range d.x {
		all[i] = m.Score(d.x[i][:len(opt.Features)])
	}
	rm.SetRange(all)
	rm.Preference, rm.Training.PreferencePairs = fitPreference(sets, cv, d.start, opt.Rated)
	out := make([][]float64, len(sets))
	for s, ps := range sets {
		out[s] = cv[d.start[s] : d.start[s]+len(ps.Outputs)]
		rm.Training.Data = append(rm.Training.Data, ps.Name)
		rm.CV.Sets = append(rm.CV.Sets, calibrate.RankSetValidation{Data: ps.Name, Pairs: len(ps.Pairs), Accuracy: ps.Accuracy(out[s])})
	}
	return rm, out, nil
}

// fitPreference fits a RankModel's Preference to the cross-validated
// scores cv (rows from start[s] for set s) of the rated sets' pairs of an
// output and its unchanged source, or of all their pairs when there are
// fewer than MinPreferencePairs of those; it returns the slope and the
// number of pairs.
func fitPreference(sets []*PrefSet, cv []float64, start []int, rated []bool) (float64, int) {
	var toSource, all []float64
	for s, ps := range sets {
		if rated != nil && !rated[s] {
			continue
		}
		unchanged := func(i int) bool { o := ps.Outputs[i]; return slices.Equal(o.Output, o.Source) }
		for _, p := range ps.Pairs {
			d := cv[start[s]+p.Better] - cv[start[s]+p.Worse]
			all = append(all, d)
			if unchanged(p.Better) != unchanged(p.Worse) {
				toSource = append(toSource, d)
			}
		}
	}
	if len(toSource) < MinPreferencePairs {
		toSource = all
	}
	return calibrate.FitPreference(toSource), len(toSource)
}

// compose fits the pairwise model of x's rows (opt.Features, then one
// column per opt.Scales) to pairs and folds the scale columns back into
// the evidence features: a scale model's linear predictor is
// Σ β_i (x_i − M_i)/S_i over its features, so its weight a adds a·β_i/S_i
// to the raw weight of each; the score changes by a constant only. It
// returns the model over opt.Features and, with scales, the composition.
func compose(x [][]float64, pairs []pairwise.Pair, opt RankOptions) (*pairwise.Model, *calibrate.Composition, error) {
	if len(opt.Scales) == 0 {
		m, err := pairwise.Fit(x, pairs, pairwise.Settings{L2: opt.L2})
		return m, nil, err
	}
	nf := len(opt.Features)
	col := map[string]int{}
	for j, n := range opt.Features {
		col[n] = j
	}
	for _, sm := range opt.Scales {
		for _, n := range sm.Features {
			if _, ok := col[n]; !ok {
				return nil, nil, fmt.Errorf("scale %s (%s) needs feature %s, not among the ranker's", sm.Scale, sm.Form, n)
			}
		}
	}
	ep := cmp.Or(opt.EvidencePenalty, 1)
	pen := make([]float64, nf+len(opt.Scales))
	for j := range pen {
		pen[j] = 1
		if j < nf {
			pen[j] = ep
			if f, _ := evidence.FormOf(opt.Features[j]); f == evidence.FormReference && opt.ReferencePenalty != 0 {
				pen[j] = opt.ReferencePenalty
			}
		}
	}
	// A scale enters with a weight of at least 0: a rater's dimension
	// that the preferences would weigh against (grammaticality beside
	// fluency, the two moving together) is dropped and the rest refitted,
	// its column then costing so much that its weight stays 0.
	var m *pairwise.Model
	for {
		var err error
		m, err = pairwise.Fit(x, pairs, pairwise.Settings{L2: opt.L2, Penalty: pen})
		if err != nil {
			return nil, nil, err
		}
		worst := -1
		for k := range opt.Scales {
			if c := m.Coef[nf+k]; c < 0 && pen[nf+k] != droppedScale && (worst < 0 || c < m.Coef[nf+worst]) {
				worst = k
			}
		}
		if worst < 0 {
			break
		}
		pen[nf+worst] = droppedScale
	}
	// The evidence part of m, and the same with the scales folded in
	// (raw weights: per unit of each feature).
	evidencePart := &pairwise.Model{Mean: m.Mean[:nf:nf], Scale: m.Scale[:nf:nf], Coef: m.Coef[:nf:nf]}
	raw := make([]float64, nf)
	for j := range nf {
		raw[j] = m.Coef[j] / m.Scale[j]
	}
	comp := &calibrate.Composition{EvidencePenalty: ep, ReferencePenalty: opt.ReferencePenalty}
	for k, sm := range opt.Scales {
		a := m.Coef[nf+k] / m.Scale[nf+k]
		if pen[nf+k] == droppedScale {
			a = 0
		}
		for i, n := range sm.Features {
			raw[col[n]] += a * sm.Ordinal.Coef[i] / sm.Ordinal.Scale[i]
		}
		comp.Scales = append(comp.Scales, calibrate.ScaleWeight{Scale: sm.Scale, Form: sm.Form, Weight: a * m.Scale[nf+k]})
	}
	out := &pairwise.Model{Mean: evidencePart.Mean, Scale: evidencePart.Scale, Coef: make([]float64, nf)}
	for j := range nf {
		out.Coef[j] = raw[j] * out.Scale[j]
	}
	// The evidence terms' share of the score's variance over the rows.
	evid := make([]float64, len(x))
	total := make([]float64, len(x))
	for i, row := range x {
		evid[i], total[i] = evidencePart.Score(row[:nf]), out.Score(row[:nf])
	}
	if sd := stat.PopStdDev(total); sd > 0 {
		r := stat.PopStdDev(evid) / sd
		comp.Share = 1 - r*r
	}
	return out, comp, nil
}

// droppedScale is the ridge multiplier that keeps a dropped scale's
// weight at 0 (to within about 1e-9 of the others').
const droppedScale = 1e12
