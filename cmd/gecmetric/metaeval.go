package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/calibrate/metaeval/toolbox"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/eval"
)

func metaEvalCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "meta-eval",
		Usage: "meta-evaluate metrics and the judge against human rankings (Expected Wins, TrueSkill, pairwise accuracy)",
		UsageText: "gecmetric meta-eval --rankings judgments.xml [--source S] --ref R [--ref R2] --hyp NAME=FILE ... [--metrics m2,errant,gleu,chrf,judge:overall]\n" +
			"   gecmetric meta-eval --rankings judgments.xml --scores [NAME=]scores.csv ...\n" +
			"   gecmetric meta-eval --benchmark seeda|gjg15 [--data DIR] [--metrics ...] [--metric-file NAME=FILE|DIR ...] [--format text|csv|markdown|html|json]",
		Description: "Expands the human rankings (--rankings: Appraise XML as in GJG15's judgments.xml, or WMT CSV) into\n" +
			"pairwise comparisons and reports, for every metric:\n" +
			"  system level: Pearson r and Spearman rho against Expected Wins and TrueSkill computed from the\n" +
			"    rankings, with bootstrap intervals over judged items; --window K adds the correlations over\n" +
			"    every K systems adjacent in the human ranking; --aggregate says how sentence scores become a\n" +
			"    system score (corpus: the corpus-level score when there is one; mean; trueskill: the humans'\n" +
			"    comparisons replayed with the metric's preferences);\n" +
			"  sentence level: pairwise accuracy and tau over the pairs a human decided (human ties, including\n" +
			"    systems collapsed for identical output, left out), metric ties counted as disagreements, and\n" +
			"    with metric ties left out.\n" +
			"Metrics are computed on the systems' outputs (--hyp NAME=FILE, named like the rankings' systems;\n" +
			"a bare FILE is named by its base name without extension) against --ref (M2 or plain text, as in\n" +
			"eval): m2, errant, gleu, chrf, judge:Q (with references) and judge-noref:Q, Q one of overall,\n" +
			"grammaticality, fluency, meaning, overcorrection, remaining_errors. --scores reads external scores:\n" +
			"CSV/TSV with columns item,system,score (item = the rankings' item, for Appraise XML the src-id, the\n" +
			"0-based line; an empty or absent item makes a corpus-level score) or JSON Lines with those keys;\n" +
			"higher must be better.\n" +
			benchmarkDescription,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "rankings", Usage: "human rankings: Appraise XML (.xml) or WMT CSV (required without --benchmark)"},
			&cli.StringFlag{Name: "rankings-format", Usage: "appraise or wmt (default: appraise for .xml, else wmt)"},
			&cli.StringFlag{Name: "source", Aliases: []string{"s"}, Usage: "source sentences, one tokenised sentence per line (optional with M2 references)"},
			&cli.StringSliceFlag{Name: "ref", Aliases: []string{"r"}, Usage: "a reference: an M2 file or plain text (repeatable)"},
			&cli.StringSliceFlag{Name: "hyp", Usage: "a ranked system's output, NAME=FILE or FILE (repeatable)"},
			&cli.StringFlag{Name: "metrics", Aliases: []string{"m"}, Value: "m2,errant,gleu,chrf", Usage: "comma-separated metrics computed on --hyp outputs (see above)"},
			&cli.StringSliceFlag{Name: "scores", Usage: "external scores, NAME=FILE or FILE (repeatable; see above)"},
			&cli.StringFlag{Name: "level", Value: "both", Usage: "system, sentence or both"},
			&cli.StringFlag{Name: "aggregate", Value: "corpus", Usage: "system score from a metric: corpus, mean or trueskill"},
			&cli.IntFlag{Name: "window", Usage: "also correlate over every K systems adjacent in the human ranking"},
			&cli.IntFlag{Name: "resamples", Value: 200, Usage: "bootstrap resamples over judged items (0 for none)"},
			&cli.Uint64Flag{Name: "seed", Usage: "seed of the bootstrap and of TrueSkill"},
			&cli.FloatFlag{Name: "confidence", Value: 0.95, Usage: "interval level"},
			&cli.IntFlag{Name: "trueskill-runs", Value: metaeval.DefaultTrueSkillRuns, Usage: "TrueSkill runs averaged (GJG15 used 1000)"},
			&cli.IntFlag{Name: "human-decimals", Usage: "round human system scores to this many decimals before correlating (GJG15's tables: 3)"},
			&cli.StringFlag{Name: "lang", Value: defaultLang, Usage: "language of the edit extraction (see: gecmetric edits --lang list)"},
			&cli.FloatFlag{Name: "beta", Value: 0.5, Usage: "weight of recall in the F-scores of M2 and ERRANT"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON instead of tables"},
		}, append(append(benchmarkFlags(), tokenizeFlags()...), llmClientFlags()...)...),
		Action: func(ctx context.Context, cmd *cli.Command) error { return runMetaEval(ctx, e, cmd) },
	}
}

