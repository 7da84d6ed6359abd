package benchmark

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/calibrate/metaeval/toolbox"
)

// Aggregates: how a metric's sentence scores become its system score.
const (
	// AggCorpus is the corpus-level score when the metric has one (M2,
	// ERRANT, GLEU, chrF), else the mean of its sentence scores (SentM2,
	// SentERRANT, the judge, a metric file without system scores): the
	// system scores the benchmarks' authors correlate.
	AggCorpus = "corpus"
	// AggTrueSkill and AggExpectedWins replay every human comparison of
	// the ranking with the metric's sentence-level preference and rank
	// the systems by TrueSkill (metaeval.TrueSkill) or Expected Wins over
	// those (Goto, Sakai and Watanabe, ACL 2025).
	AggTrueSkill    = "trueskill"
	AggExpectedWins = "expected_wins"
)

// Aggregates lists the aggregate names Options.Aggregates accepts.
var Aggregates = []string{AggCorpus, AggTrueSkill, AggExpectedWins}

// Options configure Evaluate. The zero value evaluates on every ranking,
// the benchmark's default sets (SEEDA: base and +REF-F_GPT-3.5; GJG15:
// all), against TrueSkill, the corpus aggregate, no windows.
type Options struct {
	Sets       []string `json:"sets"`       // system set names
	Rankings   []string `json:"rankings"`   // ranking names
	Aggregates []string `json:"aggregates"` // aggregate names
	// Human is the human system score the text, Markdown and HTML tables
	// show (TrueSkill or ExpectedWins; both are computed).
	Human string `json:"human"`
	// Window, when 2 or more, adds window analyses of that many systems
	// over the first set (SEEDA: base, as window_analysis_system.py).
	Window int `json:"window,omitempty"`
	// TrueSkill configures the TrueSkill aggregate's runs.
	TrueSkill metaeval.TrueSkillOptions `json:"trueskill"`
	// Resamples, when positive, adds percentile bootstrap intervals over
	// judged items (drawn with Seed) at level Confidence (0: 0.95) to the
	// sentence-level figures. The system-level figures have none: the
	// human system scores are the published ones, not recomputed from a
	// resample (meta-eval --rankings gives those intervals).
	Resamples  int     `json:"resamples,omitempty"`
	Seed       uint64  `json:"seed,omitempty"`
	Confidence float64 `json:"confidence,omitempty"`
}

func (b *Benchmark) withDefaults(opt Options) Options {
	if len(opt.Sets) == 0 {
		opt.Sets = []string{b.Sets[0].Name}
		if len(b.Sets) > 1 {
			opt.Sets = append(opt.Sets, b.Sets[1].Name)
		}
	}
	if len(opt.Rankings) == 0 {
		for _, r := range b.Rankings {
			opt.Rankings = append(opt.Rankings, r.Name)
		}
	}
	if len(opt.Aggregates) == 0 {
		opt.Aggregates = []string{AggCorpus}
	}
	if opt.Human == "" {
		opt.Human = TrueSkill
	}
	if opt.Confidence == 0 {
		opt.Confidence = 0.95
	}
	if opt.TrueSkill.Runs == 0 {
		opt.TrueSkill.Runs = metaeval.DefaultTrueSkillRuns
	}
	return opt
}

// A Leaderboard is every metric's agreement with a benchmark's human
// rankings under its protocol.
type Leaderboard struct {
	Benchmark string    `json:"benchmark"`
	Signature string    `json:"signature"`
	Options   Options   `json:"options"`
	Sets      []LBSet   `json:"sets"`
	Rankings  []LBRank  `json:"rankings"`
	System    []SysRow  `json:"system_level"`
	Sentence  []SentRow `json:"sentence_level"`
	Windows   []WinRow  `json:"windows,omitempty"`
}

// An LBSet is a system set of the leaderboard.
type LBSet struct {
	Name    string   `json:"name"`
	Label   string   `json:"label"`
	Systems []string `json:"systems"`
}

