package gleu

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/gecmetric/gecmetric/internal/pairwise"
)

// Summarize returns the mean, the population standard deviation and the
// 95% normal interval of xs, computed as compute_gleu computes them with
// numpy.mean, numpy.std and scipy.stats.norm.interval(0.95, mean, std):
// sums in numpy's pairwise order, the interval's quantiles at
// (1-0.95)/2 and (1+0.95)/2, and NaN bounds when the deviation is 0.
func Summarize(xs []float64) Summary {
	n := float64(len(xs))
	mean := pairwise.Sum(xs) / n
	dev := make([]float64, len(xs))
	for i, x := range xs {
		d := x - mean
		dev[i] = float64(d * d)
	}
	std := math.Sqrt(pairwise.Sum(dev) / n)
	s := Summary{Mean: mean, Std: std, CI: [2]float64{math.NaN(), math.NaN()}}
	if std > 0 {
		// In float64 arithmetic, as scipy computes the quantiles: (1-0.95)/2
		// is 0.025000000000000022, not 0.025.
		confidence := 0.95
		// float64() keeps the compiler from fusing the multiply-add.
		s.CI[0] = float64(normalQuantile((1-confidence)/2)*std) + mean
		s.CI[1] = float64(normalQuantile((1+confidence)/2)*std) + mean
	}
	return s
}

// normalQuantile is the standard normal quantile function (scipy's ndtri).
func normalQuantile(p float64) float64 {
	return -math.Sqrt2 * math.Erfcinv(2*p)
}

// WriteScore prints compute_gleu's line for a hypothesis file: its name and
// the mean GLEU.
func WriteScore(w io.Writer, name string, r *Result) error {
	_, err := fmt.Fprintf(w, "%s %s\n", name, pyFormat(r.Mean, 6))
	return err
}

// WriteSentences prints compute_gleu -d's output: the smoothed GLEU of each
// sentence against each reference summarised per sentence, then the corpus
// summary.
func WriteSentences(w io.Writer, r *Result) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("\n===== Sentence-level scores =====\nSID Mean Stdev 95%CI GLEU\n")
	for i := range r.Sentences {
		fmt.Fprintf(bw, "%d %s\n", i, formatSummary(r.Sentences[i].Score()))
	}
	bw.WriteString("\n==== Overall score =====\nMean Stdev 95%CI GLEU\n")
	bw.WriteString(formatSummary(r.Summary) + "\n")
	return bw.Flush()
}

// formatSummary is compute_gleu's "%f %f (%.3f,%.3f)".
func formatSummary(s Summary) string {
	return pyFormat(s.Mean, 6) + " " + pyFormat(s.Std, 6) + " (" + pyFormat(s.CI[0], 3) + "," + pyFormat(s.CI[1], 3) + ")"
}

// pyFormat is Python's '%.Nf' % x (correctly rounded, "nan" and "inf"
// spelled as Python spells them).
func pyFormat(x float64, prec int) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}
