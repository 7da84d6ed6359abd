package benchmark

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/gecmetric/gecmetric/calibrate/metaeval/toolbox"
)

// A Published is a metric table as a benchmark's authors published it:
// Values[system][column].
type Published struct {
	Source  string
	Columns []string
	Values  map[string]map[string]float64
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// ReadSEEDATable reads the metric table of SEEDA's README.md ("Evaluation
// scores for each system": M2, SentM2, PT-M2, ERRANT, SentERRANT,
// PT-ERRANT, GoToScorer, GLEU, Scribendi Score, SOME, IMPARA of the 15
// systems on the whole CoNLL-2014 test set). Column names lose their HTML
// (M<sup>2</sup> is M2).
func ReadSEEDATable(root string) (*Published, error) {
	path := filepath.Join(root, "seeda", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p := &Published{Source: path, Values: map[string]map[string]float64{}}
	for n, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(tagRE.ReplaceAllString(cells[i], ""))
		}
		switch {
		case p.Columns == nil:
			p.Columns = cells[1:]
		case strings.HasPrefix(cells[0], ":"):
		default:
			if len(cells) != len(p.Columns)+1 {
				return nil, fmt.Errorf("%s:%d: %d cells, the header has %d", path, n+1, len(cells), len(p.Columns)+1)
			}
			row := map[string]float64{}
			for i, c := range cells[1:] {
				v, err := strconv.ParseFloat(c, 64)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %q is not a number", path, n+1, c)
				}
				row[p.Columns[i]] = v
			}
			p.Values[cells[0]] = row
		}
	}
	if len(p.Values) == 0 {
		return nil, fmt.Errorf("%s: no metric table", path)
	}
	return p, nil
}

// WholeColumns are the columns of SEEDA's table gecmetric computes, with
// the toolbox metric of each.
var WholeColumns = []struct{ Column, Metric string }{
	{"M2", toolbox.M2}, {"SentM2", toolbox.SentM2}, {"ERRANT", toolbox.ERRANT}, {"SentERRANT", toolbox.SentERRANT}, {"GLEU", toolbox.GLEU},
}

// A WholeTable is gecmetric's scores of a benchmark's systems on the whole
// test set beside the published ones, both × 100.
type WholeTable struct {
	Systems   []string
	Columns   []string
	Ours      [][]float64 // [system][column]
	Published [][]float64 // NaN where the table has none
	Source    string
}

// WholeScores scores the systems' outputs of the whole test set with the
// columns' metrics (corpus scores; SentM2 and SentERRANT the mean of the
// sentence scores) and pairs them with the published table.
func (b *Benchmark) WholeScores(pub *Published, opt toolbox.Options) (*WholeTable, error) {
	if b.Whole == nil {
		return nil, fmt.Errorf("benchmark %s: its rankings judge the whole test set; no subset table", b.Name)
	}
	var names []string
	t := &WholeTable{Systems: b.Systems, Source: pub.Source}
	for _, c := range WholeColumns {
		names = append(names, c.Metric)
		t.Columns = append(t.Columns, c.Column)
	}
	scores, err := toolbox.Score(b.Whole, b.WholeOutputs, names, opt)
	if err != nil {
		return nil, err
	}
	for _, sys := range b.Systems {
		ours, want := make([]float64, len(names)), make([]float64, len(names))
		row, ok := pub.Values[sys]
		for k, c := range WholeColumns {
			ours[k] = 100 * scores[k].System[sys]
			want[k] = math.NaN()
			if v, has := row[c.Column]; ok && has {
				want[k] = v
			}
		}
		t.Ours, t.Published = append(t.Ours, ours), append(t.Published, want)
	}
	return t, nil
}

// WriteText writes the table: per column gecmetric's score to 2 decimals,
// the published one, and their difference when it is not zero at the
// published rounding.
func (t *WholeTable) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "# whole test set (1,312 sentences), x 100: gecmetric / published (%s) / difference\n", filepath.Base(filepath.Dir(t.Source))+"/"+filepath.Base(t.Source))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "system\t"+strings.Join(t.Columns, "\t"))
	for i, sys := range t.Systems {
		cells := []string{sys}
		for k := range t.Columns {
			cells = append(cells, wholeCell(t.Ours[i][k], t.Published[i][k]))
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}

// wholeCell prints ours / published (difference): the difference when
// ours, rounded as the published value is (2 decimals), differs.
func wholeCell(ours, pub float64) string {
	if math.IsNaN(pub) {
		return fmt.Sprintf("%.2f / -", ours)
	}
	d := math.Round(ours*100)/100 - pub
	if math.Abs(d) < 0.005 {
		return fmt.Sprintf("%.2f / %.2f", ours, pub)
	}
	return fmt.Sprintf("%.2f / %.2f (%+.2f)", ours, pub, d)
}
