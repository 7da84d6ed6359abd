package htmlreport

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gecmetric/gecmetric/metrics/compare"
)

// CompareOptions configure Compare.
type CompareOptions struct {
	// AllTypes shows every error type whose counts changed; by default
	// only those whose F changed significantly (compare.ShownTypes).
	AllTypes bool
}

type cmpPage struct {
	Title, Signature, Summary string
	Candidates                []cmpCandidate
	Rankings                  []cmpRanking
}

type cmpCandidate struct {
	Name, ID      string
	Verdict       string
	Regressed     bool
	MetricsFigure template.URL
	Metrics       []cmpRow
	TypesFigure   template.URL
	Types         []cmpRow
	TypesNote     string
	Worst         []cmpSentence
}

type cmpRow struct {
	Name, Baseline, Candidate, Delta, CI, P, Mark string
	Class                                         string // worse, better or ""
}

type cmpSentence struct {
	Line          int
	Impact        string
	Words         template.HTML
	BaselineOnly  []string
	CandidateOnly []string
}

type cmpRanking struct {
	Metric  string
	Systems []cmpRanked
}

type cmpRanked struct {
	Rank, Group int
	Name, Score string
}

// Compare writes rep as one HTML page: per candidate a figure of every
// metric's difference from the baseline with its 95% paired bootstrap
// interval, the metric table with p-values, a figure and table of the
// error types whose F changed, and the sentences that got worse with
// their word diffs; then the rankings.
func Compare(w io.Writer, rep *compare.Report, opt CompareOptions) error {
	pg := cmpPage{
		Title:     "gecmetric compare: candidates against " + rep.Baseline,
		Signature: rep.Signature,
		Summary: fmt.Sprintf("Baseline %s, %d sentences. Intervals: 95%% paired bootstrap; p: paired approximate randomisation "+
			"(%d resamples each, seed %d); significance level %g.", rep.Baseline, rep.Sentences, rep.Resamples, rep.Seed, rep.Alpha),
	}
	for k, c := range rep.Candidates {
		pc := cmpCandidate{Name: c.Name, ID: fmt.Sprintf("c%d", k+1), Regressed: len(c.Regressions) > 0, Verdict: "no significant regression"}
		if pc.Regressed {
			var names []string
			for _, g := range c.Regressions {
				names = append(names, g.String())
			}
			pc.Verdict = "REGRESSION: " + strings.Join(names, "; ")
		}
		var bars []deltaBar
		for _, r := range c.Results {
			row := cmpRow{Name: r.Metric, Baseline: f4(r.Baseline), Candidate: f4(r.Candidate), Delta: signed(r.Delta),
				CI: "[" + signed(r.Low) + ", " + signed(r.High) + "]", P: f4(r.P), Class: direction(r.Delta, r.P, rep.Alpha)}
			for _, g := range c.Regressions {
				if g.Metric == r.Metric {
					row.Mark = "regression"
				}
			}
			pc.Metrics = append(pc.Metrics, row)
			bars = append(bars, deltaBar{r.Metric, r.Delta, r.Low, r.High, row.Class})
		}
		var err error
		if pc.MetricsFigure, err = deltaFigure(c.Name+" − "+rep.Baseline+": corpus score difference (95% CI)", "candidate − baseline", bars); err != nil {
			return err
		}
		types := compare.ShownTypes(c, rep.Alpha, opt.AllTypes)
		changed := len(compare.ShownTypes(c, rep.Alpha, true))
		switch {
		case len(c.Types) == 0:
		case opt.AllTypes:
			pc.TypesNote = fmt.Sprintf("%d error types whose counts changed; red: F significantly lower, green: significantly higher.", changed)
		default:
			pc.TypesNote = fmt.Sprintf("%d of the %d error types whose counts changed have a significantly different F (p < %g); --all-types shows every one.", len(types), changed, rep.Alpha)
		}
		bars = bars[:0]
		for _, t := range types {
			class := direction(t.Delta, t.P, rep.Alpha)
			pc.Types = append(pc.Types, cmpRow{Name: t.Type,
				Baseline:  fmt.Sprintf("%d/%d/%d  %.4f", t.Baseline.TP, t.Baseline.FP, t.Baseline.FN, t.Baseline.F),
				Candidate: fmt.Sprintf("%d/%d/%d  %.4f", t.Candidate.TP, t.Candidate.FP, t.Candidate.FN, t.Candidate.F),
				Delta:     signed(t.Delta), CI: "[" + signed(t.Low) + ", " + signed(t.High) + "]", P: f4(t.P), Class: class})
			bars = append(bars, deltaBar{t.Type, t.Delta, t.Low, t.High, class})
		}
		if len(bars) > 0 {
			if pc.TypesFigure, err = deltaFigure(c.Name+" − "+rep.Baseline+": ERRANT F by error type (95% CI)", "candidate − baseline", bars); err != nil {
				return err
			}
		}
		for _, s := range c.Worst {
			var imp []string
			for m, v := range s.Impact {
				imp = append(imp, fmt.Sprintf("%s %+.5f", rep.Metrics[m], v))
			}
			ps := cmpSentence{Line: s.Line, Impact: strings.Join(imp, ", "), Words: wordDiffHTML(s.Baseline, s.Candidate)}
			for _, e := range s.BaselineOnly {
				ps.BaselineOnly = append(ps.BaselineOnly, e.String())
			}
			for _, e := range s.CandidateOnly {
				ps.CandidateOnly = append(ps.CandidateOnly, e.String())
			}
			pc.Worst = append(pc.Worst, ps)
		}
		pg.Candidates = append(pg.Candidates, pc)
	}
	for _, rk := range rep.Rankings {
		pr := cmpRanking{Metric: rk.Metric}
		for _, s := range rk.Systems {
			name := s.Name
			if name == rep.Baseline {
				name += " (baseline)"
			}
			pr.Systems = append(pr.Systems, cmpRanked{Rank: s.Rank, Group: s.Group, Name: name, Score: f4(s.Score)})
		}
		pg.Rankings = append(pg.Rankings, pr)
	}
	return comparePage.Execute(w, pg)
}

