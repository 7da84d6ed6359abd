package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/calibrate/llmjudge"
	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// llmFlags are judge's flags for asking a language model (seed 000).
func llmFlags() []cli.Flag {
	return append(llmClientFlags(),
		&cli.StringFlag{Name: "llm-answers", Usage: "--llm-url: also write the answers to this file in the seed-000 answer format", Action: outputPath})
}

// llmClientFlags describe the language model to ask (judge, meta-eval).
func llmClientFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "llm-url", Usage: "ask the language model behind this OpenAI-compatible API instead (e.g. http://localhost:11434/v1 for Ollama)"},
		&cli.StringFlag{Name: "llm-model", Usage: "--llm-url: the model name, e.g. llama3.1:8b or gpt-4o"},
		&cli.StringFlag{Name: "llm-key-env", Usage: "--llm-url: the environment variable holding the API key (e.g. OPENAI_API_KEY); none is sent without it"},
		&cli.StringFlag{Name: "llm-cache", Usage: "--llm-url: folder of cached answers (default: gecmetric/llm in the user cache folder; 'none' for no cache)",
			Action: func(ctx context.Context, c *cli.Command, dir string) error {
				if dir == "none" {
					return nil
				}
				return outputDir(ctx, c, dir)
			}},
		&cli.IntFlag{Name: "llm-concurrency", Value: 4, Usage: "--llm-url: requests in flight at once"},
		&cli.DurationFlag{Name: "llm-timeout", Value: 2 * time.Minute, Usage: "--llm-url: time limit of one request"},
		&cli.IntFlag{Name: "llm-retries", Value: 5, Usage: "--llm-url: retries of a request after a 429, 5xx or timeout"},
		&cli.BoolFlag{Name: "llm-strict", Usage: "--llm-url: reject a semantics score between labels (4.5) instead of rounding it half to even"},
	}
}

// llmClient makes the client the llm flags describe.
func llmClient(stderr io.Writer, cmd *cli.Command) (*llmjudge.Client, error) {
	c := &llmjudge.Client{
		URL: cmd.String("llm-url"), Model: cmd.String("llm-model"),
		Concurrency: cmd.Int("llm-concurrency"), Timeout: cmd.Duration("llm-timeout"), Retries: cmd.Int("llm-retries"),
		Strict: cmd.Bool("llm-strict"), Progress: stderr,
	}
	if c.Model == "" {
		return nil, usageError{errors.New("--llm-url needs --llm-model: the model's name on that server")}
	}
	if n := c.Concurrency; n < 1 || n > llmjudge.MaxConcurrency {
		return nil, usageError{fmt.Errorf("--llm-concurrency %d: want 1 to %d requests in flight", n, llmjudge.MaxConcurrency)}
	}
	if err := c.Check(); err != nil {
		return nil, usageError{errors.New(strings.TrimPrefix(err.Error(), "llmjudge: "))}
	}
	if c.Retries == 0 {
		c.Retries = -1 // the flag's 0 means none; the library's 0 means its default
	}
	if v := cmd.String("llm-key-env"); v != "" {
		key, ok := os.LookupEnv(v)
		if !ok || key == "" {
			return nil, usageError{fmt.Errorf("--llm-key-env %s: the variable is not set", v)}
		}
		c.Key = llmjudge.Secret(key)
	}
	switch dir := cmd.String("llm-cache"); dir {
	case "none":
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("no user cache folder for the answers (%v): give --llm-cache DIR or --llm-cache none", err)
		}
		c.Cache = filepath.Join(base, "gecmetric", "llm")
	default:
		c.Cache = dir
	}
	return c, nil
}

// judgeWithLLM asks the model of the llm flags: the seed-000 queries of
// --llm-json, answered on stdout in the seed-000 answer format, or every
// line of every --hyp against --source, judged on stdout as judge does
// (JudgeAnswer); --llm-answers also keeps the answers in the answer
// format.
func judgeWithLLM(ctx context.Context, e *env, cmd *cli.Command, j *judge.Judge) error {
	c, err := llmClient(e.stderr, cmd)
	if err != nil {
		return err
	}
	if len(cmd.StringSlice("ref")) > 0 {
		fmt.Fprintln(e.stderr, "gecmetric: warning: --ref is not sent to the model: the seed-000 protocol rates candidates against the source")
		fmt.Fprintln(e.stderr, "gecmetric: hint: give a reference as a --hyp to have it rated beside the systems")
	}
	if c.Cache != "" {
		fmt.Fprintf(e.stderr, "gecmetric: answers are cached in %s\n", c.Cache)
	}
	// Ctrl-C stops the run cleanly: the answers so far stay cached.
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if path := cmd.String("llm-json"); path != "" {
		qs, err := readQueryFile(path)
		if err != nil {
			return err
		}
		res, st, err := c.Run(ctx, qs)
		if err := llmOutcome(e, cmd, c, res, st, err); err != nil {
			return err
		}
		return llmjudge.WriteAnswers(e.stdout, res)
	}
	source, hyps := cmd.String("source"), cmd.StringSlice("hyp")
	if source == "" || len(hyps) == 0 {
		return usageError{errors.New("judge --llm-url needs --source and --hyp (plain text, one sentence a line) or --llm-json QUERIES")}
	}
	for _, p := range append([]string{source}, hyps...) {
		if head, err := fileHead(p); err == nil && corpora.IsM2(p, head) {
			return usageError{fmt.Errorf("%s is M2: judge --llm-url sends plain text, one sentence a line, as written", p)}
		}
	}
	files, err := corpora.ReadParallel(append([]string{source}, hyps...)...)
	if err != nil {
		return err
	}
	if len(files[0].Lines) == 0 {
		return &corpora.ParseError{File: source, Err: fmt.Errorf("%w: the file has no sentences", corpora.ErrEmptyInput)}
	}
	var names []string
	var outputs [][]string
	for _, f := range files[1:] {
		names = append(names, filepath.Base(f.Name))
		outputs = append(outputs, llmTexts(f.Lines))
	}
	answers, res, st, err := c.RunLines(ctx, llmTexts(files[0].Lines), names, outputs)
	if err := llmOutcome(e, cmd, c, res, st, err); err != nil {
		return err
	}
	nan := math.NaN()
	results := make([][]judge.Judgement, len(answers))
	for h := range answers {
		for _, a := range answers[h] {
			jd := judge.Judgement{Grammaticality: nan, Fluency: nan, Meaning: nan, Overcorrection: nan, RemainingErrors: nan, Overall: nan}
			if a != nil {
				jd = j.JudgeAnswer(*a)
			}
			results[h] = append(results[h], jd)
		}
	}
	sum := judge.NewSummary(names, cmd.Uint64("seed"))
	w := bufio.NewWriter(e.stdout)
	lines := judgeLineWriter(w, names)
	js := make([]judge.Judgement, len(results))
	for i := range results[0] {
		for h := range results {
			js[h] = results[h][i]
		}
		sum.Add(js)
		if err := lines(i, js); err != nil {
			return err
		}
	}
	if cmd.Bool("json") {
		return writeJudgeSummary(e.stdout, sum)
	}
	return w.Flush()
}

