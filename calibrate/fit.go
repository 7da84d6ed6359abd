package calibrate

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gecmetric/gecmetric/calibrate/ordinal"
	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
)

// A Unit is one rated output: the human ratings of one system's output for
// one source sentence on one scale, Other left out, with the texts the
// evidence is computed from.
//
// It is not human.Unit on purpose: human.Unit is only the identity of a
// rated output (item, system), the comparable key of a reliability matrix's
// column and of correlation tables; this Unit is that output aggregated for
// fitting (group for grouped cross-validation, texts, every rater's value,
// post-edits). Key returns the one from the other.
type Unit struct {
	Item, Group, System string
	Source, Output      string
	Values              []float64 // each rater's value
	PostEdits           []string  // raters' post-edits of Output, where given
}

// Key returns the unit's identity as human.Unit.
func (u Unit) Key() human.Unit { return human.Unit{Item: u.Item, System: u.System} }

// Mean returns the mean of the unit's ratings.
func (u Unit) Mean() float64 { return stat.Mean(u.Values) }

// Units groups the ratings of one scale by item and system, in order of
// first appearance. Only the named annotators count (all when nil); Other
// ratings are left out, and a unit with no rating left is dropped.
func Units(rs Ratings, scale string, annotators []string) []Unit {
	index := map[[2]string]int{}
	var out []Unit
	for _, r := range rs.OnScale(scale) {
		if annotators != nil && !slices.Contains(annotators, r.Annotator) {
			continue
		}
		k := [2]string{r.Item, r.System}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, Unit{Item: r.Item, Group: r.Group, System: r.System, Source: r.Source, Output: r.Output})
		}
		if r.PostEdit != "" {
			out[i].PostEdits = append(out[i].PostEdits, r.PostEdit)
		}
		if !r.Other {
			out[i].Values = append(out[i].Values, r.Value)
		}
	}
	return slices.DeleteFunc(out, func(u Unit) bool { return len(u.Values) == 0 })
}

// FitOptions configures FitModel. Zero values take the defaults noted.
type FitOptions struct {
	Language, Form string   // recorded in the model
	Features       []string // names of the columns of x
	Data, Target   string   // provenance, recorded in the model
	Annotators     []string // whose ratings the units hold, recorded
	Folds          int      // cross-validation folds grouped by item; default 10
	Seed           uint64   // fold assignment; default 1
	L2             float64  // ridge penalty on standardised features; default 1

	// Anchors are units whose label is true by construction (an output
	// that lost its sentence is "substantially different" in meaning),
	// with their feature rows AnchorRows. They join the training of every
	// fold whose test items do not include theirs, and of the final model,
	// one observation per value; they are never predicted, validated or
	// used to place thresholds. They teach the model the ends of the
	// scale that rated outputs rarely reach.
	Anchors    []Unit
	AnchorRows [][]float64
	// AnchorWeight weighs each anchor's observations against a rating's
	// weight of 1; default 1.
	AnchorWeight float64
}

