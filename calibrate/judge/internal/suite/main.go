// Command suite measures the English judge on every preference set of
// the shared data, as issue 22 asks: the overall score left one data set
// out and cross-validated in domain, each scale and the reference metrics
// beside it; TMU-GFM's scales; GMEG's and GJG15's system rankings; and the
// degenerate systems of package degenerate.
//
//	go run ./calibrate/judge/internal/suite [-data DIR] [-cache FILE]
//
// The degenerate systems are judged by the embedded default models (what
// a user runs); every other figure comes from models fitted here without
// the data it is measured on, except where a row says in-sample.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/internal/datadir"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

func main() {
	data := flag.String("data", datadir.Root(), "shared data folder")
	cache := flag.String("cache", "", "evidence cache file (gob; rewritten when the sets or features change)")
	l2 := flag.Float64("l2", judge.SuiteL2, "ridge penalty of the overall rankers")
	blame := flag.String("blame", "", "comma-separated set name parts whose misordered pairs to explain by feature, in the forms of -forms (experiments)")
	featSets := flag.String("features", "", "comma-separated set name parts whose single-feature accuracies to print (experiments)")
	flag.BoolVar(&free, "free", false, "measure judge v3's first ranker: every feature, no scales (experiments)")
	flag.Float64Var(&evidencePenalty, "evpen", 0, "ridge multiplier of the evidence features beside the scales in every form (0: judge.OverallEvidencePenalty)")
	flag.Float64Var(&referencePenalty, "refpen", 0, "ridge multiplier of the features that need references, in the reference form (0: judge.OverallReferencePenalty)")
	flag.StringVar(&tmuFeatures, "tmufeats", "", "comma-separated features of the TMU-GFM scale models in the tmu section's CV (experiments)")
	forms := flag.String("forms", "reference,source", "forms of the set table: reference, source, alone")
	flag.Float64Var(&tmuRanked, "tmuranked", 0, "fit the TMU-GFM scales in the tmu section's CV as rankers with this ridge, placed by the ratings (experiments)")
	flag.StringVar(&tmuHybrid, "tmuhybrid", "", "comma-separated weights g: also score each TMU-GFM scale as the ordinal model plus g times a same-source ranker's difference from the source (experiments)")
	flag.StringVar(&tmuGUG, "tmugug", "", "add these GUG splits (train, dev) to the training folds of the TMU-GFM grammaticality and fluency models (experiments)")
	flag.BoolVar(&tmuNoAnchors, "tmunoanchors", false, "leave the meaning anchors (judge.MeaningAnchors) out of the TMU-GFM meaning model's training folds (experiments)")
	flag.Float64Var(&tmuAnchorWeight, "tmuanchorweight", judge.MeaningAnchorWeight, "weight of each meaning anchor against a rating's 1 (experiments)")
	flag.StringVar(&tmuAnchors, "tmuanchors", "", "keep only these degenerate forms (comma-separated) as meaning anchors (experiments)")
	flag.StringVar(&tmuDump, "tmudump", "", "write every TMU-GFM unit's cross-validated expected value per scale to this JSON Lines file (experiments)")
	flag.StringVar(&tmuHybridFeats, "tmuhybridfeats", "", "comma-separated features of the -tmuhybrid ranker (default every source-form feature; experiments)")
	flag.Float64Var(&tmuHybridL2, "tmuhybridl2", 30, "ridge of the -tmuhybrid ranker")
	tmuPen := flag.Float64("tmul2", 1, "ridge penalty of the TMU-GFM scale models in the tmu section")
	drop := flag.String("drop", "", "comma-separated feature prefixes to leave out, or whole names ending in $ (experiments)")
	weights := flag.String("w", "", "comma-separated set=weight overrides (experiments)")
	only := flag.Bool("only", false, "train only on the sets named by -w (experiments)")
	sections := flag.String("sections", "sets,tmu,gmeg,gjg15,outside,gaming", "which sections to print")
	flag.Parse()
	tmuL2 = *tmuPen
	tableForms = nil
	for _, f := range strings.Split(*forms, ",") {
		form, ok := evidence.ParseForm(f)
		if !ok {
			log.Fatalf("-forms: unknown form %q", f)
		}
		tableForms = append(tableForms, form)
	}
	log.SetFlags(0)
	x, err := judge.EnglishExtractor()
	if err != nil {
		log.Fatal(err)
	}
	want := func(s string) bool { return strings.Contains(","+*sections+",", ","+s+",") }
	if want("tmu") {
		tmuScales(*data, x)
	}
	var sets []*judge.SuiteSet
	if want("sets") || want("gmeg") || want("gjg15") || want("outside") || *featSets != "" || *blame != "" {
		sets, err = judge.LoadSuite(*data, x, *cache, os.Stderr)
		if err != nil {
			log.Fatal(err)
		}
		if *only {
			for _, s := range sets {
				s.Weight, s.RefWeight = 0, 0
			}
		}
		for _, kv := range strings.Split(*weights, ",") {
			name, w, ok := strings.Cut(kv, "=")
			if !ok {
				continue
			}
			for _, s := range sets {
				if s.Name == name {
					fmt.Sscan(w, &s.Weight)
					s.RefWeight = 0
				}
			}
		}
	}
	features := func(form evidence.Form) []string {
		var out []string
		all := judge.OverallFeatures(form)
		if free {
			all = evidence.AllNames(form)
		}
		for _, n := range all {
			if !slices.ContainsFunc(strings.Split(*drop, ","), func(p string) bool { return dropped(n, p) }) {
				out = append(out, n)
			}
		}
		return out
	}
	if *featSets != "" {
		featureTable(sets, *featSets)
	}
	if *blame != "" {
		for _, f := range tableForms {
			blameTable(sets, *blame, f, features(f), *l2)
		}
	}
	if want("sets") {
		setTable(sets, features, *l2)
	}
	if want("gmeg") {
		gmegSystems(*data, sets, features(evidence.FormReference), features(evidence.FormSource), *l2)
	}
	if want("gjg15") {
		gjg15Systems(*data, sets, features, *l2)
	}
	if want("outside") {
		outsideShares(sets)
	}
	if want("gaming") {
		gaming(*data)
	}
}

// dropped says pattern p of flag -drop names feature n: a whole name
// ending in "$", otherwise a prefix ("" names nothing).
func dropped(n, p string) bool {
	if exact, ok := strings.CutSuffix(p, "$"); ok {
		return n == exact
	}
	return p != "" && strings.HasPrefix(n, p)
}
