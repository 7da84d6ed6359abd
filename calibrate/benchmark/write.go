package benchmark

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// A Table is one block of a leaderboard as rows of printed cells.
type Table struct {
	Title  string
	Header []string
	Rows   [][]string
}

// humanLabel names a human score for a title.
func humanLabel(h string) string {
	if h == ExpectedWins {
		return "Expected Wins"
	}
	return "TrueSkill"
}

// Tables returns the leaderboard as tables, one per ranking and level: the
// system level against Options.Human, the sentence level as
// corr_sentence.py counts it, and in gecmetric's convention; then the
// windows.
func (lb *Leaderboard) Tables() []Table {
	var out []Table
	human := lb.Options.Human
	pub := "computed from the rankings"
	if len(lb.Rankings) > 0 && lb.Rankings[0].Published {
		pub = "published"
	}
	for ri, r := range lb.Rankings {
		t := Table{Title: fmt.Sprintf("%s system level: Pearson r and Spearman rho with %s (%s)", r.Label, humanLabel(human), pub),
			Header: []string{"metric", "aggregate"}}
		for _, s := range lb.Sets {
			t.Header = append(t.Header, s.Label+" r", s.Label+" rho")
		}
		for _, row := range lb.System {
			cells := []string{row.Metric, row.Aggregate}
			for _, c := range row.Cells[ri] {
				cells = append(cells, fmt3(c.Pearson[human]), fmt3(c.Spearman[human]))
			}
			t.Rows = append(t.Rows, cells)
		}
		out = append(out, t)
	}
	for ri, r := range lb.Rankings {
		t := Table{Title: r.Label + " sentence level as SEEDA's corr_sentence.py counts (a metric tie prefers the second system of the pair): accuracy and Kendall",
			Header: []string{"metric"}}
		for _, s := range lb.Sets {
			t.Header = append(t.Header, s.Label+" acc", s.Label+" tau")
		}
		for _, row := range lb.Sentence {
			cells := []string{row.Metric}
			for _, c := range row.Cells[ri] {
				a, k := c.Authors()
				cells = append(cells, fmt3(a), fmt3(k))
			}
			t.Rows = append(t.Rows, cells)
		}
		out = append(out, t)
	}
	for ri, r := range lb.Rankings {
		t := Table{Title: r.Label + " sentence level, gecmetric's convention (a metric tie is a disagreement; no ties: left out)",
			Header: []string{"metric"}}
		for _, s := range lb.Sets {
			t.Header = append(t.Header, s.Label+" pairs", s.Label+" ties", s.Label+" acc", s.Label+" tau", s.Label+" acc no ties")
		}
		for _, row := range lb.Sentence {
			cells := []string{row.Metric}
			for _, c := range row.Cells[ri] {
				a, k := c.TiesAsDisagreement()
				an, _ := c.NoTies()
				cells = append(cells, strconv.Itoa(c.Pairs), strconv.Itoa(c.TiesFirst+c.TiesSecond), fmt3(a), fmt3(k), fmt3(an))
			}
			t.Rows = append(t.Rows, cells)
		}
		out = append(out, t)
	}
	if len(lb.Windows) > 0 {
		w0 := lb.Windows[0]
		t := Table{Title: fmt.Sprintf("window analysis (window_analysis_system.py): %d systems adjacent in the %s ranking of set %s, r / rho from rank",
			w0.Size, humanLabel(w0.Human), w0.Set), Header: []string{"metric", "aggregate", "ranking"}}
		for _, w := range w0.Windows {
			t.Header = append(t.Header, strconv.Itoa(w.From))
		}
		for _, wr := range lb.Windows {
			cells := []string{wr.Metric, wr.Aggregate, wr.Ranking}
			for _, w := range wr.Windows {
				cells = append(cells, fmt3(w.Pearson)+" / "+fmt3(w.Spearman))
			}
			t.Rows = append(t.Rows, cells)
		}
		out = append(out, t)
	}
	return out
}

// WriteText writes the leaderboard as aligned text tables, the signature
// first.
func (lb *Leaderboard) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "# %s\n", lb.Signature)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, t := range lb.Tables() {
		fmt.Fprintf(w, "\n# %s\n", t.Title)
		fmt.Fprintln(tw, strings.Join(t.Header, "\t"))
		for _, r := range t.Rows {
			fmt.Fprintln(tw, strings.Join(r, "\t"))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// WriteMarkdown writes the leaderboard as Markdown tables.
func (lb *Leaderboard) WriteMarkdown(w io.Writer) error {
	fmt.Fprintf(w, "Signature: `%s`\n", lb.Signature)
	for _, t := range lb.Tables() {
		fmt.Fprintf(w, "\n**%s**\n\n| %s |\n|%s\n", t.Title, strings.Join(t.Header, " | "), strings.Repeat(" --- |", len(t.Header)))
		for _, r := range t.Rows {
			fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
		}
	}
	return nil
}

// CSVHeader is the header of WriteCSV's long format.
var CSVHeader = []string{"benchmark", "ranking", "set", "level", "metric", "aggregate", "convention", "statistic", "value"}

// WriteCSV writes every figure of the leaderboard, one a row (CSVHeader):
// system level with both human scores (convention = trueskill or
// expected_wins), sentence level as the authors count (convention
// authors) and in gecmetric's conventions (ties_as_disagreement,
// no_ties), with the counts; values unrounded.
func (lb *Leaderboard) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, row := range lb.System {
		for ri, cells := range row.Cells {
			for si, c := range cells {
				for _, h := range []string{TrueSkill, ExpectedWins} {
					base := []string{lb.Benchmark, lb.Rankings[ri].Name, lb.Sets[si].Name, "system", row.Metric, row.Aggregate, h}
					cw.Write(append(base, "pearson", f(c.Pearson[h])))
					cw.Write(append(base, "spearman", f(c.Spearman[h])))
				}
			}
		}
	}
	for _, row := range lb.Sentence {
		for ri, cells := range row.Cells {
			for si, c := range cells {
				base := func(conv string) []string {
					return []string{lb.Benchmark, lb.Rankings[ri].Name, lb.Sets[si].Name, "sentence", row.Metric, "", conv}
				}
				a, k := c.Authors()
				cw.Write(append(base("authors"), "accuracy", f(a)))
				cw.Write(append(base("authors"), "kendall", f(k)))
				a, k = c.TiesAsDisagreement()
				cw.Write(append(base("ties_as_disagreement"), "accuracy", f(a)))
				cw.Write(append(base("ties_as_disagreement"), "kendall", f(k)))
				a, k = c.NoTies()
				cw.Write(append(base("no_ties"), "accuracy", f(a)))
				cw.Write(append(base("no_ties"), "kendall", f(k)))
				for _, n := range []struct {
					name string
					v    int
				}{{"pairs", c.Pairs}, {"agree", c.Agree}, {"disagree", c.Disagree}, {"ties_first", c.TiesFirst}, {"ties_second", c.TiesSecond}, {"human_ties", c.HumanTies}} {
					cw.Write(append(base(""), n.name, strconv.Itoa(n.v)))
				}
			}
		}
	}
	for _, wr := range lb.Windows {
		for _, win := range wr.Windows {
			base := []string{lb.Benchmark, wr.Ranking, wr.Set, fmt.Sprintf("window%d:from%d", wr.Size, win.From), wr.Metric, wr.Aggregate, wr.Human}
			cw.Write(append(base, "pearson", f(win.Pearson)))
			cw.Write(append(base, "spearman", f(win.Spearman)))
		}
	}
	cw.Flush()
	return cw.Error()
}
