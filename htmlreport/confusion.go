package htmlreport

import (
	"cmp"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/gecmetric/gecmetric/edits/agreement"
)

// MaxConfusionTypes is the number of want types (rows) and got types
// (columns) drawn in the heat map, the most frequent; the rest are summed
// into "other".
const MaxConfusionTypes = 30

type confPage struct {
	Title, Summary string
	Figure         template.URL
	Shown          int
	Rows           []confRow
	Pairs          []confPair
}

type confRow struct {
	Type        string
	Same, Total int
	Share       string
}

type confPair struct {
	Want, Got string
	N         int
	Examples  []string
}

// Confusion writes an edit agreement report (edits.agreement.Result: the
// edits of one extraction compared with another M2) as one HTML page: the
// span agreement, the error type confusion of the edits both have as a
// heat map (want types as rows, got types as columns, each cell shaded by
// its share of the row), the agreement per want type and the
// disagreements with examples. title names what was compared.
func Confusion(w io.Writer, title string, r *agreement.Result) error {
	pg := confPage{Title: title,
		Summary: fmt.Sprintf("Span agreement: precision %.4f, recall %.4f, F1 %.4f (%d matching edits, %d extra, %d missed). "+
			"Type agreement on matching edits: %.4f.", r.Precision(), r.Recall(), r.F1(), r.TP, r.FP, r.FN, r.TypeAgreement())}
	total, same, gotTotal := map[string]int{}, map[string]int{}, map[string]int{}
	for k, n := range r.Confusion {
		total[k[0]] += n
		gotTotal[k[1]] += n
		if k[0] == k[1] {
			same[k[0]] += n
		} else {
			pg.Pairs = append(pg.Pairs, confPair{Want: k[0], Got: k[1], N: n, Examples: r.Examples[k]})
		}
	}
	slices.SortFunc(pg.Pairs, func(a, b confPair) int {
		return cmp.Or(cmp.Compare(b.N, a.N), cmp.Compare(a.Want, b.Want), cmp.Compare(a.Got, b.Got))
	})
	want := byCount(total)
	for _, t := range want {
		pg.Rows = append(pg.Rows, confRow{Type: t, Same: same[t], Total: total[t], Share: fmt.Sprintf("%.3f", float64(same[t])/float64(total[t]))})
	}
	if len(want) > 0 {
		// One order for both axes, so that agreement is the diagonal.
		both := map[string]int{}
		for t, n := range total {
			both[t] += n
		}
		for t, n := range gotTotal {
			both[t] += n
		}
		fig, err := heatMap(r.Confusion, byCount(both))
		if err != nil {
			return err
		}
		pg.Figure, pg.Shown = fig, min(len(both), MaxConfusionTypes-1)
	}
	return confTemplate.Execute(w, pg)
}

// byCount returns the keys of counts, most frequent first (ties by name).
func byCount(counts map[string]int) []string {
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a, b)) })
	return keys
}

// confGrid is a heat map's grid: rows are want types (top first), columns
// got types; values are shares of the row.
type confGrid struct {
	rows, cols []string
	v          *mat.Dense
}

func (g confGrid) Dims() (c, r int)   { return len(g.cols), len(g.rows) }
func (g confGrid) Z(c, r int) float64 { return g.v.At(r, c) }
func (g confGrid) X(c int) float64    { return float64(c) }
func (g confGrid) Y(r int) float64    { return float64(r) }

// heatMap draws the confusion of the most frequent types, the others
// summed into "other".
func heatMap(conf map[[2]string]int, types []string) (template.URL, error) {
	limit := func(ts []string) []string {
		if len(ts) > MaxConfusionTypes {
			return append(slices.Clone(ts[:MaxConfusionTypes-1]), "other")
		}
		return ts
	}
	rows := limit(types)
	cols := rows
	index := func(ts []string, t string) int {
		if i := slices.Index(ts, t); i >= 0 {
			return i
		}
		return len(ts) - 1 // "other"
	}
	// Row r of the grid is drawn at y = r: the most frequent want type
	// on top means it goes last.
	n := len(rows)
	v := mat.NewDense(n, len(cols), nil)
	rowSum := make([]float64, n)
	for k, c := range conf {
		r := n - 1 - index(rows, k[0])
		v.Set(r, index(cols, k[1]), v.At(r, index(cols, k[1]))+float64(c))
		rowSum[r] += float64(c)
	}
	for r := range n {
		for c := range cols {
			if rowSum[r] > 0 {
				v.Set(r, c, v.At(r, c)/rowSum[r])
			}
		}
	}
	hm := plotter.NewHeatMap(confGrid{rows, cols, v}, whiteToBlue(64))
	hm.Min, hm.Max = 0, 1
	p := plot.New()
	p.Title.Text = "error type confusion (share of each want type's matching edits)"
	p.X.Label.Text = "got type"
	p.Y.Label.Text = "want type"
	p.Add(hm)
	var xt, yt []plot.Tick
	for c, t := range cols {
		xt = append(xt, plot.Tick{Value: float64(c), Label: t})
	}
	for r, t := range rows {
		yt = append(yt, plot.Tick{Value: float64(n - 1 - r), Label: t})
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.ConstantTicks(xt), plot.ConstantTicks(yt)
	p.X.Tick.Label.Rotation = 1.5708 // vertical labels
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = -1, -0.5
	p.X.Tick.Label.Font.Size = vg.Points(7)
	p.Y.Tick.Label.Font.Size = vg.Points(7)
	size := vg.Length(2.5+0.2*float64(max(len(rows), len(cols)))) * vg.Inch
	return render(p, size+0.5*vg.Inch, size)
}

var confTemplate = page("confusion", `<p>{{.Summary}}</p>
{{if .Figure}}<img class="fig" alt="heat map of the error type confusion" src="{{.Figure}}" width="640"/>
<p class="note">Rows: the type in the compared M2 (want); columns: the type given here (got), for the edits both have. Each cell's shade is its share of the row, from white (0) to dark blue (1); the most frequent {{.Shown}} types are drawn, the rest summed as "other".</p>{{end}}
<h2>Agreement per want type</h2>
<table><thead><tr><th class="l">want type</th><th>same type</th><th>matching edits</th><th>share</th></tr></thead><tbody>
{{range .Rows}}<tr><td class="l">{{.Type}}</td><td>{{.Same}}</td><td>{{.Total}}</td><td>{{.Share}}</td></tr>
{{end}}</tbody></table>
<h2>Type disagreements</h2>
<table><thead><tr><th class="l">want</th><th class="l">got</th><th>count</th><th class="l">examples</th></tr></thead><tbody>
{{range .Pairs}}<tr><td class="l">{{.Want}}</td><td class="l">{{.Got}}</td><td>{{.N}}</td><td class="l">{{range .Examples}}<div>{{.}}</div>{{end}}</td></tr>
{{end}}</tbody></table>
`)

// whiteToBlue is a sequential palette of n colours from white (0) to dark
// blue (1).
func whiteToBlue(n int) palette.Palette {
	cs := make(ramp, n)
	for i := range cs {
		t := float64(i) / float64(n-1)
		mix := func(a, b uint8) uint8 { return uint8(float64(a) + t*(float64(b)-float64(a)) + 0.5) }
		cs[i] = color.NRGBA{R: mix(255, 8), G: mix(255, 48), B: mix(255, 107), A: 255}
	}
	return cs
}

type ramp []color.Color

func (r ramp) Colors() []color.Color { return r }
