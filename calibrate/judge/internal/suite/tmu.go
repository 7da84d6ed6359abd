package main

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/calibrate/pairwise"
	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// tmuL2 is the ridge penalty of the TMU-GFM scale models (flag -tmul2).
var tmuL2 float64

// tmuFeatures, when set, replaces the scale models' features in the CV (flag -tmufeats).
var tmuFeatures string

// tmuRanked, when above 0, fits each scale as a ranker of same-source
// pairs (ridge tmuRanked) placed on the scale by the ratings
// (calibrate.FitRanked) in the CV (flag -tmuranked).
var tmuRanked float64

// tmuHybrid, when set, lists weights g: each scale is also scored as the
// ordinal model's expected value plus g times the difference between a
// same-source ranker's score of the output and of the unchanged source
// (ridge tmuHybridL2, over every source-form feature), a row per g
// (flags -tmuhybrid, -tmuhybridl2; experiments).
var (
	tmuHybrid   string
	tmuHybridL2 float64
	// tmuHybridFeats, when set, replaces the hybrid ranker's features (flag -tmuhybridfeats).
	tmuHybridFeats string
)

// tmuDump, when set, names a JSON Lines file that receives every unit's
// cross-validated expected value per scale (flag -tmudump; experiments
// with evidence computed outside gecmetric).
var tmuDump string

// tmuNoAnchors leaves meaning's anchors out of its training folds (flag
// -tmunoanchors; the model as before them).
var tmuNoAnchors bool

// tmuAnchors, when set, keeps only these degenerate forms as meaning
// anchors (flag -tmuanchors; experiments).
var tmuAnchors string

// tmuAnchorWeight weighs each meaning anchor (flag -tmuanchorweight).
var tmuAnchorWeight float64

// tmuGUG, when set, adds GUG's train (and dev) split, rated by the crowd on
// the same 1-4 grammaticality scale, to the training folds of the
// grammaticality and fluency models (flag -tmugug: train or train,dev; experiments).
var tmuGUG string

func tmuScales(root string, x *evidence.Extractor) {
	tmu, err := judge.LoadTMUGFM(root)
	if err != nil {
		log.Fatal(err)
	}
	var gammas []float64
	if tmuHybrid != "" {
		for _, g := range strings.Split(tmuHybrid, ",") {
			v, err := strconv.ParseFloat(g, 64)
			if err != nil {
				log.Fatalf("-tmuhybrid: %v", err)
			}
			gammas = append(gammas, v)
		}
	}
	// GUG is read once: its evidence, memoised in the Dataset, serves
	// grammaticality and fluency alike.
	var gug *judge.Dataset
	var gugUnits []calibrate.Unit
	if tmuGUG != "" {
		if gug, err = judge.LoadGUG(filepath.Join(root, judge.GUGFile)); err != nil {
			log.Fatal(err)
		}
		gugUnits, _ = judge.GUGCrowdUnits(gug, strings.Split(tmuGUG, ",")...)
		log.Printf("tmu: %d GUG units added to every training fold of grammaticality and fluency", len(gugUnits))
	}
	fmt.Println("\n## TMU-GFM half: the English scales, cross-validated by source sentence (10 folds)")
	fmt.Println("\nPairwise: same-source pairs of outputs whose raters' means differ, ordered alike (pairs unweighted, ties wrong). Every figure cross-validated: the model and its spread fitted without the source sentence's outputs. SD: per-output standard deviation of the expected value and of the raters' mean, on the 1-4 scale. Systems: mean per system (an output counts for every system that produced it).")
	fmt.Println("\n| scale | form | pairwise | judge SD | raters' SD | ratio | Pearson r (outputs) | system means judge / raters |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	var dump []map[string]any
	for _, q := range []string{judge.Grammaticality, judge.Fluency, judge.Meaning} {
		var extra *judge.Dataset
		if q != judge.Meaning {
			extra = gug
		}
		units, cv, delta := tmuCV(tmu, x, q, 10, extra, gugUnits)
		for i, u := range units {
			dump = append(dump, map[string]any{"scale": q, "item": u.Item, "system": u.System, "source": u.Source, "output": u.Output, "mean": u.Mean(), "cv": cv[i]})
		}
		form := fmt.Sprint(judge.TMUGFMForms[q])
		if delta == nil {
			printTMURow(q, form, units, cv)
			continue
		}
		for _, g := range gammas {
			hyb := make([]float64, len(cv))
			for i := range cv {
				hyb[i] = cv[i] + g*delta[i]
			}
			printTMURow(q, fmt.Sprintf("%s + %g ranker", form, g), units, hyb)
		}
	}
	fmt.Println("\nThe raters by the same rule (judge.UnitPairAccuracy, outputs every rater labelled): one rater's label, or two raters' mean, as the prediction, the other raters' mean as the target (pairs where it differs; a tie in the prediction wrong, as the judge's), averaged over every choice of the one or the two. Pairs: those of the judge's figure (all raters' means differ).")
	fmt.Println("\n| scale | pairs | one vs four | two vs three |\n|---|---|---|---|")
	for _, q := range []string{judge.Grammaticality, judge.Fluency, judge.Meaning} {
		n, one, two := raterAgreement(tmu.Ratings, q)
		fmt.Printf("| %s | %d | %.3f | %.3f |\n", q, n, one, two)
	}
	if tmuDump != "" {
		if err := writeJSONLines(tmuDump, dump); err != nil {
			log.Fatal(err)
		}
	}
}

// raterAgreement measures TMU-GFM's raters on scale q by the rule the
// judge is measured by (judge.UnitPairAccuracy: same-source pairs whose
// target means differ, a tie in the prediction wrong): one rater's or two
// raters' mean as the prediction, the other raters' mean as the target,
// averaged over every choice of the one or the two. Only outputs that every
// rater labelled on the scale count; pairs is how many of their pairs the
// judge's figure counts (all raters' means differ).
func raterAgreement(rs calibrate.Ratings, q string) (pairs int, one, two float64) {
	raters := rs.Annotators()
	var full []calibrate.Unit
	for _, u := range calibrate.Units(rs, q, raters) {
		if len(u.Values) == len(raters) {
			full = append(full, u)
		}
	}
	_, pairs = judge.UnitPairAccuracy(full, make([]float64, len(full)), 1)
	agreement := func(panel []string) float64 {
		others := slices.DeleteFunc(slices.Clone(raters), func(a string) bool { return slices.Contains(panel, a) })
		values := func(who []string) map[human.Unit][]float64 {
			out := map[human.Unit][]float64{}
			for _, u := range calibrate.Units(rs, q, who) {
				out[u.Key()] = u.Values
			}
			return out
		}
		mine, theirs := values(panel), values(others)
		target := slices.Clone(full)
		pred := make([]float64, len(full))
		for i, u := range full {
			target[i].Values = theirs[u.Key()]
			pred[i] = stat.Mean(mine[u.Key()])
		}
		acc, _ := judge.UnitPairAccuracy(target, pred, 1)
		return acc
	}
	var ones, twos []float64
	for i, a := range raters {
		ones = append(ones, agreement([]string{a}))
		for _, b := range raters[i+1:] {
			twos = append(twos, agreement([]string{a, b}))
		}
	}
	return pairs, stat.Mean(ones), stat.Mean(twos)
}

// writeJSONLines writes one JSON object per line to path, reporting a
// failed write or close.
func writeJSONLines(path string, rows []map[string]any) error {
	fd, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(fd)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			fd.Close()
			return err
		}
	}
	return fd.Close()
}

