package metaeval

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/gecmetric/gecmetric/calibrate/stat"
)

// Human system scores, the two ways Grundkiewicz et al. (2015) rank systems.
const (
	ExpectedWins = "expected_wins"
	TrueSkillMu  = "trueskill"
)

// SystemOptions configure SystemLevel. The zero value means: the
// corpus-level score, 200 bootstrap resamples with seed 0 and 95%
// intervals, no window analysis, DefaultTrueSkillRuns runs with seed 0.
type SystemOptions struct {
	Aggregate Aggregate `json:"aggregate"`
	// Resamples is the number of bootstrap resamples; 0 means 200,
	// negative means no intervals.
	Resamples  int     `json:"resamples"`
	Seed       uint64  `json:"seed"`       // bootstrap seed
	Confidence float64 `json:"confidence"` // interval level; 0 means 0.95
	// Window, when 2 or more, adds the correlation over each window of
	// Window systems adjacent in the human ranking.
	Window    int              `json:"window,omitempty"`
	TrueSkill TrueSkillOptions `json:"trueskill"`
	// HumanDecimals, when positive, rounds the human scores to that many
	// decimals before correlating. GJG15's published correlations use 3:
	// their scripts read the scores from the ranking cluster.py prints,
	// rounded to 3 decimals, which moves the Pearson r of M2 with Expected
	// Wins from 0.6254 to 0.6272.
	HumanDecimals int `json:"human_decimals,omitempty"`
}

func (o SystemOptions) withDefaults() SystemOptions {
	if o.Resamples == 0 {
		o.Resamples = 200
	}
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	return o
}

// A Statistic is a value with its percentile bootstrap interval.
type Statistic struct {
	Value float64
	CI    stat.CI
}

// A Correlation is Pearson's r and Spearman's rho of a metric's system
// scores with one human system score.
type Correlation struct {
	Pearson  Statistic `json:"pearson"`
	Spearman Statistic `json:"spearman"`
}

// A SystemPoint is one system's scores.
type SystemPoint struct {
	System       string
	Metric       float64
	ExpectedWins float64
	TrueSkill    float64
}

// A Window is the correlation over Size systems adjacent in one human
// ranking, starting at rank From (1 = best).
type Window struct {
	Human             string // ExpectedWins or TrueSkillMu
	From              int
	Systems           []string
	Pearson, Spearman float64
}

// A SystemResult is a metric's system-level agreement with the humans.
type SystemResult struct {
	Metric    string    `json:"metric"`
	Aggregate Aggregate `json:"aggregate"`
	// Points are the systems that have a metric score, best Expected Wins
	// first.
	Points       []SystemPoint `json:"systems"`
	ExpectedWins Correlation   `json:"expected_wins"`
	TrueSkill    Correlation   `json:"trueskill"`
	Windows      []Window      `json:"windows,omitempty"`
	Options      SystemOptions `json:"options"`
}

