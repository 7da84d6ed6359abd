package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/benchmark"
	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/calibrate/metaeval/toolbox"
	"github.com/gecmetric/gecmetric/htmlreport"
	"github.com/gecmetric/gecmetric/internal/datadir"
	"github.com/gecmetric/gecmetric/metrics/eval"
)

const benchmarkDescription = "\n--benchmark seeda|gjg15 runs a public benchmark's own protocol on its data, read in place from the data\n" +
	"folder (--data, else $GECMETRIC_DATA, else ../shared/data beside the repository): SEEDA (Kobayashi et al.\n" +
	"2024; its 391 judged CoNLL-2014 sentences, system sets base, +REF-F_GPT-3.5, +INPUT, all, the published\n" +
	"TrueSkill and Expected Wins of the edit- and sentence-based rankings) or GJG15 (Grundkiewicz et al. 2015).\n" +
	"It prints a leaderboard of every metric (--metrics, default m2,sentm2,errant,senterrant,gleu,chrf,\n" +
	"judge:overall,judge-noref:overall; --metric-file for metrics gecmetric does not compute): system-level\n" +
	"Pearson and Spearman as corr_system.py, sentence-level accuracy and Kendall as corr_sentence.py counts them\n" +
	"(a metric tie prefers the second system of the pair) and in gecmetric's convention, and with --window K\n" +
	"window_analysis_system.py's windows. --aggregate is a list of corpus (the corpus score, else the mean of\n" +
	"the sentence scores, as published), trueskill and expected_wins (the humans' comparisons replayed with the\n" +
	"metric's preferences). --resamples N (default 200; 0 none) adds bootstrap intervals over judged items to\n" +
	"the sentence level (the system level correlates with the published human scores: no interval). --whole prints instead the metrics of the systems on the whole test set beside the\n" +
	"table in SEEDA's README. SEEDA is a test set: nothing is fitted on it."

func benchmarkFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "benchmark", Usage: "run a benchmark's protocol: seeda or gjg15 (see above)"},
		dataFlag(),
		&cli.StringFlag{Name: "sets", Usage: "with --benchmark: comma-separated system sets (seeda: base, +REF-F_GPT-3.5, +INPUT, all; default base,+REF-F_GPT-3.5)"},
		&cli.StringFlag{Name: "human", Value: benchmark.TrueSkill, Usage: "with --benchmark: the human system score the tables show, trueskill or expected_wins (CSV and JSON have both)"},
		&cli.StringSliceFlag{Name: "metric-file", Usage: "with --benchmark: a metric's scores, NAME=FILE (CSV/TSV/JSONL item,system,score, item the 0-based line of the judged sentences, no item a system score) or NAME=DIR (the SEEDA authors' system_score.txt and sentence_score/SYS.txt) (repeatable)"},
		&cli.StringFlag{Name: "format", Value: "text", Usage: "with --benchmark: text, csv, markdown, html or json"},
		&cli.StringFlag{Name: "export-scores", Usage: "with --benchmark: also write every metric's scores in the SEEDA authors' layout under DIR/METRIC, for their scripts", Action: outputDir},
		&cli.StringFlag{Name: "benchmark-refs", Value: "m2", Usage: "with --benchmark seeda: the references metrics are computed against, m2 (conll14-errant/m2/gold.m2, ERRANT's re-annotation of the official gold) or text (conll14-errant/text/ref0.txt and ref1.txt, edits extracted as eval does)"},
		&cli.BoolFlag{Name: "whole", Usage: "with --benchmark seeda: print the metrics of the 15 systems on the whole test set beside SEEDA's published table"},
	}
}

