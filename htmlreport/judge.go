package htmlreport

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/judge"
)

type judgePage struct {
	Title, Summary, Evidence, Signature string
	Scales                              []judgeScale
	Models                              []judge.ModelInfo
	ModelsHash                          string
	Quantities                          []string
	Systems                             []judgeSystem
	HasInput                            bool
	InputName                           string
	Figures                             []judgeFigure
	Readings                            []string // what overall and meaning mean, a sentence each
	Distributions                       []judgeDistribution
}

type judgeScale struct {
	Quantity, Range, Ends, Direction, Note, Models string
}

type judgeSystem struct {
	Name, ID    string
	Input       bool
	Sentences   int
	Means       []judgeCell
	Spread      []judgeCell
	Diffs       []judgeCell
	Worst       []judgeSentence
	WorstNote   string
	Unavailable bool // no sentence pulls it down
}

type judgeCell struct {
	Text  string
	Class string // better, worse or ""
}

type judgeFigure struct {
	Quantity string
	Figure   template.URL
}

type judgeDistribution struct {
	Scale  string
	Labels []judgeLegend
	Rows   []judgeBar
}

type judgeLegend struct{ Name, Class string }

type judgeBar struct {
	System   string
	Input    bool
	Segments []judgeSegment
	Outputs  int
}

type judgeSegment struct {
	Class, Title, Text string
	Width              template.CSS
}

type judgeSentence struct {
	Line              int
	Headline, Details string
	Words             template.HTML
	Refs              []string
}