// SystemLevel correlates a metric's system scores with the human ones:
// Expected Wins and TrueSkill computed from the judgements (Judgements.
// ExpectedWins, Judgements.TrueSkill), Pearson's r and Spearman's rho over
// the systems that have a metric score.
//
// Intervals are percentile bootstrap intervals (stat.Bootstrap's
// convention) over judged items: a resample draws items with replacement,
// takes every comparison of each drawn item, and recomputes both human
// scores (TrueSkill with one run a resample) and, with the TrueSkill
// aggregate, the metric's; corpus and mean metric scores stay as given,
// since they are computed on the whole test set. The human resamples
// depend only on the judgements and the options, and are shared by every
// metric evaluated with the same options.
func SystemLevel(j *Judgements, s Scores, opt SystemOptions) (*SystemResult, error) {
	opt = opt.withDefaults()
	sm, err := j.systemSample(s, opt)
	if err != nil {
		return nil, err
	}
	hum, metric, keep := sm.hum, sm.metric, sm.keep
	res := &SystemResult{Metric: s.Name, Aggregate: opt.Aggregate, Options: opt}
	for _, i := range ranked(hum.ew) {
		if !math.IsNaN(metric[i]) {
			res.Points = append(res.Points, SystemPoint{System: j.Systems[i], Metric: metric[i], ExpectedWins: hum.ew[i], TrueSkill: hum.ts[i]})
		}
	}
	res.ExpectedWins = correlation(pick(hum.ew, keep), pick(metric, keep))
	res.TrueSkill = correlation(pick(hum.ts, keep), pick(metric, keep))
	if opt.Window >= 2 {
		res.Windows = append(windows(j, ExpectedWins, hum.ew, metric, opt.Window), windows(j, TrueSkillMu, hum.ts, metric, opt.Window)...)
	}
	if opt.Resamples > 0 {
		var ew, ts [2][]float64
		for _, p := range sm.reps {
			ew[0] = append(ew[0], stat.Pearson(p.ew, p.metric))
			ew[1] = append(ew[1], stat.Spearman(p.ew, p.metric))
			ts[0] = append(ts[0], stat.Pearson(p.ts, p.metric))
			ts[1] = append(ts[1], stat.Spearman(p.ts, p.metric))
		}
		res.ExpectedWins.Pearson.CI = stat.Percentile(ew[0], opt.Confidence)
		res.ExpectedWins.Spearman.CI = stat.Percentile(ew[1], opt.Confidence)
		res.TrueSkill.Pearson.CI = stat.Percentile(ts[0], opt.Confidence)
		res.TrueSkill.Spearman.CI = stat.Percentile(ts[1], opt.Confidence)
	}
	return res, nil
}

// A systemSample is what the system level correlates: the human and the
// metric's system scores on all the data, and the points of every
// bootstrap resample (SystemLevel's doc says how they are drawn).
type systemSample struct {
	hum    humanScores // every system, on all the data
	metric []float64   // every system, on all the data; NaN: no score
	keep   []int       // the systems with a metric score
	reps   []systemPoints
}

// systemPoints are the scores of the kept systems defined in one
// resample, in the order of Systems.
type systemPoints struct {
	metric, ew, ts []float64
}

// systemSample computes SystemLevel's scores; opt has its defaults.
func (j *Judgements) systemSample(s Scores, opt SystemOptions) (*systemSample, error) {
	hum := j.systemScores(opt.TrueSkill)
	if opt.HumanDecimals > 0 {
		hum.ew = round(hum.ew, opt.HumanDecimals)
		hum.ts = round(hum.ts, opt.HumanDecimals)
	}
	metric := s.systemScores(j, opt.Aggregate, nil, opt.TrueSkill)
	var keep []int
	for i, v := range metric {
		if !math.IsNaN(v) {
			keep = append(keep, i)
		}
	}
	if len(keep) < 3 {
		return nil, errors.New("metaeval: " + s.Name + ": fewer than three ranked systems have a metric score (check that system names match)")
	}
	sm := &systemSample{hum: hum, metric: metric, keep: keep}
	if opt.Resamples > 0 {
		for r, rep := range j.resamples(opt) {
			m := metric
			if opt.Aggregate == TrueSkill {
				m = s.resampledTrueSkill(j, rep.idx, rand.New(rand.NewPCG(opt.Seed, 2<<32|uint64(r))))
			}
			var p systemPoints
			for _, i := range keep {
				if !math.IsNaN(m[i]) && !math.IsNaN(rep.ew[i]) {
					p.metric, p.ew, p.ts = append(p.metric, m[i]), append(p.ew, rep.ew[i]), append(p.ts, rep.ts[i])
				}
			}
			sm.reps = append(sm.reps, p)
		}
	}
	return sm, nil
}

// Humans returns the human system scores, in the order of Systems.
func (j *Judgements) Humans(opt TrueSkillOptions) (expectedWins, trueSkill []float64) {
	h := j.systemScores(opt)
	return h.ew, h.ts
}

