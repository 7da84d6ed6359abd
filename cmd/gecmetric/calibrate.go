package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/calibrate/report"
	"github.com/gecmetric/gecmetric/internal/datadir"
)

func calibrateCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "calibrate",
		Usage: "fit judge models to human ratings, refit the defaults, write the validation report",
		Commands: []*cli.Command{
			calibrateFitCommand(e),
			calibrateDefaultsCommand(e),
			calibrateReportCommand(e),
		},
	}
}

func dataFlag() cli.Flag {
	return &cli.StringFlag{Name: "data", Usage: "folder of the shared public rating data (default $GECMETRIC_DATA, else ../shared/data beside the repository)"}
}

// dataRoot returns the --data folder or the default one.
func dataRoot(cmd *cli.Command) (string, error) {
	root := cmd.String("data")
	if root == "" {
		root = datadir.Root()
	}
	if root == "" {
		return "", usageError{fmt.Errorf("no data folder: give --data DIR (the folder holding sottana2023-gec-human-gpt4, swedish-gec-evaluation, gug) or set GECMETRIC_DATA")}
	}
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		return "", usageError{fmt.Errorf("--data %s: not a folder", root)}
	}
	return root, nil
}

func calibrateFitCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "fit",
		Usage: "fit a judge model of one rating scale to your raters' ratings",
		Description: "Reads ratings (--human, --format, as for correlate) of one --scale with the rated outputs and\n" +
			"their sources, computes the evidence of every output (against the output of --ref-system as\n" +
			"the reference, when given), fits a proportional-odds model to the raters' ratings, measures\n" +
			"its agreement with the raters' mean by cross-validation grouped by source sentence (printed),\n" +
			"and writes the model as JSON (--out). 'gecmetric judge --model FILE' then uses it in place of\n" +
			"the default model of its scale.",
		Flags: append(humanFlags(),
			&cli.StringFlag{Name: "source-col", Value: "source", Usage: "csv/tsv/jsonl: the source sentence column"},
			&cli.StringFlag{Name: "output-col", Value: "output", Usage: "csv/tsv/jsonl: the rated output column"},
			&cli.StringFlag{Name: "ref-system", Usage: "the system whose outputs are the references (e.g. gold_reference)"},
			&cli.StringFlag{Name: "lang", Value: "en", Usage: "language of the text: en or sv"},
			&cli.StringFlag{Name: "form", Usage: "evidence: reference (source, output, reference), source (source and output) or alone (output only); default reference with --ref-system, else source"},
			&cli.BoolFlag{Name: "tokenized", Usage: "sources and outputs are tokenised already (split on spaces)"},
			&cli.IntFlag{Name: "folds", Value: 10, Usage: "cross-validation folds, grouped by source sentence"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "fold assignment and bootstrap seed"},
			&cli.FloatFlag{Name: "l2", Value: 1, Usage: "ridge penalty on the standardised features"},
			&cli.StringFlag{Name: "out", Usage: "the model file to write", Required: true, Action: outputPath},
			&cli.StringFlag{Name: "llm-answers", Usage: "fit from a language model's answers (seed-000 answer format, judge --llm-url --llm-answers) instead of gecmetric's evidence: a model that maps them to your raters' scale, for judge --llm-url --model"},
		),
		Action: func(ctx context.Context, cmd *cli.Command) error {
			f, err := judge.FitRequested(judge.FitRequest{
				Human: selection(cmd), Language: cmd.String("lang"), Form: cmd.String("form"),
				RefSystem: cmd.String("ref-system"), Tokenised: cmd.Bool("tokenized"), LLMAnswers: cmd.String("llm-answers"), Log: e.stderr,
				Progress: e.meter.Stage,
				Options:  calibrate.FitOptions{Folds: cmd.Int("folds"), Seed: cmd.Uint64("seed"), L2: cmd.Float("l2")},
			})
			if err != nil {
				return err
			}
			if err := calibrate.WriteModelFile(cmd.String("out"), f.Model); err != nil {
				return fmt.Errorf("writing the model: %w", err)
			}
			printFit(e, f)
			fmt.Fprintf(e.stderr, "gecmetric: wrote %s\n", cmd.String("out"))
			return nil
		},
	}
}

