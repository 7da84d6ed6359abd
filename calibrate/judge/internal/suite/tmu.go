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
)

// tmuDump, when set, names a JSON Lines file that receives every unit's
// cross-validated expected value per scale (flag -tmudump; experiments
// with evidence computed outside gecmetric).
var tmuDump string

// tmuGUG, when set, adds GUG's train (and dev) split, rated by the crowd on
// the same 1-4 grammaticality scale, to the training folds of the
// grammaticality and fluency models (flag -tmugug: train or train,dev; experiments).
var tmuGUG string

func tmuScales(root string, x *evidence.Extractor) {
	tmu, err := judge.LoadTMUGFM(root)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("\n## TMU-GFM half: the English scales, cross-validated by source sentence (10 folds)")
	fmt.Println("\nPairwise: same-source pairs of outputs whose raters' means differ, ordered alike (pairs unweighted, ties wrong). Every figure cross-validated: the model and its spread fitted without the source sentence's outputs. SD: per-output standard deviation of the expected value and of the raters' mean, on the 1-4 scale. Systems: mean per system (an output counts for every system that produced it).")
	fmt.Println("\n| scale | form | pairwise | judge SD | raters' SD | ratio | Pearson r (outputs) | system means judge / raters |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	var dump *json.Encoder
	if tmuDump != "" {
		fd, err := os.Create(tmuDump)
		if err != nil {
			log.Fatal(err)
		}
		defer fd.Close()
		dump = json.NewEncoder(fd)
	}
	for _, q := range []string{judge.Grammaticality, judge.Fluency, judge.Meaning} {
		units, cv, delta := tmuCV(root, tmu, x, q, 10)
		if dump != nil {
			for i, u := range units {
				if err := dump.Encode(map[string]any{"scale": q, "item": u.Item, "system": u.System, "source": u.Source, "output": u.Output, "mean": u.Mean(), "cv": cv[i]}); err != nil {
					log.Fatal(err)
				}
			}
		}
		gammas := []float64{0}
		if tmuHybrid != "" {
			gammas = nil
			for _, g := range strings.Split(tmuHybrid, ",") {
				v, err := strconv.ParseFloat(g, 64)
				if err != nil {
					log.Fatal(err)
				}
				gammas = append(gammas, v)
			}
		}
		for _, g := range gammas {
			hyb := make([]float64, len(cv))
			form := fmt.Sprint(judge.TMUGFMForms[q])
			for i := range cv {
				hyb[i] = cv[i]
				if delta != nil {
					hyb[i] += g * delta[i]
				}
			}
			if delta != nil {
				form += fmt.Sprintf(" + %g ranker", g)
			}
			printTMURow(q, form, units, hyb)
		}
	}
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
// without its source.
func tmuCV(root string, tmu *judge.Dataset, x *evidence.Extractor, q string, k int) ([]calibrate.Unit, []float64, []float64) {
	names := evidence.AllNames(judge.TMUGFMForms[q])
	if tmuFeatures != "" {
		names = strings.Split(tmuFeatures, ",")
	}
	rs := tmu.Ratings.OnScale(q)
	units := calibrate.Units(rs, q, nil)
	xs := judge.TMUGFMRows(tmu, x, units, names)
	fold := map[string]int{}
	for i, u := range units {
		if _, ok := fold[u.Item]; !ok {
			fold[u.Item] = i
		}
	}
	ps := judge.RatedPrefs(tmu, []string{q}, nil, 0)
	folds := judge.ItemFolds(ps, k, 7)
	var px [][]float64
	if tmuRanked > 0 {
		for _, v := range ps.Evidence(x, evidence.FormSource) {
			px = append(px, v.Vector(names))
		}
	}
	var gu []calibrate.Unit
	var gx [][]float64
	if tmuGUG != "" && q != judge.Meaning {
		ds, err := judge.LoadGUG(filepath.Join(root, judge.GUGFile))
		if err != nil {
			log.Fatal(err)
		}
		splits := strings.Split(tmuGUG, ",")
		crowd := slices.DeleteFunc(ds.Ratings.Annotators(), func(a string) bool { return !strings.HasPrefix(a, "crowd") })
		part := ds.Ratings.Where(func(r *human.Rating) bool { return slices.Contains(splits, r.Group) })
		gu = calibrate.Units(part, "grammaticality", crowd)
		for _, v := range ds.Evidence(x, gu, evidence.FormAlone) {
			gx = append(gx, v.Vector(names))
		}
		log.Printf("tmu: %s: %d GUG units added to every training fold", q, len(gu))
	}
	pred := make([]float64, len(units))
	// The hybrid's ranker: every source-form feature, of each output and
	// of its source as an output.
	var delta []float64
	var hx, hsrc, hpx [][]float64
	if tmuHybrid != "" {
		delta = make([]float64, len(units))
		hn := evidence.AllNames(evidence.FormSource)
		hx = judge.TMUGFMRows(tmu, x, units, hn)
		var su []calibrate.Unit
		for _, u := range units {
			su = append(su, calibrate.Unit{Item: u.Item, System: "source", Source: u.Source, Output: u.Source})
		}
		hsrc = judge.TMUGFMRows(tmu, x, su, hn)
		for _, v := range ps.Evidence(x, evidence.FormSource) {
			hpx = append(hpx, v.Vector(hn))
		}
	}
	for f := range k {
		var tu []calibrate.Unit
		var tx [][]float64
		for i, u := range units {
			if folds[u.Item] != f {
				tu = append(tu, u)
				tx = append(tx, xs[i])
			}
		}
		tu = append(tu, gu...)
		tx = append(tx, gx...)
		var m *calibrate.Model
		var err error
		if tmuRanked > 0 {
			var pairs []pairwise.Pair
			for _, p := range ps.Pairs {
				if folds[ps.Outputs[p.Better].Item] != f && folds[ps.Outputs[p.Worse].Item] != f {
					pairs = append(pairs, p)
				}
			}
			r, err := pairwise.Fit(px, pairs, pairwise.Settings{L2: tmuRanked})
			if err != nil {
				log.Fatal(err)
			}
			m, _, err = calibrate.FitRanked(rs[0].Scale, r, tu, tx, calibrate.FitOptions{Features: names, Folds: 2})
			if err != nil {
				log.Fatal(err)
			}
		} else {
			m, _, err = calibrate.FitModel(rs[0].Scale, tu, tx, calibrate.FitOptions{Features: names, Folds: 2, L2: tmuL2})
			if err != nil {
				log.Fatal(err)
			}
		}
		calibrate.Spread(m, tu, tx)
		var hr *pairwise.Model
		if delta != nil {
			var pairs []pairwise.Pair
			for _, p := range ps.Pairs {
				if folds[ps.Outputs[p.Better].Item] != f && folds[ps.Outputs[p.Worse].Item] != f {
					pairs = append(pairs, p)
				}
			}
			if hr, err = pairwise.Fit(hpx, pairs, pairwise.Settings{L2: tmuHybridL2}); err != nil {
				log.Fatal(err)
			}
		}
		for i, u := range units {
			if folds[u.Item] == f {
				pred[i] = m.Predict(xs[i]).Expected
				if hr != nil {
					delta[i] = hr.Score(hx[i]) - hr.Score(hsrc[i])
				}
			}
		}
	}
	return units, pred, delta
}