// llmOutcome reports a run's unanswered queries on stderr, writes
// --llm-answers, and turns a failed run into the command's error.
func llmOutcome(e *env, cmd *cli.Command, c *llmjudge.Client, res []llmjudge.Result, st llmjudge.Stats, runErr error) error {
	for _, r := range res {
		if r.Err == nil || runErr != nil {
			continue
		}
		fmt.Fprintf(e.stderr, "gecmetric: warning: query %d (id %.12s…) has no answer: %v\n", r.Query.Line, r.Query.ID, r.Err)
		if r.Reply != "" {
			fmt.Fprintf(e.stderr, "gecmetric: the model's last reply: %.300q\n", r.Reply)
		}
	}
	if st.Rounded > 0 {
		fmt.Fprintf(e.stderr, "gecmetric: %d semantics scores between labels were rounded half to even (--llm-strict rejects them)\n", st.Rounded)
	}
	if runErr != nil {
		kept := "none cached (--llm-cache none)"
		if c.Cache != "" {
			kept = fmt.Sprintf("%d answers are cached in %s and the same command resumes", st.Done-st.Missing, c.Cache)
		}
		switch {
		case errors.Is(runErr, llmjudge.ErrFatal):
			return fmt.Errorf("%w (check --llm-url, --llm-model and --llm-key-env); %s", runErr, kept)
		case errors.Is(runErr, context.Canceled):
			return fmt.Errorf("interrupted; %s", kept)
		case errors.Is(runErr, llmjudge.ErrGaveUp):
			return fmt.Errorf("%w; %s", runErr, kept)
		}
		return runErr
	}
	if st.Missing == st.Queries && st.Queries > 0 {
		return fmt.Errorf("the model answered none of the %d queries usably", st.Queries)
	}
	if path := cmd.String("llm-answers"); path != "" {
		if err := atomicfile.Write(path, func(w io.Writer) error { return llmjudge.WriteAnswers(w, res) }); err != nil {
			return err
		}
	}
	return nil
}

// llmTexts returns the lines of one file as the model reads them, and as
// --llm-queries writes them, so that a line has one query id
// (llmjudge.ItemID of that text) whichever way it is put to a model: a
// tokenised file detokenised (tokenize.Detokenize of the line's tokens),
// as the protocol's raters read the sentences; a raw file (tokenize.IsRaw)
// as it is written.
func llmTexts(lines []string) []string {
	if tokenize.IsRaw(tokenize.RawShare(lines), tokenize.Share{}) {
		return lines
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = tokenize.Detokenize(strings.Fields(l))
	}
	return out
}

func readQueryFile(path string) ([]human.Query, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return human.ReadQueries(f, path)
}

// checkLLMModels refuses a model fitted on LLM answers (calibrate fit
// --llm-answers) without --llm-url: it judges from the model's answers,
// which only --llm-url gives.
func checkLLMModels(cmd *cli.Command, j *judge.Judge) error {
	if cmd.String("llm-url") != "" {
		return nil
	}
	for _, byForm := range j.Models {
		for _, m := range byForm {
			if judge.IsLLMModel(m) {
				return usageError{fmt.Errorf("the %s model of --model judges from a language model's answers: give --llm-url and --llm-model", m.Scale)}
			}
		}
	}
	return nil
}

// answersFlag is agreement's flag for models' answers as raters.
func answersFlag() cli.Flag {
	return &cli.StringSliceFlag{Name: "answers", Usage: "NAME=FILE: a model's answers in the seed-000 answer format as rater NAME, in place of any rater of that name (repeatable; after --annotator)"}
}

// withAnswers adds the --answers files to rs.
func withAnswers(cmd *cli.Command, rs human.Ratings) (human.Ratings, error) {
	for _, spec := range cmd.StringSlice("answers") {
		name, path, ok := strings.Cut(spec, "=")
		if !ok || name == "" || path == "" {
			return nil, usageError{fmt.Errorf("--answers %q: want NAME=FILE", spec)}
		}
		var err error
		if rs, err = llmjudge.WithAnswers(rs, name, path); err != nil {
			return nil, err
		}
	}
	return rs, nil
}

// fileHead returns the first 64 KiB of a file.
func fileHead(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, 1<<16)
	n, err := io.ReadFull(f, b)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return b[:n], err
}
