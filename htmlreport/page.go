package htmlreport

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// margin is added to the left of every figure.
const margin = 0.35 * vg.Inch

// plotDPI draws figures at twice the resolution they are shown at.
const plotDPI = 144

// render draws p as PNG, w × h, and returns it as a data: URI.
func render(p *plot.Plot, w, h vg.Length) (template.URL, error) {
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(plotDPI), vgimg.UseBackgroundColor(color.White))
	// A margin on the left: gonum measures tick labels narrower than
	// they are drawn at this resolution, which would clip long ones.
	p.Draw(draw.Crop(draw.New(c), margin, 0, 0, 0))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return "", fmt.Errorf("htmlreport: rendering a figure: %w", err)
	}
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())), nil
}

var (
	blue  = color.NRGBA{R: 31, G: 119, B: 180, A: 255}
	red   = color.NRGBA{R: 214, G: 39, B: 40, A: 255}
	green = color.NRGBA{R: 44, G: 160, B: 44, A: 255}
	grey  = color.NRGBA{R: 120, G: 120, B: 120, A: 255}
)

// style is the CSS of every page.
const style = `
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1150px; color: #222; line-height: 1.4; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.3em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
h3 { font-size: 1.05em; margin: 1.5em 0 0.3em; }
table { border-collapse: collapse; margin: 0.5em 0 0.3em; font-size: 0.9em; }
th, td { padding: 0.25em 0.7em; text-align: right; border-bottom: 1px solid #e4e4e4; }
th { border-bottom: 2px solid #888; background: #f6f6f6; white-space: nowrap; }
td.l, th.l { text-align: left; }
tr.worse td { background: #fdecea; }
tr.better td { background: #eaf6ea; }
p.note, .sig { font-size: 0.85em; color: #555; }
img.fig { border: 1px solid #eee; max-width: 100%; }
.sentence { border-left: 3px solid #d62728; padding: 0.3em 0.8em; margin: 0.8em 0; background: #fafafa; }
.sentence .words { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9em; }
del { background: #fbd0d0; text-decoration: line-through; }
ins { background: #c9f0c9; text-decoration: none; }
.edits { font-size: 0.85em; color: #444; margin: 0.2em 0 0; padding-left: 1.2em; }
td.worse { background: #fdecea; }
td.better { background: #eaf6ea; }
tr.input td { font-style: italic; color: #555; }
.sentence .ref { font-size: 0.85em; color: #444; }
table.dist { width: 100%; }
td.bar { width: 75%; }
div.bar { display: flex; height: 1.3em; border: 1px solid #ccc; }
div.bar span { display: block; overflow: hidden; white-space: nowrap; text-align: center; font-size: 0.75em; line-height: 1.75em; }
.legend { font-size: 0.85em; margin: 0.2em 0; }
.legend span { margin-right: 1.2em; }
.legend i { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em; vertical-align: -0.1em; border: 1px solid #ccc; }
.lab0 { background: #d7191c; color: #fff; }
.lab1 { background: #fdae61; }
.lab2 { background: #ffffbf; }
.lab3 { background: #a6d96a; }
.lab4 { background: #1a9641; color: #fff; }
`

// page wraps a body template into the common document.
func page(name, body string) *template.Template {
	return template.Must(template.New(name).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<title>{{.Title}}</title>
<style>` + style + `</style>
</head>
<body>
<h1>{{.Title}}</h1>
` + body + `
</body>
</html>
`))
}
