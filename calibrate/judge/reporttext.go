package judge

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// Shown returns the quantities of Quantities that at least one system has
// a mean of, in order.
func (r *Report) Shown() []string {
	var out []string
	for _, q := range Quantities {
		if slices.ContainsFunc(r.Systems, func(s SystemSummary) bool { _, ok := s.Scores[q.Name]; return ok }) {
			out = append(out, q.Name)
		}
	}
	return out
}

// Scale returns the scale of quantity q, false if the report has none.
func (r *Report) Scale(q string) (Scale, bool) {
	k := slices.IndexFunc(r.Scales, func(s Scale) bool { return s.Quantity == q })
	if k < 0 {
		return Scale{}, false
	}
	return r.Scales[k], true
}

// Input returns the unchanged input's summary, nil if there is none.
func (r *Report) Input() *SystemSummary {
	for k := range r.Systems {
		if r.Systems[k].Input {
			return &r.Systems[k]
		}
	}
	return nil
}

// Labels returns the labels of quantity q's shares: its scale's, lowest
// value first, then any other label a system has, in the order the
// systems list them; nil if there are none.
func (r *Report) Labels(q string) []string {
	sc, _ := r.Scale(q)
	labels := slices.Clone(sc.Labels)
	for _, s := range r.Systems {
		for _, l := range s.Labels[q] {
			if !slices.Contains(labels, l.Label) {
				labels = append(labels, l.Label)
			}
		}
	}
	return labels
}

// NoSource reports whether every sentence was judged without its source.
func (r *Report) NoSource() bool {
	return len(r.Evidence) > 0 && !slices.ContainsFunc(r.Evidence, func(e EvidenceCount) bool { return e.Form != evidence.FormAlone.String() })
}

// DescribeEvidence reads the evidence the judgements used, e.g. "the
// source and references (2 per sentence), all 1312 sentences".
func (r *Report) DescribeEvidence() string {
	if len(r.Evidence) == 1 {
		return fmt.Sprintf("%s, all %d sentences", r.Evidence[0].Describe(), r.Sentences)
	}
	var parts []string
	for _, e := range r.Evidence {
		unit := "sentences"
		if e.Sentences == 1 {
			unit = "sentence"
		}
		parts = append(parts, fmt.Sprintf("%s: %d %s", e.Describe(), e.Sentences, unit))
	}
	return strings.Join(parts, "; ")
}

// WriteText writes the report as `gecmetric judge` prints it: how to read
// each scale and the evidence used; per system the mean of every quantity
// with its interval; every system's difference from the unchanged input
// with its interval; the share of each label per quantity; the signature.
func (r *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
	row := func(cells ...string) { fmt.Fprintln(tw, strings.Join(cells, "\t")) }
	flush := func() { tw.Flush() }

	fmt.Fprintf(bw, "evidence: %s\n", r.DescribeEvidence())
	if _, ok := r.Scale(Overall); !ok && r.NoSource() {
		fmt.Fprintln(bw, NoSourceReading)
	}
	for _, q := range []string{Overall, Meaning} {
		if s, ok := r.Scale(q); ok && s.Reading != "" {
			fmt.Fprintln(bw, s.Reading)
		}
	}
	fmt.Fprintln(bw, "scales (and the models that judge them):")
	for _, s := range r.Scales {
		row("  "+s.Quantity, s.Range(), s.Ends(), s.Direction(), s.Note, strings.Join(s.Models, ", "))
	}
	flush()
	fmt.Fprintln(bw)

	shown := r.Shown()
	row(append([]string{"system", "sentences"}, shown...)...)
	for _, s := range r.Systems {
		cells := []string{s.Name, fmt.Sprint(s.Sentences)}
		for _, q := range shown {
			cells = append(cells, meanCell(s.Scores, q, "%.3f"))
		}
		row(cells...)
	}
	flush()

	fmt.Fprintln(bw, "\nspread: the standard deviation over outputs")
	row(append([]string{"system"}, shown...)...)
	for _, s := range r.Systems {
		cells := []string{s.Name}
		for _, q := range shown {
			m, ok := s.Scores[q]
			if !ok {
				cells = append(cells, "-")
				continue
			}
			cells = append(cells, fmt.Sprintf("%.3f", m.SD))
		}
		row(cells...)
	}
	flush()

	if in := r.Input(); in != nil {
		fmt.Fprintf(bw, "\ndifference from the unchanged input (the %s row): system − input, paired by sentence\n", InputName)
		row(append([]string{"system"}, shown...)...)
		for _, s := range r.Systems {
			if s.Input {
				continue
			}
			cells := []string{s.Name}
			for _, q := range shown {
				cells = append(cells, meanCell(s.VsInput, q, "%+.3f"))
			}
			row(cells...)
		}
		flush()
	}

	fmt.Fprintln(bw, "\nlabel shares, % of outputs whose most likely label it is (overall: whose score is in the bin)")
	for _, q := range shown {
		labels := r.Labels(q)
		if len(labels) == 0 {
			continue
		}
		row(append([]string{q}, labels...)...)
		for _, s := range r.Systems {
			cells := []string{"  " + s.Name}
			for _, l := range labels {
				k := slices.IndexFunc(s.Labels[q], func(x LabelShare) bool { return x.Label == l })
				if k < 0 {
					cells = append(cells, "-")
					continue
				}
				cells = append(cells, fmt.Sprintf("%.1f", 100*s.Labels[q][k].Share))
			}
			row(cells...)
		}
	}
	if slices.ContainsFunc(r.Systems, func(s SystemSummary) bool { return s.OverallBins != nil }) {
		head := []string{Overall}
		for b := range OverallBins {
			head = append(head, BinLabel(b))
		}
		row(head...)
		for _, s := range r.Systems {
			cells := []string{"  " + s.Name}
			for b := range OverallBins {
				if s.OverallBins == nil {
					cells = append(cells, "-")
					continue
				}
				cells = append(cells, fmt.Sprintf("%.1f", 100*s.OverallBins[b].Share))
			}
			row(cells...)
		}
	}
	flush()

	fmt.Fprintf(bw, "\nsignature: %s\n", r.Signature)
	fmt.Fprintf(bw, "means over sentences with 95%% Poisson-bootstrap intervals (%d resamples, systems paired by sentence); --json adds\n"+
		"label-share intervals and the sentences that pull each system down, --html a report, --jsonl every sentence\n", r.Resamples)
	return bw.Flush()
}

// BinLabel names overall bin b, e.g. "0.3-0.4".
func BinLabel(b int) string {
	return scaleNum(float64(b)/OverallBins) + "-" + scaleNum(float64(b+1)/OverallBins)
}

// meanCell formats a mean with its interval, "-" where there is none.
func meanCell(m map[string]Mean, q, format string) string {
	v, ok := m[q]
	if !ok {
		return "-"
	}
	return v.Text(format)
}

// Text formats the mean and its interval with format (a fmt verb for one
// float64, e.g. "%.3f" or "%+.3f"), e.g. "0.512 [0.498, 0.526]". A value
// that rounds to zero is printed without a minus ("+0.000" with a "+"
// format).
func (m Mean) Text(format string) string {
	f := func(x float64) string {
		s := fmt.Sprintf(format, x)
		if strings.HasPrefix(s, "-") && strings.Trim(s, "-0.") == "" {
			sign := ""
			if strings.Contains(format, "+") {
				sign = "+"
			}
			s = sign + s[1:]
		}
		return s
	}
	return f(m.Mean) + " [" + f(m.CI[0]) + ", " + f(m.CI[1]) + "]"
}
