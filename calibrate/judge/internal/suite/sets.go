package main

import (
	"fmt"
	"log"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/metrics/evidence"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// tableForms are the forms of the set table (flag -forms).
var tableForms = []evidence.Form{evidence.FormReference, evidence.FormSource}

// free measures the ranker judge v3 first shipped (flag -free): every
// feature of the form, no scales. evidencePenalty, when not 0, replaces
// judge.OverallEvidencePenalty in every form (flag -evpen).
var (
	free             bool
	evidencePenalty  float64
	referencePenalty float64
)

// composition returns the options that build the overall of form on the
// default scale models, as FitDefaults does (none with -free).
func composition(o judge.SuiteOptions) judge.SuiteOptions {
	if free {
		return o
	}
	models, err := judge.Defaults("en")
	if err != nil {
		log.Fatal(err)
	}
	def, err := judge.OverallSuiteOptions(models, o.Form)
	if err != nil {
		log.Fatal(err)
	}
	o.Scales, o.EvidencePenalty, o.ReferencePenalty = def.Scales, def.EvidencePenalty, def.ReferencePenalty
	if evidencePenalty != 0 {
		o.EvidencePenalty = evidencePenalty
	}
	if referencePenalty != 0 {
		o.ReferencePenalty = referencePenalty
	}
	return o
}

// groups lists the suite's data sets in order.
func groups(sets []*judge.SuiteSet) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range sets {
		if !seen[s.Group] {
			seen[s.Group] = true
			out = append(out, s.Group)
		}
	}
	return out
}

// losoScores scores every set usable in form by a ranker fitted without
// its data set.
func losoScores(sets []*judge.SuiteSet, form evidence.Form, feats []string, l2 float64) map[*judge.SuiteSet][]float64 {
	out := map[*judge.SuiteSet][]float64{}
	for _, g := range groups(sets) {
		m, err := judge.FitSuite(sets, composition(judge.SuiteOptions{Form: form, Features: feats, L2: l2, LeaveOut: g}))
		if err != nil {
			log.Printf("form %s without %s: %v", form, g, err)
			continue
		}
		for _, s := range sets {
			if s.Group == g && judge.Usable(s, form) {
				out[s] = judge.ScoreSet(m, s, feats)
			}
		}
	}
	return out
}

// cvScores scores every set by k rankers, each fitted without one fold of
// every set's items (in-domain cross-validation).
func cvScores(sets []*judge.SuiteSet, form evidence.Form, feats []string, l2 float64, k int) map[*judge.SuiteSet][]float64 {
	out := map[*judge.SuiteSet][]float64{}
	for _, s := range sets {
		out[s] = make([]float64, len(s.Outputs))
	}
	for f := range k {
		m, err := judge.FitSuite(sets, composition(judge.SuiteOptions{Form: form, Features: feats, L2: l2, Fold: f, Folds: k, Seed: 1}))
		if err != nil {
			log.Fatalf("form %s fold %d: %v", form, f, err)
		}
		for _, s := range sets {
			fold := judge.ItemFolds(s.PrefSet, k, 1)
			sc := judge.ScoreSet(m, s, feats)
			for i, o := range s.Outputs {
				if fold[o.Item] == f {
					out[s][i] = sc[i]
				}
			}
		}
	}
	return out
}

// m2Scores is each output's sentence F0.5 by the M2 scorer against gold
// edits extracted from its references (one annotator per reference), as
// `gecmetric eval` scores text references.
func m2Scores(s *judge.SuiteSet) []float64 {
	lang := en.New()
	gold := make([]m2.Sentence, len(s.Outputs))
	hyps := make([][]string, len(s.Outputs))
	edits.Parallel(len(s.Outputs), func(i int) {
		o := s.Outputs[i]
		src := lang.Annotate(o.Source)
		var anns []m2.Annotation
		for k, r := range o.Refs {
			es := edits.Extract(lang, src, lang.Annotate(r), edits.Options{})
			if len(es) == 0 {
				anns = append(anns, m2.Annotation{Edit: edits.Edit{OStart: -1, OEnd: -1, Type: "noop"}, Coder: k})
			}
			for _, e := range es {
				anns = append(anns, m2.Annotation{Edit: e, Coder: k})
			}
		}
		gold[i] = m2.NewSentence(o.Source, anns)
		hyps[i] = o.Output
	})
	res, err := m2.Score(gold, hyps, m2.Options{})
	if err != nil {
		log.Fatalf("%s: m2: %v", s.Name, err)
	}
	out := make([]float64, len(s.Outputs))
	for i := range res.Sentences {
		_, _, out[i] = m2.PRF(res.Sentences[i].Stats(), 0.5)
	}
	return out
}

func setTable(sets []*judge.SuiteSet, features func(evidence.Form) []string, l2 float64) {
	models, err := judge.Defaults("en")
	if err != nil {
		log.Fatal(err)
	}
	scale := func(s *judge.SuiteSet, q string, form evidence.Form, sign float64) string {
		m := models.Best(q, form)
		if m == nil {
			return "-"
		}
		sc := make([]float64, len(s.Outputs))
		for i, v := range s.Vals {
			sc[i] = sign * m.Predict(v.Vector(m.Features)).Expected
		}
		cell := fmt.Sprintf("%.3f", s.Accuracy(sc))
		if s.Group == "tmu-gfm" && q != judge.Overcorrection {
			cell += "*"
		}
		return cell
	}
	fmt.Println("\n## Sentence level: same-source pairwise accuracy (ties count as wrong)")
	fmt.Println("\nLOSO: the overall ranker fitted without the row's data set; CV: 5 folds by source sentence, the other data sets in training. Scales: the default models (* in-sample: fitted on TMU-GFM). Reference metrics against the set's references.")
	for _, form := range tableForms {
		feats := features(form)
		loso := losoScores(sets, form, feats, l2)
		cv := cvScores(sets, form, feats, l2, 5)
		fmt.Printf("\n### overall %s (%d features)\n\n", map[evidence.Form]string{evidence.FormReference: "with references", evidence.FormSource: "without references (source and output)"}[form], len(feats))
		fmt.Println("| set | kind | pairs | overall LOSO | overall CV | grammaticality | fluency | meaning | over-correction | GLEU | ERRANT | M2 | chrF |")
		fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
		for _, s := range sets {
			if !judge.Usable(s, form) {
				continue
			}
			lo := "-"
			if v, ok := loso[s]; ok {
				lo = fmt.Sprintf("%.3f", s.Accuracy(v))
			}
			ref := func(n string) string {
				if !s.Refs {
					return "-"
				}
				return fmt.Sprintf("%.3f", s.Accuracy(judge.FeatureScores(s, n, 1)))
			}
			m2c := "-"
			if s.Refs && form == evidence.FormReference {
				m2c = fmt.Sprintf("%.3f", s.Accuracy(m2Scores(s)))
			}
			fmt.Printf("| %s | %s | %d | %s | %.3f | %s | %s | %s | %s | %s | %s | %s | %s |\n", s.Name, s.Kind, len(s.Pairs), lo, s.Accuracy(cv[s]),
				scale(s, judge.Grammaticality, form, 1), scale(s, judge.Fluency, form, 1), scale(s, judge.Meaning, form, 1), scale(s, judge.Overcorrection, form, -1),
				ref("ref.gleu"), ref("ref.errant_f"), m2c, ref("me.chrf_ref"))
		}
	}
}