// printTMURow prints one row of the TMU-GFM table: the pairwise accuracy,
// spread, correlation and system means of pred, each unit's cross-validated
// expected value on scale q.
func printTMURow(q, form string, units []calibrate.Unit, pred []float64) {
	acc, _ := judge.UnitPairAccuracy(units, pred, 1)
	var means []float64
	sj, sh, sn := map[string]float64{}, map[string]float64{}, map[string]float64{}
	var order []string
	for i, u := range units {
		means = append(means, u.Mean())
		for _, s := range strings.Split(u.System, ",") {
			if _, ok := sn[s]; !ok {
				order = append(order, s)
			}
			sj[s] += pred[i]
			sh[s] += u.Mean()
			sn[s]++
		}
	}
	var sys []string
	for _, s := range order {
		sys = append(sys, fmt.Sprintf("%s %.2f/%.2f", s, sj[s]/sn[s], sh[s]/sn[s]))
	}
	a, b := stat.PopStdDev(pred), stat.PopStdDev(means)
	fmt.Printf("| %s | %s | %.3f | %.3f | %.3f | %.2f | %.3f | %s |\n", q, form, acc, a, b, a/b, stat.Pearson(pred, means), strings.Join(sys, ", "))
}

// tmuCV cross-validates the whole fitting of one TMU-GFM scale
// (FitTMUGFM: the ordinal model and its spread) with folds grouped by
// source sentence, returning each unit's prediction by the model fitted
// without its source and, with -tmuhybrid, each unit's hybrid ranker
// difference from its source (nil without). When extra is not nil, its
// extraUnits (GUG's) join every training fold.
func tmuCV(tmu *judge.Dataset, x *evidence.Extractor, q string, k int, extra *judge.Dataset, extraUnits []calibrate.Unit) (units []calibrate.Unit, pred, delta []float64) {
	names := evidence.AllNames(judge.TMUGFMForms[q])
	if tmuFeatures != "" {
		names = strings.Split(tmuFeatures, ",")
	}
	rs := tmu.Ratings.OnScale(q)
	units = calibrate.Units(rs, q, nil)
	xs := judge.TMUGFMRows(tmu, x, units, names)
	ps := judge.RatedPrefs(tmu, []string{q}, nil, 0)
	folds := judge.ItemFolds(ps, k, 7)
	// The preferences' outputs are the units (one per item and system
	// list), so their feature rows are the units' rows.
	var px [][]float64
	if tmuRanked > 0 {
		px = prefRows(ps, units, xs)
	}
	var gx [][]float64
	if extra != nil {
		for _, v := range extra.Evidence(x, extraUnits, evidence.FormAlone) {
			gx = append(gx, v.Vector(names))
		}
	} else {
		extraUnits = nil
	}
	// The hybrid's ranker: every source-form feature, of each output and
	// of its source as an output (once per source).
	var hx, hpx [][]float64
	hsrc := map[string][]float64{}
	if tmuHybrid != "" {
		delta = make([]float64, len(units))
		hn := evidence.AllNames(evidence.FormSource)
		if tmuHybridFeats != "" {
			hn = strings.Split(tmuHybridFeats, ",")
		}
		hx = judge.TMUGFMRows(tmu, x, units, hn)
		hpx = prefRows(ps, units, hx)
		var su []calibrate.Unit
		for _, u := range units {
			if _, ok := hsrc[u.Item]; !ok {
				hsrc[u.Item] = nil
				su = append(su, calibrate.Unit{Item: u.Item, System: "source", Source: u.Source, Output: u.Source})
			}
		}
		for i, row := range judge.TMUGFMRows(tmu, x, su, hn) {
			hsrc[su[i].Item] = row
		}
	}
	// Meaning's anchors (judge.MeaningAnchors) join the training folds
	// that do not test their source, as in FitTMUGFM.
	var anchors []calibrate.Unit
	var anchorRows [][]float64
	if q == judge.Meaning && !tmuNoAnchors {
		anchors = judge.MeaningAnchors(tmu, units)
		if tmuAnchors != "" {
			keep := strings.Split(tmuAnchors, ",")
			anchors = slices.DeleteFunc(anchors, func(a calibrate.Unit) bool { return !slices.Contains(keep, strings.TrimPrefix(a.System, "anchor:")) })
		}
		log.Printf("tmu: %d meaning anchors", len(anchors))
		anchorRows = judge.TMUGFMRows(tmu, x, anchors, names)
	}
	pred = make([]float64, len(units))
	for f := range k {
		ta, tar := outsideFold(anchors, anchorRows, folds, f)
		tu, tx := outsideFold(units, xs, folds, f)
		tu = append(tu, extraUnits...)
		tx = append(tx, gx...)
		var m *calibrate.Model
		var err error
		if tmuRanked > 0 {
			r, err := pairwise.Fit(px, trainingPairs(ps, folds, f), pairwise.Settings{L2: tmuRanked})
			if err != nil {
				log.Fatal(err)
			}
			m, _, err = calibrate.FitRanked(rs[0].Scale, r, tu, tx, calibrate.FitOptions{Features: names, Folds: 2})
			if err != nil {
				log.Fatal(err)
			}
		} else {
			m, _, err = calibrate.FitModel(rs[0].Scale, tu, tx, calibrate.FitOptions{Features: names, Folds: 2, L2: tmuL2, Anchors: ta, AnchorRows: tar, AnchorWeight: tmuAnchorWeight})
			if err != nil {
				log.Fatal(err)
			}
		}
		calibrate.Spread(m, tu, tx)
		var hr *pairwise.Model
		if delta != nil {
			if hr, err = pairwise.Fit(hpx, trainingPairs(ps, folds, f), pairwise.Settings{L2: tmuHybridL2}); err != nil {
				log.Fatal(err)
			}
		}
		for i, u := range units {
			if folds[u.Item] == f {
				pred[i] = m.Predict(xs[i]).Expected
				if hr != nil {
					delta[i] = hr.Score(hx[i]) - hr.Score(hsrc[u.Item])
				}
			}
		}
	}
	return units, pred, delta
}

