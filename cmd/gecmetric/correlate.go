package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/htmlreport"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// humanFlags are the flags that say where human judgements are and how to
// read them; correlate and agreement share them.
func humanFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "human", Usage: "human ratings or rankings (a file, or a folder for --format sottana/swedish)", Required: true},
		&cli.StringFlag{Name: "format", Usage: "format of --human: " + strings.Join(human.RatingFormats, ", ") +
			"; rankings: " + strings.Join(human.RankingFormats, ", "), Required: true},
		&cli.StringSliceFlag{Name: "scale", Usage: "only these scales (by name, e.g. grammaticality; repeatable)"},
		&cli.StringSliceFlag{Name: "annotator", Usage: "only these annotators (repeatable); default every person (a language model, e.g. gpt4 in --format sottana, only when named or with --include-models)"},
		&cli.BoolFlag{Name: "include-models", Usage: "count language models' ratings (GPT-4's answers in --format sottana) as raters beside the people's"},
		&cli.StringFlag{Name: "item-col", Value: "item", Usage: "csv/tsv/jsonl: the item id column"},
		&cli.StringFlag{Name: "system-col", Value: "system", Usage: "csv/tsv/jsonl: the system column"},
		&cli.StringFlag{Name: "annotator-col", Value: "annotator", Usage: "csv/tsv/jsonl: the annotator column"},
		&cli.StringSliceFlag{Name: "rating", Usage: "csv/tsv/jsonl: COLUMN=SET/SCALE, e.g. g=swell/grammaticality (repeatable; scale sets, as annotate init --scales names them: " + strings.Join(human.ScaleSetNames(), ", ") + ")"},
	}
}

// selection returns the human judgements the human flags name.
func selection(cmd *cli.Command) human.Selection {
	return human.Selection{
		Path: cmd.String("human"), Format: cmd.String("format"),
		Columns: human.RatingTable{Item: cmd.String("item-col"), System: cmd.String("system-col"),
			Annotator: cmd.String("annotator-col"),
			// Only calibrate fit defines these: it needs the rated texts.
			Source: cmd.String("source-col"), Output: cmd.String("output-col")},
		Ratings: cmd.StringSlice("rating"), Scales: cmd.StringSlice("scale"), Annotators: cmd.StringSlice("annotator"),
		Models: cmd.Bool("include-models"),
	}
}

func correlateCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "correlate",
		Usage: "correlate metric scores with human ratings or rankings, with bootstrap intervals",
		Description: "Reads human judgements (--human, --format) and metric scores (--metric FILE, or the output of\n" +
			"--metric-cmd): a table with columns item, system, score (CSV, TSV or JSON Lines; without item a\n" +
			"score is a system's corpus-level score), or what eval --per-sentence, judge --jsonl or eval --json\n" +
			"wrote (told apart by content; --metric-name picks m2, errant, gleu, chrf or a judge quantity when\n" +
			"the file holds several; a line N is the item N-1, or N with --line-base 1). It prints for every scale Pearson, Spearman, Kendall's\n" +
			"tau-b, pairwise accuracy acc_eq (Deutsch et al. 2023) and WMT's tau-like coefficient, each with a\n" +
			"percentile bootstrap interval over items. A unit's human value is the mean of its annotators'\n" +
			"ratings, Other left out; lower-is-better scales are negated so positive means agreement.\n" +
			"With a ranking format (wmt, appraise) the level is system: systems are scored by Expected Wins and\n" +
			"TrueSkill (the mean of --trueskill-runs runs) as meta-eval scores them, each resample of items\n" +
			"one TrueSkill run (200 resamples unless --resamples says otherwise).\n" +
			"--format gug: each sentence is an item named by its Id column, of the one system \"learner\"\n" +
			"(the metric file's rows: Id,learner,score); its human value is the mean of the five crowd\n" +
			"judgements (GUG's Average column, annotators crowd1..crowd5); --annotator expert takes the\n" +
			"expert's judgement instead, and naming all six averages them.",
		Flags: append(humanFlags(),
			&cli.StringFlag{Name: "metric", Usage: "metric scores: a table with columns item, system, score, or the output of eval --per-sentence, judge --jsonl or eval --json"},
			&cli.StringFlag{Name: "metric-name", Usage: "the score to take from eval's or judge's output: m2, errant, gleu, chrf, or a judge quantity (overall, grammaticality, ...)"},
			&cli.FloatFlag{Name: "beta", Value: 0.5, Usage: "eval --per-sentence: weight of recall in the F of M2 and ERRANT counts"},
			&cli.IntFlag{Name: "line-base", Usage: "eval --per-sentence and judge --jsonl: the item of the first line, 0 (Appraise src-id, as meta-eval) or 1 (GUG's Id)"},
			&cli.StringFlag{Name: "metric-cmd", Usage: "shell command printing metric scores in the --metric format"},
			&cli.StringFlag{Name: "level", Value: "sentence", Usage: "sentence or system"},
			&cli.IntFlag{Name: "resamples", Value: 1000, Usage: "bootstrap resamples (0 for none; with a ranking format the default is 200, as in meta-eval)"},
			&cli.IntFlag{Name: "trueskill-runs", Value: metaeval.DefaultTrueSkillRuns, Usage: "ranking formats: TrueSkill runs averaged (GJG15 used 1000)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "bootstrap seed"},
			&cli.FloatFlag{Name: "confidence", Value: 0.95, Usage: "interval level"},
			&cli.FloatFlag{Name: "epsilon", Value: 0, Usage: "metric differences up to this are ties for acc_eq"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON"},
			&cli.StringFlag{Name: "plot", Usage: "also write an HTML page with a scatter plot and fitted line per scale to this file", Action: outputPath},
		),
		Action: func(ctx context.Context, cmd *cli.Command) error {
			level, err := calibrate.ParseLevel(cmd.String("level"))
			if err != nil {
				return usageError{err}
			}
			opt := calibrate.CorrelateOptions{Level: level, Resamples: cmd.Int("resamples"), Seed: cmd.Uint64("seed"),
				Confidence: cmd.Float("confidence"), Epsilon: cmd.Float("epsilon"), Progress: e.meter.Stage}
			sel := selection(cmd)
			if sel.IsRankings() && !cmd.IsSet("resamples") {
				opt.Resamples = 0 // metaeval.CorrelateSystems' default
			} else if opt.Resamples == 0 {
				opt.Resamples = -1
			}
			if opt.Resamples < -1 {
				return usageError{fmt.Errorf("--resamples %d: want 0 (no intervals) or more", opt.Resamples)}
			}
			if cmd.Int("trueskill-runs") < 1 {
				return usageError{fmt.Errorf("--trueskill-runs %d: want at least 1", cmd.Int("trueskill-runs"))}
			}
			if sel.Format == "gug" && len(sel.Annotators) == 0 {
				// GUG's human value is its crowd mean (the Average
				// column), as every GUG result is reported; --annotator
				// expert correlates with the expert instead.
				sel.Annotators = human.GUGCrowd
			}
			beta := cmd.Float("beta")
			if !(beta > 0) || math.IsInf(beta, 0) {
				return usageError{fmt.Errorf("--beta %v: want a positive number", beta)}
			}
			if lb := cmd.Int("line-base"); lb != 0 && lb != 1 {
				return usageError{fmt.Errorf("--line-base %d: want 0 or 1", lb)}
			}
			ts := metaeval.TrueSkillOptions{Runs: int(cmd.Int("trueskill-runs")), Seed: opt.Seed}
			results, err := metaeval.CorrelateJudgements(ctx, sel,
				calibrate.MetricSource{File: cmd.String("metric"), Command: cmd.String("metric-cmd"), Stderr: e.stderr,
					Options: calibrate.MetricFileOptions{Metric: cmd.String("metric-name"), Beta: beta, LineBase: int(cmd.Int("line-base"))}}, opt, ts)
			if err != nil {
				return err
			}
			if path := cmd.String("plot"); path != "" {
				name := "metric"
				if m := cmd.String("metric"); m != "" {
					name = strings.TrimSuffix(filepath.Base(m), filepath.Ext(m))
				}
				if err := atomicfile.Write(path, func(w io.Writer) error { return htmlreport.Correlation(w, name, results) }); err != nil {
					return err
				}
			}
			if cmd.Bool("json") {
				return writeJSON(e.stdout, correlationJSON(results))
			}
			printCorrelations(e.stdout, results)
			return nil
		},
	}
}

