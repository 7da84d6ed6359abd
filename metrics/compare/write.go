package compare

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/gecmetric/gecmetric/metrics/significance"
)

// WriteText writes the report as aligned tables for people: per candidate
// the metric table, the error types whose counts changed, and the worst
// sentences; then the rankings.
func (r *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	if r.Signature != "" {
		fmt.Fprintf(bw, "%s\n", r.Signature)
	}
	fmt.Fprintf(bw, "baseline %s, %d sentences; paired bootstrap and approximate randomisation, %d resamples, seed %d, alpha %g\n",
		r.Baseline, r.Sentences, r.Resamples, r.Seed, r.Alpha)
	for _, c := range r.Candidates {
		fmt.Fprintf(bw, "\n%s against %s\n", c.Name, r.Baseline)
		tw := newTable(bw)
		fmt.Fprintf(tw, "metric\tbaseline\tcandidate\tdelta\t95%% CI\tp\t\n")
		for _, res := range c.Results {
			verdict := ""
			for _, g := range c.Regressions {
				if g.Metric == res.Metric {
					verdict = "REGRESSION"
				}
			}
			fmt.Fprintf(tw, "%s\t%.4f\t%.4f\t%+.4f\t[%+.4f, %+.4f]\t%.4f\t%s\n",
				res.Metric, res.Baseline, res.Candidate, res.Delta, res.Low, res.High, res.P, verdict)
		}
		tw.Flush()
		for _, res := range c.Results {
			if ar := res.Randomization; !ar.Exact && ar.Count == 0 {
				fmt.Fprintf(bw, "(p = 1/%d is the smallest p %d trials can give: no trial reached the observed difference)\n",
					ar.Trials+1, ar.Trials)
				break
			}
		}
		for _, res := range c.Results {
			if res.Statistic != "" {
				fmt.Fprintf(bw, "(%s: baseline, candidate and delta are the official scores, as `gecmetric eval` prints them; the 95%% CI, p and the sentences' impacts are of %s, whose delta is %+.4f)\n",
					res.Metric, res.Statistic, res.StatisticDelta)
			}
		}
		for _, res := range c.Results {
			if why := disagreement(&res, r.Alpha); why != "" {
				fmt.Fprintf(bw, "(%s)\n", why)
			}
		}
		changed := ShownTypes(c, r.Alpha, r.AllTypes)
		if hidden := len(changedTypes(c.Types)) - len(changed); hidden > 0 {
			fmt.Fprintf(bw, "\n(%d more error types changed, not significantly; --all-types lists them)\n", hidden)
		}
		if len(changed) > 0 {
			what := "whose F changed significantly"
			if r.AllTypes {
				what = "whose counts changed"
			}
			fmt.Fprintf(bw, "\nERRANT error types %s (* significantly worse):\n", what)
			tw := newTable(bw)
			fmt.Fprintf(tw, "type\tbaseline TP/FP/FN\tF\tcandidate TP/FP/FN\tF\tdelta F\tp\t\n")
			for _, t := range changed {
				mark := ""
				if t.Worse {
					mark = "*"
				}
				fmt.Fprintf(tw, "%s%s\t%d/%d/%d\t%.4f\t%d/%d/%d\t%.4f\t%+.4f\t%.4f\t\n", mark, t.Type,
					t.Baseline.TP, t.Baseline.FP, t.Baseline.FN, t.Baseline.F,
					t.Candidate.TP, t.Candidate.FP, t.Candidate.FN, t.Candidate.F, t.Delta, t.P)
			}
			tw.Flush()
		}
		if len(c.Worst) > 0 {
			fmt.Fprintf(bw, "\nsentences that got worse, worst first (impact on the candidate's corpus score):\n")
		}
		for _, s := range c.Worst {
			var imp []string
			for m, v := range s.Impact {
				imp = append(imp, fmt.Sprintf("%s %+.5f", r.Metrics[m], v))
			}
			fmt.Fprintf(bw, "\nline %d: %s\n", s.Line, strings.Join(imp, ", "))
			if s.Diff == "" {
				fmt.Fprintf(bw, "(same output; the statistics differ through the reference chosen)\n")
			}
			bw.WriteString(s.Diff)
			if s.Words != "" && s.Diff != "" {
				fmt.Fprintf(bw, "words: %s\n", s.Words)
			}
			for _, e := range s.BaselineOnly {
				fmt.Fprintf(bw, "only %s: %s\n", r.Baseline, e)
			}
			for _, e := range s.CandidateOnly {
				fmt.Fprintf(bw, "only %s: %s\n", c.Name, e)
			}
		}
	}
	for _, rk := range r.Rankings {
		fmt.Fprintf(bw, "\nranking by %s (systems in one group are not significantly different at alpha %g)\n", rk.Metric, r.Alpha)
		tw := newTable(bw)
		fmt.Fprintf(tw, "rank\tgroup\tsystem\tscore\t\n")
		for _, s := range rk.Systems {
			name := s.Name
			if name == r.Baseline {
				name += " (baseline)"
			}
			fmt.Fprintf(tw, "%d\t%d\t%s\t%.4f\t\n", s.Rank, s.Group, name, s.Score)
		}
		tw.Flush()
	}
	fmt.Fprintf(bw, "\n%s\n", r.verdict())
	return bw.Flush()
}

