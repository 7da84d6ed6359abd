package main

import (
	"fmt"
	"log"
	"math"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

func sd(x []float64) float64 {
	m := stat.Mean(x)
	s := 0.0
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return math.Sqrt(s / float64(len(x)))
}

func tmuScales(root string, x *evidence.Extractor) {
	tmu, err := judge.LoadTMUGFM(root)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("\n## TMU-GFM half: the English scales, cross-validated by source sentence (10 folds)")
	fmt.Println("\nPairwise: same-source pairs of outputs whose raters' means differ, ordered alike by the ranker's cross-validated score. SD: per-output standard deviation of the cross-validated expected value (order fitted on all TMU-GFM pairs, placement cross-validated) and of the raters' mean, on the 1-4 scale. Systems: mean per system (an output counts for every system that produced it).")
	fmt.Println("\n| scale | form | pairwise | judge SD | raters' SD | ratio | Pearson r (outputs) | system means judge / raters |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, q := range []string{judge.Grammaticality, judge.Fluency, judge.Meaning} {
		f, acc, err := judge.FitTMUGFM(tmu, x, q)
		if err != nil {
			log.Fatal(err)
		}
		var means []float64
		sj, sh, sn := map[string]float64{}, map[string]float64{}, map[string]float64{}
		var order []string
		for i, u := range f.Units {
			means = append(means, u.Mean())
			for _, s := range strings.Split(u.System, ",") {
				if _, ok := sn[s]; !ok {
					order = append(order, s)
				}
				sj[s] += f.CV.Expected[i]
				sh[s] += u.Mean()
				sn[s]++
			}
		}
		var sys []string
		for _, s := range order {
			sys = append(sys, fmt.Sprintf("%s %.2f/%.2f", s, sj[s]/sn[s], sh[s]/sn[s]))
		}
		a, b := sd(f.CV.Expected), sd(means)
		fmt.Printf("| %s | %s | %.3f | %.3f | %.3f | %.2f | %.3f | %s |\n", q, f.Form, acc, a, b, a/b, stat.Pearson(f.CV.Expected, means), strings.Join(sys, ", "))
	}
}
