package main

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/eval"
)

// evalOutputFlags are eval's output options, in the manner of sacreBLEU
// (-b, -w, --format, --confidence) and ERRANT (-cat).
func evalOutputFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output: text (a table), json, csv (a header and one row per system, the signature in its last column), latex, or errant (compare_m2.py's layout, one block per system)"},
		&cli.BoolFlag{Name: "json", Usage: "print JSON (= --format json)"},
		&cli.BoolFlag{Name: "score-only", Aliases: []string{"b"}, Usage: "print only the scores: per system one line with the F of M2 and ERRANT and GLEU, as selected"},
		&cli.IntFlag{Name: "width", Aliases: []string{"w"}, Value: -1, Usage: "decimals of every score (default: 4, GLEU 6)"},
		&cli.IntFlag{Name: "errant-cat", Aliases: []string{"cat"}, Usage: "ERRANT's -cat: 1 by operation (M/R/U), 2 by main type, 3 by full type; prints compare_m2.py's tables"},
		&cli.BoolFlag{Name: "confidence", Usage: "add a 95% percentile bootstrap interval (sentences resampled) to every metric, like sacreBLEU --confidence"},
		&cli.IntFlag{Name: "confidence-n", Value: 1000, Usage: "bootstrap resamples of --confidence"},
		&cli.Uint64Flag{Name: "seed", Value: defaultCompareSeed, Usage: "seed of --confidence's resamples"},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the scores to this file instead of stdout", Action: outputPath},
	}
}

// evalOutput is what eval's output flags ask for.
type evalOutput struct {
	format     string
	scoreOnly  bool
	width      int // decimals; -1 the defaults
	errantCat  int
	confidence int // resamples; 0 none
	seed       uint64
	verbose    bool // the M2 scorer's report before the scores
	errantV    bool // compare_m2.py's -v report before the scores
	very       bool // the M2 scorer's --very_verbose dumps before the scores
}

func evalOutputOf(cmd *cli.Command) (evalOutput, error) {
	o := evalOutput{format: cmd.String("format"), scoreOnly: cmd.Bool("score-only"), width: int(cmd.Int("width")),
		errantCat: int(cmd.Int("errant-cat")), seed: cmd.Uint64("seed"), verbose: cmd.Bool("verbose"),
		errantV: cmd.Bool("errant-verbose"), very: cmd.Bool("very-verbose")}
	if cmd.Bool("json") {
		o.format = "json"
	}
	switch o.format {
	case "text", "json", "csv", "latex", "errant":
	default:
		return o, fmt.Errorf("--format %q: want text, json, csv, latex or errant", o.format)
	}
	if o.errantCat < 0 || o.errantCat > 3 {
		return o, fmt.Errorf("--errant-cat %d: want 1 (operation), 2 (main type) or 3 (full type)", o.errantCat)
	}
	if o.errantCat != 0 && o.format == "text" {
		o.format = "errant"
	}
	if o.width > 17 {
		return o, fmt.Errorf("--width %d: want at most 17 decimals", o.width)
	}
	if cmd.Bool("confidence") {
		o.confidence = int(cmd.Int("confidence-n"))
		if o.confidence < 1 {
			return o, fmt.Errorf("--confidence-n %d: want at least 1", o.confidence)
		}
	}
	return o, nil
}