func f4(x float64) string { return fmt.Sprintf("%.4f", x) }

// signed prints a difference with its sign and a true minus.
func signed(x float64) string { return strings.Replace(fmt.Sprintf("%+.4f", x), "-", "−", 1) }

// direction classes a difference: "worse" or "better" when significant.
func direction(delta, p, alpha float64) string {
	switch {
	case p >= alpha || delta == 0:
		return ""
	case delta < 0:
		return "worse"
	}
	return "better"
}

// wordDiffHTML marks the words of b that differ from a: removed words in
// <del>, added words in <ins>.
func wordDiffHTML(a, b string) template.HTML {
	aw, bw := strings.Fields(a), strings.Fields(b)
	var out []string
	esc := func(ws []string) string { return template.HTMLEscapeString(strings.Join(ws, " ")) }
	for _, op := range difflib.NewMatcher(aw, bw).GetOpCodes() {
		del, ins := aw[op.I1:op.I2], bw[op.J1:op.J2]
		if op.Tag == 'e' {
			out = append(out, esc(del))
			continue
		}
		if len(del) > 0 {
			out = append(out, "<del>"+esc(del)+"</del>")
		}
		if len(ins) > 0 {
			out = append(out, "<ins>"+esc(ins)+"</ins>")
		}
	}
	return template.HTML(strings.Join(out, " "))
}

// A deltaBar is one row of a difference figure.
type deltaBar struct {
	name             string
	delta, low, high float64
	class            string // worse, better or ""
}