// runBenchmark is meta-eval --benchmark.
func runBenchmark(e *env, cmd *cli.Command) error {
	name := cmd.String("benchmark")
	if !slices.Contains(benchmark.Names, name) {
		return usageError{fmt.Errorf("--benchmark %q: want %s", name, strings.Join(benchmark.Names, " or "))}
	}
	if cmd.String("rankings") != "" || len(cmd.StringSlice("hyp")) > 0 || len(cmd.StringSlice("ref")) > 0 {
		return usageError{errors.New("--benchmark reads its own rankings, outputs and references: leave out --rankings, --hyp and --ref")}
	}
	format := cmd.String("format")
	if cmd.Bool("json") {
		format = "json"
	}
	if !slices.Contains([]string{"text", "csv", "markdown", "html", "json"}, format) {
		return usageError{fmt.Errorf("--format %q: want text, csv, markdown, html or json", format)}
	}
	root := cmd.String("data")
	if root == "" {
		root = datadir.Root()
	}
	if root == "" {
		return usageError{errors.New("no data folder: give --data DIR (the folder holding seeda, gjg15 and conll14-errant) or set GECMETRIC_DATA")}
	}
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		return usageError{fmt.Errorf("--data %s: not a folder", root)}
	}
	if w := cmd.Int("window"); w == 1 || w < 0 {
		return usageError{fmt.Errorf("--window %d: want 2 or more systems", w)}
	}
	if cmd.Int("trueskill-runs") < 1 {
		return usageError{fmt.Errorf("--trueskill-runs %d: want at least 1", cmd.Int("trueskill-runs"))}
	}
	ts := metaeval.TrueSkillOptions{Runs: int(cmd.Int("trueskill-runs")), Seed: cmd.Uint64("seed")}
	if cmd.Int("resamples") < 0 {
		return usageError{fmt.Errorf("--resamples %d: want 0 (no intervals) or more", cmd.Int("resamples"))}
	}
	if conf := cmd.Float("confidence"); !(conf > 0 && conf < 1) {
		return usageError{fmt.Errorf("--confidence %v: want a level between 0 and 1", conf)}
	}
	opt := benchmark.Options{Human: cmd.String("human"), Window: int(cmd.Int("window")), TrueSkill: ts,
		Sets: splitList(cmd.String("sets")), Aggregates: splitList(cmd.String("aggregate")),
		Resamples: int(cmd.Int("resamples")), Seed: cmd.Uint64("seed"), Confidence: cmd.Float("confidence")}
	for _, a := range opt.Aggregates {
		if !slices.Contains(benchmark.Aggregates, a) {
			return usageError{fmt.Errorf("--aggregate %q: want a list of %s", a, strings.Join(benchmark.Aggregates, ", "))}
		}
	}
	if opt.Human != benchmark.TrueSkill && opt.Human != benchmark.ExpectedWins {
		return usageError{fmt.Errorf("--human %q: want trueskill or expected_wins", opt.Human)}
	}
	refs := cmd.String("benchmark-refs")
	if refs != "m2" && refs != "text" {
		return usageError{fmt.Errorf("--benchmark-refs %q: want m2 or text", refs)}
	}
	b, err := benchmark.Load(name, root, benchmark.LoadOptions{TrueSkill: ts, TextRefs: refs == "text"})
	if err != nil {
		return err
	}
	for _, s := range opt.Sets {
		if _, err := b.FindSet(s); err != nil {
			return usageError{err}
		}
	}
	tbOpt := toolbox.Options{Eval: eval.Config{Beta: cmd.Float("beta"), Lang: languageFor(cmd.String("lang")), Version: version}, Progress: e.meter.Stage}
	if cmd.Bool("whole") {
		if name != "seeda" {
			return usageError{errors.New("--whole: only SEEDA judges a subset and publishes a whole-test-set table")}
		}
		pub, err := benchmark.ReadSEEDATable(root)
		if err != nil {
			return err
		}
		t, err := b.WholeScores(pub, tbOpt)
		if err != nil {
			return err
		}
		return t.WriteText(e.stdout)
	}
	var scores []metaeval.Scores
	metricsArg := cmd.String("metrics")
	if !cmd.IsSet("metrics") {
		metricsArg = strings.Join(benchmark.DefaultMetrics, ",")
	}
	if metricsArg != "" && metricsArg != "none" {
		names, err := toolbox.ParseMetrics(metricsArg)
		if err != nil {
			return usageError{fmt.Errorf("--metrics: %v", err)}
		}
		if slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, "llm:") }) {
			return usageError{errors.New("--benchmark: llm:Q metrics are not run on a benchmark here; score with them first and give --metric-file")}
		}
		if scores, err = b.Score(names, tbOpt); err != nil {
			return err
		}
	}
	for _, arg := range cmd.StringSlice("metric-file") {
		mname, path := namedFile(arg)
		s, err := readMetricFile(b, mname, path)
		if err != nil {
			return err
		}
		scores = append(scores, s)
	}
	more, err := readScoresFiles(cmd.StringSlice("scores"))
	if err != nil {
		return err
	}
	scores = append(scores, more...)
	if len(scores) == 0 {
		return usageError{errors.New("nothing to meta-evaluate: --metrics none and no --metric-file")}
	}
	if dir := cmd.String("export-scores"); dir != "" {
		for _, s := range scores {
			if err := b.WriteAuthors(filepath.Join(dir, strings.ReplaceAll(s.Name, ":", "_")), s, -1); err != nil {
				return err
			}
		}
	}
	lb, err := benchmark.Evaluate(b, scores, opt)
	if err != nil {
		return err
	}
	switch format {
	case "csv":
		return lb.WriteCSV(e.stdout)
	case "markdown":
		return lb.WriteMarkdown(e.stdout)
	case "html":
		return htmlreport.Leaderboard(e.stdout, lb)
	case "json":
		return writeJSON(e.stdout, lb)
	}
	return lb.WriteText(e.stdout)
}

// readMetricFile reads --metric-file NAME=PATH: a folder in the SEEDA
// authors' layout, or a scores file keyed by the judged sentences' lines.
func readMetricFile(b *benchmark.Benchmark, name, path string) (metaeval.Scores, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return b.ReadAuthors(name, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return metaeval.Scores{}, err
	}
	defer f.Close()
	ms, err := calibrate.ReadMetricScores(f, path)
	if err != nil {
		return metaeval.Scores{}, err
	}
	s, err := metaeval.ScoresOf(name, ms)
	if err != nil {
		return s, err
	}
	return b.LineScores(s)
}

// splitList splits a comma-separated list, dropping empty entries.
func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}
