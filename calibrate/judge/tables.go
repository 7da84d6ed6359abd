package judge

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// A Table is one agreement table of the default models' validation, as a
// paper would print it: the must-show measurements of the judge's issue,
// computed the same way for the tests and for `gecmetric calibrate report`.
type Table struct {
	Title string // e.g. "Sottana et al. (2023): gecmetric and GPT-4 vs the mean of three humans"
	Note  string // how the numbers were measured
	Rows  []Row
}

// A Row is one rater's agreement with a human target. Measures that a
// table does not report are NaN.
type Row struct {
	Scale  string // scale, quantity or evidence form
	Rater  string // "gecmetric (reference)", "GPT-4", "second human, doubly rated", ...
	Detail string // extra text, e.g. the systems in human order
	calibrate.Validation
}

// nanValidation is a Validation with nothing measured.
func nanValidation(n int) calibrate.Validation {
	nan := math.NaN()
	return calibrate.Validation{N: n, Spearman: nan, SpearmanLo: nan, SpearmanHi: nan, Pearson: nan, KappaLinear: nan, KappaQuadratic: nan}
}

// Find returns the row of scale and rater.
func (t *Table) Find(scale, rater string) (Row, bool) {
	for _, r := range t.Rows {
		if r.Scale == scale && r.Rater == rater {
			return r, true
		}
	}
	return Row{}, false
}

// Columns reports which measures any row has: Pearson, Spearman (with its
// interval), linear and quadratic kappa.
func (t *Table) Columns() (pearson, spearman, kappa bool) {
	for _, r := range t.Rows {
		pearson = pearson || !math.IsNaN(r.Pearson)
		spearman = spearman || !math.IsNaN(r.Spearman)
		kappa = kappa || !math.IsNaN(r.KappaLinear) || !math.IsNaN(r.KappaQuadratic)
	}
	return
}

