package benchmark

import (
	"encoding/json"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/calibrate/stat"
)

// jf is a float that encodes NaN and infinities as null.
type jf = metaeval.JSONFloat

func jfs(v []float64) []jf {
	out := make([]jf, len(v))
	for i, x := range v {
		out[i] = jf(x)
	}
	return out
}

func jmap(m map[string]float64) map[string]jf {
	out := make(map[string]jf, len(m))
	for k, v := range m {
		out[k] = jf(v)
	}
	return out
}

type accTau struct {
	Accuracy jf     `json:"accuracy"`
	Kendall  jf     `json:"kendall"`
	AccCI    *[2]jf `json:"accuracy_ci,omitempty"`
	KenCI    *[2]jf `json:"kendall_ci,omitempty"`
}

func jci(c stat.CI) *[2]jf {
	if c.N == 0 {
		return nil
	}
	return &[2]jf{jf(c.Lo), jf(c.Hi)}
}

// MarshalJSON writes the leaderboard one figure group an object, flat:
// system_level rows (metric, aggregate, ranking, set, pearson and
// spearman by human score, the metric's system scores in the order of the
// ranking's systems), sentence_level rows (metric, ranking, set, counts,
// and accuracy and Kendall as the authors count them, with ties as
// disagreements, and without ties), windows; NaN as null.
func (lb *Leaderboard) MarshalJSON() ([]byte, error) {
	type rank struct {
		Name      string          `json:"name"`
		Label     string          `json:"label"`
		Published bool            `json:"published"`
		Systems   []string        `json:"systems"`
		Human     map[string][]jf `json:"human"`
	}
	type sys struct {
		Metric    string        `json:"metric"`
		Aggregate string        `json:"aggregate"`
		Ranking   string        `json:"ranking"`
		Set       string        `json:"set"`
		Pearson   map[string]jf `json:"pearson"`
		Spearman  map[string]jf `json:"spearman"`
		Scores    []jf          `json:"scores"`
	}
	type sent struct {
		Metric             string     `json:"metric"`
		Ranking            string     `json:"ranking"`
		Set                string     `json:"set"`
		Counts             PairCounts `json:"counts"`
		Authors            accTau     `json:"authors"`
		TiesAsDisagreement accTau     `json:"ties_as_disagreement"`
		NoTies             accTau     `json:"no_ties"`
	}
	type win struct {
		Metric    string   `json:"metric"`
		Aggregate string   `json:"aggregate"`
		Ranking   string   `json:"ranking"`
		Set       string   `json:"set"`
		Human     string   `json:"human"`
		From      int      `json:"from"`
		Systems   []string `json:"systems"`
		Pearson   jf       `json:"pearson"`
		Spearman  jf       `json:"spearman"`
	}
	out := struct {
		Benchmark string  `json:"benchmark"`
		Signature string  `json:"signature"`
		Options   Options `json:"options"`
		Sets      []LBSet `json:"sets"`
		Rankings  []rank  `json:"rankings"`
		System    []sys   `json:"system_level"`
		Sentence  []sent  `json:"sentence_level"`
		Windows   []win   `json:"windows"`
	}{Benchmark: lb.Benchmark, Signature: lb.Signature, Options: lb.Options, Sets: lb.Sets, System: []sys{}, Sentence: []sent{}, Windows: []win{}}
	for _, r := range lb.Rankings {
		h := map[string][]jf{}
		for k, v := range r.Human {
			h[k] = jfs(v)
		}
		out.Rankings = append(out.Rankings, rank{r.Name, r.Label, r.Published, r.Systems, h})
	}
	for _, row := range lb.System {
		for ri, cells := range row.Cells {
			for _, c := range cells {
				out.System = append(out.System, sys{row.Metric, row.Aggregate, c.Ranking, c.Set, jmap(c.Pearson), jmap(c.Spearman), jfs(row.Scores[ri])})
			}
		}
	}
	for _, row := range lb.Sentence {
		for ri, cells := range row.Cells {
			for si, c := range cells {
				s := sent{Metric: row.Metric, Ranking: lb.Rankings[ri].Name, Set: lb.Sets[si].Name, Counts: c}
				var ci SentenceCI
				if row.CIs != nil {
					ci = row.CIs[ri][si]
				}
				a, k := c.Authors()
				s.Authors = accTau{jf(a), jf(k), jci(ci.AuthorsAccuracy), jci(ci.AuthorsKendall)}
				a, k = c.TiesAsDisagreement()
				s.TiesAsDisagreement = accTau{jf(a), jf(k), jci(ci.Accuracy), jci(ci.Kendall)}
				a, k = c.NoTies()
				s.NoTies = accTau{jf(a), jf(k), jci(ci.AccuracyNoTies), nil}
				out.Sentence = append(out.Sentence, s)
			}
		}
	}
	for _, wr := range lb.Windows {
		for _, w := range wr.Windows {
			out.Windows = append(out.Windows, win{wr.Metric, wr.Aggregate, wr.Ranking, wr.Set, wr.Human, w.From, w.Systems, jf(w.Pearson), jf(w.Spearman)})
		}
	}
	return json.Marshal(out)
}
