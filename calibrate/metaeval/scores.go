package metaeval

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
)

// Scores are one metric's scores of the ranked systems: per sentence, per
// system, or both. Higher must mean better; negate a lower-is-better
// quantity (remaining errors, over-correction) first.
type Scores struct {
	Name string
	// Sentence[system][item] is the score of the system's output for the
	// item (Judgements.Items: for Appraise XML the src-id).
	Sentence map[string]map[string]float64
	// System[system] is the system's corpus-level score (M2 F0.5 of the
	// whole output, not a mean of sentence scores).
	System map[string]float64
}

// LineScores returns Scores whose sentence scores are given by line: the
// item of lines[system][i] is i written in decimal, which is the src-id of
// Appraise XML (GJG15's src-id is the 0-based line of the outputs). NaN
// scores (a quantity the judge has no model for) are left out. corpus may
// be nil.
func LineScores(name string, lines map[string][]float64, corpus map[string]float64) Scores {
	s := Scores{Name: name, System: corpus}
	if lines != nil {
		s.Sentence = make(map[string]map[string]float64, len(lines))
		for sys, v := range lines {
			m := make(map[string]float64, len(v))
			for i, x := range v {
				if !math.IsNaN(x) {
					m[strconv.Itoa(i)] = x
				}
			}
			s.Sentence[sys] = m
		}
	}
	return s
}

// An Aggregate says how a metric's system score is formed.
type Aggregate int

const (
	// Corpus uses the corpus-level score (Scores.System) when there is
	// one, else the mean of the sentence scores.
	Corpus Aggregate = iota
	// Mean is the mean of the system's sentence scores (every sentence
	// given, ranked by humans or not).
	Mean
	// TrueSkill plays the metric's sentence-level preferences through the
	// human TrueSkill procedure: every comparison a human made (same
	// item, same two systems) is replayed with the outcome the metric's
	// sentence scores give (equal scores draw), and systems are ranked
	// by mean mu (TrueSkillOptions). Kobayashi et al. (2024) show that
	// aggregating sentence scores the way the humans' were changes a
	// metric's system-level agreement considerably.
	TrueSkill
)

// Aggregates lists the aggregate names ParseAggregate accepts.
var Aggregates = []string{"corpus", "mean", "trueskill"}

func (a Aggregate) String() string {
	if int(a) < len(Aggregates) {
		return Aggregates[a]
	}
	return "aggregate(" + strconv.Itoa(int(a)) + ")"
}

// MarshalJSON writes the aggregate's name.
func (a Aggregate) MarshalJSON() ([]byte, error) { return json.Marshal(a.String()) }

// ParseAggregate parses "corpus", "mean" or "trueskill".
func ParseAggregate(s string) (Aggregate, error) {
	for i, n := range Aggregates {
		if s == n {
			return Aggregate(i), nil
		}
	}
	return 0, fmt.Errorf("unknown aggregate %q (want corpus, mean or trueskill)", s)
}

// systemScores returns the metric's score of each of j's systems (NaN when
// it has none) under the aggregate; comparisons are the human comparisons
// the TrueSkill aggregate replays (nil: all).
func (s *Scores) systemScores(j *Judgements, agg Aggregate, idx []int, opt TrueSkillOptions) []float64 {
	out := make([]float64, len(j.Systems))
	switch agg {
	case TrueSkill:
		cs := s.metricComparisons(j, idx)
		if len(cs) == 0 {
			for i := range out {
				out[i] = math.NaN()
			}
			return out
		}
		mu := trueSkill(len(j.Systems), cs, opt, nil)
		played := newPairTable(len(j.Systems), cs).active
		for i := range out {
			out[i] = mu[i]
			if !played[i] {
				out[i] = math.NaN()
			}
		}
		return out
	}
	for i, sys := range j.Systems {
		if v, ok := s.System[sys]; ok && agg == Corpus {
			out[i] = v
			continue
		}
		sent := s.Sentence[sys]
		if len(sent) == 0 {
			out[i] = math.NaN()
			continue
		}
		vals := make([]float64, 0, len(sent))
		for _, v := range sent {
			vals = append(vals, v)
		}
		slices.Sort(vals) // a fixed order, so the mean does not depend on map order
		out[i] = stat.Mean(vals)
	}
	return out
}

// metricComparisons returns the human comparisons of the items idx with
// the outcome the metric's sentence scores give; comparisons where the
// metric has no score for either system are left out.
func (s *Scores) metricComparisons(j *Judgements, idx []int) []Comparison {
	var out []Comparison
	for _, c := range j.comparisonsOf(idx) {
		ma, okA := s.Sentence[j.Systems[c.A]][j.Items[c.Item]]
		mb, okB := s.Sentence[j.Systems[c.B]][j.Items[c.Item]]
		if !okA || !okB {
			continue
		}
		c.Outcome = outcome(ma, mb)
		out = append(out, c)
	}
	return out
}

// resampledTrueSkill is the TrueSkill aggregate of the items idx with one
// run drawn from rng, NaN for systems without a comparison.
func (s *Scores) resampledTrueSkill(j *Judgements, idx []int, rng *rand.Rand) []float64 {
	t := newPairTable(len(j.Systems), s.metricComparisons(j, idx))
	mu := t.run(rng)
	for i, ok := range t.active {
		if !ok {
			mu[i] = math.NaN()
		}
	}
	return mu
}

// outcome is the result of a against b from a's side by score, higher
// better, equal scores a tie.
func outcome(a, b float64) human.Outcome {
	switch {
	case a > b:
		return human.Win
	case a < b:
		return human.Loss
	}
	return human.Tie
}