// WriteText prints the table in fixed-width columns, measures no row has
// left out.
func (t *Table) WriteText(w io.Writer) error {
	pearson, spearman, kappa := t.Columns()
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", t.Title)
	head := fmt.Sprintf("%-18s %-28s %6s", "scale", "rater", "n")
	if pearson {
		head += fmt.Sprintf(" %8s", "Pearson")
	}
	if spearman {
		head += fmt.Sprintf(" %20s", "Spearman [95% CI]")
	}
	if kappa {
		head += fmt.Sprintf(" %8s %8s", "kappa-L", "kappa-Q")
	}
	b.WriteString(strings.TrimRight(head, " ") + "\n")
	for _, r := range t.Rows {
		line := fmt.Sprintf("%-18s %-28s %6d", r.Scale, r.Rater, r.N)
		if pearson {
			line += fmt.Sprintf(" %8s", fmtNum(r.Pearson))
		}
		if spearman {
			line += fmt.Sprintf(" %20s", FormatSpearman(r.Validation))
		}
		if kappa {
			line += fmt.Sprintf(" %8s %8s", fmtNum(r.KappaLinear), fmtNum(r.KappaQuadratic))
		}
		if r.Detail != "" {
			line += "  " + r.Detail
		}
		b.WriteString(line + "\n")
	}
	if t.Note != "" {
		fmt.Fprintf(&b, "(%s)\n", t.Note)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// FormatSpearman writes rho with its interval, "0.512 [0.47,0.55]", or
// "-" when not measured.
func FormatSpearman(v calibrate.Validation) string {
	if math.IsNaN(v.Spearman) {
		return "-"
	}
	if math.IsNaN(v.SpearmanLo) {
		return fmt.Sprintf("%.3f", v.Spearman)
	}
	return fmt.Sprintf("%.3f [%.2f,%.2f]", v.Spearman, v.SpearmanLo, v.SpearmanHi)
}

func fmtNum(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.3f", v)
}

// FindFitted returns the fitted model of lang, quantity and form.
func FindFitted(all []Fitted, lang, quantity string, form evidence.Form) (Fitted, error) {
	for _, f := range all {
		if f.Lang == lang && f.Quantity == quantity && f.Form == form {
			return f, nil
		}
	}
	return Fitted{}, fmt.Errorf("judge: no fitted %s %s %s model", lang, quantity, form)
}

// The folders and files of the public data under the data root, as
// FitDefaults reads them.
var (
	SottanaDir     = filepath.Join("sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations")
	SwedishDir     = filepath.Join("swedish-gec-evaluation", "annotations")
	SwedishRefsDir = filepath.Join("swedish-gec-evaluation", "data", "balanced_test")
	GUGFile        = filepath.Join("gug", "gug_annotations.tsv")
)

// sottanaScales are the seed-000 scales and the quantities of their models.
var sottanaScales = []struct{ quantity, scale string }{{Semantics5, "semantics"}, {ErrorCount3, "grammaticality"}, {Overcorrection, "overcorrection"}}

// SottanaVersusGPT4 measures, per seed-000 scale, the cross-validated
// agreement of the reference- and source-form models with the mean of the
// three humans, beside GPT-4's agreement with the same mean over the same
// units (read from the study folder in root).
func SottanaVersusGPT4(all []Fitted, root string) (*Table, error) {
	ds, err := LoadSottana(filepath.Join(root, SottanaDir))
	if err != nil {
		return nil, err
	}
	t := &Table{
		Title: "Sottana et al. (2023): agreement with the mean of the three humans",
		Note:  "gecmetric cross-validated, 10 folds grouped by sentence; GPT-4 from the same files; kappa of labels nearest to the values",
	}
	for _, q := range sottanaScales {
		for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource} {
			f, err := FindFitted(all, "en", q.quantity, form)
			if err != nil {
				return nil, err
			}
			t.Rows = append(t.Rows, Row{Scale: q.scale, Rater: "gecmetric (" + form.String() + ")", Validation: f.Model.CV})
		}
		f, err := FindFitted(all, "en", q.quantity, evidence.FormReference)
		if err != nil {
			return nil, err
		}
		gpt := RaterValues(ds.Ratings.OnScale(q.scale).By("gpt4"), f.Units)
		t.Rows = append(t.Rows, Row{Scale: q.scale, Rater: "GPT-4", Validation: calibrate.Validate(gpt, nil, f.Units, f.Model.Values, 1)})
	}
	return t, nil
}

// RaterValues returns one rater's value for every unit (NaN where the
// rater gave none, or Other).
func RaterValues(rs human.Ratings, units []calibrate.Unit) []float64 {
	v := map[[2]string]float64{}
	for _, r := range rs {
		if !r.Other {
			v[[2]string{r.Item, r.System}] = r.Value
		}
	}
	out := make([]float64, len(units))
	for i, u := range units {
		x, ok := v[[2]string{u.Item, u.System}]
		if !ok {
			x = math.NaN()
		}
		out[i] = x
	}
	return out
}

// SwedishVersusHumans measures, per scale, the weighted kappa of the
// reference-form model's cross-validated labels with the main rater's,
// over all outputs and over the doubly rated ones, beside the second
// rater's kappa with the main rater on those.
func SwedishVersusHumans(all []Fitted, root string) (*Table, error) {
	ds, err := LoadSwedish(filepath.Join(root, SwedishDir), filepath.Join(root, SwedishRefsDir))
	if err != nil {
		return nil, err
	}
	t := &Table{
		Title: "Östling et al. (2024): weighted kappa with the main rater (katarina)",
		Note:  "gecmetric cross-validated, reference form; second human: robert on the outputs both rated; Other excluded",
	}
	for _, scale := range []string{Grammaticality, Fluency, Meaning} {
		f, err := FindFitted(all, "sv", scale, evidence.FormReference)
		if err != nil {
			return nil, err
		}
		second := RaterValues(ds.Ratings.OnScale(scale).By("robert"), f.Units)
		var hm, hs, ms []int
		for i, u := range f.Units {
			if math.IsNaN(second[i]) {
				continue
			}
			main := calibrate.Nearest(f.Model.Values, u.Mean())
			hm = append(hm, main)
			hs = append(hs, calibrate.Nearest(f.Model.Values, second[i]))
			ms = append(ms, f.CV.Labels[i])
		}
		k := len(f.Model.Values)
		cv := f.Model.CV
		doubly := nanValidation(len(hm))
		doubly.KappaLinear, doubly.KappaQuadratic = stat.CohenKappa(ms, hm, k, stat.Linear), stat.CohenKappa(ms, hm, k, stat.Quadratic)
		second2 := nanValidation(len(hm))
		second2.KappaLinear, second2.KappaQuadratic = stat.CohenKappa(hs, hm, k, stat.Linear), stat.CohenKappa(hs, hm, k, stat.Quadratic)
		every := nanValidation(cv.N)
		every.KappaLinear, every.KappaQuadratic = cv.KappaLinear, cv.KappaQuadratic
		t.Rows = append(t.Rows,
			Row{Scale: scale, Rater: "gecmetric, all outputs", Validation: every},
			Row{Scale: scale, Rater: "gecmetric, doubly rated", Validation: doubly},
			Row{Scale: scale, Rater: "second human, doubly rated", Validation: second2})
	}
	return t, nil
}

// RemainingVersusPostEdits measures, per evidence form, Spearman's rho between the
// Swedish models' cross-validated estimate of the errors left and the
// number of edits from each output to the main rater's post-edit.
func RemainingVersusPostEdits(all []Fitted) (*Table, error) {
	t := &Table{
		Title: "Östling et al. (2024): estimated remaining errors vs edits to the main rater's post-edit",
		Note:  "cross-validated; edits counted with gecmetric's Swedish edit extraction, 4 or more pooled; interval: bootstrap over sentences",
	}
	for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource, evidence.FormAlone} {
		f, err := FindFitted(all, "sv", RemainingErrors, form)
		if err != nil {
			return nil, err
		}
		truth := make([]float64, len(f.Units))
		for i, u := range f.Units {
			truth[i] = u.Mean()
		}
		v := nanValidation(len(truth))
		v.Spearman, v.SpearmanLo, v.SpearmanHi = stat.Spearman(f.CV.Expected, truth), f.Model.CV.SpearmanLo, f.Model.CV.SpearmanHi
		v.Pearson = stat.Pearson(f.CV.Expected, truth)
		t.Rows = append(t.Rows, Row{Scale: form.String(), Rater: "gecmetric", Validation: v})
	}
	return t, nil
}

