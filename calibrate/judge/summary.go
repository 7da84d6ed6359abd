package judge

import (
	"math"
	"slices"

	"github.com/gecmetric/gecmetric/calibrate/stat"
)

// A Quantity is one of a Judgement's numbers that a Summary averages.
type Quantity struct {
	Name string // as in gecmetric judge's table and JSON
	Get  func(Judgement) float64
}

// Quantities are the numbers a Summary averages, in the order of
// gecmetric judge's table.
var Quantities = []Quantity{
	{Grammaticality, func(j Judgement) float64 { return j.Grammaticality }},
	{Fluency, func(j Judgement) float64 { return j.Fluency }},
	{Meaning, func(j Judgement) float64 { return j.Meaning }},
	{Overcorrection, func(j Judgement) float64 { return j.Overcorrection }},
	{RemainingErrors, func(j Judgement) float64 { return j.RemainingErrors }},
	{Overall, func(j Judgement) float64 { return j.Overall }},
}

// SummaryResamples is the number of bootstrap resamples of a Summary.
const SummaryResamples = 1000

// A Summary collects, as the sentences stream past, each system's mean of
// every Quantity with a 95% bootstrap interval (stat.MeanBootstrap, the
// Poisson bootstrap: sentences are resampled, every system's and
// quantity's value of a sentence with the same weight), and how often each
// label was a system's most likely one. With an unchanged input among the
// systems (NewSummaryWithInput), it also collects every system's paired
// difference from the input, sentence by sentence, with its interval: a
// resample's mean of the differences, Σ w·(x − x_input) / Σ w, over the
// sentences where both have a value.
//
// Beside each mean it keeps the standard deviation of the values (how far
// apart outputs are) and, per system, the overall scores' distribution
// in OverallBins bins.
//
// It keeps SummaryResamples × systems × quantities sums (twice that with
// an input), a count per system, quantity and label, and per system
// OverallBins counts, nothing per sentence, so a corpus of any length
// summarises in the same memory. A quantity a judgement does not give
// (NaN) is averaged over the sentences that have it.
type Summary struct {
	// Scales, when set before Systems is called, order each quantity's
	// label shares by its scale (Scale.Labels), labels on no scale
	// following in the order they were first seen.
	Scales []Scale

	names []string
	input int // the unchanged input's index in names; -1 for none
	n     int
	boot  *stat.MeanBootstrap // means, system-major; then differences from the input
	row   []float64
	// labels counts, per system and quantity (h*len(Quantities)+q), the
	// outputs whose most likely label each label was; seen lists the
	// labels in the order they were first counted.
	labels []map[string]int
	seen   [][]string
	// spread holds every column's running mean and sum of squared
	// deviations (Welford), for its standard deviation.
	spread []welford
	// bins counts each system's overall scores in OverallBins bins.
	bins [][]int
}

// A welford is a running count, mean and sum of squared deviations
// (Welford 1962), stable where a sum of squares less n·mean² is not.
type welford struct{ n, mean, m2 float64 }

func (w *welford) add(x float64) {
	w.n++
	d := x - w.mean
	w.mean += d / w.n
	w.m2 += d * (x - w.mean)
}

// sd is the sample standard deviation, 0 with fewer than two values.
func (w welford) sd() float64 {
	if w.n < 2 {
		return 0
	}
	return math.Sqrt(w.m2 / (w.n - 1))
}

// OverallBins is the number of equal bins of 0-1 a Summary counts each
// system's overall scores in.
const OverallBins = 10

// NewSummary returns an empty summary of the named systems, its resamples
// drawn from seed: the same judgements in the same order give the same
// intervals.
func NewSummary(names []string, seed uint64) *Summary {
	return NewSummaryWithInput(names, -1, seed)
}

// NewSummaryWithInput returns an empty summary of the named systems, of
// which names[input] is the unchanged input (the source judged as an
// output): every system's difference from it is summarised too. input -1
// means none, as NewSummary.
func NewSummaryWithInput(names []string, input int, seed uint64) *Summary {
	if input >= len(names) {
		panic("judge: NewSummaryWithInput: the input is not among the systems")
	}
	k := len(names) * len(Quantities)
	cols := k
	if input >= 0 {
		cols = 2 * k
	}
	s := &Summary{names: names, input: input, boot: stat.NewMeanBootstrap(cols, SummaryResamples, seed), row: make([]float64, cols),
		labels: make([]map[string]int, k), seen: make([][]string, k), spread: make([]welford, cols), bins: make([][]int, len(names))}
	for i := range s.labels {
		s.labels[i] = map[string]int{}
	}
	for h := range s.bins {
		s.bins[h] = make([]int, OverallBins)
	}
	return s
}

// Add adds one sentence's judgements, one per system in the order of the
// names. It panics if there are not as many as names.
func (s *Summary) Add(js []Judgement) {
	if len(js) != len(s.names) {
		panic("judge: Summary.Add: a judgement per system")
	}
	s.n++
	nq := len(Quantities)
	for h, jd := range js {
		for q, sq := range Quantities {
			i := h*nq + q
			s.row[i] = sq.Get(jd)
			if l, ok := jd.Labels[sq.Name]; ok {
				if s.labels[i][l] == 0 {
					s.seen[i] = append(s.seen[i], l)
				}
				s.labels[i][l]++
			}
		}
		if v := jd.Overall; !math.IsNaN(v) {
			s.bins[h][min(OverallBins-1, max(0, int(v*OverallBins)))]++
		}
	}
	if s.input >= 0 {
		k := len(js) * nq
		in := s.row[s.input*nq : (s.input+1)*nq]
		for h := range js {
			for q := range nq {
				s.row[k+h*nq+q] = s.row[h*nq+q] - in[q] // NaN if either is
			}
		}
	}
	for i, v := range s.row {
		if !math.IsNaN(v) {
			s.spread[i].add(v)
		}
	}
	s.boot.Add(s.row)
}

