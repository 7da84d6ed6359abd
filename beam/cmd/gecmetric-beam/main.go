// Command gecmetric-beam runs gecmetric's scoring as an Apache Beam
// pipeline: the numbers of `gecmetric eval` (M2, ERRANT, GLEU), the edits
// of `gecmetric edits` and the judge's per-system means, over sharded
// inputs, on Prism (in process, the default) or on Flink, Spark or
// Dataflow (--runner). See the package documentation of
// github.com/gecmetric/gecmetric/beam/pipeline for what is computed where.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/gecmetric/gecmetric/beam/pipeline"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/metrics/eval"
)

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

var (
	source      = flag.String("source", "", "source sentences, one tokenised sentence per line: a path or a glob of shards (optional with an M2 reference)")
	refs        listFlag
	hyps        listFlag
	metricsFlag = flag.String("metrics", "m2,errant,gleu", "comma-separated metrics: m2, errant, gleu, or none")
	beta        = flag.Float64("beta", 0.5, "weight of recall in the F-scores of M2 and ERRANT")
	lang        = flag.String("lang", "en", "language of the edit extraction and the judge: en, sv, or any code for the language-agnostic rules")
	errantMode  = flag.String("errant-mode", "cs", "ERRANT comparison: cs, cse, ds or dt")
	gleuIter    = flag.Int("gleu-iter", 500, "GLEU sampling iterations")
	gleuSampler = flag.String("gleu-sampler", "py2", "how GLEU draws references: py2 (official) or py3")
	editsOut    = flag.String("edits-out", "", "write the hypotheses' edits as M2 (as `gecmetric edits --source S --target H...`) to PREFIX-000000.m2, PREFIX-000001.m2, ...")
	chunk       = flag.Int64("edits-chunk", 100_000, "sentences per M2 output file")
	judgeFlag   = flag.Bool("judge", false, "judge every hypothesis sentence and report per-system means")
	output      = flag.String("output", "", "write the JSON report here (a path, or gs://...); default with Prism: a temporary file, printed and removed")
	jsonOut     = flag.Bool("json", false, "print the JSON report instead of a table")
	verbose     = flag.Bool("verbose", false, "log the runner's progress (Beam's info level) on stderr")
	tokenizeRaw = flag.Bool("tokenize", false, "tokenise raw text files (punctuation and contractions split off, as in the CoNLL-2014 references); tokenised text and M2 files are left alone")
	noTokCheck  = flag.Bool("no-tokenize-check", false, "score a raw hypothesis against tokenised references as it is, with a warning, instead of stopping")
)

func init() {
	flag.Var(&refs, "ref", "a reference: an M2 file or plain text, a path or a glob of shards (repeatable)")
	flag.Var(&hyps, "hyp", "a system output, plain text, a path or a glob of shards (repeatable)")
}

func main() {
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: gecmetric-beam --ref R [--ref R2 ...] [--source S] --hyp H1 [--hyp H2 ...] [--runner prism|flink|spark|dataflow] [flags]\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if !*verbose {
		beamlog.LogLevel = "warn"
	}
	// On a distributed runner the same binary runs as the worker; Init
	// takes over there and never returns.
	beam.Init()
	if !*verbose {
		// The error that stops a run is printed once, below; the runner's
		// own log of it (stage plans, retries) is left out.
		slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	}
	os.Exit(run(context.Background(), os.Stdout, os.Stderr))
}

// usageError marks an error in the flags or inputs.
type usageError struct{ error }

// hintedError is an input error with advice, printed after it.
type hintedError struct {
	error
	hint string
}

func (h hintedError) Unwrap() error { return h.error }

// run runs the pipeline and reports an error as gecmetric does: exit
// status 2 for a usage or input error (the pipeline's failures are input
// errors: a file that does not parse, files of different lengths).
func run(ctx context.Context, stdout, stderr io.Writer) int {
	err := runPipeline(ctx, stdout, stderr)
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "gecmetric-beam: error: %s\n", cause(err))
	var he hintedError
	if errors.As(err, &he) {
		fmt.Fprintf(stderr, "gecmetric-beam: hint: %s\n", he.hint)
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintln(stderr, "gecmetric-beam: hint: gecmetric-beam -h lists the flags")
	}
	return 2
}

// cause returns the message of the DoFn that failed, without the runner's
// description of the stage around it.
func cause(err error) string {
	msg := err.Error()
	const mark = "] failed:\n"
	if i := strings.LastIndex(msg, mark); i >= 0 {
		msg = msg[i+len(mark):]
	}
	return strings.TrimSpace(msg)
}

