package compare

import (
	"container/heap"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/significance"
)

// A System is one system's output on the test set and its statistics.
type System struct {
	Name string // shown in reports, e.g. the file's base name
	// Lines holds the output, one sentence per line, for diffs. A System
	// that ScoreAll or Record filled keeps its lines (and edits) in a
	// temporary file instead, until Close.
	Lines []string
	// Corpora holds one Corpus per metric, in the same metric order for
	// every system compared.
	Corpora []*metrics.Corpus
	// Types, when not nil, holds for each sentence the {TP, FP, FN}
	// counts by ERRANT error type; TypeScore turns a sum of them into F.
	Types     *errant.TypeRows
	TypeScore func(metrics.Stats) float64
	// Edits, when not nil, holds the hypothesis edits of each sentence.
	Edits [][]edits.Edit
	// Reported, when it has a metric, holds the corpus score that metric
	// reports where the Score of its summed rows is only close to it:
	// GLEU's official score is the mean over sampled reference sets
	// (`gecmetric eval`'s number), while its rows hold expected counts,
	// whose sum scores the average sampled corpus. Run reports these
	// scores and their difference, and names the statistic its interval,
	// p-value and sentence impacts resample (Tested).
	Reported map[string]float64

	spill     *spill
	withEdits bool // the spilled records hold edits
}

// Record appends a sentence's output line and its edits (compared in the
// worst sentences' lists when ScoreAll keeps them) to a temporary file the
// System keeps until Close: the way to fill a System for a corpus of any
// length.
func (s *System) Record(line string, es []edits.Edit) error {
	if s.spill == nil {
		if len(s.Lines) > 0 {
			return fmt.Errorf("compare: %s: Record after Lines", s.Name)
		}
		sp, err := newSpill()
		if err != nil {
			return err
		}
		s.spill = sp
	}
	return s.spill.add(line, es)
}

// Close removes the temporary file of a System filled by Record or
// ScoreAll; it does nothing for one whose Lines are in memory.
func (s *System) Close() error {
	if s.spill == nil {
		return nil
	}
	err := s.spill.close()
	s.spill = nil
	return err
}

// TempFile returns the name of the temporary file that holds the lines of
// a System filled by Record or ScoreAll, "" for one whose Lines are in
// memory.
func (s *System) TempFile() string {
	if s.spill == nil {
		return ""
	}
	return s.spill.f.Name()
}

// sentences returns the number of sentences of s.
func (s *System) sentences() int {
	if s.spill != nil {
		return s.spill.len()
	}
	return len(s.Lines)
}

// hasEdits reports whether s has the edits of its sentences.
func (s *System) hasEdits() bool {
	if s.spill != nil {
		return s.withEdits
	}
	return s.Edits != nil
}

// sentence returns sentence i's line and edits.
func (s *System) sentence(i int) (string, []edits.Edit, error) {
	if s.spill != nil {
		return s.spill.read(i)
	}
	var es []edits.Edit
	if s.Edits != nil {
		es = s.Edits[i]
	}
	return s.Lines[i], es, nil
}

// Options configure Run. The zero value tests at α = 0.05 with 1,000
// resamples, seed 0, fails on any significant drop and lists no sentences.
type Options struct {
	significance.Options // resamples, seed, and Alpha for the type flags and groups
	// Gate decides which metric drops are regressions. A zero Gate.Alpha
	// takes Options.Alpha.
	Gate significance.Gate
	// Show is the number of worst sentences to list per candidate; 0 lists
	// none, a negative value all that got worse.
	Show int
	// WorstBy names the metric that orders the worst sentences; "" means
	// the first metric.
	WorstBy string
}

