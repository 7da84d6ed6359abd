package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/stat"
)

// A Bin is one bin of a reliability plot: the units whose predictions
// fall in it, their mean prediction and mean human rating, and the
// standard error of the latter.
type Bin struct {
	N                   int
	Predicted, Observed float64
	StdErr              float64
}

// Reliability sorts units by prediction into at most bins bins of (nearly)
// equal size and returns each bin's mean prediction and mean observed
// value: a model is calibrated where the two agree. NaN predictions are
// left out.
func Reliability(pred, observed []float64, bins int) []Bin {
	idx := make([]int, 0, len(pred))
	for i, p := range pred {
		if !math.IsNaN(p) && !math.IsNaN(observed[i]) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 || bins < 1 {
		return nil
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case pred[a] < pred[b]:
			return -1
		case pred[a] > pred[b]:
			return 1
		}
		return 0
	})
	bins = min(bins, len(idx))
	out := make([]Bin, 0, bins)
	for b := range bins {
		lo, hi := b*len(idx)/bins, (b+1)*len(idx)/bins
		var p, o []float64
		for _, i := range idx[lo:hi] {
			p = append(p, pred[i])
			o = append(o, observed[i])
		}
		bin := Bin{N: len(o), Predicted: stat.Mean(p), Observed: stat.Mean(o)}
		if len(o) > 1 {
			m, ss := bin.Observed, 0.0
			for _, v := range o {
				ss += (v - m) * (v - m)
			}
			bin.StdErr = math.Sqrt(ss/float64(len(o)-1)) / math.Sqrt(float64(len(o)))
		}
		out = append(out, bin)
	}
	return out
}

// Plot sizes: drawn at twice the resolution they are shown at.
const (
	plotWidth  = 4.2 * vg.Inch
	plotHeight = 3.6 * vg.Inch
	plotDPI    = 144
)

var (
	pointColor = color.NRGBA{R: 31, G: 119, B: 180, A: 70}
	binColor   = color.NRGBA{R: 214, G: 39, B: 40, A: 255}
	diagColor  = color.NRGBA{R: 120, G: 120, B: 120, A: 255}
)

// scaleRange returns the axis range of a scale's values with a margin.
func scaleRange(values []float64) (lo, hi float64) {
	lo, hi = slices.Min(values), slices.Max(values)
	return lo - 0.25, hi + 0.25
}

func newPlot(title, x, y string, values []float64) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	lo, hi := scaleRange(values)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	var ticks []plot.Tick
	for _, v := range values {
		ticks = append(ticks, plot.Tick{Value: v, Label: fmt.Sprintf("%g", v)})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	p.Add(plotter.NewGrid())
	diag := plotter.NewFunction(func(x float64) float64 { return x })
	diag.Color = diagColor
	diag.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	diag.XMin, diag.XMax = lo-10, hi+10
	p.Add(diag)
	return p
}

// Scatter draws each unit's prediction (x) against its mean human rating
// (y), jittered vertically by up to ±jitter (seeded) so that the few
// distinct means do not hide one another, and returns it as PNG. A zero
// jitter takes 0.4 times the smallest gap between distinct human means,
// at most 0.15.
func Scatter(title string, values []float64, units []calibrate.Unit, pred []float64, jitter float64, seed uint64) ([]byte, error) {
	p := newPlot(title, "predicted expected value (cross-validated)", "human mean (jittered)", values)
	if jitter == 0 {
		jitter = autoJitter(units)
	}
	rng := rand.New(rand.NewPCG(seed, 0x7177e5))
	var xy plotter.XYs
	for i, u := range units {
		if math.IsNaN(pred[i]) {
			continue
		}
		xy = append(xy, plotter.XY{X: pred[i], Y: u.Mean() + jitter*(2*rng.Float64()-1)})
	}
	if len(xy) == 0 {
		return nil, fmt.Errorf("report: %s: no predictions to plot", title)
	}
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return nil, fmt.Errorf("report: %s: %w", title, err)
	}
	s.GlyphStyle.Color = pointColor
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	s.GlyphStyle.Radius = vg.Points(1.8)
	p.Add(s)
	return render(p)
}

// ReliabilityPlot draws the bins of Reliability: mean human rating with
// ±1 standard error against mean prediction, the diagonal being perfect
// calibration; returned as PNG.
func ReliabilityPlot(title string, values []float64, bins []Bin) ([]byte, error) {
	if len(bins) == 0 {
		return nil, fmt.Errorf("report: %s: no bins to plot", title)
	}
	p := newPlot(title, "mean prediction in bin", "mean human rating in bin (±1 s.e.)", values)
	// Zoom in on the bins (keeping the diagonal in view): predictions
	// often crowd a small part of the scale.
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, b := range bins {
		lo = min(lo, b.Predicted, b.Observed-b.StdErr)
		hi = max(hi, b.Predicted, b.Observed+b.StdErr)
	}
	pad := max(0.1, (hi-lo)*0.08)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo-pad, hi+pad, lo-pad, hi+pad
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.DefaultTicks{}, plot.DefaultTicks{}
	pts := make(plotter.XYs, len(bins))
	errs := make(plotter.YErrors, len(bins))
	for i, b := range bins {
		pts[i] = plotter.XY{X: b.Predicted, Y: b.Observed}
		errs[i] = struct{ Low, High float64 }{b.StdErr, b.StdErr}
	}
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, fmt.Errorf("report: %s: %w", title, err)
	}
	line.Color = binColor
	points.Color = binColor
	points.Shape = draw.CircleGlyph{}
	points.Radius = vg.Points(2.5)
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYer
		plotter.YErrorer
	}{pts, errs})
	if err != nil {
		return nil, fmt.Errorf("report: %s: %w", title, err)
	}
	eb.Color = binColor
	p.Add(line, points, eb)
	return render(p)
}

func render(p *plot.Plot) ([]byte, error) {
	c := vgimg.NewWith(vgimg.UseWH(plotWidth, plotHeight), vgimg.UseDPI(plotDPI), vgimg.UseBackgroundColor(color.White))
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("report: rendering plot: %w", err)
	}
	return buf.Bytes(), nil
}

func autoJitter(units []calibrate.Unit) float64 {
	var means []float64
	for _, u := range units {
		means = append(means, u.Mean())
	}
	slices.Sort(means)
	gap := math.Inf(1)
	for i := 1; i < len(means); i++ {
		if d := means[i] - means[i-1]; d > 1e-9 {
			gap = min(gap, d)
		}
	}
	return min(0.15, 0.4*gap)
}
