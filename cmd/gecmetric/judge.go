package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/calibrate/llmjudge"
	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/sv"
	"github.com/gecmetric/gecmetric/htmlreport"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

func judgeCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "judge",
		Usage: "say what human raters would say of each output: grammaticality, fluency, meaning, over-correction",
		Description: "Judges every line of every --hyp file against its --source (and --ref, when given) with\n" +
			"calibrated models and prints, after each scale's range and direction and the evidence used, per\n" +
			"system the mean of every quantity with its 95% (Poisson) bootstrap interval, its spread over the\n" +
			"outputs, the difference from the unchanged input (the source judged as an output, listed as\n" +
			"(input)) with its paired interval, and the share of each label (of overall, each tenth); then the\n" +
			"signature (models, evidence, bootstrap). --json gives the\n" +
			"same with label-share intervals and the --show sentences per system that pull it down the most\n" +
			"(lowest overall score relative to the input); --html FILE writes it as a self-contained page with\n" +
			"word diffs; --jsonl writes one JSON object per sentence and system instead.\n" +
			"--llm-queries OUT.jsonl writes the seed-000 queries of the inputs (for --llm-json or an LLM)\n" +
			"instead of judging. Without --ref, the reference-free\n" +
			"models. With --llm-json QUERIES.jsonl, answers seed-000 queries in the GPT-4 judge's format.\n" +
			"With --llm-url and --llm-model, a language model answers instead, in the seed-000 protocol (up to\n" +
			"four --hyp outputs of a --source line per request; answers cached, see README).\n" +
			"With no input at all, judges the built-in demo.\n" +
			"overall is the chance raters prefer an output to its unchanged source (0.5: as good as leaving it\n" +
			"alone), so it needs --source; raw (untokenised) text is refused unless --tokenize tokenises it.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "source", Usage: "source sentences, one per line"},
			&cli.StringSliceFlag{Name: "hyp", Usage: "system outputs, one per line, [NAME=]FILE (repeatable; the name defaults to the base name without extension)"},
			&cli.StringSliceFlag{Name: "ref", Usage: "reference corrections, one per line (repeatable)"},
			&cli.StringFlag{Name: "lang", Value: "en", Usage: "language of the default models: en or sv"},
			&cli.StringSliceFlag{Name: "model", Usage: "a model fitted with 'gecmetric calibrate fit' to use instead of the default for its scale (repeatable)"},
			&cli.BoolFlag{Name: "jsonl", Usage: "one JSON object per sentence and system instead of the per-system table"},
			&cli.BoolFlag{Name: "json", Usage: "the per-system report as JSON: means, differences from the input, label shares, the sentences that pull each system down, scales, models and signature"},
			&cli.StringFlag{Name: "html", Usage: "also write the report as a self-contained HTML page (distributions, differences from the input, the sentences that pull each system down with word diffs) to this file", Action: outputPath},
			&cli.BoolFlag{Name: "no-input", Usage: "leave the unchanged input (the sources as outputs) out of the report: no differences from it"},
			&cli.IntFlag{Name: "show", Value: judge.DefaultWorst, Usage: "list the N sentences per system that pull it down the most, in --json and --html (0: none)"},
			&cli.StringFlag{Name: "llm-queries", Usage: "write the seed-000 queries of --source and the --hyp files (up to four outputs per query) to this JSON Lines file, and stop", Action: outputPath},
			&cli.StringFlag{Name: "llm-json", Usage: "answer the seed-000 queries in this JSON Lines file, like the GPT-4 judge"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "bootstrap seed of the intervals"},
			&cli.IntFlag{Name: "max-tokens", Value: corpora.DefaultMaxTokens, Usage: "refuse a sentence longer than this many tokens in any file (-1: no limit)"},
			&cli.BoolFlag{Name: "progress", Usage: "report progress on stderr even when it is not a terminal"},
		}, append(llmFlags(), tokenizeFlags()...)...),
		Action: func(ctx context.Context, cmd *cli.Command) error {
			// Files are opened first, so that bad input is reported before
			// the models load.
			var in evalInput
			if cmd.String("llm-url") == "" && cmd.String("llm-json") == "" && cmd.String("llm-queries") == "" {
				var err error
				if in, err = openJudgeInput(e, cmd); err != nil {
					return err
				}
				if in.files != nil {
					defer in.files.Close()
				}
				if slices.Contains(in.names, judge.InputName) {
					return usageError{fmt.Errorf("a --hyp named %s: the name is the unchanged input's; give the system another NAME=FILE", judge.InputName)}
				}
			}
			j, user, err := newJudge(cmd.String("lang"), cmd.StringSlice("model"))
			if err != nil {
				return err
			}
			if err := checkUserModels(e, cmd, user); err != nil {
				return err
			}
			files := map[*calibrate.Model]string{}
			for _, u := range user {
				files[u.m] = filepath.Base(u.path)
			}
			if cmd.String("lang") == "sv" && sv.SystemLexicon().Len() == 0 {
				fmt.Fprintf(e.stderr, "gecmetric: warning: Debian's Swedish word list (%s) is not installed: the Swedish models were fitted with it and judge less well without it\n", sv.DefaultWordList)
				fmt.Fprintf(e.stderr, "gecmetric: hint: apt-get install wswedish\n")
			}
			if err := checkLLMModels(cmd, j); err != nil {
				return err
			}
			if cmd.String("llm-url") != "" {
				return judgeWithLLM(ctx, e, cmd, j)
			}
			if q := cmd.String("llm-json"); q != "" {
				return answerQueries(e, j, q)
			}
			if path := cmd.String("llm-queries"); path != "" {
				return writeLLMQueryFile(cmd, path)
			}
			if cmd.Int("show") < 0 {
				return usageError{fmt.Errorf("--show %d: want 0 or more sentences per system", cmd.Int("show"))}
			}
			w := bufio.NewWriter(e.stdout)
			if cmd.Bool("jsonl") && cmd.String("html") == "" {
				opt := judge.StreamOptions{Progress: e.sentences(in.lines)}
				if err := j.Stream(ctx, in.sentences, opt, judgeLineWriter(w, in.names)); err != nil {
					return inputError(err)
				}
				in.warn(e.stderr, nil)
				return w.Flush()
			}
			opt := judge.ReportOptions{Seed: cmd.Uint64("seed"), Worst: cmd.Int("show"), Version: version,
				NoInput: cmd.Bool("no-input"), ModelFiles: files, Progress: e.sentences(in.lines)}
			if cmd.Bool("jsonl") {
				opt.Each = judgeLineWriter(w, in.names)
			}
			rep, err := j.Report(ctx, in.sentences, in.names, opt)
			if err != nil {
				return inputError(err)
			}
			in.warn(e.stderr, nil)
			if path := cmd.String("html"); path != "" {
				if err := atomicfile.Write(path, func(w io.Writer) error { return htmlreport.Judge(w, rep) }); err != nil {
					return err
				}
			}
			switch {
			case cmd.Bool("jsonl"):
				return w.Flush()
			case cmd.Bool("json"):
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			return rep.WriteText(e.stdout)
		},
	}
}