func runPipeline(ctx context.Context, stdout, stderr io.Writer) error {
	if flag.NArg() > 0 {
		return usageError{fmt.Errorf("unexpected argument %q (inputs are given with --source, --ref and --hyp)", flag.Arg(0))}
	}
	cfg := pipeline.Config{
		Beta: *beta, Lang: *lang, ERRANTMode: *errantMode, GLEUIter: *gleuIter, GLEUSampler: *gleuSampler,
		Edits: *editsOut != "", Judge: *judgeFlag, Tokenize: *tokenizeRaw, NoTokenizeCheck: *noTokCheck,
	}
	if *metricsFlag != "none" && *metricsFlag != "" {
		ms, err := eval.ParseMetrics(*metricsFlag)
		if err != nil {
			return usageError{err}
		}
		cfg.Metrics = ms
	}
	if !(*beta > 0) {
		return usageError{fmt.Errorf("--beta %v: want a positive number", *beta)}
	}
	if *gleuIter < 1 {
		return usageError{fmt.Errorf("--gleu-iter %d: want at least 1", *gleuIter)}
	}
	if *source != "" {
		in, err := expand(ctx, *source)
		if err != nil {
			return err
		}
		cfg.Source = &in
	}
	for _, r := range refs {
		in, err := expand(ctx, r)
		if err != nil {
			return err
		}
		cfg.Refs = append(cfg.Refs, in)
	}
	for _, h := range hyps {
		in, err := expand(ctx, h)
		if err != nil {
			return err
		}
		cfg.Hyps = append(cfg.Hyps, in)
	}
	if err := cfg.Check(); err != nil {
		return usageError{err}
	}
	// The raw-text policy of `gecmetric eval`: a raw hypothesis is refused
	// (with the hint), tokenised (--tokenize) or let through with a
	// warning (--no-tokenize-check).
	warnings, err := pipeline.ApplyPolicy(ctx, &cfg)
	if err != nil {
		if errors.Is(err, tokenize.ErrRaw) {
			return hintedError{err, tokenize.Hint}
		}
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "gecmetric-beam: warning: %s\n", w)
	}
	local := slices.Contains([]string{"", "prism", "PrismRunner"}, *runners.Runner)
	report := *output
	if report == "" {
		if !local {
			return usageError{errors.New("--output is required with a distributed runner (the report is written there)")}
		}
		dir, err := os.MkdirTemp("", "gecmetric-beam")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		report = filepath.Join(dir, "report.json")
	}
	p, s := beam.NewPipelineWithRoot()
	if err := pipeline.Build(s, cfg, pipeline.Outputs{Report: report, EditsPrefix: *editsOut, ChunkSize: *chunk}, pipeline.Version); err != nil {
		return usageError{err}
	}
	if err := beamx.Run(ctx, p); err != nil {
		return err
	}
	if !local {
		fmt.Fprintf(stdout, "report written to %s\n", report)
		return nil
	}
	data, err := pipeline.ReadFile(ctx, report)
	if err != nil {
		return err
	}
	if *jsonOut {
		_, err = stdout.Write(data)
		return err
	}
	rep, err := pipeline.ParseReport(data)
	if err != nil {
		return err
	}
	return rep.WriteTable(stdout, *beta)
}

// expand lists the shards of a path or glob in natural order
// (pipeline.SortShards: part-2 before part-10) and decides
// their format from the first: M2 by the .m2 extension or by an "S " first
// line followed by an "A " or blank line, as `gecmetric eval` decides.
func expand(ctx context.Context, name string) (pipeline.Input, error) {
	in := pipeline.Input{Name: name, Format: pipeline.Text}
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return in, usageError{fmt.Errorf("%s: %w", name, err)}
	}
	defer fs.Close()
	files, err := fs.List(ctx, name)
	if err != nil {
		return in, usageError{fmt.Errorf("%s: %w", name, err)}
	}
	if len(files) == 0 {
		return in, usageError{fmt.Errorf("%s: no such file", name)}
	}
	if err := pipeline.SortShards(name, files); err != nil {
		return in, usageError{err}
	}
	in.Files = files
	if strings.EqualFold(filepath.Ext(files[0]), ".m2") {
		in.Format = pipeline.M2
		return in, nil
	}
	r, err := fs.OpenRead(ctx, files[0])
	if err != nil {
		return in, err
	}
	defer r.Close()
	head := make([]byte, 1<<16)
	n, _ := io.ReadFull(r, head)
	if pipeline.LooksLikeM2(head[:n]) {
		in.Format = pipeline.M2
	}
	return in, nil
}