type humanScores struct {
	idx    []int // the items of a resample
	ew, ts []float64
}

// systemScores returns (and caches) the human scores on all items.
func (j *Judgements) systemScores(opt TrueSkillOptions) humanScores {
	j.mu.Lock()
	defer j.mu.Unlock()
	if h, ok := j.full[opt]; ok {
		return h
	}
	h := humanScores{ew: j.ExpectedWins(nil), ts: trueSkill(len(j.Systems), j.comparisonsOf(nil), opt, j.report("TrueSkill runs", opt.runs()))}
	if j.full == nil {
		j.full = map[TrueSkillOptions]humanScores{}
	}
	j.full[opt] = h
	return h
}

type resampleKey struct {
	resamples int
	seed      uint64
}

// resamples returns (and caches) the human scores of opt.Resamples
// bootstrap resamples of the items; resample r's TrueSkill is one run
// seeded with (opt.Seed, 1<<32 | r).
func (j *Judgements) resamples(opt SystemOptions) []humanScores {
	key := resampleKey{opt.Resamples, opt.Seed}
	j.mu.Lock()
	defer j.mu.Unlock()
	if r, ok := j.reps[key]; ok {
		return r
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x9e3779b97f4a7c15))
	reps := make([]humanScores, opt.Resamples)
	for r := range reps {
		idx := make([]int, len(j.Items))
		for i := range idx {
			idx[i] = rng.IntN(len(j.Items))
		}
		reps[r].idx = idx
	}
	done := j.report("resamples", len(reps))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range next {
				cs := j.comparisonsOf(reps[r].idx)
				reps[r].ew = j.ExpectedWins(reps[r].idx)
				t := newPairTable(len(j.Systems), cs)
				mu := t.run(rand.New(rand.NewPCG(opt.Seed, 1<<32|uint64(r))))
				for i, ok := range t.active {
					if !ok {
						mu[i] = math.NaN()
						reps[r].ew[i] = math.NaN()
					}
				}
				reps[r].ts = mu
				if done != nil {
					done()
				}
			}
		}()
	}
	for r := range reps {
		next <- r
	}
	close(next)
	wg.Wait()
	if j.reps == nil {
		j.reps = map[resampleKey][]humanScores{}
	}
	j.reps[key] = reps
	return reps
}

func pick(x []float64, idx []int) []float64 {
	out := make([]float64, len(idx))
	for k, i := range idx {
		out[k] = x[i]
	}
	return out
}

func correlation(human, metric []float64) Correlation {
	return Correlation{
		Pearson:  Statistic{Value: stat.Pearson(human, metric)},
		Spearman: Statistic{Value: stat.Spearman(human, metric)},
	}
}

// interval is the percentile interval of the defined values
// (stat.Percentile).
func interval(vals []float64, level float64) stat.CI { return stat.Percentile(vals, level) }

// windows returns the correlations over each run of size systems adjacent
// in the human ranking by score h (systems without a metric score left
// out).
func windows(j *Judgements, name string, h, metric []float64, size int) []Window {
	var order []int
	for _, i := range ranked(h) {
		if !math.IsNaN(metric[i]) {
			order = append(order, i)
		}
	}
	var out []Window
	for from := 0; from+size <= len(order); from++ {
		w := order[from : from+size]
		win := Window{Human: name, From: from + 1}
		for _, i := range w {
			win.Systems = append(win.Systems, j.Systems[i])
		}
		win.Pearson = stat.Pearson(pick(h, w), pick(metric, w))
		win.Spearman = stat.Spearman(pick(h, w), pick(metric, w))
		out = append(out, win)
	}
	return out
}

func round(x []float64, decimals int) []float64 {
	p := math.Pow(10, float64(decimals))
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = math.Round(v*p) / p
	}
	return out
}