// A Report is the outcome of Run.
type Report struct {
	// Signature, set by the caller, names the metric configuration and the
	// tool version so that the numbers can be reproduced.
	Signature  string                  `json:"signature,omitempty"`
	Baseline   string                  `json:"baseline"`
	Metrics    []string                `json:"metrics"`
	Sentences  int                     `json:"sentences"`
	Resamples  int                     `json:"resamples"`
	Seed       uint64                  `json:"seed"`
	Alpha      float64                 `json:"alpha"`
	MaxDrop    map[string]float64      `json:"max_drop,omitempty"`
	Candidates []*Candidate            `json:"candidates"`
	Rankings   []*significance.Ranking `json:"rankings,omitempty"`
	// Verdict is the one-line verdict: "PASS: ..." naming the candidates
	// and metrics, or "REGRESSION: ..." naming each regressed metric with
	// its difference and p-value.
	Verdict string `json:"verdict"`
	// AllTypes, set by the caller, makes WriteText list every error type
	// whose counts changed; by default it lists the types whose F changed
	// significantly (ShownTypes).
	AllTypes bool `json:"-"`
}

// ShownTypes returns the error types a report shows for c, most worsened
// first: those whose counts changed and, unless all, whose change in F is
// significant (p < alpha), in either direction.
func ShownTypes(c *Candidate, alpha float64, all bool) []TypeDelta {
	var out []TypeDelta
	for _, t := range changedTypes(c.Types) {
		if all || t.P < alpha {
			out = append(out, t)
		}
	}
	return out
}

// A Candidate is one candidate's comparison with the baseline.
type Candidate struct {
	Name        string                    `json:"name"`
	Results     []significance.Result     `json:"results"` // one per metric
	Types       []TypeDelta               `json:"types,omitempty"`
	Worst       []Sentence                `json:"worst,omitempty"`
	Regressions []significance.Regression `json:"regressions"`
}

// A TypeDelta compares the two systems on one ERRANT error type.
type TypeDelta struct {
	Type      string     `json:"type"`
	Baseline  TypeCounts `json:"baseline"`
	Candidate TypeCounts `json:"candidate"`
	Delta     float64    `json:"delta_f"` // Candidate.F − Baseline.F
	P         float64    `json:"p"`
	Low       float64    `json:"ci_low"`
	High      float64    `json:"ci_high"`
	Worse     bool       `json:"worse"` // Delta < 0 and P < Alpha
}

// TypeCounts are one system's counts and F on one error type.
type TypeCounts struct {
	TP int     `json:"tp"`
	FP int     `json:"fp"`
	FN int     `json:"fn"`
	F  float64 `json:"f"`
}

// A Sentence is one sentence on which the candidate is worse.
type Sentence struct {
	Line      int    `json:"line"` // 1-based
	Baseline  string `json:"baseline"`
	Candidate string `json:"candidate"`
	// Impact holds, per metric, the change of the candidate's corpus score
	// due to this sentence: score(C) − score(C − c_i + b_i).
	Impact []float64 `json:"impact"`
	// Diff is a unified diff of the two output lines, numbered as in the
	// files; Words marks the changed words as [-removed-]{+added+}.
	Diff  string `json:"diff"`
	Words string `json:"words"`
	// Edits made by only one of the two systems.
	BaselineOnly  []Edit `json:"baseline_only,omitempty"`
	CandidateOnly []Edit `json:"candidate_only,omitempty"`
}

// An Edit is a hypothesis edit as shown in a report.
type Edit struct {
	Start int    `json:"start"` // source token span [Start, End)
	End   int    `json:"end"`
	O     string `json:"o"`
	C     string `json:"c"`
	Type  string `json:"type"`
}

func (e Edit) String() string {
	o, c := e.O, e.C
	if o == "" {
		o = "ε"
	}
	if c == "" {
		c = "ε"
	}
	return fmt.Sprintf("%d:%d %s → %s (%s)", e.Start, e.End, o, c, e.Type)
}

// Failed reports whether any candidate regressed.
func (r *Report) Failed() bool {
	for _, c := range r.Candidates {
		if len(c.Regressions) > 0 {
			return true
		}
	}
	return false
}

// Regressions returns every regression as "candidate: description", in
// candidate and metric order.
func (r *Report) Regressions() []string {
	var out []string
	for _, c := range r.Candidates {
		for _, g := range c.Regressions {
			out = append(out, c.Name+": "+g.String())
		}
	}
	return out
}