// check rejects output options that need a metric not computed.
func (o evalOutput) check(cfg eval.Config) error {
	if o.errantCat != 0 && !cfg.Has(eval.ERRANT) {
		return fmt.Errorf("--errant-cat prints ERRANT's tables by type: it needs the errant metric (--metrics %s,errant)", strings.Join(cfg.Metrics, ","))
	}
	if o.format == "errant" && !cfg.Has(eval.ERRANT) {
		return errors.New("--format errant prints compare_m2.py's table: it needs the errant metric (--metrics errant)")
	}
	// The per-type tables of --errant-cat go into the text, errant, JSON
	// and CSV outputs; the others cannot hold them.
	if o.errantCat != 0 && o.scoreOnly {
		return errors.New("--errant-cat prints per-type tables, -b one line of scores per system: give one of them (--format json or csv hold both)")
	}
	if o.errantCat != 0 && o.format == "latex" {
		return errors.New("--errant-cat prints per-type tables, which --format latex (one row per system) cannot hold: use --format json, csv or errant")
	}
	if o.verbose && !cfg.Has(eval.M2) {
		return errors.New("--verbose is the M2 scorer's report: it needs the m2 metric (--metrics m2)")
	}
	if o.verbose && o.format != "text" && o.format != "errant" {
		return fmt.Errorf("--verbose writes the M2 scorer's text report before the scores: it cannot precede --format %s", o.format)
	}
	if o.very && !cfg.Has(eval.M2) {
		return errors.New("--very-verbose is the M2 scorer's dump: it needs the m2 metric (--metrics m2)")
	}
	if o.very && o.format != "text" && o.format != "errant" {
		return fmt.Errorf("--very-verbose writes the M2 scorer's text dump before the scores: it cannot precede --format %s", o.format)
	}
	if o.very && o.errantV {
		return errors.New("--very-verbose (the M2 scorer's dump) and --errant-verbose (compare_m2.py's report) each write a whole report sentence by sentence: give one of them per run")
	}
	if o.errantV && !cfg.Has(eval.ERRANT) {
		return errors.New("--errant-verbose is compare_m2.py's report: it needs the errant metric (--metrics errant)")
	}
	if o.errantV && o.format != "text" && o.format != "errant" {
		return fmt.Errorf("--errant-verbose writes compare_m2.py's text report before the scores: it cannot precede --format %s", o.format)
	}
	if o.errantV && o.verbose {
		return errors.New("-v (the M2 scorer's report) and --errant-verbose (compare_m2.py's) each write a whole report sentence by sentence: give one of them per run")
	}
	return nil
}

// A scoreColumn is one number of a system's row.
type scoreColumn struct {
	metric, name string // e.g. "m2", "f"
	decimals     int    // default decimals
	integer      bool
	value        func(r *eval.Result) float64
}

// scoreColumns are the columns of the selected metrics, in output order.
func scoreColumns(cfg eval.Config) []scoreColumn {
	var cols []scoreColumn
	if cfg.Has(eval.M2) {
		cols = append(cols,
			scoreColumn{"m2", "p", 4, false, func(r *eval.Result) float64 { return r.M2.P }},
			scoreColumn{"m2", "r", 4, false, func(r *eval.Result) float64 { return r.M2.R }},
			scoreColumn{"m2", "f", 4, false, func(r *eval.Result) float64 { return r.M2.F }})
	}
	if cfg.Has(eval.ERRANT) {
		prf := func(k int) func(r *eval.Result) float64 {
			return func(r *eval.Result) float64 {
				p, rec, f := r.ERRANT.Score()
				return [3]float64{p, rec, f}[k]
			}
		}
		cols = append(cols,
			scoreColumn{"errant", "tp", 0, true, func(r *eval.Result) float64 { return float64(r.ERRANT.Counts.TP) }},
			scoreColumn{"errant", "fp", 0, true, func(r *eval.Result) float64 { return float64(r.ERRANT.Counts.FP) }},
			scoreColumn{"errant", "fn", 0, true, func(r *eval.Result) float64 { return float64(r.ERRANT.Counts.FN) }},
			scoreColumn{"errant", "p", 4, false, prf(0)},
			scoreColumn{"errant", "r", 4, false, prf(1)},
			scoreColumn{"errant", "f", 4, false, prf(2)})
	}
	if cfg.Has(eval.GLEU) {
		cols = append(cols,
			scoreColumn{"gleu", "score", 6, false, func(r *eval.Result) float64 { return r.GLEU.Mean }},
			scoreColumn{"gleu", "std", 6, false, func(r *eval.Result) float64 { return r.GLEU.Std }})
	}
	if cfg.Has(eval.ChrF) {
		cols = append(cols, scoreColumn{"chrf", "score", 4, false, func(r *eval.Result) float64 { return r.ChrF.Score }})
	}
	return cols
}