func printCorrelations(w io.Writer, results []calibrate.Correlation) {
	for i, c := range results {
		if i > 0 {
			fmt.Fprintln(w)
		}
		orient := ""
		if c.Oriented {
			orient = ", negated"
		}
		what := fmt.Sprintf("%d units", c.Units)
		if c.Comparisons > 0 {
			what = fmt.Sprintf("%d pairwise comparisons", c.Comparisons)
		}
		fmt.Fprintf(w, "# %s (%s%s) %s level: %s, %d items, %d systems; %s\n", c.Scale.Name, c.Scale.Direction, orient,
			c.Level, what, c.Items, c.Systems, ciNote(c.Opts))
		if c.Scale.Name == metaeval.TrueSkillMu && c.Comparisons > 0 {
			fmt.Fprintf(w, "# %s\n", c.Scale.Doc)
		}
		fmt.Fprintf(w, "%-14s %8s %8s %8s\n", "statistic", "value", "lo", "hi")
		for _, s := range c.Stats {
			fmt.Fprintf(w, "%-14s %8s %8s %8s\n", s.Name, num(s.Value), num(s.CI.Lo), num(s.CI.Hi))
		}
	}
}

func ciNote(o calibrate.CorrelateOptions) string {
	if o.Resamples <= 0 {
		return "no bootstrap"
	}
	return fmt.Sprintf("%.0f%% bootstrap interval, %d resamples over items, seed %d", o.Confidence*100, o.Resamples, o.Seed)
}

func num(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.4f", v)
}

// jsonNum is a float that encodes NaN as null.
type jsonNum float64

func (f jsonNum) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(f))
}

func correlationJSON(results []calibrate.Correlation) any {
	type st struct {
		Name  string  `json:"name"`
		Value jsonNum `json:"value"`
		Lo    jsonNum `json:"lo"`
		Hi    jsonNum `json:"hi"`
	}
	type corr struct {
		Scale      string  `json:"scale"`
		Direction  string  `json:"direction"`
		Negated    bool    `json:"negated"`
		Level      string  `json:"level"`
		Units      int     `json:"units"`
		Items      int     `json:"items"`
		Systems    int     `json:"systems"`
		Resamples  int     `json:"resamples"`
		Seed       uint64  `json:"seed"`
		Confidence float64 `json:"confidence"`
		Stats      []st    `json:"statistics"`
	}
	var out []corr
	for _, c := range results {
		cj := corr{Scale: c.Scale.Name, Direction: c.Scale.Direction.String(), Negated: c.Oriented, Level: c.Level.String(),
			Units: c.Units, Items: c.Items, Systems: c.Systems, Resamples: max(c.Opts.Resamples, 0), Seed: c.Opts.Seed, Confidence: c.Opts.Confidence}
		for _, s := range c.Stats {
			cj.Stats = append(cj.Stats, st{s.Name, jsonNum(s.Value), jsonNum(s.CI.Lo), jsonNum(s.CI.Hi)})
		}
		out = append(out, cj)
	}
	return out
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
