package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/htmlreport"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/compare"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/significance"
)

// defaultCompareSeed is the seed of `gecmetric compare` without --seed
// (sacreBLEU's default, for familiarity).
const defaultCompareSeed = 12345

func compareCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "compare",
		Usage:     "test whether candidate systems are significantly worse than a baseline (a CI regression gate)",
		UsageText: "gecmetric compare --source S --ref R [--ref R2 ...] --baseline B.txt --candidate C.txt [--candidate C2.txt ...] [options]",
		Description: "Scores the baseline and every candidate like `gecmetric eval` and compares each candidate with\n" +
			"the baseline: per metric the difference with a 95% paired bootstrap interval and a paired\n" +
			"approximate randomisation p-value, ERRANT per-type deltas, and the sentences that got worse\n" +
			"with a diff. With several candidates, a ranking with groups of systems that are not\n" +
			"significantly different. --metrics overall adds the judge's 0-1 overall rating of each\n" +
			"sentence (en, sv), averaged and tested like the others.\n\n" +
			"Exit status 0: no significant regression beyond the --max-drop thresholds; 1: a regression\n" +
			"(each named on stderr); 2: usage or input error.",
		Flags: append(scoringFlags("comma-separated metrics: m2, errant, gleu, overall (the judge's 0-1 rating, averaged)"),
			&cli.StringFlag{Name: "baseline", Usage: "the baseline system's output, one sentence per line, [NAME=]FILE"},
			&cli.StringSliceFlag{Name: "candidate", Usage: "a candidate system's output, [NAME=]FILE (repeatable)"},
			&cli.FloatFlag{Name: "alpha", Value: significance.DefaultAlpha, Usage: "significance level"},
			&cli.StringSliceFlag{Name: "max-drop", Usage: "METRIC=DELTA: tolerate a drop of up to DELTA (score units, 0.01 = one point) in METRIC (repeatable)"},
			&cli.IntFlag{Name: "resamples", Value: significance.DefaultResamples, Usage: "bootstrap resamples and randomisation trials"},
			&cli.Uint64Flag{Name: "seed", Value: defaultCompareSeed, Usage: "random seed of the resamples"},
			&cli.IntFlag{Name: "show", Value: 5, Usage: "list the N sentences that got worse the most (-1: all)"},
			&cli.StringFlag{Name: "worst-by", Usage: "the metric whose loss orders those sentences (default: the first of --metrics)"},
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
			&cli.StringFlag{Name: "junit", Usage: "also write the result as JUnit XML to this file", Action: outputPath},
			&cli.StringFlag{Name: "html", Usage: "also write the report as a self-contained HTML page with figures to this file", Action: outputPath},
			&cli.BoolFlag{Name: "all-types", Usage: "list every ERRANT error type whose counts changed, not only those whose F changed significantly"},
		),
		Action: func(ctx context.Context, cmd *cli.Command) error {
			opt, err := compareOptions(cmd)
			if err != nil {
				return err
			}
			base, cands, signature, err := loadCompare(ctx, e, cmd)
			if err != nil {
				return err
			}
			defer closeSystems(append([]*compare.System{base}, cands...))
			compared := func(m string) bool {
				return slices.ContainsFunc(base.Corpora, func(c *metrics.Corpus) bool { return c.Metric == m })
			}
			for m := range opt.Gate.MaxDrop {
				if !compared(m) {
					return usageError{fmt.Errorf("--max-drop %s: %s is not among the metrics compared", m, m)}
				}
			}
			if m := opt.WorstBy; m != "" && !compared(m) {
				return usageError{fmt.Errorf("--worst-by %s: %s is not among the metrics compared", m, m)}
			}
			rep, err := compare.Run(base, cands, opt)
			if err != nil {
				return err
			}
			rep.Signature = signature + "|compare:ar+bs|resamples:" + strconv.Itoa(opt.Resamples) +
				"|seed:" + strconv.FormatUint(opt.Seed, 10) + "|alpha:" + strconv.FormatFloat(opt.Alpha, 'g', -1, 64)
			rep.AllTypes = cmd.Bool("all-types")
			if path := cmd.String("junit"); path != "" {
				if err := atomicfile.Write(path, rep.WriteJUnit); err != nil {
					return err
				}
			}
			if path := cmd.String("html"); path != "" {
				if err := atomicfile.Write(path, func(w io.Writer) error {
					return htmlreport.Compare(w, rep, htmlreport.CompareOptions{AllTypes: rep.AllTypes})
				}); err != nil {
					return err
				}
			}
			if cmd.Bool("json") {
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rep); err != nil {
					return err
				}
			} else if err := rep.WriteText(e.stdout); err != nil {
				return err
			}
			regs := rep.Regressions()
			for _, r := range regs {
				fmt.Fprintf(e.stderr, "gecmetric: regression: %s\n", r)
			}
			if len(regs) > 0 {
				return checkFailed(fmt.Errorf("%d significant regression(s) against %s", len(regs), rep.Baseline))
			}
			return nil
		},
	}
}