func runMetaEval(ctx context.Context, e *env, cmd *cli.Command) error {
	if cmd.String("lang") == langList {
		return writeLanguages(e.stdout)
	}
	if cmd.String("benchmark") != "" {
		return runBenchmark(e, cmd)
	}
	if cmd.String("rankings") == "" {
		return usageError{errors.New("give --rankings FILE (human rankings) or --benchmark seeda|gjg15")}
	}
	opt, err := metaEvalOptions(cmd)
	if err != nil {
		return usageError{err}
	}
	format := cmd.String("rankings-format")
	if format == "" {
		format = "wmt"
		if strings.EqualFold(filepath.Ext(cmd.String("rankings")), ".xml") {
			format = "appraise"
		}
	}
	rk, err := human.ReadRankings(cmd.String("rankings"), format)
	if err != nil {
		return err
	}
	j, err := metaeval.NewJudgements(rk)
	if err != nil {
		return fmt.Errorf("%s: %w", cmd.String("rankings"), err)
	}
	j.Progress = e.meter.Stage
	var scores []metaeval.Scores
	if hyps := cmd.StringSlice("hyp"); len(hyps) > 0 {
		if scores, err = toolboxScores(ctx, cmd, hyps, e); err != nil {
			return err
		}
		markInSample(e, scores, toolbox.RankingSets(rk), cmd.String("rankings"))
	} else if len(cmd.StringSlice("ref")) > 0 {
		return usageError{errors.New("--ref without --hyp: give the ranked systems' outputs (--hyp NAME=FILE)")}
	}
	more, err := readScoresFiles(cmd.StringSlice("scores"))
	if err != nil {
		return err
	}
	scores = append(scores, more...)
	if len(scores) == 0 {
		return usageError{errors.New("nothing to meta-evaluate: give --hyp NAME=FILE with --ref, or --scores FILE")}
	}
	rep, err := metaeval.Evaluate(j, scores, opt)
	if err != nil {
		return err
	}
	for _, s := range scores {
		if missing := rep.Unscored[s.Name]; len(missing) > 0 {
			fmt.Fprintf(e.stderr, "gecmetric: warning: %s has no score for the ranked systems %s; they are left out\n", s.Name, strings.Join(missing, " "))
		}
	}
	if cmd.Bool("json") {
		return writeJSON(e.stdout, rep)
	}
	return writeMetaEval(e.stdout, rep, opt)
}

