package htmlreport

import (
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gecmetric/gecmetric/calibrate"
)

type corrPage struct {
	Title, Summary string
	Scales         []corrScale
}

type corrScale struct {
	Name, Detail, Fit string
	Figure            template.URL
	Stats             []corrStat
}

type corrStat struct{ Name, Value, Lo, Hi string }

// Correlation writes the correlations of a metric with human judgements
// (calibrate.Correlate, metaeval.CorrelateSystems) as one HTML page:
// per scale a scatter of every unit's human value (x) against its metric
// score (y) with the least-squares line, and the statistics with their
// bootstrap intervals. metric names the metric on the y axis.
func Correlation(w io.Writer, metric string, results []calibrate.Correlation) error {
	pg := corrPage{Title: "gecmetric correlate: " + metric + " against human judgements"}
	if len(results) > 0 {
		o := results[0].Opts
		pg.Summary = "Each point is one unit (a system's output of one item; at system level, one system). " +
			"The line is the least-squares fit of the metric on the human value."
		if o.Resamples > 0 {
			pg.Summary += fmt.Sprintf(" Intervals: %.0f%% percentile bootstrap over items, %d resamples, seed %d.", o.Confidence*100, o.Resamples, o.Seed)
		}
	}
	for _, c := range results {
		orient := ""
		if c.Oriented {
			orient = ", negated so that higher is better"
		}
		cs := corrScale{Name: c.Scale.Name,
			Detail: fmt.Sprintf("%s level: %d units, %d items, %d systems (%s%s)", c.Level, len(c.Human), c.Items, c.Systems, c.Scale.Direction, orient)}
		for _, s := range c.Stats {
			cs.Stats = append(cs.Stats, corrStat{s.Name, cell(s.Value), cell(s.CI.Lo), cell(s.CI.Hi)})
		}
		fig, fit, err := scatterFit(c.Scale.Name+" ("+c.Level.String()+" level)", "human "+c.Scale.Name+orientSuffix(c), metric, c.Human, c.Metric)
		if err != nil {
			return err
		}
		cs.Figure, cs.Fit = fig, fit
		pg.Scales = append(pg.Scales, cs)
	}
	return corrTemplate.Execute(w, pg)
}

func orientSuffix(c calibrate.Correlation) string {
	if c.Oriented {
		return " (negated)"
	}
	return ""
}

func cell(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return strings4(v)
}

func strings4(v float64) string { return fmt.Sprintf("%.4f", v) }

// scatterFit draws y against x with the least-squares line and returns the
// figure and the line's equation.
func scatterFit(title, xLabel, yLabel string, x, y []float64) (template.URL, string, error) {
	var xy plotter.XYs
	var fx, fy []float64
	for i := range x {
		if math.IsNaN(x[i]) || math.IsNaN(y[i]) {
			continue
		}
		xy = append(xy, plotter.XY{X: x[i], Y: y[i]})
		fx, fy = append(fx, x[i]), append(fy, y[i])
	}
	if len(xy) == 0 {
		return "", "", fmt.Errorf("htmlreport: %s: no points to plot", title)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Add(plotter.NewGrid())
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return "", "", err
	}
	// Many points: light and small, so that dense regions show.
	alpha := uint8(255)
	if len(xy) > 50 {
		alpha = uint8(max(40, 255-len(xy)/8))
	}
	s.GlyphStyle.Color = color.NRGBA{R: blue.R, G: blue.G, B: blue.B, A: alpha}
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	s.GlyphStyle.Radius = vg.Points(2.2)
	p.Add(s)
	fit := "fewer than two distinct human values: no line"
	if len(fx) > 1 && stat.Variance(fx, nil) > 0 {
		a, b := stat.LinearRegression(fx, fy, nil, false)
		line := plotter.NewFunction(func(v float64) float64 { return a + b*v })
		line.Color, line.Width = red, vg.Points(2)
		p.Add(line)
		fit = fmt.Sprintf("least-squares line: metric = %.4g + %.4g × human", a, b)
	}
	url, err := render(p, 5.5*vg.Inch, 4.2*vg.Inch)
	return url, fit, err
}

var corrTemplate = page("correlate", `<p>{{.Summary}}</p>
{{range .Scales}}<h2>{{.Name}}</h2>
<p>{{.Detail}}; {{.Fit}}.</p>
<img class="fig" alt="scatter of the metric against human {{.Name}} with the fitted line" src="{{.Figure}}" width="560"/>
<table><thead><tr><th class="l">statistic</th><th>value</th><th>lo</th><th>hi</th></tr></thead><tbody>
{{range .Stats}}<tr><td class="l">{{.Name}}</td><td>{{.Value}}</td><td>{{.Lo}}</td><td>{{.Hi}}</td></tr>
{{end}}</tbody></table>
{{end}}`)
