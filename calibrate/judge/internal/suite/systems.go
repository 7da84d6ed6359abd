package main

import (
	"cmp"
	"fmt"
	"log"
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/calibrate/metaeval/toolbox"
	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// preferScores reads each output's ranker score as the judge's overall
// does: the chance raters prefer it to its item's unchanged source
// (calibrate.RankModel.Prefer with the embedded ranker's slope for form),
// the source's score being that of the item's output equal to its source.
// An item without one keeps NaN for every output.
func preferScores(s *judge.SuiteSet, scores []float64, form evidence.Form) []float64 {
	r, err := judge.DefaultOverall("en")
	if err != nil || r[form] == nil {
		log.Fatalf("no embedded English overall of form %s: %v", form, err)
	}
	src := map[string]float64{}
	for i, o := range s.Outputs {
		if slices.Equal(o.Output, o.Source) {
			src[o.Item] = scores[i]
		}
	}
	out := make([]float64, len(scores))
	for i, o := range s.Outputs {
		out[i] = math.NaN()
		if s0, ok := src[o.Item]; ok {
			out[i] = r[form].Prefer(scores[i], s0)
		}
	}
	return out
}

func find(sets []*judge.SuiteSet, name string) *judge.SuiteSet {
	for _, s := range sets {
		if s.Name == name {
			return s
		}
	}
	log.Fatalf("no set %q", name)
	return nil
}

// gmegSystems ranks GMEG dev's systems in each domain by the mean overall
// score of a ranker fitted without that domain (and by in-domain CV), and
// correlates the means with the human corpus scores.
func gmegSystems(root string, sets []*judge.SuiteSet, refFeats, srcFeats []string, l2 float64) {
	fmt.Println("\n## GMEG dev, system level: mean overall per system against the mean human rating (Pearson over the 6 systems and the source; the rated reference is not named in the data, so the human corrections stand for it: the mean of ref0-ref3, each judged against the other three, ranked and correlated beside the systems as a second figure)")
	for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource} {
		feats := refFeats
		if form == evidence.FormSource {
			feats = srcFeats
		}
		loso := losoScores(sets, form, feats, l2)
		cv := cvScores(sets, form, feats, l2, 5)
		for _, d := range []string{"fce", "wiki"} {
			human, err := judge.GMEGCorpusScores(root, d)
			if err != nil {
				log.Fatal(err)
			}
			s := find(sets, "gmeg-"+d)
			rs := find(sets, "gmeg-"+d+" refs over input")
			for _, c := range []struct {
				how          string
				scores, refs []float64
			}{{"LOSO", loso[s], loso[rs]}, {"CV", cv[s], cv[rs]}} {
				systems, means := s.SystemMeans(c.scores)
				// The human corrections as a system: each of ref0-ref3
				// (CorrectionsMean), judged against the other
				// three (by the same ranker as the systems, which are
				// judged against all four), beside the raters' score of
				// the rated reference.
				ref := correctionsMean(rs, c.refs)
				var p, h []float64
				var cells []string
				type rank struct {
					name string
					v    float64
				}
				var ranks []rank
				for i, sys := range systems {
					ranks = append(ranks, rank{sys, means[i]})
					if v, ok := human[sys]; ok {
						p = append(p, means[i])
						h = append(h, v)
					}
				}
				pr, hr := append(slices.Clone(p), ref), append(slices.Clone(h), human["ref"])
				ranks = append(ranks, rank{"human correction", ref})
				slices.SortFunc(ranks, func(a, b rank) int { return cmp.Compare(b.v, a.v) })
				last := ranks[len(ranks)-1].name
				refRank := slices.IndexFunc(ranks, func(r rank) bool { return r.name == "human correction" }) + 1
				for _, r := range ranks {
					hv := "-"
					if v, ok := human[r.name]; ok {
						hv = fmt.Sprintf("%.1f", v)
					} else if r.name == "human correction" {
						hv = fmt.Sprintf("%.1f", human["ref"])
					}
					cells = append(cells, fmt.Sprintf("%s %.3f (%s)", r.name, r.v, hv))
				}
				fmt.Printf("\ngmeg-%s, %s, %s: Pearson %.3f, Spearman %.3f; last: %s; with the human correction (rated %.1f): rank %d of %d, Pearson %.3f, Spearman %.3f\n\n%s\n", d, form, c.how, stat.Pearson(p, h), stat.Spearman(p, h), last, human["ref"], refRank, len(ranks), stat.Pearson(pr, hr), stat.Spearman(pr, hr), strings.Join(cells, " · "))
				// The same systems by the overall as judge prints it: the
				// chance raters prefer each output to its source.
				psys, pmeans := s.SystemMeans(preferScores(s, c.scores, form))
				var pp, ph []float64
				var pcells []string
				for i, sys := range psys {
					if v, ok := human[sys]; ok {
						pp = append(pp, pmeans[i])
						ph = append(ph, v)
					}
					pcells = append(pcells, fmt.Sprintf("%s %.3f", sys, pmeans[i]))
				}
				fmt.Printf("\ngmeg-%s, %s, %s, as printed (chance preferred to the source): Pearson %.3f, Spearman %.3f\n\n%s\n", d, form, c.how, stat.Pearson(pp, ph), stat.Spearman(pp, ph), strings.Join(pcells, " · "))
			}
			if form == evidence.FormReference {
				referenceMetricSystems(s, rs, human)
			}
		}
	}
}

