package metaeval

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
)

// Options configure Evaluate: which levels, and each level's options.
type Options struct {
	System, Sentence bool // the levels to report; neither means both
	SystemOptions    SystemOptions
	SentenceOptions  SentenceOptions
}

// A Report is the meta-evaluation of several metrics on one set of
// rankings: `gecmetric meta-eval` prints it.
type Report struct {
	Systems     int `json:"systems"`
	Items       int `json:"items"`
	Comparisons int `json:"comparisons"`
	HumanTies   int `json:"human_ties"`
	// Humans are the human system scores, best Expected Wins first.
	Humans   []SystemPoint     `json:"humans"`
	System   []*SystemResult   `json:"system_level,omitempty"`
	Sentence []*SentenceResult `json:"sentence_level,omitempty"`
	// Unscored names the ranked systems some metric has no score for.
	Unscored map[string][]string `json:"unscored,omitempty"`
}

// Evaluate meta-evaluates every metric at the levels asked for (SystemLevel,
// SentenceLevel). A metric without sentence scores is left out of the
// sentence level; one with fewer than three scored systems is an error.
func Evaluate(j *Judgements, scores []Scores, opt Options) (*Report, error) {
	if !opt.System && !opt.Sentence {
		opt.System, opt.Sentence = true, true
	}
	r := &Report{Systems: len(j.Systems), Items: len(j.Items), Comparisons: len(j.Comparisons)}
	for _, c := range j.Comparisons {
		if c.Outcome == human.Tie {
			r.HumanTies++
		}
	}
	ew, ts := j.Humans(opt.SystemOptions.TrueSkill)
	for _, i := range ranked(ew) {
		r.Humans = append(r.Humans, SystemPoint{System: j.Systems[i], Metric: math.NaN(), ExpectedWins: ew[i], TrueSkill: ts[i]})
	}
	for _, s := range scores {
		for _, sys := range j.Systems {
			if _, ok := s.System[sys]; !ok && len(s.Sentence[sys]) == 0 {
				if r.Unscored == nil {
					r.Unscored = map[string][]string{}
				}
				r.Unscored[s.Name] = append(r.Unscored[s.Name], sys)
			}
		}
		if opt.System {
			res, err := SystemLevel(j, s, opt.SystemOptions)
			if err != nil {
				return nil, err
			}
			r.System = append(r.System, res)
		}
		if opt.Sentence && s.Sentence != nil {
			res, err := SentenceLevel(j, s, opt.SentenceOptions)
			if err != nil {
				return nil, err
			}
			r.Sentence = append(r.Sentence, res)
		}
	}
	return r, nil
}

// ScoresOf turns metric scores read by calibrate.ReadMetricScores into
// Scores: a row with an item is a sentence score, one without a system's
// corpus-level score. A repeated (system, item) is an error.
func ScoresOf(name string, ms []calibrate.MetricScore) (Scores, error) {
	s := Scores{Name: name}
	for _, m := range ms {
		if m.Item == "" {
			if s.System == nil {
				s.System = map[string]float64{}
			}
			if _, dup := s.System[m.System]; dup {
				return s, fmt.Errorf("%s: system %s has two corpus-level scores", name, m.System)
			}
			s.System[m.System] = m.Value
			continue
		}
		if s.Sentence == nil {
			s.Sentence = map[string]map[string]float64{}
		}
		if s.Sentence[m.System] == nil {
			s.Sentence[m.System] = map[string]float64{}
		}
		if _, dup := s.Sentence[m.System][m.Item]; dup {
			return s, fmt.Errorf("%s: system %s has two scores for item %s", name, m.System, m.Item)
		}
		s.Sentence[m.System][m.Item] = m.Value
	}
	return s, nil
}

// A JSONFloat is a float64 that encodes NaN and infinities as null (JSON
// has no NaN), for figures that may be undefined.
type JSONFloat float64

func (f JSONFloat) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(f))
}

// MarshalJSON writes {"value", "lo", "hi"}, NaN as null, no interval as
// null bounds.
func (s Statistic) MarshalJSON() ([]byte, error) {
	lo, hi := s.CI.Lo, s.CI.Hi
	if s.CI.N == 0 {
		lo, hi = math.NaN(), math.NaN()
	}
	return json.Marshal(struct {
		Value JSONFloat `json:"value"`
		Lo    JSONFloat `json:"lo"`
		Hi    JSONFloat `json:"hi"`
	}{JSONFloat(s.Value), JSONFloat(lo), JSONFloat(hi)})
}

// MarshalJSON writes the window with NaN correlations as null.
func (w Window) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Human    string    `json:"human"`
		From     int       `json:"from"`
		Systems  []string  `json:"systems"`
		Pearson  JSONFloat `json:"pearson"`
		Spearman JSONFloat `json:"spearman"`
	}{w.Human, w.From, w.Systems, JSONFloat(w.Pearson), JSONFloat(w.Spearman)})
}

// MarshalJSON writes the point, a missing metric score as null.
func (p SystemPoint) MarshalJSON() ([]byte, error) {
	var metric *JSONFloat
	if !math.IsNaN(p.Metric) {
		m := JSONFloat(p.Metric)
		metric = &m
	}
	return json.Marshal(struct {
		System       string     `json:"system"`
		Metric       *JSONFloat `json:"metric,omitempty"`
		ExpectedWins JSONFloat  `json:"expected_wins"`
		TrueSkill    JSONFloat  `json:"trueskill"`
	}{p.System, metric, JSONFloat(p.ExpectedWins), JSONFloat(p.TrueSkill)})
}