// FitModel fits a model of scale sc to units, whose feature vectors are
// x (one row per unit, columns named by opt.Features). Every human rating
// is one observation, so a unit's spread of ratings is part of what the
// model learns. Agreement is estimated by k-fold cross-validation with
// folds grouped by item: no source sentence is ever predicted by a model
// that saw it. It returns the model fitted on all units and the
// cross-validated predictions of each unit.
func FitModel(sc *Scale, units []Unit, x [][]float64, opt FitOptions) (*Model, *CV, error) {
	if len(units) != len(x) {
		return nil, nil, fmt.Errorf("calibrate: %d units but %d feature rows", len(units), len(x))
	}
	if len(units) == 0 {
		return nil, nil, errors.New("calibrate: no rated units to fit")
	}
	if len(opt.Anchors) != len(opt.AnchorRows) {
		return nil, nil, fmt.Errorf("calibrate: %d anchors but %d anchor rows", len(opt.Anchors), len(opt.AnchorRows))
	}
	if opt.Folds == 0 {
		opt.Folds = 10
	}
	if opt.Seed == 0 {
		opt.Seed = 1
	}
	if opt.L2 == 0 {
		opt.L2 = 1
	}
	if len(opt.Anchors) > 0 && opt.AnchorWeight == 0 {
		opt.AnchorWeight = 1
	}
	values := sc.Values()
	fold := assignFolds(units, opt.Folds, opt.Seed)
	folds, anchorFolds := foldsOf(units, fold), foldsOf(opt.Anchors, fold)
	cv := make([]float64, len(units))
	cvLabels := make([]int, len(units))
	m := &Model{Scale: sc.Name, Values: values, Language: opt.Language, Form: opt.Form, Features: opt.Features}
	for _, l := range sc.Labels {
		m.Labels = append(m.Labels, l.Name)
	}
	for f := range opt.Folds {
		om, err := fitUnits(units, x, values, func(i int) bool { return folds[i] != f }, opt, func(i int) bool { return anchorFolds[i] != f })
		if err != nil {
			return nil, nil, fmt.Errorf("calibrate: fold %d: %w", f+1, err)
		}
		if om == nil {
			continue
		}
		m.Ordinal = om
		m.Thresholds = thresholds(m, units, x, func(i int) bool { return folds[i] != f })
		for i := range units {
			if folds[i] == f {
				cv[i] = m.Predict(x[i]).Expected
				cvLabels[i] = m.decide(cv[i])
			}
		}
	}
	all := func(int) bool { return true }
	om, err := fitUnits(units, x, values, all, opt, all)
	if err != nil {
		return nil, nil, fmt.Errorf("calibrate: %w", err)
	}
	m.Ordinal = om
	m.Thresholds = thresholds(m, units, x, func(int) bool { return true })
	nratings := 0
	for _, u := range units {
		nratings += len(u.Values)
	}
	m.Training = Training{
		Data: opt.Data, Annotators: opt.Annotators, Target: opt.Target,
		Items: countItems(units), Units: len(units), Ratings: nratings,
		Folds: opt.Folds, Seed: opt.Seed, L2: opt.L2, Anchors: len(opt.Anchors), AnchorWeight: opt.AnchorWeight,
	}
	m.CV = Validate(cv, cvLabels, units, values, opt.Seed)
	return m, &CV{Expected: cv, Labels: cvLabels}, nil
}

// CV holds cross-validated predictions, one per unit: each from the model
// fitted without the unit's item.
type CV struct {
	Expected []float64 // expected value on the scale's values
	Labels   []int     // decided label index
}

// thresholds places the decision thresholds of m so that, over the kept
// units, each label is predicted as often as it is the label nearest to
// the unit's mean rating (the target the model is judged by): the
// threshold below label k is the quantile of the predicted expected values
// at the share of units whose target is below label k.
func thresholds(m *Model, units []Unit, x [][]float64, keep func(int) bool) []float64 {
	var pred []float64
	counts := make([]float64, len(m.Values))
	for i, u := range units {
		if !keep(i) {
			continue
		}
		pred = append(pred, m.Predict(x[i]).Expected)
		counts[nearest(m.Values, u.Mean())]++
	}
	if len(pred) == 0 {
		return nil
	}
	out := make([]float64, len(m.Values)-1)
	cum := 0.0
	for k := range out {
		cum += counts[k]
		out[k] = stat.Quantile(pred, cum/float64(len(pred)))
	}
	return out
}