// deltaFigure draws one row per bar, top to bottom, the x axis labelled
// xLabel: the difference as a
// dot and its interval as a horizontal error bar, coloured by class, with
// a dashed line at zero.
func deltaFigure(title, xLabel string, bars []deltaBar) (template.URL, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	n := len(bars)
	var ticks []plot.Tick
	lo, hi := 0.0, 0.0
	for i, b := range bars {
		y := float64(n - 1 - i)
		ticks = append(ticks, plot.Tick{Value: y, Label: b.name})
		for _, v := range []float64{b.delta, b.low, b.high} {
			if !math.IsNaN(v) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		col := grey
		switch b.class {
		case "worse":
			col = red
		case "better":
			col = green
		}
		pts := plotter.XYs{{X: b.delta, Y: y}}
		dot, err := plotter.NewScatter(pts)
		if err != nil {
			return "", err
		}
		dot.GlyphStyle.Color, dot.GlyphStyle.Shape, dot.GlyphStyle.Radius = col, draw.CircleGlyph{}, vg.Points(3.5)
		p.Add(dot)
		if !math.IsNaN(b.low) && !math.IsNaN(b.high) {
			eb, err := plotter.NewXErrorBars(struct {
				plotter.XYer
				plotter.XErrorer
			}{pts, plotter.XErrors{{Low: b.delta - b.low, High: b.high - b.delta}}})
			if err != nil {
				return "", err
			}
			eb.Color, eb.Width, eb.CapWidth = col, vg.Points(1.5), vg.Points(8)
			p.Add(eb)
		}
	}
	pad := max((hi-lo)*0.08, 1e-4)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	p.Y.Min, p.Y.Max = -0.7, float64(n)-0.3
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: p.Y.Min}, {X: 0, Y: p.Y.Max}})
	if err != nil {
		return "", err
	}
	zero.Color, zero.Dashes = grey, []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(zero)
	p.Add(plotter.NewGrid())
	return render(p, 7.5*vg.Inch, vg.Length(1.1+0.32*float64(n))*vg.Inch)
}

var comparePage = page("compare", `<p>{{.Summary}}</p>
{{with .Signature}}<p class="sig">{{.}}</p>{{end}}
{{range .Candidates}}<h2 id="{{.ID}}">{{.Name}}: {{.Verdict}}</h2>
<img class="fig" alt="difference of every metric from the baseline with its interval" src="{{.MetricsFigure}}" width="540"/>
<table>
<thead><tr><th class="l">metric</th><th>baseline</th><th>candidate</th><th>delta</th><th>95% CI</th><th>p</th><th class="l"></th></tr></thead>
<tbody>{{range .Metrics}}
<tr class="{{.Class}}"><td class="l">{{.Name}}</td><td>{{.Baseline}}</td><td>{{.Candidate}}</td><td>{{.Delta}}</td><td>{{.CI}}</td><td>{{.P}}</td><td class="l">{{.Mark}}</td></tr>{{end}}
</tbody>
</table>
<p class="note">Red: significantly lower than the baseline (p below the level); green: significantly higher. The interval and the p-value come from two procedures on the same per-sentence statistics and can disagree near the level (see the README).</p>
{{if .TypesNote}}<h3>ERRANT error types</h3>
<p class="note">{{.TypesNote}}</p>
{{if .TypesFigure}}<img class="fig" alt="difference in F per error type" src="{{.TypesFigure}}" width="540"/>
<table>
<thead><tr><th class="l">type</th><th>baseline TP/FP/FN F</th><th>candidate TP/FP/FN F</th><th>delta F</th><th>95% CI</th><th>p</th></tr></thead>
<tbody>{{range .Types}}
<tr class="{{.Class}}"><td class="l">{{.Name}}</td><td>{{.Baseline}}</td><td>{{.Candidate}}</td><td>{{.Delta}}</td><td>{{.CI}}</td><td>{{.P}}</td></tr>{{end}}
</tbody>
</table>{{end}}{{end}}
{{if .Worst}}<h3>Sentences that got worse, worst first</h3>
{{range .Worst}}<div class="sentence"><div><b>line {{.Line}}</b>: {{.Impact}}</div>
<div class="words">{{.Words}}</div>
{{if or .BaselineOnly .CandidateOnly}}<ul class="edits">{{range .BaselineOnly}}<li>only in the baseline: {{.}}</li>{{end}}{{range .CandidateOnly}}<li>only in the candidate: {{.}}</li>{{end}}</ul>{{end}}
</div>
{{end}}{{end}}
{{end}}
{{range .Rankings}}<h2>Ranking by {{.Metric}}</h2>
<p class="note">Systems sorted by score; going down the list, a system joins the current group when it is not significantly different (approximate randomisation, p at least the level) from every system already in the group, and starts the next group otherwise.</p>
<table><thead><tr><th>rank</th><th>group</th><th class="l">system</th><th>score</th></tr></thead><tbody>
{{range .Systems}}<tr><td>{{.Rank}}</td><td>{{.Group}}</td><td class="l">{{.Name}}</td><td>{{.Score}}</td></tr>
{{end}}</tbody></table>
{{end}}`)