// ErrRegression is wrapped by the error Check returns.
var ErrRegression = errors.New("regression")

// Check returns an error naming every regression of the report, or nil.
// It is the one-line gate of a Go test:
//
//	if err := report.Check(); err != nil { t.Fatal(err) }
func (r *Report) Check() error {
	regs := r.Regressions()
	if len(regs) == 0 {
		return nil
	}
	return fmt.Errorf("%w against %s: %s", ErrRegression, r.Baseline, strings.Join(regs, "; "))
}

// Run compares every candidate with the baseline.
func Run(base *System, cands []*System, opt Options) (*Report, error) {
	if base == nil || len(cands) == 0 {
		return nil, errors.New("compare: need a baseline and at least one candidate")
	}
	if opt.Alpha == 0 {
		opt.Alpha = significance.DefaultAlpha
	}
	if opt.Resamples == 0 {
		opt.Resamples = significance.DefaultResamples
	}
	if opt.Gate.Alpha == 0 {
		opt.Gate.Alpha = opt.Alpha
	}
	all := append([]*System{base}, cands...)
	if err := check(all); err != nil {
		return nil, err
	}
	rep := &Report{
		Baseline:  base.Name,
		Sentences: base.sentences(),
		Resamples: opt.Resamples,
		Seed:      opt.Seed,
		Alpha:     opt.Gate.Alpha,
		MaxDrop:   opt.Gate.MaxDrop,
	}
	for _, c := range base.Corpora {
		rep.Metrics = append(rep.Metrics, c.Metric)
	}
	worstBy := 0
	if opt.WorstBy != "" {
		worstBy = slices.Index(rep.Metrics, opt.WorstBy)
		if worstBy < 0 {
			return nil, fmt.Errorf("compare: no metric %q to order the worst sentences by", opt.WorstBy)
		}
	}
	for _, c := range cands {
		results, err := significance.Compare(base.Corpora, c.Corpora, opt.Options)
		if err != nil {
			return nil, fmt.Errorf("compare: %s against %s: %w", c.Name, base.Name, err)
		}
		for i := range results {
			reported(&results[i], base, c)
		}
		cr := &Candidate{Name: c.Name, Results: results, Regressions: opt.Gate.Check(results)}
		if base.Types != nil && c.Types != nil {
			if cr.Types, err = typeDeltas(base, c, opt); err != nil {
				return nil, err
			}
		}
		if opt.Show != 0 {
			if cr.Worst, err = worst(base, c, worstBy, opt.Show); err != nil {
				return nil, err
			}
		}
		rep.Candidates = append(rep.Candidates, cr)
	}
	if len(cands) > 1 {
		names := make([]string, len(all))
		for i, s := range all {
			names[i] = s.Name
		}
		for m := range rep.Metrics {
			corpora := make([]*metrics.Corpus, len(all))
			for i, s := range all {
				corpora[i] = s.Corpora[m]
			}
			rk, err := significance.Rank(names, corpora, opt.Options)
			if err != nil {
				return nil, fmt.Errorf("compare: ranking: %w", err)
			}
			metric := rep.Metrics[m]
			for i := range rk.Systems {
				k := slices.Index(names, rk.Systems[i].Name)
				if v, ok := all[k].Reported[metric]; ok {
					rk.Systems[i].Score = v
				}
			}
			rep.Rankings = append(rep.Rankings, rk)
		}
	}
	rep.Verdict = rep.verdict()
	return rep, nil
}

// Tested names, per metric, the statistic that the interval and p-value
// of a metric with Reported scores resample.
var Tested = map[string]string{
	"gleu": "GLEU of expected counts (the average sampled corpus)",
}

// reported replaces r's scores with the systems' Reported scores of its
// metric, when both have them, keeping the tested statistic's difference
// and name (Tested) beside them.
func reported(r *significance.Result, base, cand *System) {
	b, okb := base.Reported[r.Metric]
	c, okc := cand.Reported[r.Metric]
	if !okb || !okc {
		return
	}
	r.Statistic = Tested[r.Metric]
	if r.Statistic == "" {
		r.Statistic = r.Metric + " of the summed rows"
	}
	r.StatisticDelta = r.Delta
	r.Baseline, r.Candidate, r.Delta = b, c, c-b
}