// A userModel is a model of judge --model.
type userModel struct {
	path     string
	quantity string
	m        *calibrate.Model
}

// newJudge returns the judge of a language with its default models, and
// user models in place of the defaults for their scales; it returns the
// user models too. A user model is validated when read
// (calibrate.ReadModel, judge.CheckModel): an error names its file and
// field.
func newJudge(lang string, models []string) (*judge.Judge, []userModel, error) {
	j, err := judge.New(lang)
	if errors.Is(err, judge.ErrLanguage) {
		return nil, nil, usageError{fmt.Errorf("--lang %q: %w", lang, judge.ErrLanguage)}
	}
	if err != nil {
		return nil, nil, err
	}
	set := j.Models
	// A user model replaces every default model of its quantity (all
	// forms), so that a judgement never mixes the user's model with ours;
	// several user models of one quantity (say, one per form) all stay.
	replaced := map[string]bool{}
	var user []userModel
	for _, path := range models {
		m, err := calibrate.ReadModelFile(path)
		if err != nil {
			return nil, nil, err
		}
		if err := judge.CheckModel(m); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if m.Language != "" && m.Language != lang {
			return nil, nil, fmt.Errorf("%s: a model for %q, but --lang is %q", path, m.Language, lang)
		}
		q, err := judge.QuantityOf(m)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if !replaced[q] {
			delete(set, q)
			replaced[q] = true
		}
		if err := set.Add(q, m); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		user = append(user, userModel{path, q, m})
	}
	return j, user, nil
}