// printFit prints what a fitted model was trained on and its
// cross-validated agreement, and which judge quantity it serves.
func printFit(e *env, f judge.LLMFitted) {
	m := f.Model
	tr := m.Training
	fmt.Fprintf(e.stdout, "# %s (%s, %s form): %d sentences, %d outputs, %d ratings by %s\n", m.Scale, m.Language, m.Form,
		tr.Items, tr.Units, tr.Ratings, strings.Join(tr.Annotators, ", "))
	t := &judge.Table{
		Title: fmt.Sprintf("cross-validated agreement with the %s (%d folds grouped by sentence, seed %d)", tr.Target, tr.Folds, tr.Seed),
		Rows:  []judge.Row{{Scale: m.Scale, Rater: "gecmetric (" + m.Form + ")", Validation: m.CV}},
	}
	use := "gecmetric judge --lang " + m.Language + " --model FILE"
	if judge.IsLLMModel(m) {
		t.Rows[0].Rater = "LLM answers, calibrated"
		if f.AsGiven != nil {
			t.Rows = append(t.Rows, judge.Row{Scale: m.Scale, Rater: "LLM answers as given", Validation: *f.AsGiven})
		}
		use = "gecmetric judge --llm-url URL --llm-model NAME --model FILE"
	}
	t.WriteText(e.stdout)
	if q, err := judge.QuantityOf(m); err == nil {
		fmt.Fprintf(e.stdout, "judge quantity: %s (use with: %s)\n", q, use)
	} else {
		fmt.Fprintf(e.stderr, "gecmetric: warning: %v; gecmetric judge cannot use this model\n", err)
	}
}

// fitDefaults fits the default models (calibrate defaults, calibrate
// report). The tests replace it by a memo, so that the package's tests fit
// once.
var fitDefaults = judge.FitDefaults

func calibrateDefaultsCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "defaults",
		Usage: "refit every default judge model from the public data (what go generate embeds)",
		Description: "Fits the default models (calibrate/judge: Sottana et al. 2023, Östling et al. 2024, GUG) from the\n" +
			"public data in --data and writes them to --out as LANG-QUANTITY-FORM.json, the same files\n" +
			"'go generate ./calibrate/judge' embeds. Prints each model's cross-validated agreement.\n" +
			"Deterministic: the same data gives the same files.",
		Flags: []cli.Flag{
			dataFlag(),
			&cli.StringFlag{Name: "out", Usage: "folder to write the models to", Required: true, Action: outputDir},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			root, err := dataRoot(cmd)
			if err != nil {
				return err
			}
			fitted, err := fitDefaults(root, &lineCounter{w: e.stdout, m: e.meter, unit: "models fitted"})
			if err != nil {
				return err
			}
			if err := judge.WriteModels(cmd.String("out"), fitted); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "gecmetric: wrote %d models to %s\n", len(fitted), cmd.String("out"))
			return nil
		},
	}
}

func calibrateReportCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "report",
		Usage: "write the HTML validation report of the default models: agreement tables, scatter and reliability plots",
		Description: "Fits every default model from the public data in --data, computes the agreement tables (gecmetric\n" +
			"vs GPT-4 on Sottana et al.; vs the second human on the Swedish set; remaining errors vs post-edits;\n" +
			"GUG held out; system level) and writes one self-contained HTML page (plots inline) to --out.\n" +
			"The tables are also printed.",
		Flags: []cli.Flag{
			dataFlag(),
			&cli.StringFlag{Name: "out", Usage: "the HTML file to write", Required: true, Action: outputPath},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			root, err := dataRoot(cmd)
			if err != nil {
				return err
			}
			fmt.Fprintln(e.stderr, "gecmetric: fitting the default models")
			fitted, err := fitDefaults(root, &lineCounter{w: e.stderr, m: e.meter, unit: "models fitted"})
			if err != nil {
				return err
			}
			r, err := report.BuildFrom(root, fitted)
			if err != nil {
				return err
			}
			for i, t := range r.Tables {
				if i > 0 {
					fmt.Fprintln(e.stdout)
				}
				t.WriteText(e.stdout)
			}
			if err := r.WriteFile(cmd.String("out")); err != nil {
				return fmt.Errorf("writing the report: %w", err)
			}
			fmt.Fprintf(e.stderr, "gecmetric: wrote %s\n", cmd.String("out"))
			return nil
		},
	}
}