// outsideFold returns the units whose item is not in fold f, with their
// rows.
func outsideFold(units []calibrate.Unit, rows [][]float64, folds map[string]int, f int) ([]calibrate.Unit, [][]float64) {
	var us []calibrate.Unit
	var xs [][]float64
	for i, u := range units {
		if folds[u.Item] != f {
			us = append(us, u)
			xs = append(xs, rows[i])
		}
	}
	return us, xs
}

// trainingPairs returns ps's pairs whose outputs are both outside fold f.
func trainingPairs(ps *judge.PrefSet, folds map[string]int, f int) []pairwise.Pair {
	var out []pairwise.Pair
	for _, p := range ps.Pairs {
		if folds[ps.Outputs[p.Better].Item] != f && folds[ps.Outputs[p.Worse].Item] != f {
			out = append(out, p)
		}
	}
	return out
}

// prefRows returns the feature row of each of ps's outputs: the row of
// the unit of the same item and system list (RatedPrefs makes one output
// per unit).
func prefRows(ps *judge.PrefSet, units []calibrate.Unit, rows [][]float64) [][]float64 {
	index := map[[2]string]int{}
	for i, u := range units {
		index[[2]string{u.Item, u.System}] = i
	}
	out := make([][]float64, len(ps.Outputs))
	for k, o := range ps.Outputs {
		i, ok := index[[2]string{o.Item, o.Systems[0]}]
		if !ok {
			log.Fatalf("tmu: preference output %s/%s has no unit", o.Item, o.Systems[0])
		}
		out[k] = rows[i]
	}
	return out
}