func metaEvalOptions(cmd *cli.Command) (metaeval.Options, error) {
	var opt metaeval.Options
	switch cmd.String("level") {
	case "system":
		opt.System = true
	case "sentence":
		opt.Sentence = true
	case "both":
		opt.System, opt.Sentence = true, true
	default:
		return opt, fmt.Errorf("--level %q: want system, sentence or both", cmd.String("level"))
	}
	agg, err := metaeval.ParseAggregate(cmd.String("aggregate"))
	if err != nil {
		return opt, fmt.Errorf("--aggregate: %v", err)
	}
	res := int(cmd.Int("resamples"))
	if res < 0 {
		return opt, fmt.Errorf("--resamples %d: want 0 (no intervals) or more", res)
	}
	if res == 0 {
		res = -1
	}
	conf := cmd.Float("confidence")
	if !(conf > 0 && conf < 1) {
		return opt, fmt.Errorf("--confidence %v: want a level between 0 and 1", conf)
	}
	if w := cmd.Int("window"); w == 1 || w < 0 {
		return opt, fmt.Errorf("--window %d: want 2 or more systems", w)
	}
	if cmd.Int("trueskill-runs") < 1 {
		return opt, fmt.Errorf("--trueskill-runs %d: want at least 1", cmd.Int("trueskill-runs"))
	}
	if d := cmd.Int("human-decimals"); d < 0 || d > 15 {
		return opt, fmt.Errorf("--human-decimals %d: want 0 to 15", d)
	}
	seed := cmd.Uint64("seed")
	opt.SystemOptions = metaeval.SystemOptions{Aggregate: agg, Resamples: res, Seed: seed, Confidence: conf, Window: int(cmd.Int("window")),
		TrueSkill: metaeval.TrueSkillOptions{Runs: int(cmd.Int("trueskill-runs")), Seed: seed}, HumanDecimals: int(cmd.Int("human-decimals"))}
	opt.SentenceOptions = metaeval.SentenceOptions{Resamples: res, Seed: seed, Confidence: conf}
	return opt, nil
}