// An LBRank is a ranking of the leaderboard with its human system scores.
type LBRank struct {
	Name      string               `json:"name"`
	Label     string               `json:"label"`
	Published bool                 `json:"published"`
	Systems   []string             `json:"systems"`
	Human     map[string][]float64 `json:"human"`
}

// A SysRow is one metric's system-level correlations under one aggregate:
// Cells[ranking][set].
type SysRow struct {
	Metric    string      `json:"metric"`
	Aggregate string      `json:"aggregate"`
	Scores    [][]float64 `json:"scores"` // per ranking, the system scores in the benchmark's order
	Cells     [][]SysCell `json:"cells"`
}

// A SysCell is the correlation of a metric's system scores with both human
// scores over one set.
type SysCell struct {
	Ranking, Set      string
	Pearson, Spearman map[string]float64 // by human score (TrueSkill, ExpectedWins)
}

// A SentRow is one metric's sentence-level agreement: Cells[ranking][set],
// with their intervals CIs[ranking][set] when Options.Resamples asks.
type SentRow struct {
	Metric string         `json:"metric"`
	Cells  [][]PairCounts `json:"cells"`
	CIs    [][]SentenceCI `json:"-"`
}

// A WinRow is one metric's window analysis over one ranking.
type WinRow struct {
	Metric, Aggregate, Ranking, Set, Human string
	Size                                   int
	Windows                                []Window
}

// Evaluate meta-evaluates every metric on the benchmark. scores are keyed
// by the rankings' items (Benchmark.LineScores). A metric without sentence
// scores is left out of the sentence level and of the replayed aggregates.
func Evaluate(b *Benchmark, scores []metaeval.Scores, opt Options) (*Leaderboard, error) {
	opt = b.withDefaults(opt)
	lb := &Leaderboard{Benchmark: b.Name, Options: opt}
	var sets []SystemSet
	for _, n := range opt.Sets {
		s, err := b.FindSet(n)
		if err != nil {
			return nil, err
		}
		sets = append(sets, s)
		lb.Sets = append(lb.Sets, LBSet(s))
	}
	var rks []Ranking
	for _, n := range opt.Rankings {
		r, err := b.FindRanking(n)
		if err != nil {
			return nil, err
		}
		rks = append(rks, r)
		lb.Rankings = append(lb.Rankings, LBRank{r.Name, r.Label, r.Published, b.Systems, r.Human})
	}
	for _, a := range opt.Aggregates {
		if !slices.Contains(Aggregates, a) {
			return nil, fmt.Errorf("unknown aggregate %q (want %s)", a, strings.Join(Aggregates, ", "))
		}
	}
	if opt.Human != TrueSkill && opt.Human != ExpectedWins {
		return nil, fmt.Errorf("unknown human score %q (want %s or %s)", opt.Human, TrueSkill, ExpectedWins)
	}
	for _, s := range scores {
		for _, agg := range opt.Aggregates {
			if agg != AggCorpus && s.Sentence == nil {
				continue
			}
			row := SysRow{Metric: s.Name, Aggregate: agg}
			for _, r := range rks {
				m := b.systemScores(r, &s, agg, opt.TrueSkill)
				row.Scores = append(row.Scores, m)
				var cells []SysCell
				for _, set := range sets {
					c := SysCell{Ranking: r.Name, Set: set.Name, Pearson: map[string]float64{}, Spearman: map[string]float64{}}
					for _, h := range []string{TrueSkill, ExpectedWins} {
						pr, sr, err := b.Correlate(set, r.Human[h], m)
						if err != nil {
							return nil, fmt.Errorf("%s (%s): %s: %w", s.Name, agg, set.Name, err)
						}
						c.Pearson[h], c.Spearman[h] = pr, sr
					}
					cells = append(cells, c)
				}
				row.Cells = append(row.Cells, cells)
				if opt.Window >= 2 {
					w, err := b.Windows(sets[0], r.Human[opt.Human], m, opt.Window)
					if err != nil {
						return nil, err
					}
					lb.Windows = append(lb.Windows, WinRow{s.Name, agg, r.Name, sets[0].Name, opt.Human, opt.Window, w})
				}
			}
			lb.System = append(lb.System, row)
		}
		if s.Sentence == nil {
			continue
		}
		row := SentRow{Metric: s.Name}
		for _, r := range rks {
			var cells []PairCounts
			var cis []SentenceCI
			for _, set := range sets {
				c, byItem, err := b.countPairs(r, set, s.Sentence)
				if err != nil {
					return nil, fmt.Errorf("%s: %s: %w", s.Name, r.Name, err)
				}
				cells = append(cells, c)
				if opt.Resamples > 0 {
					cis = append(cis, sentenceIntervals(byItem, opt.Resamples, opt.Seed, opt.Confidence))
				}
			}
			row.Cells = append(row.Cells, cells)
			if cis != nil {
				row.CIs = append(row.CIs, cis)
			}
		}
		lb.Sentence = append(lb.Sentence, row)
	}
	lb.Signature = b.signature(opt)
	return lb, nil
}

