package calibrate

import (
	"fmt"
	"iter"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
)

// Level is the granularity of a correlation.
type Level int

const (
	SentenceLevel Level = iota // one point per (item, system) unit
	SystemLevel                // one point per system
)

func (l Level) String() string {
	if l == SystemLevel {
		return "system"
	}
	return "sentence"
}

// ParseLevel parses "sentence" or "system".
func ParseLevel(s string) (Level, error) {
	switch s {
	case "sentence", "segment":
		return SentenceLevel, nil
	case "system":
		return SystemLevel, nil
	}
	return 0, fmt.Errorf("unknown correlation level %q (want sentence or system)", s)
}

// A MetricScore is a metric's value for one system's output of one item,
// or, with Item empty, for the system as a whole (a corpus-level score).
type MetricScore struct {
	Item, System string
	Value        float64
}

// CorrelateOptions configure Correlate. The zero value means: sentence
// level, 1000 bootstrap resamples, seed 0, 95% intervals, exact metric ties.
type CorrelateOptions struct {
	Level      Level
	Resamples  int     // bootstrap resamples; 0 means 1000, negative means none
	Seed       uint64  // bootstrap seed
	Confidence float64 // interval level; 0 means 0.95
	Epsilon    float64 // metric differences up to Epsilon are ties for acc_eq
	// Progress, when not nil, is told how many bootstrap resamples are
	// done (stage "resamples", done of total).
	Progress func(stage string, done, total int)
}

// A Statistic is one correlation statistic with its bootstrap interval.
type Statistic struct {
	Name  string  // "pearson", "spearman", "kendall_tau_b", "acc_eq", "wmt_kendall"
	Value float64 // on all the data
	CI    stat.CI // percentile bootstrap over items
}

// A Correlation is the agreement of a metric with human ratings on one scale.
type Correlation struct {
	Scale   *Scale
	Level   Level
	Units   int // (item, system) pairs with both a human value and a metric value
	Items   int
	Systems int
	// Comparisons is the number of pairwise human comparisons a system
	// ranking came from (metaeval.CorrelateSystems); 0 for ratings.
	Comparisons int
	Oriented    bool // the scale is lower-is-better and human values were negated
	Stats       []Statistic
	Opts        CorrelateOptions
	// Human and Metric are the points on all the data (oriented human
	// value, metric value), for plots; at system level one per system.
	Human, Metric []float64
}

// Correlate measures how well metric scores agree with the human ratings
// on one scale.
//
// The human value of a unit (item, system) is the mean over its annotators
// of their non-Other values; units rated only Other are left out. On a
// lower-is-better scale human values are negated first (Oriented), so a
// positive correlation always means the metric agrees with the humans.
//
// At sentence level every unit with both values is one point (no grouping
// by item). At system level each system is one point: its mean human value
// over the units it has, against the mean of its sentence-level metric
// scores over the same units, or against its corpus-level score when the
// metric gives one (MetricScore with empty Item).
//
// Intervals come from a percentile bootstrap over items (sentences): a
// resample draws items with replacement and keeps every system's units of
// each drawn item, so the systems' ratings of one sentence stay together;
// corpus-level metric scores are held fixed.
func Correlate(rs Ratings, scale string, metric []MetricScore, opt CorrelateOptions) (Correlation, error) {
	on := rs.OnScale(scale)
	if len(on) == 0 {
		return Correlation{}, fmt.Errorf("no ratings on scale %q", scale)
	}
	sc := on[0].Scale
	opt = opt.withDefaults()
	// Human value per unit.
	type acc struct {
		sum float64
		n   int
	}
	hv := map[human.Unit]*acc{}
	var unitOrder []human.Unit
	for _, r := range on {
		if r.Other {
			continue
		}
		u := human.Unit{Item: r.Item, System: r.System}
		if hv[u] == nil {
			hv[u] = &acc{}
			unitOrder = append(unitOrder, u)
		}
		hv[u].sum += r.Value
		hv[u].n++
	}
	sentence := map[human.Unit]float64{}
	corpus := map[string]float64{}
	for _, m := range metric {
		if m.Item == "" {
			corpus[m.System] = m.Value
		} else {
			sentence[human.Unit{Item: m.Item, System: m.System}] = m.Value
		}
	}
	sign := 1.0
	if sc.Direction == human.LowerIsBetter {
		sign = -1
	}
	// Units with both values, grouped by item.
	var items []string
	byItem := map[string][]int{}
	var hx, my []float64
	var usys []string
	for _, u := range unitOrder {
		mv, ok := sentence[u]
		if !ok {
			if _, ok := corpus[u.System]; !ok || opt.Level == SentenceLevel {
				continue
			}
			mv = math.NaN() // system level with a corpus score: only the human side is needed
		}
		if _, seen := byItem[u.Item]; !seen {
			items = append(items, u.Item)
		}
		byItem[u.Item] = append(byItem[u.Item], len(hx))
		hx = append(hx, sign*hv[u].sum/float64(hv[u].n))
		my = append(my, mv)
		usys = append(usys, u.System)
	}
	if len(hx) == 0 {
		return Correlation{}, noOverlap(scale, on, metric)
	}
	systems := slices.Clone(usys)
	slices.Sort(systems)
	systems = slices.Compact(systems)
	res := Correlation{Scale: sc, Level: opt.Level, Units: len(hx), Items: len(items), Systems: len(systems),
		Oriented: sign < 0, Opts: opt}

	// points returns the (human, metric) pairs for a multiset of items.
	sysIndex := map[string]int{}
	for i, s := range systems {
		sysIndex[s] = i
	}
	points := func(itemIdx []int) ([]float64, []float64) {
		var x, y []float64
		if opt.Level == SentenceLevel {
			for _, ii := range itemIdx {
				for _, k := range byItem[items[ii]] {
					x, y = append(x, hx[k]), append(y, my[k])
				}
			}
			return x, y
		}
		hs := make([]float64, len(systems))
		ms := make([]float64, len(systems))
		n := make([]float64, len(systems))
		for _, ii := range itemIdx {
			for _, k := range byItem[items[ii]] {
				s := sysIndex[usys[k]]
				hs[s] += hx[k]
				ms[s] += my[k]
				n[s]++
			}
		}
		for s, name := range systems {
			if n[s] == 0 {
				continue
			}
			mv := ms[s] / n[s]
			if c, ok := corpus[name]; ok {
				mv = c
			}
			x, y = append(x, hs[s]/n[s]), append(y, mv)
		}
		return x, y
	}
	res.Stats = correlationStats(len(items), opt, points)
	all := make([]int, len(items))
	for i := range all {
		all[i] = i
	}
	res.Human, res.Metric = points(all)
	return res, nil
}