// compareOptions reads the significance flags.
func compareOptions(cmd *cli.Command) (compare.Options, error) {
	var opt compare.Options
	opt.Alpha = cmd.Float("alpha")
	if !(opt.Alpha > 0 && opt.Alpha < 1) {
		return opt, usageError{fmt.Errorf("--alpha %g: want a level between 0 and 1", opt.Alpha)}
	}
	opt.Resamples = int(cmd.Int("resamples"))
	if opt.Resamples < 1 {
		return opt, usageError{fmt.Errorf("--resamples %d: want at least 1", opt.Resamples)}
	}
	opt.Seed = cmd.Uint64("seed")
	opt.Show = int(cmd.Int("show"))
	opt.WorstBy = cmd.String("worst-by")
	opt.Gate.Alpha = opt.Alpha
	for _, spec := range cmd.StringSlice("max-drop") {
		m, d, err := parseMaxDrop(spec)
		if err != nil {
			return opt, usageError{err}
		}
		if opt.Gate.MaxDrop == nil {
			opt.Gate.MaxDrop = map[string]float64{}
		}
		opt.Gate.MaxDrop[m] = d
	}
	if cmd.String("baseline") == "" || len(cmd.StringSlice("candidate")) == 0 {
		return opt, usageError{errors.New("give --baseline and at least one --candidate")}
	}
	return opt, nil
}

// parseMaxDrop parses "METRIC=DELTA" with DELTA a non-negative number in
// the metric's units.
func parseMaxDrop(spec string) (string, float64, error) {
	m, v, ok := strings.Cut(spec, "=")
	m = strings.TrimSpace(m)
	if !ok || m == "" {
		return "", 0, fmt.Errorf("--max-drop %q: want METRIC=DELTA, e.g. m2=0.005", spec)
	}
	d, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || d < 0 || math.IsInf(d, 0) || math.IsNaN(d) {
		return "", 0, fmt.Errorf("--max-drop %q: DELTA must be a non-negative number, e.g. %s=0.005", spec, m)
	}
	return m, d, nil
}

// loadCompare reads and checks the inputs exactly as eval does, scores the
// baseline and every candidate, and returns them as compare.Systems with
// eval's signature. --metrics overall adds the judge's overall rating;
// without other metrics, nothing else is scored.
func loadCompare(ctx context.Context, e *env, cmd *cli.Command) (_ *compare.System, _ []*compare.System, _ string, err error) {
	var names []string
	overall := false
	for _, m := range strings.Split(cmd.String("metrics"), ",") {
		m = strings.ToLower(strings.TrimSpace(m))
		if m == "overall" {
			overall = true
			continue
		}
		names = append(names, m)
	}
	var jd *judge.Judge
	if overall {
		// The other flags are checked as eval checks them; with overall
		// alone, no other metric is scored.
		metrics := strings.Join(names, ",")
		if len(names) == 0 {
			metrics = eval.M2
		}
		if err := cmd.Set("metrics", metrics); err != nil {
			return nil, nil, "", err
		}
		var err error
		if jd, _, err = newJudge(cmd.String("lang"), nil); err != nil {
			return nil, nil, "", fmt.Errorf("--metrics overall: %w", err)
		}
	}
	cfg, err := evalConfig(cmd)
	if err != nil {
		return nil, nil, "", usageError{err}
	}
	if len(cmd.StringSlice("ref")) == 0 {
		return nil, nil, "", usageError{errors.New("give at least one --ref (an M2 file or a plain-text reference)")}
	}
	sysNames, paths := systemNames(append([]string{cmd.String("baseline")}, cmd.StringSlice("candidate")...))
	open := func() (evalInput, error) {
		in, err := openEvalInput(cmd, paths)
		if err == nil && len(in.names) == len(sysNames) {
			in.names = sysNames
		}
		return in, err
	}
	in, err := open()
	if err != nil {
		return nil, nil, "", err
	}
	defer in.files.Close()
	ev := eval.NewEvaluator(in.config(cfg), in.refs)
	var systems []*compare.System
	defer func() {
		if err != nil {
			closeSystems(systems)
		}
	}()
	signature := ""
	if len(names) > 0 {
		if systems, err = compare.ScoreAll(ctx, ev, in.sentences, in.names, e.sentences(in.lines)); err != nil {
			return nil, nil, "", inputError(err)
		}
		signature = ev.Signature()
	} else {
		tok := ""
		if cmd.Bool("tokenize") {
			tok = tokenize.Name
		}
		signature = eval.BaseSignature(version, in.refs, in.refKind, in.hypKind, tok)
	}
	if overall {
		var again evalInput
		if again, err = open(); err != nil {
			return nil, nil, "", err
		}
		defer again.files.Close()
		src := again.sentences
		if systems == nil {
			// Overall alone: the lines for diffs come with the judged sentences.
			for _, n := range in.names {
				systems = append(systems, &compare.System{Name: n})
			}
			src = &recordLines{Sentences: src, systems: systems}
		}
		var ratings [][]float64
		if ratings, err = jd.Overall(ctx, src, again.names); err != nil {
			return nil, nil, "", inputError(err)
		}
		for k, r := range ratings {
			systems[k].AddMean("overall", r)
		}
		signature += "|overall:judge-" + cmd.String("lang") + ",mean"
	}
	return systems[0], systems[1:], signature, nil
}

// recordLines passes sentences on, keeping each system's output line.
type recordLines struct {
	eval.Sentences
	systems []*compare.System
	err     error // of Record
}

func (r *recordLines) Scan() bool {
	if r.err != nil || !r.Sentences.Scan() {
		return false
	}
	for h, hyp := range r.Sentence().Hyps {
		if err := r.systems[h].Record(strings.Join(hyp.Tokens, " "), nil); err != nil {
			r.err = err
			return false
		}
	}
	return true
}

func (r *recordLines) Err() error {
	if r.err != nil {
		return r.err
	}
	return r.Sentences.Err()
}

// closeSystems removes the temporary files of systems (compare.ScoreAll's).
func closeSystems(systems []*compare.System) {
	for _, s := range systems {
		if s != nil {
			s.Close()
		}
	}
}