// GUGHeldOut applies the default reference-free grammaticality model
// (fitted on GUG's train split) to the test split of the GUG file in root
// and measures its agreement with the crowd mean. It also returns the
// test units and their predictions, for plots.
func GUGHeldOut(all []Fitted, root string) (*Table, Fitted, error) {
	f, err := FindFitted(all, "en", Grammaticality, evidence.FormAlone)
	if err != nil {
		return nil, Fitted{}, err
	}
	ds, err := LoadGUG(filepath.Join(root, GUGFile))
	if err != nil {
		return nil, Fitted{}, err
	}
	units, crowd := GUGCrowdUnits(ds, "test")
	x, err := EnglishExtractor()
	if err != nil {
		return nil, Fitted{}, err
	}
	vals := ds.Evidence(x, units, evidence.FormAlone)
	pred := make([]float64, len(units))
	labels := make([]int, len(units))
	for i, v := range vals {
		p := f.Model.Predict(v.Vector(f.Model.Features))
		pred[i] = p.Expected
		labels[i] = slices.Index(f.Model.Labels, p.Label)
	}
	v := calibrate.Validate(pred, labels, units, f.Model.Values, 1)
	t := &Table{
		Title: "GUG (Heilman et al. 2014): reference-free grammaticality on the held-out test split",
		Note:  fmt.Sprintf("the model is fitted on %s and never saw GUG; target: mean of %d crowd workers", f.Model.Training.Data, len(crowd)),
		Rows:  []Row{{Scale: "grammaticality", Rater: "gecmetric (alone)", Validation: v}},
	}
	held := f
	held.Units, held.CV = units, &calibrate.CV{Expected: pred, Labels: labels}
	return t, held, nil
}

// SystemLevelCases are the models whose system rankings SystemLevel
// compares with the humans'.
var SystemLevelCases = []struct {
	Lang, Quantity string
	Form           evidence.Form
}{
	{"en", Semantics5, evidence.FormReference}, {"en", ErrorCount3, evidence.FormReference}, {"en", Overcorrection, evidence.FormReference},
	{"sv", Grammaticality, evidence.FormReference}, {"sv", Fluency, evidence.FormReference}, {"sv", Meaning, evidence.FormReference},
}