// withDefaults fills in the defaults documented on CorrelateOptions.
func (o CorrelateOptions) withDefaults() CorrelateOptions {
	if o.Resamples == 0 {
		o.Resamples = 1000
	}
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	return o
}

// correlationStats computes every statistic on the points of all n items,
// each with its percentile bootstrap interval over items (NaN bounds when
// opt.Resamples is negative). points returns the (human, metric) pairs of
// a multiset of item indices; the resamples are stat.BootstrapIndices', so
// every statistic's interval is the one stat.Bootstrap gives it.
func correlationStats(n int, opt CorrelateOptions, points func(idx []int) (x, y []float64)) []Statistic {
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	x, y := points(all)
	var resampled iter.Seq2[[]float64, []float64]
	if opt.Resamples > 0 {
		resampled = func(yield func(x, y []float64) bool) {
			r := 0
			for idx := range stat.BootstrapIndices(n, opt.Resamples, opt.Seed) {
				if opt.Progress != nil {
					opt.Progress("resamples", r, opt.Resamples)
				}
				r++
				if !yield(points(idx)) {
					return
				}
			}
			if opt.Progress != nil {
				opt.Progress("resamples", r, opt.Resamples)
			}
		}
	}
	return CorrelationStatistics(x, y, resampled, opt)
}

// CorrelationStatistics returns every statistic Correlate reports (pearson,
// spearman, kendall_tau_b, acc_eq with opt.Epsilon, wmt_kendall) of the
// points (x[i], y[i]) of all the data, each with the percentile interval
// (stat.Percentile at opt.Confidence) of its values on the resamples'
// points; with resamples nil, or opt.Resamples negative, the intervals
// have NaN bounds. x is the human side, y the metric's. It is the one
// computation of the statistics behind Correlate and the system level of
// rankings (metaeval.CorrelateSystems), which draws its own resamples.
func CorrelationStatistics(x, y []float64, resamples iter.Seq2[[]float64, []float64], opt CorrelateOptions) []Statistic {
	opt = opt.withDefaults()
	stats := statistics(opt.Epsilon)
	out := make([]Statistic, len(stats))
	for k, s := range stats {
		out[k] = Statistic{Name: s.name, Value: s.f(x, y), CI: stat.CI{Lo: math.NaN(), Hi: math.NaN(), Level: opt.Confidence}}
	}
	if resamples == nil || opt.Resamples < 0 {
		return out
	}
	vals := make([][]float64, len(stats))
	for bx, by := range resamples {
		for k, s := range stats {
			vals[k] = append(vals[k], s.f(bx, by))
		}
	}
	if len(vals[0]) == 0 {
		return out
	}
	for k := range out {
		out[k].CI = stat.Percentile(vals[k], opt.Confidence)
	}
	return out
}

type namedStat struct {
	name string
	f    func(x, y []float64) float64
}

// statistics lists the statistics Correlate reports, in order.
func statistics(epsilon float64) []namedStat {
	return []namedStat{
		{"pearson", stat.Pearson},
		{"spearman", stat.Spearman},
		{"kendall_tau_b", stat.KendallTauB},
		{"acc_eq", func(x, y []float64) float64 { return stat.PairwiseAccuracy(x, y, epsilon) }},
		{"wmt_kendall", stat.WMTKendall},
	}
}

// noOverlap is the error of a correlation with no unit both rated and
// scored: it names the systems on each side (and, when those meet, a few
// items of each), so that a misspelt name shows.
func noOverlap(scale string, rated human.Ratings, metric []MetricScore) error {
	hs, ms := map[string]bool{}, map[string]bool{}
	hi, mi := map[string]bool{}, map[string]bool{}
	for _, r := range rated {
		hs[r.System], hi[r.Item] = true, true
	}
	for _, m := range metric {
		ms[m.System] = true
		if m.Item != "" {
			mi[m.Item] = true
		}
	}
	list := func(set map[string]bool) string {
		names := slices.Sorted(maps.Keys(set))
		if len(names) > 8 {
			names = append(names[:8], fmt.Sprintf("… %d in all", len(set)))
		}
		return strings.Join(names, ", ")
	}
	shared := false
	for s := range hs {
		shared = shared || ms[s]
	}
	if !shared {
		return fmt.Errorf("no unit has both a human rating on %s and a metric score: no system has both (rated: %s; scored: %s)", scale, list(hs), list(ms))
	}
	return fmt.Errorf("no unit has both a human rating on %s and a metric score: no item has both (rated items: %s; scored items: %s)", scale, list(hi), list(mi))
}