// A Mean is a quantity's mean with its 95% bootstrap interval, and the
// standard deviation of the values it averages (over sentences, n−1 in
// the denominator; 0 with fewer than two): how far apart the outputs
// are, where the interval says how sure the mean is.
type Mean struct {
	Mean float64    `json:"mean"`
	CI   [2]float64 `json:"ci"`
	SD   float64    `json:"sd"`
}

// A Bin is one bin of a system's overall scores: the share of its outputs
// whose score is at least Lo and below Hi (the last bin holds 1; scores
// outside 0-1 count in the end bins).
type Bin struct {
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	Count int     `json:"count"`
	Share float64 `json:"share"`
}

// A LabelShare is the share of a system's outputs whose most likely label
// on a quantity's scale was Label, of those the quantity has a label for,
// with its 95% Wilson score interval (stat.Wilson: outputs of different
// sentences are independent).
type LabelShare struct {
	Label string     `json:"label"`
	Count int        `json:"count"`
	Share float64    `json:"share"`
	CI    [2]float64 `json:"ci"`
}

// A SystemSummary is one system's means; Scores leaves out the quantities
// none of its sentences has. Input marks the unchanged input; VsInput
// holds every other system's difference from it (system − input), and is
// nil when there is none. Labels holds, per quantity with labels, the
// share of each label in scale order. Worst is filled by Judge.Report.
type SystemSummary struct {
	Name      string                  `json:"name"`
	Input     bool                    `json:"input,omitempty"`
	Sentences int                     `json:"sentences"`
	Scores    map[string]Mean         `json:"scores"`
	VsInput   map[string]Mean         `json:"vs_input,omitempty"`
	Labels    map[string][]LabelShare `json:"labels,omitempty"`
	// OverallBins is the distribution of the overall score in
	// OverallBins equal bins of 0-1; nil if no output has one.
	OverallBins []Bin           `json:"overall_bins,omitempty"`
	Worst       []WorstSentence `json:"worst,omitempty"`
}

// HasInput reports whether the summary has an unchanged input with a value
// for at least one quantity (a test set without sources has none).
func (s *Summary) HasInput() bool {
	if s.input < 0 {
		return false
	}
	for q := range Quantities {
		if s.boot.Count(s.input*len(Quantities)+q) > 0 {
			return true
		}
	}
	return false
}

// Systems returns every system's means, in the order of the names; an
// input without a value (HasInput false) is left out.
func (s *Summary) Systems() []SystemSummary {
	var out []SystemSummary
	nq := len(Quantities)
	hasInput := s.HasInput()
	for h, name := range s.names {
		if h == s.input && !hasInput {
			continue
		}
		sys := SystemSummary{Name: name, Input: h == s.input, Sentences: s.n, Scores: map[string]Mean{}}
		for q, sq := range Quantities {
			if m, ok := s.mean(h*nq + q); ok {
				sys.Scores[sq.Name] = m
			}
			if hasInput {
				if m, ok := s.mean(len(s.names)*nq + h*nq + q); ok {
					if sys.VsInput == nil {
						sys.VsInput = map[string]Mean{}
					}
					sys.VsInput[sq.Name] = m
				}
			}
			if shares := s.shares(h*nq+q, sq.Name); shares != nil {
				if sys.Labels == nil {
					sys.Labels = map[string][]LabelShare{}
				}
				sys.Labels[sq.Name] = shares
			}
		}
		total := 0
		for _, c := range s.bins[h] {
			total += c
		}
		for b, c := range s.bins[h] {
			if total == 0 {
				break
			}
			sys.OverallBins = append(sys.OverallBins, Bin{Lo: float64(b) / OverallBins, Hi: float64(b+1) / OverallBins, Count: c, Share: float64(c) / float64(total)})
		}
		out = append(out, sys)
	}
	return out
}

// mean returns column i's mean and interval, false if no sentence has it.
func (s *Summary) mean(i int) (Mean, bool) {
	if s.boot.Count(i) == 0 {
		return Mean{}, false
	}
	ci := s.boot.Interval(i, 0.95)
	return Mean{Mean: s.boot.Mean(i), CI: [2]float64{ci.Lo, ci.Hi}, SD: s.spread[i].sd()}, true
}

// shares returns the label shares of column i (quantity name), in the
// order of its scale, every label of the scale listed (count 0 too); nil
// if no output has a label.
func (s *Summary) shares(i int, name string) []LabelShare {
	counts := s.labels[i]
	total := 0
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		return nil
	}
	var order []string
	if k := slices.IndexFunc(s.Scales, func(sc Scale) bool { return sc.Quantity == name }); k >= 0 {
		order = slices.Clone(s.Scales[k].Labels)
	}
	for _, l := range s.seen[i] {
		if !slices.Contains(order, l) {
			order = append(order, l)
		}
	}
	out := make([]LabelShare, len(order))
	for k, l := range order {
		c := counts[l]
		ci := stat.Wilson(c, total, 0.95)
		out[k] = LabelShare{Label: l, Count: c, Share: float64(c) / float64(total), CI: [2]float64{ci.Lo, ci.Hi}}
	}
	return out
}

// nanJudgement is the judgement of an output that was not judged.
var nanJudgement = Judgement{Grammaticality: math.NaN(), Fluency: math.NaN(), Meaning: math.NaN(),
	Overcorrection: math.NaN(), RemainingErrors: math.NaN(), Overall: math.NaN(), score: math.NaN()}
