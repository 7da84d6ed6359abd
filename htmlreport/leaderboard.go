package htmlreport

import (
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gecmetric/gecmetric/calibrate/benchmark"
)

type lbPage struct {
	Title, Signature, Summary string
	Figure                    template.URL
	Tables                    []benchmark.Table
}

// Leaderboard writes a benchmark leaderboard (gecmetric meta-eval
// --benchmark --format html) as one HTML page: a figure of every metric's
// system-level Pearson r with the shown human score, one dot per ranking
// and system set, then the leaderboard's tables and its signature.
func Leaderboard(w io.Writer, lb *benchmark.Leaderboard) error {
	pg := lbPage{Title: "gecmetric meta-eval: " + lb.Benchmark + " leaderboard", Signature: lb.Signature,
		Summary: "Each row of the figure is a metric with one aggregate; each dot its system-level Pearson r with the humans' " +
			lb.Options.Human + " over one system set of one ranking. The tables give every figure; the sentence level is shown as the benchmark's authors count it and in gecmetric's convention."}
	fig, err := leaderboardFigure(lb)
	if err != nil {
		return err
	}
	pg.Figure, pg.Tables = fig, lb.Tables()
	return lbTemplate.Execute(w, pg)
}

var dotColors = []color.Color{blue, red, green, grey, color.NRGBA{R: 148, G: 103, B: 189, A: 255}, color.NRGBA{R: 255, G: 127, B: 14, A: 255}}
var dotShapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}, draw.PlusGlyph{}, draw.CrossGlyph{}, draw.RingGlyph{}}

// leaderboardFigure draws one row per system-level row of the leaderboard
// (top first) and one series per (ranking, set).
func leaderboardFigure(lb *benchmark.Leaderboard) (template.URL, error) {
	p := plot.New()
	p.Title.Text = "system level: Pearson r with " + lb.Options.Human
	p.X.Label.Text = "Pearson r"
	n := len(lb.System)
	var ticks []plot.Tick
	lo, hi := 0.0, 1.0
	for i, row := range lb.System {
		ticks = append(ticks, plot.Tick{Value: float64(n - 1 - i), Label: row.Metric + " (" + row.Aggregate + ")"})
		for _, cells := range row.Cells {
			for _, c := range cells {
				if v := c.Pearson[lb.Options.Human]; !math.IsNaN(v) {
					lo, hi = math.Min(lo, v), math.Max(hi, v)
				}
			}
		}
	}
	series := 0
	for ri, r := range lb.Rankings {
		for si, s := range lb.Sets {
			var pts plotter.XYs
			for i, row := range lb.System {
				v := row.Cells[ri][si].Pearson[lb.Options.Human]
				if !math.IsNaN(v) {
					// spread the series of a row a little, so dots do not hide each other
					off := (float64(series) - float64(len(lb.Rankings)*len(lb.Sets)-1)/2) * 0.12
					pts = append(pts, plotter.XY{X: v, Y: float64(n-1-i) + off})
				}
			}
			if len(pts) > 0 {
				sc, err := plotter.NewScatter(pts)
				if err != nil {
					return "", err
				}
				sc.GlyphStyle.Color = dotColors[series%len(dotColors)]
				sc.GlyphStyle.Shape = dotShapes[series%len(dotShapes)]
				sc.GlyphStyle.Radius = vg.Points(3.5)
				p.Add(sc)
				p.Legend.Add(fmt.Sprintf("%s %s", r.Label, s.Label), sc)
			}
			series++
		}
	}
	p.Legend.Top, p.Legend.Left = false, true
	p.X.Min, p.X.Max = lo-0.05, hi+0.02
	p.Y.Min, p.Y.Max = -0.7, float64(n)-0.3
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	p.Add(plotter.NewGrid())
	return render(p, 7.5*vg.Inch, vg.Length(1.6+0.36*float64(n))*vg.Inch)
}

var lbTemplate = page("leaderboard", `<p>{{.Summary}}</p>
<p class="sig">Signature: {{.Signature}}</p>
<img class="fig" alt="system-level Pearson r of every metric" src="{{.Figure}}" width="720"/>
{{range .Tables}}<h2>{{.Title}}</h2>
<table><thead><tr>{{range $i, $h := .Header}}<th{{if lt $i 2}} class="l"{{end}}>{{$h}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range $i, $c := .}}<td{{if lt $i 2}} class="l"{{end}}>{{$c}}</td>{{end}}</tr>
{{end}}</tbody></table>
{{end}}`)
