package judge

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/edits/sv"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
	"github.com/gecmetric/gecmetric/metrics/fluency"
	"github.com/gecmetric/gecmetric/metrics/ged"
	"github.com/gecmetric/gecmetric/metrics/lm"
)

// A Fitted is one default model with what it was fitted and validated on.
type Fitted struct {
	Lang, Quantity string
	Form           evidence.Form
	Model          *calibrate.Model
	Units          []calibrate.Unit // the units, in fitting order
	CV             *calibrate.CV    // cross-validated predictions per unit
	// Ranker is set instead of Model for the overall score, with the
	// preference sets it learnt from and each output's cross-validated
	// score (RankCV[s][i] for output i of Prefs[s]).
	Ranker *calibrate.RankModel
	Prefs  []*PrefSet
	RankCV [][]float64
	// PrefEvidence holds the evidence of every output of Prefs (reference
	// form), for comparing the ranker with single metrics.
	PrefEvidence [][]evidence.Values
}

// FileName is the model's file name among the defaults.
func (f Fitted) FileName() string { return ModelFileName(f.Lang, f.Quantity, f.Form) }

// RemainingEdits is the scale of the Swedish remaining-errors model: the
// number of edits from an output to its rater's post-edit, 4 or more
// pooled.
var RemainingEdits = &human.Scale{
	Name: "remaining_edits", Direction: human.LowerIsBetter,
	Labels: []human.Label{{Name: "0", Value: 0}, {Name: "1", Value: 1}, {Name: "2", Value: 2}, {Name: "3", Value: 3}, {Name: "4 or more", Value: 4}},
	Doc:    "edits (ERRANT-style, package edits) from an output to the rater's post-edit",
}

// Feature subsets of the models that may not use every feature.
var (
	// portableFeatures do not depend on a language's tagger, lexicon or
	// fluency model, so a model over them transfers between languages.
	portableFeatures = []string{"oc.edits", "oc.edit_rate", "oc.unmatched", "oc.ter", "oc.word_order", "oc.multi_token", "oc.length_change", "me.chrf_src", "me.chrf_ref", "me.ter_ref", "me.negation", "me.numbers"}
)

// referenceMetricFeatures are the toolbox's reference metrics as evidence
// (package evidence, ref.*): they need no tagger, lexicon or language
// model.
var referenceMetricFeatures = []string{"ref.gleu", "ref.errant_f", "ref.errant_p", "ref.errant_r"}

// lexiconFeatures are the lexicon and reference-distance refinements
// (out-of-lexicon rate, misspellings kept from the source, misspellings
// in the source, remaining edits at misspelt words, share of reference
// edits missed, distance to reference × distance from source). They were
// added for Swedish, which has no fluency model, and raise the
// cross-validated agreement of its grammaticality, fluency and
// remaining-error models (mean over 5 fold seeds, quadratic kappa G .614 →
// .633, F .586 → .598). They lower it for Swedish meaning (.432 → .418)
// and for English, which has the n-gram model (Sottana over-correction ρ
// .556 → .518, GUG test r .539 → .532), so those models leave them out.
var lexiconFeatures = []string{"re.oov_rate", "re.oov_kept", "re.src_oov", "re.ref_oov", "re.missed_rate", "me.rewrite"}

// withoutLexicon returns the features of form f less lexiconFeatures.
func withoutLexicon(f evidence.Form) []string {
	return slices.DeleteFunc(evidence.Names(f), func(n string) bool { return slices.Contains(lexiconFeatures, n) })
}

func restrict(names, keep []string) []string {
	var out []string
	for _, n := range names {
		if slices.Contains(keep, n) {
			out = append(out, n)
		}
	}
	return out
}

// EnglishExtractor returns the evidence extractor of the English models.
func EnglishExtractor() (*evidence.Extractor, error) {
	fm, err := fluency.Default()
	if err != nil {
		return nil, err
	}
	m, err := lm.Default()
	if err != nil {
		return nil, err
	}
	d, err := ged.Default()
	if err != nil {
		return nil, err
	}
	return &evidence.Extractor{Lang: en.New(), Fluency: fm, LM: m, GED: d}, nil
}

// SwedishExtractor returns the evidence extractor of the Swedish models.
func SwedishExtractor() *evidence.Extractor { return &evidence.Extractor{Lang: sv.New()} }

// ErrLanguage is returned for a language with no judge models.
var ErrLanguage = errors.New("judge models exist for en and sv")

// ExtractorFor returns the evidence extractor of a language's models.
func ExtractorFor(lang string) (*evidence.Extractor, error) {
	switch lang {
	case "en":
		return EnglishExtractor()
	case "sv":
		return SwedishExtractor(), nil
	}
	return nil, fmt.Errorf("language %q: %w", lang, ErrLanguage)
}