// namedFile splits NAME=FILE; a bare FILE is named by its base name
// without extension.
func namedFile(arg string) (name, path string) {
	if n, p, ok := strings.Cut(arg, "="); ok && n != "" && !strings.ContainsAny(n, `/\`) {
		return n, p
	}
	base := filepath.Base(arg)
	return strings.TrimSuffix(base, filepath.Ext(base)), arg
}

// toolboxScores reads the test set and the outputs as eval does and scores
// them with the --metrics.
func toolboxScores(ctx context.Context, cmd *cli.Command, hyps []string, e *env) ([]metaeval.Scores, error) {
	stderr := e.stderr
	names, err := toolbox.ParseMetrics(cmd.String("metrics"))
	if err != nil {
		return nil, usageError{fmt.Errorf("--metrics: %v", err)}
	}
	if len(cmd.StringSlice("ref")) == 0 {
		return nil, usageError{errors.New("--hyp needs --ref (an M2 file or plain-text references)")}
	}
	beta := cmd.Float("beta")
	if !(beta > 0) || math.IsInf(beta, 0) {
		return nil, usageError{fmt.Errorf("--beta %v: want a positive number", beta)}
	}
	sysNames := make([]string, len(hyps))
	paths := make([]string, len(hyps))
	for k, h := range hyps {
		sysNames[k], paths[k] = namedFile(h)
	}
	set, systems, err := readTestSet(cmd, paths)
	if err != nil {
		return nil, err
	}
	for k := range systems {
		systems[k].Name = sysNames[k]
	}
	cfg := eval.Config{Beta: beta, Lang: languageFor(cmd.String("lang")), Version: version}
	opt := toolbox.Options{Eval: cfg, Progress: e.meter.Stage}
	if slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, "llm:") }) {
		if cmd.String("llm-url") == "" {
			return nil, usageError{errors.New("--metrics llm:Q needs --llm-url and --llm-model: the language model to ask")}
		}
		if opt.LLM, err = llmClient(stderr, cmd); err != nil {
			return nil, err
		}
		var stop context.CancelFunc
		opt.Context, stop = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()
	}
	return toolbox.Score(set, systems, names, opt)
}

func writeMetaEval(w io.Writer, rep *metaeval.Report, opt metaeval.Options) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "# human rankings: %d systems, %d items, %d pairwise comparisons (%d ties); TrueSkill: mean of %d runs, seed %d\n",
		rep.Systems, rep.Items, rep.Comparisons, rep.HumanTies, opt.SystemOptions.TrueSkill.Runs, opt.SystemOptions.TrueSkill.Seed)
	fmt.Fprintln(tw, "system\texpected_wins\ttrueskill")
	for _, p := range rep.Humans {
		fmt.Fprintf(tw, "%s\t%.4f\t%.4f\n", p.System, p.ExpectedWins, p.TrueSkill)
	}
	tw.Flush()
	if len(rep.System) > 0 {
		so := opt.SystemOptions
		fmt.Fprintf(w, "\n# system level (aggregate %s; %s)\n", so.Aggregate, intervalNote(so.Resamples, so.Confidence, so.Seed))
		fmt.Fprintln(tw, "metric\tsystems\tEW r\tEW rho\tTS r\tTS rho")
		for _, r := range rep.System {
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\n", r.Metric, len(r.Points), statCell(r.ExpectedWins.Pearson), statCell(r.ExpectedWins.Spearman),
				statCell(r.TrueSkill.Pearson), statCell(r.TrueSkill.Spearman))
		}
		tw.Flush()
		if so.Window > 0 {
			fmt.Fprintf(w, "\n# windows of %d systems adjacent in the human ranking (from = rank of the best)\n", so.Window)
			fmt.Fprintln(tw, "metric\thuman\tfrom\tr\trho\tsystems")
			for _, r := range rep.System {
				for _, win := range r.Windows {
					fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\n", r.Metric, win.Human, win.From, num3(win.Pearson), num3(win.Spearman), strings.Join(win.Systems, " "))
				}
			}
			tw.Flush()
		}
	}
	if len(rep.Sentence) > 0 {
		so := opt.SentenceOptions
		fmt.Fprintf(w, "\n# sentence level: pairs a human decided (human ties left out); %s\n", intervalNote(so.Resamples, so.Confidence, so.Seed))
		fmt.Fprintln(tw, "metric\tpairs\tmetric ties\taccuracy\ttau\taccuracy (no ties)\ttau (no ties)")
		for _, r := range rep.Sentence {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%s\n", r.Metric, r.Pairs, r.MetricTies, statCell(r.Accuracy), statCell(r.Tau),
				statCell(r.AccuracyNoTies), statCell(r.TauNoTies))
		}
		tw.Flush()
	}
	return nil
}

func intervalNote(resamples int, conf float64, seed uint64) string {
	if resamples <= 0 {
		return "no intervals"
	}
	return fmt.Sprintf("%.0f%% bootstrap intervals over items, %d resamples, seed %d", conf*100, resamples, seed)
}

func num3(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.3f", v)
}

// statCell prints a value with its interval when there is one.
func statCell(s metaeval.Statistic) string {
	if s.CI.N == 0 {
		return num3(s.Value)
	}
	return fmt.Sprintf("%s [%s, %s]", num3(s.Value), num3(s.CI.Lo), num3(s.CI.Hi))
}

// markInSample warns on stderr about every judge quantity meta-evaluated on
// rankings its models were fitted on (toolbox.InSample: GJG15 for the
// overall score) and marks its row: the metric's name gets
// " (in-sample: SETS)", in the tables and in the JSON.
func markInSample(e *env, scores []metaeval.Scores, sets []string, path string) {
	for i := range scores {
		in := toolbox.InSample(scores[i].Name, "en", sets)
		if len(in) == 0 {
			continue
		}
		fmt.Fprintf(e.stderr, "gecmetric: warning: %s: the judge's models were fitted on %s, which %s is from: its correlations are in-sample, not a measure on new data (marked \"in-sample\")\n",
			scores[i].Name, strings.Join(in, ", "), path)
		scores[i].Name += " (in-sample: " + strings.Join(in, ", ") + ")"
	}
}

// readScoresFiles reads --scores [NAME=]FILE arguments: item,system,score
// tables (calibrate.ReadMetricScores), one metric each.
func readScoresFiles(args []string) ([]metaeval.Scores, error) {
	var out []metaeval.Scores
	for _, arg := range args {
		name, path := namedFile(arg)
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		ms, err := calibrate.ReadMetricScores(f, path)
		f.Close()
		if err != nil {
			return nil, err
		}
		s, err := metaeval.ScoresOf(name, ms)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
