package report

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// A Report is the validation of a set of fitted models: the must-show
// agreement tables and, per model, its cross-validated predictions.
type Report struct {
	Title  string
	Data   string         // where the ratings came from, shown in the header
	Fitted []judge.Fitted // the models with their units and CV predictions
	Tables []*judge.Table // agreement tables, shown first
	// HeldOut, when it has units, is a model's predictions on held-out
	// data (GUG's test split), plotted after the tables.
	HeldOut     judge.Fitted
	HeldOutName string  // what HeldOut was predicted on, e.g. "the GUG test split"
	Bins        int     // reliability bins; default 10
	Jitter      float64 // vertical jitter of the scatter plots; default from the data (see Scatter)
	Seed        uint64  // jitter seed; default 1
}

// Build fits every default model on the data in root (judge.FitDefaults,
// logging to log) and computes the must-show tables (judge.Tables).
func Build(root string, log io.Writer) (*Report, error) {
	fitted, err := judge.FitDefaults(root, log)
	if err != nil {
		return nil, err
	}
	return BuildFrom(root, fitted)
}

// BuildFrom is Build from models already fitted by judge.FitDefaults on
// the data in root.
func BuildFrom(root string, fitted []judge.Fitted) (*Report, error) {
	tables, held, err := judge.Tables(fitted, root)
	if err != nil {
		return nil, err
	}
	return &Report{
		Title:       "gecmetric: calibrated judgements against human ratings",
		Data:        "the public rating sets in " + filepath.Base(filepath.Clean(root)) + ": Sottana et al. (2023), Östling et al. (2024), GUG (Heilman et al. 2014)",
		Fitted:      fitted,
		Tables:      tables,
		HeldOut:     held,
		HeldOutName: "the GUG test split",
	}, nil
}

type htmlTable struct {
	Title, Note                      string
	Pearson, Spearman, Kappa, Detail bool
	Rows                             []htmlRow
}

type htmlRow struct {
	Scale, Rater, N, Pearson, Spearman, KappaL, KappaQ, Detail string
}

type htmlModel struct {
	ID, Name, Scale, Labels, Language, Form, Data, Target, Annotators string
	Items, Units, Ratings, Folds, Features                            int
	CV                                                                htmlRow
	Scatter, Reliability                                              template.URL
	Bins                                                              []Bin
}

func cell(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return fmt.Sprintf("%.3f", v)
}

func row(scale, rater, detail string, v calibrate.Validation) htmlRow {
	return htmlRow{Scale: scale, Rater: rater, N: fmt.Sprint(v.N), Pearson: cell(v.Pearson),
		Spearman: strings.Replace(judge.FormatSpearman(v), "-", "−", 1), KappaL: cell(v.KappaLinear), KappaQ: cell(v.KappaQuadratic), Detail: detail}
}

func pngURL(b []byte) template.URL {
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(b))
}

// model renders the plots and summary of one fitted model.
func (r *Report) model(id, name string, f judge.Fitted, v calibrate.Validation) (htmlModel, error) {
	m := f.Model
	hm := htmlModel{
		ID: id, Name: name, Scale: m.Scale, Labels: strings.Join(m.Labels, " · "), Language: m.Language, Form: m.Form,
		Data: m.Training.Data, Target: m.Training.Target, Annotators: strings.Join(m.Training.Annotators, ", "),
		Items: m.Training.Items, Units: m.Training.Units, Ratings: m.Training.Ratings, Folds: m.Training.Folds,
		Features: len(m.Features),
	}
	hm.CV = row(m.Scale, "gecmetric ("+m.Form+")", "", v)
	sc, err := Scatter(name, m.Values, f.Units, f.CV.Expected, r.Jitter, r.Seed)
	if err != nil {
		return hm, err
	}
	obs := make([]float64, len(f.Units))
	for i, u := range f.Units {
		obs[i] = u.Mean()
	}
	hm.Bins = Reliability(f.CV.Expected, obs, r.Bins)
	rel, err := ReliabilityPlot(name+": reliability", m.Values, hm.Bins)
	if err != nil {
		return hm, err
	}
	hm.Scatter, hm.Reliability = pngURL(sc), pngURL(rel)
	return hm, nil
}

// WriteHTML writes the report as one self-contained HTML page: styles
// inline and plots as PNG data: URIs, so it opens offline and can be
// mailed as one file.
func (r *Report) WriteHTML(w io.Writer) error {
	if r.Bins == 0 {
		r.Bins = 10
	}
	if r.Seed == 0 {
		r.Seed = 1
	}
	var data struct {
		Title, Data string
		Tables      []htmlTable
		Summary     []htmlRow
		HeldOut     *htmlModel
		Models      []htmlModel
	}
	data.Title, data.Data = r.Title, r.Data
	for _, t := range r.Tables {
		ht := htmlTable{Title: t.Title, Note: t.Note}
		ht.Pearson, ht.Spearman, ht.Kappa = t.Columns()
		for _, rw := range t.Rows {
			ht.Rows = append(ht.Rows, row(rw.Scale, rw.Rater, rw.Detail, rw.Validation))
			ht.Detail = ht.Detail || rw.Detail != ""
		}
		data.Tables = append(data.Tables, ht)
	}
	for _, f := range r.Fitted {
		if f.Model == nil {
			continue // an overall ranker: no rating scale to plot
		}
		name := strings.TrimSuffix(f.FileName(), ".json")
		data.Summary = append(data.Summary, row(name, f.Model.Training.Data, f.Model.Training.Target, f.Model.CV))
		hm, err := r.model("m-"+name, name, f, f.Model.CV)
		if err != nil {
			return err
		}
		data.Models = append(data.Models, hm)
	}
	if f := r.HeldOut; f.Model != nil && len(f.Units) > 0 {
		name := strings.TrimSuffix(f.FileName(), ".json") + " on " + r.HeldOutName
		v := calibrate.Validate(f.CV.Expected, f.CV.Labels, f.Units, f.Model.Values, 1)
		hm, err := r.model("held-out", name, f, v)
		if err != nil {
			return err
		}
		data.HeldOut = &hm
	}
	return page.Execute(w, data)
}