// SystemLevel ranks the systems of the Sottana and Swedish sets by their
// mean cross-validated prediction and by their human mean, and measures
// Spearman's rho between the two with a 95% bootstrap interval over
// sentences (1,000 resamples, seed 1). Row.Scale is "LANG QUANTITY";
// Row.Detail lists the systems with both means.
func SystemLevel(all []Fitted) (*Table, error) {
	t := &Table{
		Title: "System level: mean cross-validated prediction vs human mean",
		Note:  "Spearman over systems; interval: bootstrap over sentences, 1,000 resamples; each system listed with its human mean / predicted mean",
	}
	for _, c := range SystemLevelCases {
		f, err := FindFitted(all, c.Lang, c.Quantity, c.Form)
		if err != nil {
			return nil, err
		}
		systems, pred, hum := SystemMeans(f.Units, f.CV.Expected, nil)
		items := itemsOf(f.Units)
		ci := stat.Bootstrap(len(items), 1000, 1, 0.95, func(idx []int) float64 {
			keep := map[string]int{}
			for _, i := range idx {
				keep[items[i]]++
			}
			_, p, h := SystemMeans(f.Units, f.CV.Expected, keep)
			return stat.Spearman(p, h)
		})
		v := nanValidation(len(systems))
		v.Spearman, v.SpearmanLo, v.SpearmanHi = stat.Spearman(pred, hum), ci.Lo, ci.Hi
		var detail []string
		for i, s := range systems {
			detail = append(detail, fmt.Sprintf("%s %.2f/%.2f", s, hum[i], pred[i]))
		}
		t.Rows = append(t.Rows, Row{Scale: c.Lang + " " + c.Quantity, Rater: "gecmetric (" + c.Form.String() + ")",
			Detail: strings.Join(detail, ", "), Validation: v})
	}
	return t, nil
}

func itemsOf(units []calibrate.Unit) []string {
	var out []string
	seen := map[string]bool{}
	for _, u := range units {
		if !seen[u.Item] {
			seen[u.Item] = true
			out = append(out, u.Item)
		}
	}
	return out
}

// SystemMeans returns, per system (sorted by name), the mean prediction
// and the mean human rating over the units of the kept items, weighted by
// how often an item was drawn (all items once when keep is nil).
func SystemMeans(units []calibrate.Unit, pred []float64, keep map[string]int) ([]string, []float64, []float64) {
	var systems []string
	sp, sh, n := map[string]float64{}, map[string]float64{}, map[string]float64{}
	for i, u := range units {
		w := 1.0
		if keep != nil {
			w = float64(keep[u.Item])
		}
		if w == 0 {
			continue
		}
		if _, ok := n[u.System]; !ok {
			systems = append(systems, u.System)
		}
		sp[u.System] += w * pred[i]
		sh[u.System] += w * u.Mean()
		n[u.System] += w
	}
	slices.Sort(systems)
	var p, h []float64
	for _, s := range systems {
		p = append(p, sp[s]/n[s])
		h = append(h, sh[s]/n[s])
	}
	return systems, p, h
}

// Tables computes every must-show table from the fitted default models
// and the data in root, in the order of the issue: Sottana vs GPT-4,
// Swedish vs the second human, remaining errors, GUG held out, system
// level. It also returns the GUG test-split predictions.
func Tables(all []Fitted, root string) ([]*Table, Fitted, error) {
	so, err := SottanaVersusGPT4(all, root)
	if err != nil {
		return nil, Fitted{}, err
	}
	sw, err := SwedishVersusHumans(all, root)
	if err != nil {
		return nil, Fitted{}, err
	}
	re, err := RemainingVersusPostEdits(all)
	if err != nil {
		return nil, Fitted{}, err
	}
	gug, held, err := GUGHeldOut(all, root)
	if err != nil {
		return nil, Fitted{}, err
	}
	sl, err := SystemLevel(all)
	if err != nil {
		return nil, Fitted{}, err
	}
	return []*Table{so, sw, re, gug, sl}, held, nil
}