// disagreement explains, for a result whose bootstrap interval and
// randomisation p-value disagree at level alpha, why they can and which
// one the gate follows; "" when they agree.
func disagreement(res *significance.Result, alpha float64) string {
	if !res.Disagree(alpha) {
		return ""
	}
	ci := fmt.Sprintf("[%+.4f, %+.4f]", res.Low, res.High)
	var s string
	if res.Significant(alpha) {
		s = fmt.Sprintf("%s: p = %.4f is below alpha %g but the 95%% interval %s includes 0", res.Metric, res.P, alpha, ci)
	} else {
		s = fmt.Sprintf("%s: the 95%% interval %s excludes 0 but p = %.4f is not below alpha %g", res.Metric, ci, res.P, alpha)
	}
	s += ": the difference is at the edge of significance, where the two tests can differ (the bootstrap redraws sentences, approximate randomisation swaps the two outputs of a sentence); the verdict and the gate follow p"
	if alpha != 0.05 {
		s += fmt.Sprintf(", and the interval is 95%% whatever the alpha (%g)", alpha)
	}
	return s
}

// verdict returns the report's one-line verdict: "PASS: ..." when no
// candidate regressed, naming the candidates and metrics tested, else
// "REGRESSION: ..." naming each regressed candidate's metrics with their
// difference and p-value.
func (r *Report) verdict() string {
	tolerated := ""
	if len(r.MaxDrop) > 0 {
		tolerated = " beyond the tolerated drops"
	}
	if !r.Failed() {
		var names []string
		for _, c := range r.Candidates {
			names = append(names, c.Name)
		}
		return fmt.Sprintf("PASS: %s not significantly worse than %s%s on %s (alpha %g)",
			strings.Join(names, ", "), r.Baseline, tolerated, strings.Join(r.Metrics, ", "), r.Alpha)
	}
	var parts []string
	for _, c := range r.Candidates {
		if len(c.Regressions) == 0 {
			continue
		}
		var ms []string
		for _, g := range c.Regressions {
			ms = append(ms, fmt.Sprintf("%s %+.4f (p = %.4f)", g.Metric, g.Delta, g.P))
		}
		parts = append(parts, fmt.Sprintf("%s worse than %s%s on %s", c.Name, r.Baseline, tolerated, strings.Join(ms, ", ")))
	}
	return fmt.Sprintf("REGRESSION: %s (alpha %g)", strings.Join(parts, "; "), r.Alpha)
}

// A table aligns tab-separated cells like text/tabwriter and drops the
// padding at the end of each line.
type table struct {
	out *bufio.Writer
	buf bytes.Buffer
	tw  *tabwriter.Writer
}

func newTable(out *bufio.Writer) *table {
	t := &table{out: out}
	t.tw = tabwriter.NewWriter(&t.buf, 0, 0, 2, ' ', 0)
	return t
}

func (t *table) Write(p []byte) (int, error) { return t.tw.Write(p) }

// Flush writes the aligned table.
func (t *table) Flush() {
	t.tw.Flush()
	for _, line := range strings.SplitAfter(t.buf.String(), "\n") {
		if line == "" {
			continue
		}
		t.out.WriteString(strings.TrimRight(line, " \n") + "\n")
	}
	t.buf.Reset()
}

// changedTypes returns the types whose F or counts changed, largest drop
// of F first.
func changedTypes(ts []TypeDelta) []TypeDelta {
	var out []TypeDelta
	for _, t := range ts {
		if t.Baseline != t.Candidate {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b TypeDelta) int { return cmp.Compare(a.Delta, b.Delta) })
	return out
}

// The JUnit XML schema as CI servers (Jenkins, GitLab, GitHub actions)
// read it.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Properties []junitProperty `xml:"properties>property,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes the report as JUnit XML: one test suite per candidate,
// one test case per metric, failed when the metric regressed.
func (r *Report) WriteJUnit(w io.Writer) error {
	all := junitSuites{Name: "gecmetric compare"}
	for _, c := range r.Candidates {
		s := junitSuite{
			Name: c.Name + " vs " + r.Baseline,
			Properties: []junitProperty{
				{"baseline", r.Baseline}, {"candidate", c.Name},
				{"sentences", fmt.Sprint(r.Sentences)}, {"resamples", fmt.Sprint(r.Resamples)},
				{"seed", fmt.Sprint(r.Seed)}, {"alpha", fmt.Sprint(r.Alpha)},
			},
		}
		for _, res := range c.Results {
			tc := junitCase{
				Name: res.Metric,
				// Dashboards split class names at dots: keep the candidate one part.
				Classname: "gecmetric.compare." + strings.ReplaceAll(c.Name, ".", "_"),
				SystemOut: fmt.Sprintf("%s: baseline %.4f, candidate %.4f, delta %+.4f, 95%% CI [%+.4f, %+.4f], p = %.4f",
					res.Metric, res.Baseline, res.Candidate, res.Delta, res.Low, res.High, res.P),
			}
			for _, g := range c.Regressions {
				if g.Metric == res.Metric {
					tc.Failure = &junitFailure{Message: g.String(), Type: "regression", Text: failureText(r, c)}
					s.Failures++
				}
			}
			s.Cases = append(s.Cases, tc)
			s.Tests++
		}
		all.Suites = append(all.Suites, s)
		all.Tests += s.Tests
		all.Failures += s.Failures
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// failureText lists the worse error types and sentences of a candidate,
// for the body of a JUnit failure.
func failureText(r *Report, c *Candidate) string {
	var b strings.Builder
	for _, t := range c.Types {
		if t.Worse {
			fmt.Fprintf(&b, "error type %s: F %.4f → %.4f (p = %.4f)\n", t.Type, t.Baseline.F, t.Candidate.F, t.P)
		}
	}
	for _, s := range c.Worst {
		fmt.Fprintf(&b, "line %d:\n%s", s.Line, s.Diff)
	}
	return b.String()
}