// WriteFile writes the report to path atomically (package atomicfile).
func (r *Report) WriteFile(path string) error {
	return atomicfile.Write(path, r.WriteHTML)
}

var page = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<title>{{.Title}}</title>
<style>
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1150px; color: #222; line-height: 1.4; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.3em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
h3 { font-size: 1.05em; margin: 1.5em 0 0.3em; }
table { border-collapse: collapse; margin: 0.5em 0 0.3em; font-size: 0.9em; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.3em; }
th, td { padding: 0.25em 0.7em; text-align: right; border-bottom: 1px solid #e4e4e4; }
th { border-bottom: 2px solid #888; background: #f6f6f6; white-space: nowrap; }
td.l, th.l { text-align: left; }
td.d { text-align: left; font-size: 0.85em; color: #555; }
p.note { font-size: 0.85em; color: #555; margin-top: 0.2em; }
.plots { display: flex; flex-wrap: wrap; gap: 1em; }
.plots img { width: 420px; height: 360px; border: 1px solid #eee; }
.model { margin-bottom: 2em; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.1em 1em; font-size: 0.88em; margin: 0.3em 0; }
dt { color: #666; }
dd { margin: 0; }
nav a { margin-right: 0.8em; font-size: 0.9em; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>Every number is cross-validated (10 folds grouped by source sentence, so no sentence is predicted by a model that saw it) unless marked held out. Data: {{.Data}}.</p>
<nav><a href="#tables">Agreement tables</a><a href="#summary">All models</a>{{if .HeldOut}}<a href="#held-out">Held-out test</a>{{end}}<a href="#models">Plots per model</a></nav>

<h2 id="tables">Agreement tables</h2>
{{range .Tables}}<table>
<caption>{{.Title}}</caption>
<thead><tr><th class="l">scale</th><th class="l">rater</th><th>n</th>{{if .Pearson}}<th>Pearson</th>{{end}}{{if .Spearman}}<th>Spearman [95% CI]</th>{{end}}{{if .Kappa}}<th>κ linear</th><th>κ quadratic</th>{{end}}{{if .Detail}}<th class="l">systems: human / predicted mean</th>{{end}}</tr></thead>
<tbody>
{{- $t := .}}{{range .Rows}}
<tr><td class="l">{{.Scale}}</td><td class="l">{{.Rater}}</td><td>{{.N}}</td>{{if $t.Pearson}}<td>{{.Pearson}}</td>{{end}}{{if $t.Spearman}}<td style="white-space:nowrap">{{.Spearman}}</td>{{end}}{{if $t.Kappa}}<td>{{.KappaL}}</td><td>{{.KappaQ}}</td>{{end}}{{if $t.Detail}}<td class="d">{{.Detail}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
<p class="note">{{.Note}}</p>
{{end}}

<h2 id="summary">All models: cross-validated agreement with their training target</h2>
<table>
<thead><tr><th class="l">model</th><th class="l">data</th><th>n</th><th>Pearson</th><th>Spearman [95% CI]</th><th>κ linear</th><th>κ quadratic</th><th class="l">target</th></tr></thead>
<tbody>
{{- range .Summary}}
<tr><td class="l"><a href="#m-{{.Scale}}">{{.Scale}}</a></td><td class="l">{{.Rater}}</td><td>{{.N}}</td><td>{{.Pearson}}</td><td style="white-space:nowrap">{{.Spearman}}</td><td>{{.KappaL}}</td><td>{{.KappaQ}}</td><td class="d">{{.Detail}}</td></tr>
{{- end}}
</tbody>
</table>
<p class="note">κ: weighted kappa between the model's decided labels and the labels nearest to the human means. Interval: bootstrap over sentences, 1,000 resamples.</p>

{{with .HeldOut}}<h2 id="held-out">Held-out test</h2>
<p>The model applied to data it was not fitted on; the agreement below is not cross-validated but held out.</p>
{{template "model" .}}{{end}}

<h2 id="models">Plots per model</h2>
<p>Left: each rated output's cross-validated expected value against its mean human rating (jittered vertically; the dashed line is agreement). Right: reliability — outputs binned by prediction into equal-sized bins, the mean human rating of each bin against its mean prediction; on the dashed line the model is calibrated.</p>
{{range .Models}}{{template "model" .}}{{end}}
</body>
</html>
{{define "model"}}<div class="model" id="{{.ID}}">
<h3>{{.Name}}</h3>
<dl>
<dt>scale</dt><dd>{{.Scale}}: {{.Labels}}</dd>
<dt>evidence</dt><dd>{{.Language}}, {{.Form}} form, {{.Features}} features</dd>
<dt>trained on</dt><dd>{{.Data}}: {{.Items}} sentences, {{.Units}} outputs, {{.Ratings}} ratings ({{.Annotators}}); target {{.Target}}; {{.Folds}} folds</dd>
<dt>agreement</dt><dd>n {{.CV.N}}, Pearson {{.CV.Pearson}}, Spearman {{.CV.Spearman}}, κ linear {{.CV.KappaL}}, κ quadratic {{.CV.KappaQ}}</dd>
</dl>
<div class="plots"><img alt="scatter of predictions against human means for {{.Name}}" src="{{.Scatter}}"/><img alt="reliability plot for {{.Name}}" src="{{.Reliability}}"/></div>
</div>
{{end}}`))