// referenceMetricSystems prints, for the mean sentence score of GLEU,
// ERRANT F0.5 and chrF against the references, the rank of the human
// corrections (judged against the other three) among GMEG's systems and
// the Pearson correlation with the raters, without and with them.
func referenceMetricSystems(s, rs *judge.SuiteSet, human map[string]float64) {
	var cells []string
	for _, n := range []string{"ref.gleu", "ref.errant_f", "me.chrf_ref"} {
		systems, means := s.SystemMeans(judge.FeatureScores(s, n, 1))
		ref := correctionsMean(rs, judge.FeatureScores(rs, n, 1))
		var p, h []float64
		rank := 1
		for i, sys := range systems {
			if v, ok := human[sys]; ok {
				p = append(p, means[i])
				h = append(h, v)
			}
			if means[i] > ref {
				rank++
			}
		}
		pr, hr := append(slices.Clone(p), ref), append(slices.Clone(h), human["ref"])
		cells = append(cells, fmt.Sprintf("%s: Pearson %.3f; human correction rank %d of %d, Pearson %.3f", n, stat.Pearson(p, h), rank, len(systems)+1, stat.Pearson(pr, hr)))
	}
	fmt.Printf("\n%s, reference metrics (mean sentence score): %s\n", s.Name, strings.Join(cells, "; "))
}

// correctionsMean is rs.CorrectionsMean, stopping the suite when rs has
// no human correction.
func correctionsMean(rs *judge.SuiteSet, scores []float64) float64 {
	m, n := rs.CorrectionsMean(scores)
	if n == 0 {
		log.Fatalf("%s: no human corrections", rs.Name)
	}
	return m
}

// gjg15Systems correlates the mean overall score of GJG15's 13 systems
// with the human Expected Wins and TrueSkill, the ranker fitted without
// CoNLL-2014's sentences (LOSO) and in-domain CV.
func gjg15Systems(root string, sets []*judge.SuiteSet, features func(evidence.Form) []string, l2 float64) {
	bench, err := toolbox.LoadGJG15(root)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("\n## GJG15 system level: 13 CoNLL-2014 systems, mean overall against Expected Wins (EW) and TrueSkill (TS); sentence level: share of human pairwise preferences ordered alike (ties as disagreements)")
	fmt.Println("\n| scores | EW r | EW ρ | TS r | TS ρ | sentence accuracy |")
	fmt.Println("|---|---|---|---|---|---|")
	s := find(sets, "gjg15")
	for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource} {
		feats := features(form)
		loso := losoScores(sets, form, feats, l2)
		cv := cvScores(sets, form, feats, l2, 5)
		for _, c := range []struct {
			how    string
			scores []float64
		}{{"LOSO", loso[s]}, {"CV", cv[s]}, {"LOSO, as printed (chance preferred to the source)", preferScores(s, loso[s], form)}, {"CV, as printed", preferScores(s, cv[s], form)}} {
			lines := map[string]map[string]float64{}
			for i, o := range s.Outputs {
				for _, sys := range o.Systems {
					if lines[sys] == nil {
						lines[sys] = map[string]float64{}
					}
					lines[sys][o.Item] = c.scores[i]
				}
			}
			sc := metaeval.Scores{Name: fmt.Sprintf("overall %s %s", form, c.how), Sentence: lines}
			sys, err := metaeval.SystemLevel(bench.Judgements, sc, metaeval.SystemOptions{Resamples: -1})
			if err != nil {
				log.Fatal(err)
			}
			sen, err := metaeval.SentenceLevel(bench.Judgements, sc, metaeval.SentenceOptions{Resamples: -1})
			if err != nil {
				log.Fatal(err)
			}
			fmt.Printf("| %s | %.3f | %.3f | %.3f | %.3f | %.3f |\n", sc.Name, sys.ExpectedWins.Pearson.Value, sys.ExpectedWins.Spearman.Value, sys.TrueSkill.Pearson.Value, sys.TrueSkill.Spearman.Value, sen.Accuracy.Value)
		}
	}
}
