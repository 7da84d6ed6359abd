package judge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// quantityScales are the scales each quantity of a Judge speaks: a model
// serves a quantity when its scale has the same name and labels.
var quantityScales = []struct {
	quantity string
	scale    *human.Scale
}{
	{Grammaticality, human.Grammaticality4},
	{Fluency, human.Fluency4},
	{Meaning, human.Meaning4},
	{Overcorrection, human.Overcorrection4},
	{RemainingErrors, RemainingEdits},
	{Semantics5, human.Semantics5},
	{ErrorCount3, human.ErrorCount3},
}

// QuantityOf returns the Judge quantity a model serves, from its scale's
// name and labels: a model of seed 001's 1-4 grammaticality serves
// Grammaticality, one of seed 000's "0"/"1"/"2 or more" grammaticality
// serves ErrorCount3, and so on. A model of any other scale serves none.
func QuantityOf(m *calibrate.Model) (string, error) {
	var want []string
	for _, q := range quantityScales {
		if q.scale.Name != m.Scale {
			continue
		}
		var labels []string
		for _, l := range q.scale.Labels {
			labels = append(labels, l.Name)
		}
		if slices.Equal(labels, m.Labels) {
			return q.quantity, nil
		}
		want = append(want, fmt.Sprintf("%s [%s]", q.quantity, strings.Join(labels, ", ")))
	}
	if want == nil {
		var names []string
		for _, q := range quantityScales {
			if !slices.Contains(names, q.scale.Name) {
				names = append(names, q.scale.Name)
			}
		}
		return "", fmt.Errorf("judge: no quantity is judged on scale %q (judged scales: %s)", m.Scale, strings.Join(names, ", "))
	}
	return "", fmt.Errorf("judge: scale %q with labels [%s] is not a judged scale; want %s", m.Scale, strings.Join(m.Labels, ", "), strings.Join(want, " or "))
}

// RefsFromSystem makes the output of one rated system (e.g.
// "gold_reference") each item's reference, as LoadSottana does. It
// replaces any references the dataset had.
func (ds *Dataset) RefsFromSystem(system string) error {
	ds.Refs = map[string][][]string{}
	for _, r := range ds.Ratings {
		if r.System == system && r.Output != "" && ds.Refs[r.Item] == nil {
			ds.Refs[r.Item] = [][]string{ds.tokens(r.Output)}
		}
	}
	if len(ds.Refs) == 0 {
		return fmt.Errorf("judge: %s: no rated outputs of system %q to take references from (systems: %s)",
			ds.Name, system, strings.Join(ds.Ratings.Systems(), ", "))
	}
	return nil
}

// Fit fits a model of one scale of ds to the mean ratings of annotators
// (all when nil), from the evidence of form: the library side of
// `gecmetric calibrate fit`. Every rating used needs its output text, and
// its source text unless form is FormAlone; FormReference also needs a
// reference for every item (ds.Refs, see RefsFromSystem). opt's Language,
// Form and Features are set here; Data defaults to ds.Name.
func Fit(ds *Dataset, x *evidence.Extractor, scale string, annotators []string, form evidence.Form, opt calibrate.FitOptions) (Fitted, error) {
	rs := ds.Ratings.OnScale(scale)
	if annotators != nil {
		rs = rs.Where(func(r *human.Rating) bool { return slices.Contains(annotators, r.Annotator) })
	}
	if len(rs) == 0 {
		return Fitted{}, fmt.Errorf("judge: %s: no ratings on scale %q by %s", ds.Name, scale, who(annotators))
	}
	for _, r := range rs {
		switch {
		case r.Output == "":
			return Fitted{}, fmt.Errorf("%s: item %q, system %q: no output text; fitting computes evidence from the rated output", r.Pos, r.Item, r.System)
		case r.Source == "" && form != evidence.FormAlone:
			return Fitted{}, fmt.Errorf("%s: item %q, system %q: no source text; fit the %s form or give the sources", r.Pos, r.Item, r.System, evidence.FormAlone)
		case form == evidence.FormReference && len(ds.Refs[r.Item]) == 0:
			return Fitted{}, fmt.Errorf("%s: item %q has no reference; the %s form needs one for every item", r.Pos, r.Item, evidence.FormReference)
		}
	}
	if annotators == nil {
		annotators = rs.Annotators()
	}
	units := calibrate.Units(rs, scale, annotators)
	if len(units) == 0 {
		return Fitted{}, fmt.Errorf("judge: %s: every rating on scale %q is Other", ds.Name, scale)
	}
	vals := ds.Evidence(x, units, form)
	names := FeatureNames(ds.Language, scale, form)
	xs := make([][]float64, len(units))
	for i, v := range vals {
		xs[i] = v.Vector(names)
	}
	return fitUnits(ds, rs[0].Scale, scale, annotators, units, xs, form, names, opt)
}

// fitUnits fits the model of one scale to units with feature rows xs (as
// Fit and FitLLM prepare them), filling opt's provenance from the data
// where the caller left it empty, and files it under the quantity its
// scale names (the scale's own name when it names none).
func fitUnits(ds *Dataset, sc *calibrate.Scale, scale string, annotators []string, units []calibrate.Unit, xs [][]float64, form evidence.Form, names []string, opt calibrate.FitOptions) (Fitted, error) {
	opt.Language, opt.Form, opt.Features = ds.Language, form.String(), names
	if opt.Data == "" {
		opt.Data = ds.Name
	}
	if opt.Annotators == nil {
		opt.Annotators = annotators
	}
	if opt.Target == "" {
		opt.Target = fmt.Sprintf("mean of %d raters", len(annotators))
	}
	m, cv, err := calibrate.FitModel(sc, units, xs, opt)
	if err != nil {
		return Fitted{}, fmt.Errorf("%s: %w", ds.Name, err)
	}
	q, err := QuantityOf(m)
	if err != nil {
		q = scale
	}
	return Fitted{Lang: ds.Language, Quantity: q, Form: form, Model: m, Units: units, CV: cv}, nil
}

// FeatureNames returns the features a model of lang, scale and form uses,
// the same as the default models: English, and Swedish meaning, leave out
// the lexicon refinements that lowered their agreement (lexiconFeatures,
// see FitDefaults).
func FeatureNames(lang, scale string, form evidence.Form) []string {
	if lang == "en" || lang == "sv" && scale == Meaning {
		return withoutLexicon(form)
	}
	return evidence.Names(form)
}

func who(annotators []string) string {
	if annotators == nil {
		return "anyone"
	}
	return strings.Join(annotators, ", ")
}