// check verifies that the systems line up: same sentences, same metrics.
func check(all []*System) error {
	base := all[0]
	if len(base.Corpora) == 0 {
		return fmt.Errorf("compare: %s has no metric", base.Name)
	}
	for _, s := range all {
		if len(s.Corpora) != len(base.Corpora) {
			return fmt.Errorf("compare: %s has %d metrics, %s %d", s.Name, len(s.Corpora), base.Name, len(base.Corpora))
		}
		n := s.sentences()
		if n != base.sentences() {
			return fmt.Errorf("compare: %s has %d lines, %s %d", s.Name, n, base.Name, base.sentences())
		}
		for m, c := range s.Corpora {
			if c.Metric != base.Corpora[m].Metric {
				return fmt.Errorf("compare: metric %d of %s is %s, of %s %s", m+1, s.Name, c.Metric, base.Name, base.Corpora[m].Metric)
			}
			if c.Len() != n {
				return fmt.Errorf("compare: %s: %s has %d sentences for %d lines", s.Name, c.Metric, c.Len(), n)
			}
		}
		if s.Types != nil && s.Types.Len() != n {
			return fmt.Errorf("compare: %s: type counts for %d sentences, %d lines", s.Name, s.Types.Len(), n)
		}
		if s.Types != nil && s.TypeScore == nil {
			return fmt.Errorf("compare: %s: type counts without TypeScore", s.Name)
		}
		if s.Edits != nil && len(s.Edits) != n {
			return fmt.Errorf("compare: %s: edits for %d sentences, %d lines", s.Name, len(s.Edits), n)
		}
	}
	return nil
}

// typeDeltas tests every error type that either system has counts for,
// each type a sparse corpus: only the sentences with counts of it.
func typeDeltas(base, cand *System, opt Options) ([]TypeDelta, error) {
	types := slices.Concat(base.Types.Names(), cand.Types.Names())
	slices.Sort(types)
	types = slices.Compact(types)
	n := base.sentences()
	corpus := func(s *System, t string) *significance.Sparse {
		sents, rows := s.Types.Column(t)
		return &significance.Sparse{Metric: "errant:" + t, N: n, Width: 3, Sentences: sents, Rows: rows, Score: s.TypeScore}
	}
	bc, cc := make([]*significance.Sparse, len(types)), make([]*significance.Sparse, len(types))
	for i, t := range types {
		bc[i], cc[i] = corpus(base, t), corpus(cand, t)
	}
	res, err := significance.CompareSparse(bc, cc, opt.Options)
	if err != nil {
		return nil, fmt.Errorf("compare: error types of %s: %w", cand.Name, err)
	}
	out := make([]TypeDelta, len(types))
	for i, t := range types {
		r := res[i]
		out[i] = TypeDelta{
			Type:      t,
			Baseline:  counts(bc[i].Sum(), r.Baseline),
			Candidate: counts(cc[i].Sum(), r.Candidate),
			Delta:     r.Delta, P: r.P, Low: r.Low, High: r.High,
			Worse: r.Delta < 0 && r.P < opt.Alpha,
		}
	}
	return out, nil
}

func counts(s metrics.Stats, f float64) TypeCounts {
	return TypeCounts{TP: int(s[0]), FP: int(s[1]), FN: int(s[2]), F: f}
}

