package metaeval

import (
	"context"
	"fmt"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
)

// CorrelateSystems is the system level of `gecmetric correlate` on
// rankings: SystemLevel's human and metric system scores (Expected Wins,
// TrueSkill as TrueSkillOptions describes it, the Corpus aggregate) and its
// bootstrap resamples of judged items, measured with every statistic of
// calibrate.Correlate (calibrate.CorrelationStatistics: Pearson, Spearman,
// Kendall's tau-b, acc_eq with opt.Epsilon, WMT's tau) instead of
// SystemLevel's two. It returns two correlations, scales "expected_wins"
// and "trueskill", one point per system with a metric score.
//
// opt.Resamples 0 means 200, SystemLevel's default (each resample is one
// TrueSkill run); negative means no intervals. opt.Level is set to
// calibrate.SystemLevel. With the same resamples, seed and confidence the
// Pearson and Spearman values and intervals are SystemLevel's; the
// Expected Wins statistics are those of the single-pass implementation
// correlate used before (its resamples are stat.BootstrapIndices' draws
// too), while TrueSkill is now the mean of ts.Runs runs of Sakaguchi et
// al.'s procedure, and costs one run per resample instead of a shuffled
// pass per resample and statistic.
func CorrelateSystems(j *Judgements, s Scores, opt calibrate.CorrelateOptions, ts TrueSkillOptions) ([]calibrate.Correlation, error) {
	if opt.Resamples == 0 {
		opt.Resamples = SystemOptions{}.withDefaults().Resamples
	}
	if opt.Confidence == 0 {
		opt.Confidence = 0.95
	}
	opt.Level = calibrate.SystemLevel
	so := SystemOptions{Aggregate: Corpus, Resamples: opt.Resamples, Seed: opt.Seed, Confidence: opt.Confidence, TrueSkill: ts}
	sm, err := j.systemSample(s, so)
	if err != nil {
		return nil, err
	}
	var out []calibrate.Correlation
	for _, h := range []string{ExpectedWins, TrueSkillMu} {
		humanOf := func(p systemPoints) []float64 { return p.ew }
		doc := "Expected Wins from relative human rankings (ties left out)"
		if h == TrueSkillMu {
			humanOf = func(p systemPoints) []float64 { return p.ts }
			doc = fmt.Sprintf("TrueSkill mu from relative human rankings (mean of %d runs, seed %d)", ts.runs(), ts.Seed)
		}
		full := systemPoints{metric: pick(sm.metric, sm.keep), ew: pick(sm.hum.ew, sm.keep), ts: pick(sm.hum.ts, sm.keep)}
		var resampled func(yield func(x, y []float64) bool)
		if opt.Resamples > 0 {
			resampled = func(yield func(x, y []float64) bool) {
				for _, p := range sm.reps {
					if !yield(humanOf(p), p.metric) {
						return
					}
				}
			}
		}
		c := calibrate.Correlation{
			Scale: &calibrate.Scale{Name: h, Direction: human.HigherIsBetter, Doc: doc},
			Level: calibrate.SystemLevel, Items: len(j.Items), Systems: len(sm.keep), Comparisons: len(j.Comparisons),
			Opts: opt, Human: humanOf(full), Metric: full.metric,
		}
		c.Stats = calibrate.CorrelationStatistics(c.Human, c.Metric, resampled, opt)
		out = append(out, c)
	}
	return out, nil
}

// CorrelateJudgements is `gecmetric correlate`: with a ranking format it
// reads the rankings and the metric's scores and correlates them with
// CorrelateSystems (TrueSkill by ts; progress told to progress, as
// Judgements.Progress), with ratings it is calibrate.CorrelateJudgements.
func CorrelateJudgements(ctx context.Context, sel human.Selection, metric calibrate.MetricSource, opt calibrate.CorrelateOptions, ts TrueSkillOptions) ([]calibrate.Correlation, error) {
	if !sel.IsRankings() {
		return calibrate.CorrelateJudgements(ctx, sel, metric, opt)
	}
	rk, err := sel.ReadRankings()
	if err != nil {
		return nil, err
	}
	j, err := NewJudgements(rk)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sel.Path, err)
	}
	j.Progress = opt.Progress
	ms, err := metric.Read(ctx)
	if err != nil {
		return nil, err
	}
	s, err := ScoresOf(metric.Name(), ms)
	if err != nil {
		return nil, err
	}
	return CorrelateSystems(j, s, opt, ts)
}