// checkUserModels refuses --model files that the command would not use
// (a model of evidence features with --llm-url, which judges from the
// language model's answers) or could not use on its input (a
// reference-form model without --ref, a source-form one without
// --source: every judgement of its quantity would be empty), and says on
// stderr which models are in use.
func checkUserModels(e *env, cmd *cli.Command, user []userModel) error {
	if cmd.String("llm-url") != "" {
		for _, u := range user {
			if !judge.IsLLMModel(u.m) {
				return usageError{fmt.Errorf("--model %s judges from evidence features, but --llm-url judges from the language model's answers: give a model fitted with 'calibrate fit --llm-answers', or leave --model out", u.path)}
			}
		}
	} else if cmd.String("llm-json") == "" && cmd.String("llm-queries") == "" && len(cmd.StringSlice("hyp")) > 0 {
		have, give := evidence.FormAlone, "--source"
		switch {
		case len(cmd.StringSlice("ref")) > 0:
			have = evidence.FormReference
		case cmd.String("source") != "":
			have, give = evidence.FormSource, "--ref"
		}
		byQuantity := map[string][]userModel{}
		for _, u := range user {
			if !judge.IsLLMModel(u.m) {
				byQuantity[u.quantity] = append(byQuantity[u.quantity], u)
			}
		}
		for _, q := range slices.Sorted(maps.Keys(byQuantity)) {
			us := byQuantity[q]
			usable := slices.ContainsFunc(us, func(u userModel) bool { f, _ := evidence.ParseForm(u.m.Form); return f >= have })
			if !usable {
				u := us[0]
				return usageError{fmt.Errorf("--model %s is a %s-form model of %s: it needs %s, which this input has not (give %s, or a model of a form the input has)",
					u.path, u.m.Form, q, formNeeds(u.m.Form), give)}
			}
		}
	}
	for _, u := range user {
		fmt.Fprintf(e.stderr, "gecmetric: %s judged by --model %s (%s form, %d features, fitted on %s) in place of the built-in models\n",
			u.quantity, u.path, u.m.Form, len(u.m.Features), orUnknown(u.m.Training.Data))
	}
	return nil
}

func formNeeds(form string) string {
	if form == "reference" {
		return "references (--ref)"
	}
	return "the source (--source)"
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown data"
	}
	return s
}

// openJudgeInput opens the files as eval does (M2 or text references,
// M2 or text hypotheses, the same checks, raw text refused with no
// references too: corpora.TestSetOptions.RawAlone), and also takes
// hypotheses without a source (the lone-sentence task).
func openJudgeInput(e *env, cmd *cli.Command) (evalInput, error) {
	source, refs, hyps := cmd.String("source"), cmd.StringSlice("ref"), cmd.StringSlice("hyp")
	switch {
	case len(hyps) == 0 && source == "" && len(refs) == 0:
		fmt.Fprintln(e.stderr, "gecmetric: judging the built-in demo (no --source/--hyp given)")
		return demoInput(), nil
	case len(hyps) == 0:
		return evalInput{}, usageError{errors.New("judge needs at least one --hyp file")}
	}
	names, paths := systemNames(hyps)
	in, err := openEvalInput(cmd, paths)
	if err != nil {
		return in, err
	}
	if len(in.names) == len(names) {
		in.names = names
	}
	sayRaw(e, in.files.TestSet())
	// sayRaw has said what became of raw files, in the user's flags;
	// eval's warning would speak of references.
	in.rawSaid = true
	return in, nil
}

// sayRaw says on stderr which raw text files the judge tokenised
// (--tokenize) and which it judges as they are (--no-tokenize-check).
func sayRaw(e *env, ts *corpora.TestSet) {
	for _, p := range ts.Tokenized() {
		fmt.Fprintf(e.stderr, "gecmetric: %s is raw text: tokenised (--tokenize)\n", p)
	}
	kept := ts.KeptRaw()
	for _, h := range ts.Hyps {
		if h.Outcome == tokenize.KeptRaw && !slices.Contains(kept, h.Path) {
			kept = append(kept, h.Path)
		}
	}
	for _, p := range kept {
		fmt.Fprintf(e.stderr, "gecmetric: warning: %s is raw text, judged untokenised (--no-tokenize-check): the judge's models read tokenised text\n", p)
	}
}

