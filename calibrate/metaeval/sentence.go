package metaeval

import (
	"errors"
	"math"
	"math/rand/v2"

	"github.com/gecmetric/gecmetric/human"
)

// SentenceOptions configure SentenceLevel. The zero value means 1,000
// bootstrap resamples with seed 0 and 95% intervals.
type SentenceOptions struct {
	// Resamples is the number of bootstrap resamples; 0 means 1000,
	// negative means no intervals.
	Resamples  int     `json:"resamples"`
	Seed       uint64  `json:"seed"`       // bootstrap seed
	Confidence float64 `json:"confidence"` // interval level; 0 means 0.95
}

// A SentenceResult is a metric's agreement with the humans' pairwise
// preferences between outputs of the same source.
type SentenceResult struct {
	Metric string `json:"metric"`
	Items  int    `json:"items"` // judged items with at least one scored strict preference
	// Pairs counts the comparisons with a strict human preference whose
	// two outputs the metric scored; Agree + Disagree + MetricTies = Pairs.
	Pairs      int `json:"pairs"`
	Agree      int `json:"agree"`
	Disagree   int `json:"disagree"`
	MetricTies int `json:"metric_ties"`
	// HumanTies counts the comparisons the human tied (left out), Unscored
	// those with a strict preference the metric has no score for.
	HumanTies int `json:"human_ties"`
	Unscored  int `json:"unscored"`

	// Accuracy is Agree / Pairs and Tau (Agree − Disagree − MetricTies) /
	// Pairs: a metric tie counts as a disagreement.
	Accuracy Statistic `json:"accuracy"`
	Tau      Statistic `json:"tau"`
	// AccuracyNoTies is Agree / (Agree + Disagree) and TauNoTies (Agree −
	// Disagree) / (Agree + Disagree): metric ties are left out.
	AccuracyNoTies Statistic       `json:"accuracy_no_ties"`
	TauNoTies      Statistic       `json:"tau_no_ties"`
	Options        SentenceOptions `json:"options"`
}

// SentenceLevel measures how often a metric's sentence scores order two
// outputs of one source as a human did. Every ranking is expanded into its
// pairwise comparisons (NewJudgements); a comparison counts when the human
// preferred one output (ties, including systems collapsed into one element
// for identical output, are left out, and counted in HumanTies) and the
// metric scored both outputs of that item. The metric agrees when it gives
// the preferred output the higher score, disagrees when the lower, and
// ties when the scores are equal. Two conventions are reported: metric
// ties as disagreements (Kobayashi et al. 2024; the WMT relative-ranking
// Kendall-like tau of Ma et al. 2018), and metric ties left out.
// Comparisons by several annotators of one item all count.
//
// Intervals are percentile bootstrap intervals over judged items (all
// comparisons of a drawn item together), as stat.Bootstrap draws them.
func SentenceLevel(j *Judgements, s Scores, opt SentenceOptions) (*SentenceResult, error) {
	if opt.Resamples == 0 {
		opt.Resamples = 1000
	}
	if opt.Confidence == 0 {
		opt.Confidence = 0.95
	}
	res := &SentenceResult{Metric: s.Name, Options: opt}
	// per item: agree, disagree, metric ties
	counts := make([][3]int, len(j.Items))
	for _, c := range j.Comparisons {
		if c.Outcome == human.Tie {
			res.HumanTies++
			continue
		}
		ma, okA := s.Sentence[j.Systems[c.A]][j.Items[c.Item]]
		mb, okB := s.Sentence[j.Systems[c.B]][j.Items[c.Item]]
		if !okA || !okB {
			res.Unscored++
			continue
		}
		switch m := outcome(ma, mb); {
		case m == human.Tie:
			counts[c.Item][2]++
		case m == c.Outcome:
			counts[c.Item][0]++
		default:
			counts[c.Item][1]++
		}
	}
	var used []int
	for it, c := range counts {
		if c[0]+c[1]+c[2] > 0 {
			used = append(used, it)
			res.Agree += c[0]
			res.Disagree += c[1]
			res.MetricTies += c[2]
		}
	}
	res.Items = len(used)
	res.Pairs = res.Agree + res.Disagree + res.MetricTies
	if res.Pairs == 0 {
		return nil, errors.New("metaeval: " + s.Name + ": no human preference between two scored outputs (check system names and items)")
	}
	stats := func(a, d, t int) [4]float64 {
		all, strict := float64(a+d+t), float64(a+d)
		return [4]float64{float64(a) / all, float64(a-d-t) / all, float64(a) / strict, float64(a-d) / strict}
	}
	v := stats(res.Agree, res.Disagree, res.MetricTies)
	res.Accuracy.Value, res.Tau.Value, res.AccuracyNoTies.Value, res.TauNoTies.Value = v[0], v[1], v[2], v[3]
	if opt.Resamples > 0 {
		rng := rand.New(rand.NewPCG(opt.Seed, 0x9e3779b97f4a7c15))
		var reps [4][]float64
		for r := 0; r < opt.Resamples; r++ {
			var a, d, t int
			for range used {
				c := counts[used[rng.IntN(len(used))]]
				a, d, t = a+c[0], d+c[1], t+c[2]
			}
			v := stats(a, d, t)
			for k := range reps {
				if !math.IsInf(v[k], 0) {
					reps[k] = append(reps[k], v[k])
				}
			}
		}
		res.Accuracy.CI = interval(reps[0], opt.Confidence)
		res.Tau.CI = interval(reps[1], opt.Confidence)
		res.AccuracyNoTies.CI = interval(reps[2], opt.Confidence)
		res.TauNoTies.CI = interval(reps[3], opt.Confidence)
	}
	return res, nil
}