// mainScore is a metric's headline number: F for M2 and ERRANT, GLEU.
func (c scoreColumn) main() bool { return c.name == "f" || c.name == "score" }

func (o evalOutput) num(c scoreColumn, x float64) string {
	if c.integer {
		return strconv.Itoa(int(x))
	}
	d := c.decimals
	if o.width >= 0 {
		d = o.width
	}
	if math.IsNaN(x) {
		return "-"
	}
	return strconv.FormatFloat(x, 'f', d, 64)
}

// intervals returns, per result and metric, the percentile bootstrap
// interval of the corpus score (sentences resampled with replacement,
// seeded, the same resamples for every system and metric).
func (o evalOutput) intervals(cfg eval.Config, results []*eval.Result) []map[string]stat.CI {
	out := make([]map[string]stat.CI, len(results))
	for k, r := range results {
		out[k] = map[string]stat.CI{}
		for _, c := range []struct {
			m string
			c *metrics.Corpus
		}{{eval.M2, corpusOrNil(r.M2 != nil, func() *metrics.Corpus { return r.M2.Corpus() })},
			{eval.ERRANT, corpusOrNil(r.ERRANT != nil, func() *metrics.Corpus { return r.ERRANT.Corpus() })},
			{eval.GLEU, corpusOrNil(r.GLEU != nil, func() *metrics.Corpus { return r.GLEU.Corpus() })},
			{eval.ChrF, corpusOrNil(r.ChrF != nil, func() *metrics.Corpus { return r.ChrF.Corpus() })}} {
			if c.c == nil || !cfg.Has(c.m) {
				continue
			}
			out[k][c.m] = stat.Bootstrap(c.c.Len(), o.confidence, o.seed, 0.95, c.c.Subset)
		}
	}
	return out
}

func corpusOrNil(ok bool, f func() *metrics.Corpus) *metrics.Corpus {
	if !ok {
		return nil
	}
	return f()
}

// writeEval prints results as the output flags ask.
func (o evalOutput) write(w io.Writer, ev *eval.Evaluator, results []*eval.Result) error {
	cfg := ev.Config()
	var cis []map[string]stat.CI
	if o.confidence > 0 {
		cis = o.intervals(cfg, results)
	}
	cols := scoreColumns(cfg)
	switch {
	case o.scoreOnly:
		// One line per system: the main scores with one number of
		// decimals (-w, default 4, GLEU too), and with several systems the
		// system's name first.
		width := o
		if width.width < 0 {
			width.width = 4
		}
		bw := bufio.NewWriter(w)
		for _, r := range results {
			var vals []string
			if len(results) > 1 {
				vals = append(vals, r.Name)
			}
			for _, c := range cols {
				if c.main() {
					vals = append(vals, width.num(c, c.value(r)))
				}
			}
			fmt.Fprintln(bw, strings.Join(vals, " "))
		}
		return bw.Flush()
	case o.format == "json":
		return writeEvalJSON(w, o.signature(ev), results, cis, o.errantCat)
	case o.format == "errant":
		bw := bufio.NewWriter(w)
		for k, r := range results {
			if len(results) > 1 {
				if k > 0 {
					fmt.Fprintln(bw)
				}
				fmt.Fprintf(bw, "# %s\n", r.Name)
			}
			if err := r.ERRANT.WriteTable(bw, o.errantCat); err != nil {
				return err
			}
		}
		return bw.Flush()
	case o.format == "csv":
		cw := csv.NewWriter(w)
		head := []string{"system"}
		if o.errantCat != 0 {
			// --errant-cat: a column for the ERRANT category; a system's
			// row has it empty, its categories' rows follow with only the
			// ERRANT columns.
			head = append(head, "errant_"+catColumn[o.errantCat])
		}
		for _, c := range cols {
			head = append(head, c.metric+"_"+c.name)
			if cis != nil && c.main() {
				head = append(head, c.metric+"_lo", c.metric+"_hi")
			}
		}
		// The signature is the last column of every row, not a comment
		// line after them: csv readers (Python's csv, pandas, encoding/csv)
		// have no comments, and would read "# signature: ..." as one more
		// system.
		sig := o.signature(ev)
		cw.Write(append(head, "signature"))
		for k, r := range results {
			row := []string{r.Name}
			if o.errantCat != 0 {
				row = append(row, "")
			}
			for _, c := range cols {
				row = append(row, o.num(c, c.value(r)))
				if cis != nil && c.main() {
					ci := cis[k][c.metric]
					row = append(row, o.num(c, ci.Lo), o.num(c, ci.Hi))
				}
			}
			cw.Write(append(row, sig))
			for _, t := range errantCategories(r, o.errantCat) {
				row := []string{r.Name, t.Type}
				for _, c := range cols {
					v := ""
					if c.metric == eval.ERRANT {
						v = o.num(c, t.value(c.name))
					}
					row = append(row, v)
					if cis != nil && c.main() {
						row = append(row, "", "")
					}
				}
				cw.Write(append(row, sig))
			}
		}
		cw.Flush()
		return cw.Error()
	case o.format == "latex":
		return o.writeLaTeX(w, ev, results, cols, cis)
	}
	return o.writeTable(w, ev, results, cis)
}