// judgeLineWriter returns a function writing one JSON object per sentence
// and system, sentence i of every system in turn.
func judgeLineWriter(w io.Writer, names []string) func(i int, js []judge.Judgement) error {
	return func(i int, js []judge.Judgement) error {
		for h, jd := range js {
			b, err := json.Marshal(jd)
			if err != nil {
				return err
			}
			if _, err := fmt.Fprintf(w, "{\"line\":%d,\"system\":%q,%s\n", i+1, names[h], b[1:]); err != nil {
				return err
			}
		}
		return nil
	}
}

// writeJudgeSummary writes the per-system means as JSON (--json).
func writeJudgeSummary(w io.Writer, sum *judge.Summary) error {
	var out struct {
		Systems []judge.SystemSummary `json:"systems"`
	}
	out.Systems = sum.Systems()
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeLLMQueryFile writes the seed-000 queries of --source and the --hyp
// files (llmjudge.Queries): per source line, up to four system outputs per
// query. Plain-text files give their lines as --llm-url sends them
// (llmTexts: tokenised text detokenised, raw text as written); M2
// hypotheses their corrections, detokenised.
func writeLLMQueryFile(cmd *cli.Command, path string) error {
	if cmd.String("source") == "" {
		return usageError{errors.New("--llm-queries needs --source: a query pairs each source with its corrections")}
	}
	names, paths := systemNames(cmd.StringSlice("hyp"))
	if len(paths) == 0 {
		return usageError{errors.New("--llm-queries needs at least one --hyp")}
	}
	var sources []string
	var outputs [][]string
	plain := len(cmd.StringSlice("ref")) == 0
	for _, p := range append([]string{cmd.String("source")}, paths...) {
		if head, err := fileHead(p); err == nil && corpora.IsM2(p, head) {
			plain = false
		}
	}
	if plain {
		files, err := corpora.ReadParallel(append([]string{cmd.String("source")}, paths...)...)
		if err != nil {
			return err
		}
		sources = llmTexts(files[0].Lines)
		for _, f := range files[1:] {
			outputs = append(outputs, llmTexts(f.Lines))
		}
	} else {
		set, systems, err := readTestSet(cmd, paths)
		if err != nil {
			return err
		}
		sources = make([]string, len(set.Source))
		for i, s := range set.Source {
			sources[i] = tokenize.Detokenize(s)
		}
		outputs = make([][]string, len(systems))
		for h, sys := range systems {
			outputs[h] = make([]string, len(sys.Tokens))
			for i, t := range sys.Tokens {
				outputs[h][i] = tokenize.Detokenize(t)
			}
		}
	}
	qs, err := llmjudge.Queries(sources, names, outputs)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		for _, q := range qs {
			if err := human.WriteQuery(bw, q); err != nil {
				return err
			}
		}
		return bw.Flush()
	})
}

// answerQueries answers every seed-000 query as the GPT-4 judge did: one
// JSON object per query with the same id and system keys.
func answerQueries(e *env, j *judge.Judge, path string) error {
	qs, err := readQueryFile(path)
	if err != nil {
		return err
	}
	lang := j.Evidence.Lang
	answers := make([][]judge.LLMAnswer, len(qs))
	errs := make([]error, len(qs))
	edits.Parallel(len(qs), func(i int) {
		q := qs[i]
		ev := evidence.Input{Source: lang.Annotate(edits.Tokenize(q.Source))}
		for k, s := range q.Systems {
			if s == "gold_reference" {
				ev.Refs = []*edits.Sentence{lang.Annotate(edits.Tokenize(q.Outputs[k]))}
			}
		}
		for k := range q.Systems {
			ev.Hyp = lang.Annotate(edits.Tokenize(q.Outputs[k]))
			a, err := j.AnswerLLM(ev)
			if err != nil {
				errs[i] = err
				return
			}
			answers[i] = append(answers[i], a)
		}
	})
	// One writer of the answer format: the GPT-4 answers' layout.
	res := make([]llmjudge.Result, len(qs))
	for i, q := range qs {
		if errs[i] != nil {
			return fmt.Errorf("%s:%d: %w", path, q.Line, errs[i])
		}
		res[i].Query = q
		for _, a := range answers[i] {
			res[i].Answers = append(res[i].Answers, llmjudge.Answer{Semantics: strconv.Itoa(a.Semantics), Grammaticality: a.Grammaticality, Overcorrection: a.Overcorrection})
		}
	}
	return llmjudge.WriteAnswers(e.stdout, res)
}