// worst lists the sentences with a negative impact on metric by, worst
// first (ties by line), at most show of them (all if show < 0). With a
// limit it keeps only the show worst seen so far (a heap), not every
// sentence that got worse.
func worst(base, cand *System, by, show int) ([]Sentence, error) {
	sums := make([]metrics.Stats, len(cand.Corpora))
	scores := make([]float64, len(cand.Corpora)) // the candidate's corpus scores
	for m, c := range cand.Corpora {
		sums[m] = c.Sum(nil)
		scores[m] = c.Score(sums[m])
	}
	worse := &costHeap{}
	buf := make(metrics.Stats, 0, 64)
	imp := make([]float64, len(cand.Corpora))
	for i := range base.sentences() {
		differ := false
		for m := range cand.Corpora {
			if !slices.Equal(base.Corpora[m].Row(i), cand.Corpora[m].Row(i)) {
				differ = true
				break
			}
		}
		if !differ {
			continue
		}
		for m, c := range cand.Corpora {
			buf = append(buf[:0], sums[m]...)
			rb, rc := base.Corpora[m].Row(i), c.Row(i)
			for t := range buf {
				buf[t] += rb[t] - rc[t]
			}
			imp[m] = scores[m] - c.Score(buf)
		}
		if !(imp[by] < 0) { // NaN too: only a loss is listed
			continue
		}
		w := cost{line: i, impact: imp[by]}
		switch {
		case show < 0 || worse.Len() < show:
			w.all = slices.Clone(imp)
			heap.Push(worse, w)
		case show > 0 && w.before(worse.items[0]):
			w.all = slices.Clone(imp)
			worse.items[0] = w
			heap.Fix(worse, 0)
		}
	}
	slices.SortFunc(worse.items, func(a, b cost) int {
		if a.before(b) {
			return -1
		}
		return 1
	})
	out := make([]Sentence, worse.Len())
	for k, w := range worse.items {
		i := w.line
		bl, be, err := base.sentence(i)
		if err != nil {
			return nil, err
		}
		cl, ce, err := cand.sentence(i)
		if err != nil {
			return nil, err
		}
		s := Sentence{
			Line:      i + 1,
			Baseline:  bl,
			Candidate: cl,
			Impact:    w.all,
			Diff:      lineDiff(base.Name, cand.Name, i+1, bl, cl),
			Words:     wordDiff(bl, cl),
		}
		if base.hasEdits() && cand.hasEdits() {
			s.BaselineOnly, s.CandidateOnly = onlyIn(be, ce), onlyIn(ce, be)
		}
		out[k] = s
	}
	return out, nil
}

// A cost is a sentence that got worse: its line (0-based), its impact on
// the ordering metric and on every metric.
type cost struct {
	line   int
	impact float64
	all    []float64
}

// before orders costs worst first, ties by line.
func (a cost) before(b cost) bool {
	if a.impact != b.impact {
		return a.impact < b.impact
	}
	return a.line < b.line
}

// A costHeap keeps the worst costs seen with the least bad on top, so that
// a worse one replaces it (container/heap).
type costHeap struct{ items []cost }

func (h *costHeap) Len() int           { return len(h.items) }
func (h *costHeap) Less(i, j int) bool { return h.items[j].before(h.items[i]) }
func (h *costHeap) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *costHeap) Push(x any)         { h.items = append(h.items, x.(cost)) }
func (h *costHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}

// onlyIn returns the edits of a that b does not make (same source span and
// correction), noops left out.
func onlyIn(a, b []edits.Edit) []Edit {
	var out []Edit
	for _, e := range a {
		if e.IsNoop() {
			continue
		}
		if slices.ContainsFunc(b, func(f edits.Edit) bool {
			return f.OStart == e.OStart && f.OEnd == e.OEnd && slices.Equal(f.C, e.C)
		}) {
			continue
		}
		out = append(out, Edit{Start: e.OStart, End: e.OEnd, O: strings.Join(e.O, " "), C: strings.Join(e.C, " "), Type: e.Type})
	}
	return out
}

// MeanCorpus turns per-sentence scores into a Corpus whose score is their
// mean (rows {value, 1}), for metrics that are defined as a mean of
// sentence scores, such as a judge's 0–1 rating.
func MeanCorpus(metric string, values []float64) *metrics.Corpus {
	c := metrics.NewCorpus(metric, 2, func(s metrics.Stats) float64 {
		if s[1] == 0 {
			return 0
		}
		return s[0] / s[1]
	})
	for _, v := range values {
		c.Add(metrics.Stats{v, 1})
	}
	return c
}
