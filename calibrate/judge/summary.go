package judge

import "github.com/gecmetric/gecmetric/calibrate/stat"

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
// quantity's value of a sentence with the same weight). It keeps
// SummaryResamples × systems × quantities sums, nothing per sentence, so a
// corpus of any length summarises in the same memory. A quantity a
// judgement does not give (NaN) is averaged over the sentences that have it.
type Summary struct {
	names []string
	n     int
	boot  *stat.MeanBootstrap
	row   []float64 // one sentence's values, system-major
}

// NewSummary returns an empty summary of the named systems, its resamples
// drawn from seed: the same judgements in the same order give the same
// intervals.
func NewSummary(names []string, seed uint64) *Summary {
	k := len(names) * len(Quantities)
	return &Summary{names: names, boot: stat.NewMeanBootstrap(k, SummaryResamples, seed), row: make([]float64, k)}
}

// Add adds one sentence's judgements, one per system in the order of the
// names. It panics if there are not as many as names.
func (s *Summary) Add(js []Judgement) {
	if len(js) != len(s.names) {
		panic("judge: Summary.Add: a judgement per system")
	}
	s.n++
	for h, jd := range js {
		for q, sq := range Quantities {
			s.row[h*len(Quantities)+q] = sq.Get(jd)
		}
	}
	s.boot.Add(s.row)
}

// A Mean is a quantity's mean with its 95% bootstrap interval.
type Mean struct {
	Mean float64    `json:"mean"`
	CI   [2]float64 `json:"ci"`
}

// A SystemSummary is one system's means; Scores leaves out the quantities
// none of its sentences has.
type SystemSummary struct {
	Name      string          `json:"name"`
	Sentences int             `json:"sentences"`
	Scores    map[string]Mean `json:"scores"`
}

// Systems returns every system's means, in the order of the names.
func (s *Summary) Systems() []SystemSummary {
	var out []SystemSummary
	for h, name := range s.names {
		sys := SystemSummary{Name: name, Sentences: s.n, Scores: map[string]Mean{}}
		for q, sq := range Quantities {
			i := h*len(Quantities) + q
			if s.boot.Count(i) == 0 {
				continue
			}
			ci := s.boot.Interval(i, 0.95)
			sys.Scores[sq.Name] = Mean{Mean: s.boot.Mean(i), CI: [2]float64{ci.Lo, ci.Hi}}
		}
		out = append(out, sys)
	}
	return out
}