// writeTable prints one row per system, then the signature.
func (o evalOutput) writeTable(w io.Writer, ev *eval.Evaluator, results []*eval.Result, cis []map[string]stat.CI) error {
	cfg := ev.Config()
	fb := "F" + strconv.FormatFloat(cfg.Beta, 'g', -1, 64)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"system"}
	if cfg.Has(eval.M2) {
		head = append(head, "M2 P", "R", fb)
		if cis != nil {
			head = append(head, "95% CI")
		}
	}
	if cfg.Has(eval.ERRANT) {
		head = append(head, "ERRANT TP", "FP", "FN", "P", "R", fb)
		if cis != nil {
			head = append(head, "95% CI")
		}
	}
	if cfg.Has(eval.GLEU) {
		head = append(head, "GLEU", "std", "95% CI")
		if cis != nil {
			head = append(head, "bootstrap 95% CI")
		}
	}
	if cfg.Has(eval.ChrF) {
		head = append(head, "chrF2")
		if cis != nil {
			head = append(head, "95% CI")
		}
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	cols := scoreColumns(cfg)
	for k, r := range results {
		row := []string{r.Name}
		for _, c := range cols {
			row = append(row, o.num(c, c.value(r)))
			if c.metric == eval.GLEU && c.name == "std" {
				g := r.GLEU
				ci := "-"
				if !math.IsNaN(g.CI[0]) {
					if o.width >= 0 {
						ci = fmt.Sprintf("(%s,%s)", o.num(c, g.CI[0]), o.num(c, g.CI[1]))
					} else {
						ci = fmt.Sprintf("(%.3f,%.3f)", g.CI[0], g.CI[1])
					}
				}
				row = append(row, ci)
				if cis != nil {
					b := cis[k][eval.GLEU]
					row = append(row, fmt.Sprintf("[%s, %s]", o.num(c, b.Lo), o.num(c, b.Hi)))
				}
			}
			if cis != nil && (c.name == "f" || c.metric == eval.ChrF) {
				b := cis[k][c.metric]
				row = append(row, fmt.Sprintf("[%s, %s]", o.num(c, b.Lo), o.num(c, b.Hi)))
			}
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nsignature: %s\n", o.signature(ev))
	return err
}

// signature is the evaluator's signature with --confidence's resamples
// and seed, which change the intervals printed: every format prints it.
func (o evalOutput) signature(ev *eval.Evaluator) string {
	sig := ev.Signature()
	if o.confidence > 0 {
		sig += "|ci:bs,n=" + strconv.Itoa(o.confidence) + ",seed=" + strconv.FormatUint(o.seed, 10)
	}
	return sig
}

// writeLaTeX prints a booktabs tabular, main scores only.
func (o evalOutput) writeLaTeX(w io.Writer, ev *eval.Evaluator, results []*eval.Result, cols []scoreColumn, cis []map[string]stat.CI) error {
	bw := bufio.NewWriter(w)
	var mains []scoreColumn
	for _, c := range cols {
		if c.main() {
			mains = append(mains, c)
		}
	}
	fmt.Fprintf(bw, "%% %s\n", o.signature(ev))
	fmt.Fprintf(bw, "\\begin{tabular}{l%s}\n\\toprule\n", strings.Repeat("r", len(mains)))
	head := []string{"System"}
	for _, c := range mains {
		head = append(head, map[string]string{"m2": "M\\textsuperscript{2} $F_{0.5}$", "errant": "ERRANT $F_{0.5}$", "gleu": "GLEU", "chrf": "chrF2"}[c.metric])
	}
	fmt.Fprintf(bw, "%s \\\\\n\\midrule\n", strings.Join(head, " & "))
	for k, r := range results {
		row := []string{latexEscape(r.Name)}
		for _, c := range mains {
			cell := o.num(c, c.value(r))
			if cis != nil {
				ci := cis[k][c.metric]
				cell += " {\\small [" + o.num(c, ci.Lo) + ", " + o.num(c, ci.Hi) + "]}"
			}
			row = append(row, cell)
		}
		fmt.Fprintf(bw, "%s \\\\\n", strings.Join(row, " & "))
	}
	fmt.Fprintf(bw, "\\bottomrule\n\\end{tabular}\n")
	return bw.Flush()
}

func latexEscape(s string) string {
	return strings.NewReplacer(`\`, `\textbackslash{}`, "_", `\_`, "&", `\&`, "%", `\%`, "#", `\#`, "$", `\$`, "{", `\{`, "}", `\}`).Replace(s)
}

// catColumn names the ERRANT category column of --errant-cat's levels.
var catColumn = [4]string{"", "operation", "main_type", "type"}

// errantScores are ERRANT's counts and scores, of a corpus or of one
// category of compare_m2.py's per-category table.
type errantScores struct {
	TP int     `json:"tp"`
	FP int     `json:"fp"`
	FN int     `json:"fn"`
	P  float64 `json:"p"`
	R  float64 `json:"r"`
	F  float64 `json:"f"`
}

func newErrantScores(c errant.Counts, p, r, f float64) errantScores {
	return errantScores{TP: c.TP, FP: c.FP, FN: c.FN, P: p, R: r, F: f}
}

// An errantCategory is one row of compare_m2.py's per-category table.
type errantCategory struct {
	Type string `json:"type"`
	errantScores
}

// value returns the column name's number (tp, fp, fn, p, r, f).
func (t errantScores) value(name string) float64 {
	switch name {
	case "tp":
		return float64(t.TP)
	case "fp":
		return float64(t.FP)
	case "fn":
		return float64(t.FN)
	case "p":
		return t.P
	case "r":
		return t.R
	}
	return t.F
}

// errantCategories returns r's ERRANT counts and scores by category at
// level cat (compare_m2.py's -cat), sorted by name as its table is; nil
// for cat 0 or without ERRANT.
func errantCategories(r *eval.Result, cat int) []errantCategory {
	if cat == 0 || r.ERRANT == nil {
		return nil
	}
	cats := r.ERRANT.Categories(cat)
	names := make([]string, 0, len(cats))
	for k := range cats {
		names = append(names, k)
	}
	slices.Sort(names)
	beta := r.ERRANT.Options.Beta
	if beta == 0 {
		beta = 0.5
	}
	out := make([]errantCategory, len(names))
	for i, k := range names {
		c := cats[k]
		p, rec, f := errant.Score(c, beta)
		out[i] = errantCategory{k, newErrantScores(c, p, rec, f)}
	}
	return out
}