// Judge writes a judge.Report as one HTML page: how to read each scale,
// the evidence and the models; per system the mean of every quantity with
// its interval; every system's difference from the unchanged input per
// quantity, as a figure and a table (green where the interval shows an
// improvement on the scale's direction, red a loss); the label
// distribution of every quantity as stacked bars; and per system the
// sentences that pull it down the most, with the word diff from the source
// to the output and the judgements of both.
func Judge(w io.Writer, rep *judge.Report) error {
	pg := judgePage{
		Title:      fmt.Sprintf("gecmetric judge: %d systems, %d sentences", len(rep.Systems)-btoi(rep.Input() != nil), rep.Sentences),
		Evidence:   rep.DescribeEvidence(),
		Signature:  rep.Signature,
		Models:     rep.Models,
		ModelsHash: rep.ModelsHash,
		Quantities: rep.Shown(),
		HasInput:   rep.Input() != nil,
		InputName:  judge.InputName,
		Summary: fmt.Sprintf("Means over sentences with 95%% Poisson-bootstrap intervals (%d resamples, seed %d; every system's "+
			"values of a sentence resampled together, so differences are paired by sentence). Label shares: the outputs whose "+
			"most likely label it is, with 95%% Wilson intervals in the tooltips.", rep.Resamples, rep.Seed),
	}
	if _, ok := rep.Scale(judge.Overall); !ok && rep.NoSource() {
		pg.Readings = append(pg.Readings, judge.NoSourceReading)
	}
	for _, q := range []string{judge.Overall, judge.Meaning} {
		if s, ok := rep.Scale(q); ok && s.Reading != "" {
			pg.Readings = append(pg.Readings, s.Reading)
		}
	}
	for _, s := range rep.Scales {
		pg.Scales = append(pg.Scales, judgeScale{Quantity: s.Quantity, Range: s.Range(), Ends: s.Ends(), Direction: s.Direction(),
			Note: s.Note, Models: strings.Join(s.Models, ", ")})
	}
	for k, s := range rep.Systems {
		ps := judgeSystem{Name: s.Name, ID: fmt.Sprintf("s%d", k+1), Input: s.Input, Sentences: s.Sentences}
		for _, q := range pg.Quantities {
			ps.Means = append(ps.Means, judgeCell{Text: meanText(s.Scores, q, "%.3f")})
			sd := "–"
			if m, ok := s.Scores[q]; ok {
				sd = fmt.Sprintf("%.3f", m.SD)
			}
			ps.Spread = append(ps.Spread, judgeCell{Text: sd})
			if pg.HasInput && !s.Input {
				sc, _ := rep.Scale(q)
				ps.Diffs = append(ps.Diffs, judgeCell{Text: meanText(s.VsInput, q, "%+.3f"), Class: diffClass(sc, s.VsInput[q])})
			}
		}
		if !s.Input {
			for _, ws := range s.Worst {
				ps.Worst = append(ps.Worst, worstSentence(ws, pg.Quantities))
			}
			switch {
			case len(s.Worst) > 0 && pg.HasInput:
				ps.WorstNote = fmt.Sprintf("The %d sentences whose overall score falls furthest below the unchanged input's, worst first; the diff is from the source to the output.", len(s.Worst))
			case len(s.Worst) > 0:
				ps.WorstNote = fmt.Sprintf("The %d sentences of lowest overall score (no unchanged input to compare with).", len(s.Worst))
			case pg.HasInput:
				ps.Unavailable = true
			}
		}
		pg.Systems = append(pg.Systems, ps)
	}
	if pg.HasInput {
		for _, q := range pg.Quantities {
			sc, _ := rep.Scale(q)
			var bars []deltaBar
			for _, s := range rep.Systems {
				if m, ok := s.VsInput[q]; ok && !s.Input {
					bars = append(bars, deltaBar{s.Name, m.Mean, m.CI[0], m.CI[1], diffClass(sc, m)})
				}
			}
			if len(bars) == 0 {
				continue
			}
			title := q + " − input (95% CI): " + sc.Direction()
			fig, err := deltaFigure(title, "system − unchanged input", bars)
			if err != nil {
				return err
			}
			pg.Figures = append(pg.Figures, judgeFigure{Quantity: q, Figure: fig})
		}
	}
	for _, q := range pg.Quantities {
		if d := distribution(rep, q); d != nil {
			pg.Distributions = append(pg.Distributions, *d)
		}
	}
	if d := overallDistribution(rep); d != nil {
		pg.Distributions = append(pg.Distributions, *d)
	}
	return judgeTemplate.Execute(w, pg)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// meanText formats a mean with its interval as judge.Mean.Text does,
// with a true minus sign; "–" where there is none.
func meanText(m map[string]judge.Mean, q, format string) string {
	v, ok := m[q]
	if !ok {
		return "–"
	}
	return strings.ReplaceAll(v.Text(format), "-", "−")
}

// diffClass classes a difference from the input by its interval and the
// scale's direction: "better" or "worse" when the interval leaves out 0;
// "" on a neutral scale (meaning: every correction changes the source, so
// its drop is not a loss in itself).
func diffClass(sc judge.Scale, m judge.Mean) string {
	if sc.Neutral || !(m.CI[0] > 0 || m.CI[1] < 0) {
		return ""
	}
	if sc.Better(m.Mean) {
		return "better"
	}
	return "worse"
}

// distribution draws quantity q's label shares as one stacked bar per
// system, labels from the worst end of the scale to the best, coloured
// from red to green; nil if no system has labels for q.
func distribution(rep *judge.Report, q string) *judgeDistribution {
	sc, _ := rep.Scale(q)
	labels := rep.Labels(q)
	if len(labels) == 0 {
		return nil
	}
	if !sc.HigherIsBetter {
		slices.Reverse(labels)
	}
	class := func(k int) string {
		if len(labels) == 1 {
			return "lab4"
		}
		return fmt.Sprintf("lab%d", int(math.Round(float64(k)*4/float64(len(labels)-1))))
	}
	d := &judgeDistribution{Scale: sc.String()}
	for k, l := range labels {
		d.Labels = append(d.Labels, judgeLegend{Name: l, Class: class(k)})
	}
	for _, s := range rep.Systems {
		shares := s.Labels[q]
		if shares == nil {
			continue
		}
		bar := judgeBar{System: s.Name, Input: s.Input}
		for k, l := range labels {
			i := slices.IndexFunc(shares, func(x judge.LabelShare) bool { return x.Label == l })
			if i < 0 {
				continue
			}
			sh := shares[i]
			bar.Outputs += sh.Count
			if sh.Count == 0 {
				continue
			}
			bar.Segments = append(bar.Segments, segment(class(k), sh.Share,
				fmt.Sprintf("%s: %.1f%% [%.1f, %.1f] (%d outputs)", l, 100*sh.Share, 100*sh.CI[0], 100*sh.CI[1], sh.Count)))
		}
		d.Rows = append(d.Rows, bar)
	}
	return d
}

// segment is one segment of a stacked bar: share wide, its percentage
// written in it where it is wide enough (6% or more), title its tooltip.
func segment(class string, share float64, title string) judgeSegment {
	seg := judgeSegment{Class: class, Width: template.CSS(fmt.Sprintf("%.3f%%", 100*share)), Title: title}
	if share >= 0.06 {
		seg.Text = fmt.Sprintf("%.0f%%", 100*share)
	}
	return seg
}

// overallDistribution draws the overall scores' bins as one stacked bar
// per system, from 0 (red) to 1 (green); nil if no system has them.
func overallDistribution(rep *judge.Report) *judgeDistribution {
	if !slices.ContainsFunc(rep.Systems, func(s judge.SystemSummary) bool { return s.OverallBins != nil }) {
		return nil
	}
	class := func(b int) string { return fmt.Sprintf("lab%d", int(math.Round(float64(b)*4/(judge.OverallBins-1)))) }
	sc, _ := rep.Scale(judge.Overall)
	d := &judgeDistribution{Scale: sc.String() + ": the outputs in each tenth of the scale"}
	for b := range judge.OverallBins {
		d.Labels = append(d.Labels, judgeLegend{Name: judge.BinLabel(b), Class: class(b)})
	}
	for _, s := range rep.Systems {
		if s.OverallBins == nil {
			continue
		}
		bar := judgeBar{System: s.Name, Input: s.Input}
		for b, bin := range s.OverallBins {
			bar.Outputs += bin.Count
			if bin.Count == 0 {
				continue
			}
			bar.Segments = append(bar.Segments, segment(class(b), bin.Share,
				fmt.Sprintf("%s: %.1f%% (%d outputs)", judge.BinLabel(b), 100*bin.Share, bin.Count)))
		}
		d.Rows = append(d.Rows, bar)
	}
	return d
}

// worstSentence lays out one sentence that pulls a system down: the
// overall scores, the other quantities with their labels (the input's
// beside them), the word diff from the source and the references.
func worstSentence(ws judge.WorstSentence, quantities []string) judgeSentence {
	out := judgeSentence{Line: ws.Line, Refs: ws.Refs}
	value := func(j judge.Judgement, q string) float64 {
		k := slices.IndexFunc(judge.Quantities, func(x judge.Quantity) bool { return x.Name == q })
		if k < 0 {
			return math.NaN()
		}
		return judge.Quantities[k].Get(j)
	}
	describe := func(j judge.Judgement, q string) string {
		text := fmt.Sprintf("%.3f", value(j, q))
		if l := j.Labels[q]; l != "" {
			text += " “" + l + "”"
		}
		return text
	}
	if ws.InputJudgement != nil {
		out.Headline = fmt.Sprintf("overall %.3f, %.3f below the unchanged input's %.3f", ws.Judgement.Overall, -ws.Delta, ws.InputJudgement.Overall)
	} else {
		out.Headline = fmt.Sprintf("overall %.3f", ws.Judgement.Overall)
	}
	var details []string
	for _, q := range quantities {
		if q == judge.Overall || math.IsNaN(value(ws.Judgement, q)) {
			continue
		}
		text := q + " " + describe(ws.Judgement, q)
		if ws.InputJudgement != nil && !math.IsNaN(value(*ws.InputJudgement, q)) {
			text += " (input " + describe(*ws.InputJudgement, q) + ")"
		}
		details = append(details, text)
	}
	out.Details = strings.Join(details, "; ")
	if ws.Source != "" {
		out.Words = wordDiffHTML(ws.Source, ws.Output)
	} else {
		out.Words = template.HTML(template.HTMLEscapeString(ws.Output))
	}
	return out
}

var judgeTemplate = page("judge", `<p>{{.Summary}}</p>
<p>Evidence: {{.Evidence}}.</p>{{range .Readings}}
<p>{{.}}.</p>{{end}}
<p class="sig">{{.Signature}}</p>
<h2>How to read the scales</h2>
<table>
<thead><tr><th class="l">quantity</th><th>range</th><th class="l">ends</th><th class="l">better</th><th class="l">what it is</th><th class="l">models (for the evidence at hand)</th></tr></thead>
<tbody>{{range .Scales}}
<tr><td class="l">{{.Quantity}}</td><td>{{.Range}}</td><td class="l">{{.Ends}}</td><td class="l">{{.Direction}}</td><td class="l">{{.Note}}</td><td class="l">{{.Models}}</td></tr>{{end}}
</tbody>
</table>
<details><summary class="note">All {{len .Models}} models of the judge (hash {{.ModelsHash}})</summary>
<table>
<thead><tr><th class="l">model</th><th class="l">quantity</th><th class="l">evidence</th><th class="l">embedded</th><th class="l">sha256</th></tr></thead>
<tbody>{{range .Models}}
<tr><td class="l">{{.Name}}</td><td class="l">{{.Quantity}}</td><td class="l">{{.Form}}</td><td class="l">{{.Embedded}}</td><td class="l"><code>{{.SHA256}}</code></td></tr>{{end}}
</tbody>
</table>
</details>
<h2>Means</h2>
<table>
<thead><tr><th class="l">system</th><th>sentences</th>{{range .Quantities}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Systems}}
<tr{{if .Input}} class="input"{{end}}><td class="l">{{if not .Input}}<a href="#{{.ID}}">{{.Name}}</a>{{else}}{{.Name}}{{end}}</td><td>{{.Sentences}}</td>{{range .Means}}<td>{{.Text}}</td>{{end}}</tr>{{end}}
</tbody>
</table>
{{if .HasInput}}<p class="note">{{.InputName}} is the unchanged input: every source judged as an output of its own.</p>{{end}}
<h3>Spread over outputs</h3>
<p class="note">The standard deviation of each quantity over a system's outputs: how far apart the judge puts them, where the intervals above say how sure each mean is.</p>
<table>
<thead><tr><th class="l">system</th>{{range .Quantities}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Systems}}
<tr{{if .Input}} class="input"{{end}}><td class="l">{{.Name}}</td>{{range .Spread}}<td>{{.Text}}</td>{{end}}</tr>{{end}}
</tbody>
</table>
{{if .HasInput}}
<h2>Difference from the unchanged input</h2>
<p class="note">System − input, sentence by sentence, with 95% paired intervals. Green: the interval shows an improvement on the scale's direction; red: a loss. Meaning is never coloured: every correction changes the source.</p>
<table>
<thead><tr><th class="l">system</th>{{range .Quantities}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Systems}}{{if not .Input}}
<tr><td class="l">{{.Name}}</td>{{range .Diffs}}<td class="{{.Class}}">{{.Text}}</td>{{end}}</tr>{{end}}{{end}}
</tbody>
</table>
{{range .Figures}}<img class="fig" alt="difference of every system from the unchanged input in {{.Quantity}}, with its interval" src="{{.Figure}}" width="540"/>
{{end}}{{end}}
<h2>Label distributions</h2>
<p class="note">The share of each system's outputs whose most likely label is each label of the scale, worst label on the left (for overall, the share whose score falls in each tenth of 0-1). Hover a segment for its share, with a 95% Wilson interval for a label.</p>
{{range .Distributions}}<h3>{{.Scale}}</h3>
<div class="legend">{{range .Labels}}<span><i class="{{.Class}}"></i>{{.Name}}</span>{{end}}</div>
<table class="dist"><tbody>{{range .Rows}}
<tr{{if .Input}} class="input"{{end}}><td class="l">{{.System}}</td><td class="bar"><div class="bar">{{range .Segments}}<span class="{{.Class}}" style="width: {{.Width}}" title="{{.Title}}">{{.Text}}</span>{{end}}</div></td><td>{{.Outputs}}</td></tr>{{end}}
</tbody></table>
{{end}}
{{range .Systems}}{{if not .Input}}<h2 id="{{.ID}}">{{.Name}}: the sentences that pull it down</h2>
{{if .WorstNote}}<p class="note">{{.WorstNote}}</p>{{end}}{{if .Unavailable}}<p class="note">No sentence scores below the unchanged input overall (or none were asked for with --show).</p>{{end}}
{{range .Worst}}<div class="sentence"><div><b>line {{.Line}}</b>: {{.Headline}}</div>
<div class="words">{{.Words}}</div>
{{range .Refs}}<div class="ref">reference: {{.}}</div>{{end}}
<div class="edits">{{.Details}}</div>
</div>
{{end}}{{end}}{{end}}`)