// FitDefaults fits every default model from the public data in root (the
// folder of ../shared/data), logging progress to log. Deterministic: the
// same data gives the same models.
func FitDefaults(root string, log io.Writer) ([]Fitted, error) {
	enx, err := EnglishExtractor()
	if err != nil {
		return nil, err
	}
	svx := SwedishExtractor()
	var out []Fitted
	fit := func(ds *Dataset, x *evidence.Extractor, quantity string, sc *calibrate.Scale, units []calibrate.Unit, vals []evidence.Values, form evidence.Form, keep []string, target string, annotators []string) error {
		names := evidence.Names(form)
		if keep != nil {
			names = restrict(names, keep)
		}
		xs := make([][]float64, len(units))
		for i, v := range vals {
			xs[i] = v.Vector(names)
		}
		m, cv, err := calibrate.FitModel(sc, units, xs, calibrate.FitOptions{
			Language: ds.Language, Form: form.String(), Features: names,
			Data: ds.Name, Target: target, Annotators: annotators,
		})
		if err != nil {
			return fmt.Errorf("%s %s %s: %w", ds.Language, quantity, form, err)
		}
		f := Fitted{Lang: ds.Language, Quantity: quantity, Form: form, Model: m, Units: units, CV: cv}
		fmt.Fprintf(log, "%-34s units %5d  CV rho %.3f  kappa(lin) %.3f  kappa(quad) %.3f\n", f.FileName(), m.CV.N, m.CV.Spearman, m.CV.KappaLinear, m.CV.KappaQuadratic)
		out = append(out, f)
		return nil
	}

	// English, Sottana et al.: semantics, remaining errors, over-correction.
	so, err := LoadSottana(filepath.Join(root, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations"))
	if err != nil {
		return nil, err
	}
	humans := slices.DeleteFunc(so.Ratings.Annotators(), func(a string) bool { return a == "gpt4" })
	target := fmt.Sprintf("mean of %d humans", len(humans))
	var overcorrectionSottana struct {
		units []calibrate.Unit
		vals  []evidence.Values
		sc    *calibrate.Scale
	}
	for _, q := range []struct{ quantity, scale string }{{Semantics5, "semantics"}, {ErrorCount3, "grammaticality"}, {Overcorrection, "overcorrection"}} {
		units := calibrate.Units(so.Ratings, q.scale, humans)
		sc := so.Ratings.OnScale(q.scale)[0].Scale
		vals := so.Evidence(enx, units, evidence.FormReference)
		forms := []evidence.Form{evidence.FormReference, evidence.FormSource}
		if q.quantity == ErrorCount3 {
			forms = append(forms, evidence.FormAlone)
		}
		for _, form := range forms {
			if err := fit(so, enx, q.quantity, sc, units, vals, form, FeatureNames(so.Language, q.scale, form), target, humans); err != nil {
				return nil, err
			}
		}
		if q.quantity == Overcorrection {
			overcorrectionSottana.units, overcorrectionSottana.vals, overcorrectionSottana.sc = units, vals, sc
		}
	}

	// English grammaticality, fluency and meaning: TMU-GFM's five raters
	// on the scales of seed 001 (FitTMUGFM).
	tmu, err := LoadTMUGFM(root)
	if err != nil {
		return nil, err
	}
	scaleModels := ModelSet{}
	for _, q := range []string{Grammaticality, Fluency, Meaning} {
		f, order, err := FitTMUGFM(tmu, enx, q)
		if err != nil {
			return nil, err
		}
		m := f.Model
		fmt.Fprintf(log, "%-34s units %5d  CV rho %.3f  kappa(lin) %.3f  kappa(quad) %.3f; same-source pairs %.3f\n", f.FileName(), m.CV.N, m.CV.Spearman, m.CV.KappaLinear, m.CV.KappaQuadratic, order)
		out = append(out, f)
		if err := scaleModels.Add(q, m); err != nil {
			return nil, err
		}
	}

	// The English overall score: every English preference set of the
	// suite (LoadSuite: GJG15's rankings, Sottana's ratings, TMU-GFM's
	// three scales, GMEG's ratings in two domains, and the preferences
	// true by construction: human corrections over their sources, GMEG's
	// sources over their inserted errors, outputs over their degenerate
	// forms), each weighing its share (SuiteWeights).
	suite, err := LoadSuite(root, enx, "", io.Discard)
	if err != nil {
		return nil, err
	}
	prefVals := map[*PrefSet][]evidence.Values{}
	for _, s := range suite {
		prefVals[s.PrefSet] = s.Vals
	}
	rank := func(lang string, sets []*PrefSet, opt RankOptions) (Fitted, error) {
		vals := make([][]evidence.Values, len(sets))
		for i, ps := range sets {
			vals[i] = prefVals[ps]
		}
		opt.Language = lang
		m, cv, err := FitRanker(sets, vals, opt)
		if err != nil {
			return Fitted{}, fmt.Errorf("%s overall %s: %w", lang, opt.Form, err)
		}
		return Fitted{Lang: lang, Quantity: Overall, Form: opt.Form, Ranker: m, Prefs: sets, RankCV: cv, PrefEvidence: vals}, nil
	}
	logRanker := func(f Fitted) {
		fmt.Fprintf(log, "%-34s pairs %5d  preference slope %.3f (%d pairs) ", f.FileName(), f.Ranker.Training.Pairs, f.Ranker.Preference, f.Ranker.Training.PreferencePairs)
		for _, v := range f.Ranker.CV.Sets {
			fmt.Fprintf(log, " %s %.3f", v.Data, v.Accuracy)
		}
		fmt.Fprintln(log)
	}
	for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource, evidence.FormAlone} {
		var sets []*PrefSet
		var weights []float64
		var rated []bool
		for _, s := range suite {
			if w := s.WeightIn(form); w > 0 && Usable(s, form) {
				sets = append(sets, s.PrefSet)
				weights = append(weights, w)
				rated = append(rated, s.Kind == "human")
			}
		}
		o, err := OverallSuiteOptions(scaleModels, form)
		if err != nil {
			return nil, err
		}
		f, err := rank("en", sets, RankOptions{Form: form, Features: o.Features, Weights: weights, L2: o.L2, Scales: o.Scales, EvidencePenalty: o.EvidencePenalty, ReferencePenalty: o.ReferencePenalty, Rated: rated})
		if err != nil {
			return nil, err
		}
		logRanker(f)
		out = append(out, f)
	}

	// Swedish, Östling et al.: the main rater's G, F, M and her post-edits.
	sw, err := LoadSwedish(filepath.Join(root, "swedish-gec-evaluation", "annotations"), filepath.Join(root, "swedish-gec-evaluation", "data", "balanced_test"))
	if err != nil {
		return nil, err
	}
	main := []string{"katarina"}
	for _, scale := range []string{Grammaticality, Fluency, Meaning} {
		units := calibrate.Units(sw.Ratings, scale, main)
		sc := sw.Ratings.OnScale(scale)[0].Scale
		vals := sw.Evidence(svx, units, evidence.FormReference)
		forms := []evidence.Form{evidence.FormReference, evidence.FormSource}
		if scale != Meaning {
			forms = append(forms, evidence.FormAlone)
		}
		for _, form := range forms {
			if err := fit(sw, svx, scale, sc, units, vals, form, FeatureNames(sw.Language, scale, form), "main rater (katarina)", main); err != nil {
				return nil, err
			}
		}
	}
	peUnits := PostEditUnits(sw, svx.Lang, main)
	peVals := sw.Evidence(svx, peUnits, evidence.FormReference)
	for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource, evidence.FormAlone} {
		if err := fit(sw, svx, RemainingErrors, RemainingEdits, peUnits, peVals, form, nil, "edits to the main rater's post-edit", main); err != nil {
			return nil, err
		}
	}
	// Swedish overall: the main rater's three scales together, as
	// preferences between the outputs of one source.
	swAll := RatedPrefs(sw, []string{Grammaticality, Fluency, Meaning}, main, 0)
	swAll.Name = sw.Name + " (G, F, M of the main rater)"
	prefVals[swAll] = swAll.Evidence(svx, evidence.FormReference)
	for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource, evidence.FormAlone} {
		names := FeatureNames("sv", Grammaticality, form)
		if form == evidence.FormReference {
			names = append(names, referenceMetricFeatures...)
		}
		f, err := rank("sv", []*PrefSet{swAll}, RankOptions{Form: form, Features: names})
		if err != nil {
			return nil, err
		}
		logRanker(f)
		out = append(out, f)
	}
	// Swedish over-correction: no Swedish ratings exist; the Sottana model
	// over portable features transfers.
	swOC := &Dataset{Name: so.Name + " (portable features, for sv)", Language: "sv"}
	for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource} {
		if err := fit(swOC, svx, Overcorrection, overcorrectionSottana.sc, overcorrectionSottana.units, overcorrectionSottana.vals, form, portableFeatures, target, humans); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// PostEditUnits returns one unit per output post-edited by the given
// annotators, whose value is the number of edits (at most 4) from the
// output to the post-edit: the errors the rater found left in it.
func PostEditUnits(ds *Dataset, lang edits.Language, annotators []string) []calibrate.Unit {
	var units []calibrate.Unit
	seen := map[[2]string]bool{}
	for _, r := range ds.Ratings {
		k := [2]string{r.Item, r.System}
		if r.PostEdit == "" || seen[k] || !slices.Contains(annotators, r.Annotator) {
			continue
		}
		seen[k] = true
		units = append(units, calibrate.Unit{Item: r.Item, Group: r.Group, System: r.System, Source: r.Source, Output: r.Output, PostEdits: []string{r.PostEdit}})
	}
	edits.Parallel(len(units), func(i int) {
		u := &units[i]
		n := RemainingEditCount(lang, ds.tokens(u.Output), ds.tokens(u.PostEdits[0]))
		u.Values = []float64{float64(min(n, 4))}
	})
	return units
}

// RemainingEditCount is the number of edits from an output to its
// post-edit.
func RemainingEditCount(lang edits.Language, output, postEdit []string) int {
	return len(edits.Extract(lang, lang.Annotate(output), lang.Annotate(postEdit), edits.Options{}))
}

// TMUGFMForms are the evidence forms of the English scale models fitted
// on TMU-GFM: grammaticality and fluency are properties of the output
// alone (seed 001); meaning compares it with the source.
var TMUGFMForms = map[string]evidence.Form{Grammaticality: evidence.FormAlone, Fluency: evidence.FormAlone, Meaning: evidence.FormSource}

// FitTMUGFM fits the English model of quantity (grammaticality, fluency,
// meaning) to TMU-GFM's five raters: a proportional-odds model over every
// feature of the quantity's form (TMUGFMForms), every rating one
// observation (calibrate.FitModel, folds grouped by source sentence),
// spread as far as the raters' means (calibrate.Spread). Meaning also
// trains on the sources' meaning anchors (MeaningAnchors, weight
// MeaningAnchorWeight), so that an output that lost its sentence rates low
// though no rated output did. It returns the model and the same-source
// pairwise accuracy of its cross-validated predictions (UnitPairAccuracy),
// over the rated outputs only.
//
// A ranker fitted to the raters' preferences between outputs of one
// source, placed on the scale by the ratings (FitRanked), orders outputs
// of one source no better (grammaticality 0.59 against 0.59, fluency 0.60
// against 0.59, meaning 0.77 against 0.76, cross-validated) and its
// placement flips in some folds: what makes one correction of a sentence
// better than another (more of its errors fixed) goes with worse sentences
// across sources (more errors to fix).
func FitTMUGFM(tmu *Dataset, x *evidence.Extractor, quantity string) (Fitted, float64, error) {
	form, ok := TMUGFMForms[quantity]
	if !ok {
		return Fitted{}, 0, fmt.Errorf("judge: TMU-GFM has no scale %q", quantity)
	}
	names := evidence.AllNames(form)
	rs := tmu.Ratings.OnScale(quantity)
	units := calibrate.Units(rs, quantity, nil)
	xs := TMUGFMRows(tmu, x, units, names)
	raters := rs.Annotators()
	opt := calibrate.FitOptions{
		Language: "en", Form: form.String(), Features: names,
		Data: tmu.Name, Target: fmt.Sprintf("mean of %d raters, spread as their means", len(raters)), Annotators: raters,
	}
	if quantity == Meaning {
		opt.Anchors = MeaningAnchors(tmu, units)
		opt.AnchorRows = TMUGFMRows(tmu, x, opt.Anchors, names)
		opt.AnchorWeight = MeaningAnchorWeight
	}
	m, cv, err := calibrate.FitModel(rs[0].Scale, units, xs, opt)
	if err != nil {
		return Fitted{}, 0, fmt.Errorf("en %s %s: %w", quantity, form, err)
	}
	calibrate.Spread(m, units, xs)
	acc, _ := UnitPairAccuracy(units, cv.Expected, 1)
	return Fitted{Lang: "en", Quantity: quantity, Form: form, Model: m, Units: units, CV: cv}, acc, nil
}

// TMUGFMRows returns the feature rows of TMU-GFM units over names.
func TMUGFMRows(tmu *Dataset, x *evidence.Extractor, units []calibrate.Unit, names []string) [][]float64 {
	vals := tmu.Evidence(x, units, evidence.FormSource)
	xs := make([][]float64, len(units))
	for i, v := range vals {
		xs[i] = v.Vector(names)
	}
	return xs
}