// signature is the protocol's signature, sacreBLEU-style: what a figure
// of the leaderboard was computed from.
func (b *Benchmark) signature(opt Options) string {
	var items, cmps []string
	for _, r := range b.Rankings {
		if slices.Contains(opt.Rankings, r.Name) {
			items = append(items, fmt.Sprintf("%s:%d", r.Name, len(r.Judgements.Items)))
			cmps = append(cmps, fmt.Sprintf("%s:%d", r.Name, len(r.Judgements.Comparisons)))
		}
	}
	human := "published"
	if len(b.Rankings) > 0 && !b.Rankings[0].Published {
		human = fmt.Sprintf("computed(ts-runs:%d)", opt.TrueSkill.Runs)
	}
	sig := fmt.Sprintf("%s|sents:%d|items:%s|comparisons:%s|refs:%s|sets:%s|human:%s|sentence:authors-ties-second+gecmetric|agg:%s",
		b.Name, len(b.Items), strings.Join(items, ","), strings.Join(cmps, ","), b.Refs, strings.Join(opt.Sets, ","), human, strings.Join(opt.Aggregates, ","))
	if slices.ContainsFunc(opt.Aggregates, func(a string) bool { return a == AggTrueSkill }) {
		sig += fmt.Sprintf("|ts-runs:%d|seed:%d", opt.TrueSkill.Runs, opt.TrueSkill.Seed)
	}
	if opt.Resamples > 0 {
		sig += fmt.Sprintf("|ci:%g,items,%d,seed:%d", opt.Confidence, opt.Resamples, opt.Seed)
	}
	return sig
}

// DefaultMetrics are the metrics the leaderboard scores when none are
// named: the reference-based metrics, SentM2 and SentERRANT, chrF, and the
// judge's overall score with and without the references.
var DefaultMetrics = []string{toolbox.M2, toolbox.SentM2, toolbox.ERRANT, toolbox.SentERRANT, toolbox.GLEU, toolbox.ChrF, "judge:overall", "judge-noref:overall"}

// Score scores the benchmark's outputs of the judged sentences with the
// named metrics (toolbox.Score) and keys the sentence scores by the
// rankings' items.
func (b *Benchmark) Score(names []string, opt toolbox.Options) ([]metaeval.Scores, error) {
	raw, err := toolbox.Score(b.Set, b.Outputs, names, opt)
	if err != nil {
		return nil, err
	}
	out := make([]metaeval.Scores, len(raw))
	for k, s := range raw {
		if out[k], err = b.LineScores(s); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fmt3 prints a value to 3 decimals, NaN as "-".
func fmt3(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.3f", v)
}