// fitUnits fits the ordinal model to the kept units and the kept anchors
// of opt, every value one observation. It returns nil when no unit is
// kept.
func fitUnits(units []Unit, x [][]float64, values []float64, keep func(int) bool, opt FitOptions, keepAnchor func(int) bool) (*ordinal.Model, error) {
	var rows [][]float64
	var labels []int
	var weights []float64
	add := func(us []Unit, xs [][]float64, keep func(int) bool, w float64) {
		for i, u := range us {
			if !keep(i) {
				continue
			}
			for _, v := range u.Values {
				rows = append(rows, xs[i])
				labels = append(labels, nearest(values, v))
				weights = append(weights, w)
			}
		}
	}
	add(units, x, keep, 1)
	if len(rows) == 0 {
		return nil, nil
	}
	add(opt.Anchors, opt.AnchorRows, keepAnchor, opt.AnchorWeight)
	s := ordinal.Settings{L2: opt.L2}
	if len(opt.Anchors) > 0 && opt.AnchorWeight != 1 {
		s.Weights = weights
	}
	return ordinal.Fit(rows, labels, len(values), s)
}

// foldsOf returns the fold of each unit's item in fold, -1 (in no test
// fold) for an item fold lacks (an anchor of a source no rated unit has).
func foldsOf(units []Unit, fold map[string]int) []int {
	out := make([]int, len(units))
	for i, u := range units {
		f, ok := fold[u.Item]
		if !ok {
			f = -1
		}
		out[i] = f
	}
	return out
}

// assignFolds gives every item of units a fold, shuffled with seed, so
// that all outputs of one source sentence share a fold; it returns the
// fold of each item.
func assignFolds(units []Unit, k int, seed uint64) map[string]int {
	var items []string
	seen := map[string]bool{}
	for _, u := range units {
		if !seen[u.Item] {
			seen[u.Item] = true
			items = append(items, u.Item)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	rng.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	fold := make(map[string]int, len(items))
	for i, it := range items {
		fold[it] = i % k
	}
	return fold
}

func countItems(units []Unit) int {
	seen := map[string]bool{}
	for _, u := range units {
		seen[u.Item] = true
	}
	return len(seen)
}

// Validate measures how predictions agree with the mean human rating of
// each unit: pred holds a value per unit on the scale's values (NaN where
// there is none), labels the predicted label index (nil: the label nearest
// to pred). It reports Spearman's rho with a 95% bootstrap interval
// resampling items (1,000 resamples, seeded), Pearson's r, and linearly and
// quadratically weighted kappa between the predicted labels and the labels
// nearest to the human means. The same function scores any rater against
// the same target, so a model and GPT-4 are compared alike.
func Validate(pred []float64, labels []int, units []Unit, values []float64, seed uint64) Validation {
	var p, h []float64
	var pl, hl []int
	for i, u := range units {
		if math.IsNaN(pred[i]) {
			continue
		}
		p = append(p, pred[i])
		h = append(h, u.Mean())
		if labels != nil {
			pl = append(pl, labels[i])
		} else {
			pl = append(pl, nearest(values, pred[i]))
		}
		hl = append(hl, nearest(values, u.Mean()))
	}
	v := Validation{
		N:              len(p),
		Spearman:       stat.Spearman(p, h),
		Pearson:        stat.Pearson(p, h),
		KappaLinear:    stat.CohenKappa(pl, hl, len(values), stat.Linear),
		KappaQuadratic: stat.CohenKappa(pl, hl, len(values), stat.Quadratic),
	}
	// Bootstrap over items: units of a resampled item come along together.
	byItem := map[string][]int{}
	var items []string
	for i, u := range units {
		if math.IsNaN(pred[i]) {
			continue
		}
		if _, ok := byItem[u.Item]; !ok {
			items = append(items, u.Item)
		}
		byItem[u.Item] = append(byItem[u.Item], i)
	}
	ci := stat.Bootstrap(len(items), 1000, seed, 0.95, func(idx []int) float64 {
		var bp, bh []float64
		for _, j := range idx {
			for _, i := range byItem[items[j]] {
				bp = append(bp, pred[i])
				bh = append(bh, units[i].Mean())
			}
		}
		return stat.Spearman(bp, bh)
	})
	v.SpearmanLo, v.SpearmanHi = ci.Lo, ci.Hi
	return v
}
