package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
	"github.com/gecmetric/gecmetric/internal/demo"
	"github.com/gecmetric/gecmetric/metrics/chrf"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

func evalCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "eval",
		Usage:     "score systems against references with M2, ERRANT and GLEU at once",
		UsageText: "gecmetric eval [--source S] --ref R [--ref R2 ...] --hyp [NAME=]H1 [--hyp H2 ...] [--metrics m2,errant,gleu,chrf] [--beta 0.5] [--format text|json|csv|latex|errant] [-b] [-w N] [--confidence] [--per-sentence FILE.jsonl] [-o FILE]",
		Description: "References (--ref) are M2 files (every annotator a reference; the M2 gives the source,\n" +
			"so --source is optional) or plain text, one tokenised sentence per line, whose edits are\n" +
			"extracted. Hypotheses (--hyp) are plain text (edits extracted) or M2 files, whose edits are\n" +
			"used as they are, as errant_compare -hyp does. A system is named NAME with --hyp NAME=FILE,\n" +
			"else by its file's base name without the extension; '-' reads standard input.\n" +
			"With no files, scores the built-in demo set. Prints one table, systems as rows, and the\n" +
			"signature of the configuration; --format json|csv|latex the same as JSON, CSV or a LaTeX\n" +
			"tabular, --format errant (or --errant-cat 1|2|3) compare_m2.py's tables, -b the scores alone.",
		Flags: append(scoringFlags("comma-separated metrics: m2, errant, gleu, chrf (sacreBLEU's chrF2, in [0, 1]; only when named)",
			&cli.StringSliceFlag{Name: "hyp", Usage: "a system output, [NAME=]FILE: plain text or an M2 file (repeatable; - for standard input)"}),
			append(evalOutputFlags(),
				&cli.StringFlag{Name: "per-sentence", Usage: "write per-sentence statistics and edits to this JSON Lines file", Action: outputPath},
				&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "the M2 scorer's -v: before the scores, its per-sentence report (each annotator's system, gold and correct edits, running counts, the chosen annotator) of the one system, written as the run goes"},
				&cli.BoolFlag{Name: "errant-verbose", Usage: "ERRANT compare_m2.py's -v: before the scores, its per-sentence report (the original sentence; for every hypothesis and reference coder the edits, local and global TP/FP/FN and P/R/F; the chosen pair and its counts by type) of the one system, written as the run goes; with --format errant the whole output is compare_m2.py -v's"},
				&cli.BoolFlag{Name: "very-verbose", Usage: "the M2 scorer's --very_verbose: before the scores, per sentence its dumps (both Levenshtein matrices and back pointers, the edits before and after the transitive arcs with the trace of adding them, per annotator the weighting trace, the graph V, E, the weights, the path), in its layout and Python 2's dict order, of the one system; with -v the -v lines too, interleaved as the scorer prints them. A sentence whose matrices exceed 4,194,304 cells is an error"})...,
		),
		Action: func(ctx context.Context, cmd *cli.Command) error { return runEval(ctx, e, cmd) },
	}
}

// scoringFlags are the flags that choose the test set, the metrics and
// their options, read by evalConfig and readEvalInput; eval and compare
// share them so that compare scores exactly as eval does. metricsUsage
// describes --metrics; inputs (the systems' flags) follow --ref.
func scoringFlags(metricsUsage string, inputs ...cli.Flag) []cli.Flag {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "source", Aliases: []string{"s"}, Usage: "source sentences, one tokenised sentence per line (optional with M2 references)"},
		&cli.StringSliceFlag{Name: "ref", Aliases: []string{"r"}, Usage: "a reference: an M2 file or plain text (repeatable)"},
	}
	return append(append(append(flags, inputs...),
		&cli.StringFlag{Name: "metrics", Aliases: []string{"m"}, Value: "m2,errant,gleu", Usage: metricsUsage},
		&cli.FloatFlag{Name: "beta", Value: 0.5, Usage: "weight of recall in the F-scores of M2 and ERRANT"},
		&cli.StringFlag{Name: "essays", Usage: "score whole essays, as MultiGEC-2025 does: this M2 file's document headers (UA-GEC's 'S # 0002') group its sentences, and the sentences of one essay in every file (which follow the M2 line for line, headers included) are joined into one line; as a --ref too, every coder of it is a reference"},
		&cli.StringFlag{Name: "lang", Value: defaultLang, Usage: "language of the edit extraction: cs, de, el, en, et, is, it, lv, ru, sl, sv, uk, zh, or generic (any other code takes the generic rules); 'list' prints them"},
		&cli.StringFlag{Name: "errant-mode", Value: "cs", Usage: "ERRANT comparison: cs (span correction), cse (with type), ds (span detection), dt (token detection)"},
		&cli.IntFlag{Name: "max-tokens", Value: corpora.DefaultMaxTokens, Usage: "refuse a sentence longer than this many tokens in any file (-1: no limit)"},
		&cli.BoolFlag{Name: "progress", Usage: "report progress on stderr even when it is not a terminal"},
		&cli.StringFlag{Name: "gleu-sampler", Value: "py2", Usage: "how GLEU draws references: py2 (official, compute_gleu under Python 2) or py3"},
		&cli.IntFlag{Name: "gleu-iter", Value: gleu.DefaultIterations, Usage: "GLEU sampling iterations"},
		&cli.BoolFlag{Name: "single", Usage: "ERRANT's -single: only edits of at most one token on each side"},
		&cli.BoolFlag{Name: "multi", Usage: "ERRANT's -multi: only edits of two or more tokens on a side"},
		&cli.StringSliceFlag{Name: "filt", Usage: "ERRANT's -filt: leave out edits of these error types (repeatable or comma-separated, e.g. R:SPELL,UNK)"},
		&cli.IntFlag{Name: "max-unchanged-words", Value: 2, Usage: "the M2 scorer's --max_unchanged_words: the most unchanged words one system edit may span"},
		&cli.BoolFlag{Name: "ignore-whitespace-casing", Usage: "the M2 scorer's --ignore_whitespace_casing: drop system edits that only change spacing or case"},
	), tokenizeFlags()...)
}

func runEval(ctx context.Context, e *env, cmd *cli.Command) error {
	if cmd.String("lang") == langList {
		return writeLanguages(e.stdout)
	}
	cfg, err := evalConfig(cmd)
	if err != nil {
		return usageError{err}
	}
	warnLanguage(e, cfg.Lang)
	out, err := evalOutputOf(cmd)
	if err == nil {
		err = out.check(cfg)
	}
	if err != nil {
		return usageError{err}
	}
	var in evalInput
	if cmd.String("source") == "" && len(cmd.StringSlice("ref")) == 0 && len(cmd.StringSlice("hyp")) == 0 {
		fmt.Fprintln(e.stderr, "gecmetric: no input files: scoring the built-in demo set (2 systems, 2 references, 12 sentences)")
		in = demoInput()
	} else {
		if len(cmd.StringSlice("ref")) == 0 {
			return usageError{errors.New("give at least one --ref (an M2 file or a plain-text reference)")}
		}
		if len(cmd.StringSlice("hyp")) == 0 {
			return usageError{errors.New("give at least one --hyp (a system output)")}
		}
		// A "-" is already a file holding standard input (stdinArgs).
		names, paths := systemNames(cmd.StringSlice("hyp"))
		if cmd.String("essays") != "" {
			ef, err := writeEssays(cmd, paths)
			if err != nil {
				return inputError(err)
			}
			defer os.RemoveAll(ef.dir)
			if cmd.Metadata == nil {
				cmd.Metadata = map[string]any{}
			}
			cmd.Metadata["essays"] = ef
			paths = ef.hyps
			cfg.Essays = true
		}
		var err error
		if in, err = openEvalInput(cmd, paths); err != nil {
			return err
		}
		defer in.files.Close()
		if len(in.names) == len(names) {
			in.names = names
		}
	}
	verbose := out.verbose || out.very
	if verbose && len(in.names) != 1 {
		flag := "--verbose"
		if !out.verbose {
			flag = "--very-verbose"
		}
		return usageError{fmt.Errorf("%s prints the M2 scorer's report of one system; %d systems given (give one --hyp)", flag, len(in.names))}
	}
	if out.errantV && len(in.names) != 1 {
		return usageError{fmt.Errorf("--errant-verbose prints compare_m2.py's report of one system; %d systems given (give one --hyp)", len(in.names))}
	}
	ev := eval.NewEvaluator(in.config(cfg), in.refs)
	// --confidence resamples sentences: it keeps every sentence's results.
	opt := eval.RunOptions{CheckTokens: true, Progress: e.sentences(in.lines), Keep: out.confidence > 0}
	var results []*eval.Result
	// score runs the evaluation; w, with --verbose, receives the M2
	// scorer's report sentence by sentence as the run goes, with
	// --errant-verbose compare_m2.py's.
	score := func(w io.Writer) error {
		var vw *m2.VerboseWriter
		var ew *errant.VerboseWriter
		if out.errantV {
			eopt := cfg.ERRANT
			eopt.Beta = cfg.Beta
			ew = errant.NewVerboseWriter(w, eopt)
			each := opt.Each
			opt.Each = func(i int, scores []eval.SentenceScore) error {
				if each != nil {
					if err := each(i, scores); err != nil {
						return err
					}
				}
				sc := &scores[0]
				return ew.Sentence(strings.Join(sc.Source, " "), *sc.ERRANTHyp, *sc.ERRANTRef, sc.ERRANT)
			}
		}
		if verbose {
			if out.very {
				mopt := cfg.M2
				mopt.Beta = cfg.Beta
				vw = m2.NewVeryVerboseWriter(w, mopt, out.verbose)
			} else {
				vw = m2.NewVerboseWriter(w, cfg.Beta)
			}
			each := opt.Each
			opt.Each = func(i int, scores []eval.SentenceScore) error {
				if each != nil {
					if err := each(i, scores); err != nil {
						return err
					}
				}
				sc := &scores[0]
				return vw.Sentence(sc.M2Gold, sc.M2Hyp, sc.M2)
			}
		}
		results, err = ev.Run(ctx, in.sentences, in.names, opt)
		if err == nil && vw != nil {
			err = vw.Close()
		}
		if err == nil && ew != nil {
			err = ew.Flush()
		}
		return err
	}
	// run scores and writes the scores to w.
	run := func(w io.Writer) error {
		var err error
		if path := cmd.String("per-sentence"); path != "" {
			err = atomicfile.Write(path, func(pw io.Writer) error {
				bw := bufio.NewWriter(pw)
				opt.Each = perSentenceWriter(bw, in.names)
				if err := score(w); err != nil {
					return err
				}
				return bw.Flush()
			})
		} else {
			err = score(w)
		}
		if err != nil {
			return inputError(err)
		}
		in.warn(e.stderr, results)
		return out.write(w, ev, results)
	}
	return writeOutput(e, cmd.String("output"), run)
}

func evalConfig(cmd *cli.Command) (eval.Config, error) {
	metrics, err := eval.ParseMetrics(cmd.String("metrics"))
	if err != nil {
		return eval.Config{}, err
	}
	beta := cmd.Float("beta")
	if !(beta > 0) || math.IsInf(beta, 0) {
		return eval.Config{}, fmt.Errorf("--beta %v: want a positive number", beta)
	}
	mode, err := errant.ParseMode(cmd.String("errant-mode"))
	if err != nil {
		return eval.Config{}, err
	}
	var sampler gleu.Sampler
	switch cmd.String("gleu-sampler") {
	case "py2":
		sampler = gleu.Python2
	case "py3":
		sampler = gleu.Python3
	default:
		return eval.Config{}, fmt.Errorf("--gleu-sampler %q: want py2 or py3", cmd.String("gleu-sampler"))
	}
	if cmd.Int("gleu-iter") < 1 {
		return eval.Config{}, fmt.Errorf("--gleu-iter %d: want at least 1", cmd.Int("gleu-iter"))
	}
	if cmd.Bool("single") && cmd.Bool("multi") {
		return eval.Config{}, errors.New("--single and --multi exclude each other")
	}
	maxUnchanged := int(cmd.Int("max-unchanged-words"))
	if maxUnchanged < 0 {
		return eval.Config{}, fmt.Errorf("--max-unchanged-words %d: want 0 or more", maxUnchanged)
	}
	if maxUnchanged == 0 {
		maxUnchanged = -1 // m2.Options: negative means none
	}
	cfg := eval.Config{
		Metrics: metrics,
		Beta:    beta,
		Lang:    languageFor(cmd.String("lang")),
		ERRANT:  errant.Options{Mode: mode, Single: cmd.Bool("single"), Multi: cmd.Bool("multi"), Filter: cmd.StringSlice("filt")},
		M2:      m2.Options{MaxUnchangedWords: maxUnchanged, IgnoreWhitespaceCasing: cmd.Bool("ignore-whitespace-casing")},
		GLEU:    gleu.Options{Iterations: int(cmd.Int("gleu-iter")), Sampler: sampler},
		Version: version,
	}
	if cmd.Bool("tokenize") {
		cfg.Tokenization = tokenize.Name
	}
	return cfg, nil
}

// evalInput is what eval, compare and judge score: the test set and the
// systems, streamed.
type evalInput struct {
	sentences eval.Sentences
	names     []string
	refs      int
	files     *eval.Files // nil for the demo
	tokenize  bool        // --tokenize
	lines     int         // sentences to read, when known (progress)
	// refKind and hypKind are the kinds of the files (eval.Kind), for
	// the signature.
	refKind, hypKind string
	// rawSaid says the command has already said what became of raw
	// hypotheses (judge), so warn does not.
	rawSaid bool
}

// config returns cfg with the kinds of in's files, for the signature.
func (in *evalInput) config(cfg eval.Config) eval.Config {
	cfg.RefKind, cfg.HypKind = in.refKind, in.hypKind
	return cfg
}

func demoInput() evalInput {
	split := func(f demo.File) [][]string {
		lines := f.Lines()
		out := make([][]string, len(lines))
		for i, l := range lines {
			out[i] = strings.Fields(l)
		}
		return out
	}
	set := &eval.TestSet{Source: split(demo.Source())}
	for _, r := range demo.References() {
		set.Refs = append(set.Refs, eval.Reference{Name: r.Name, Tokens: split(r)})
	}
	var systems []eval.System
	var names []string
	for _, h := range demo.Hypotheses() {
		systems = append(systems, eval.System{Name: h.Name, Tokens: split(h)})
		names = append(names, h.Name)
	}
	return evalInput{sentences: set.Sentences(systems...), names: names, refs: len(set.Refs), refKind: "text", hypKind: "text"}
}

// testSetOptions are the test-set flags with the systems hyps; commands
// without --max-tokens get the default limit.
func testSetOptions(cmd *cli.Command, hyps []string) corpora.TestSetOptions {
	opt := corpora.TestSetOptions{
		Source: cmd.String("source"),
		Refs:   cmd.StringSlice("ref"),
		Hyps:   hyps,
		Policy: policyOf(cmd),
		// The judge's models read tokenised text: raw text is refused
		// (or tokenised) with no references to compare it with too.
		RawAlone: cmd.Name == "judge",
	}
	if ef, ok := cmd.Metadata["essays"].(*essayFiles); ok {
		opt.Source, opt.Refs = ef.source, ef.refs // eval --essays
	}
	// chrF alone compares outputs with references: no source needed, as
	// in sacreBLEU.
	if ms, err := eval.ParseMetrics(cmd.String("metrics")); err == nil && !slices.ContainsFunc(ms, func(m string) bool { return m != eval.ChrF }) {
		opt.NoSource = true
	}
	if cmd.Int("max-tokens") != 0 {
		opt.MaxTokens = int(cmd.Int("max-tokens"))
	}
	opt.Limits = inputLimits(cmd)
	return opt
}

// inputError gives the loader's errors the command's words and hints.
func inputError(err error) error {
	switch {
	case errors.Is(err, corpora.ErrNoSource):
		return usageError{errors.New("plain-text references need --source (an M2 reference would give it)")}
	case errors.Is(err, tokenize.ErrRaw):
		if re, ok := errors.AsType[*tokenize.RawError](err); ok {
			return hinted(err, re.Hint())
		}
		return hinted(err, tokenize.Hint)
	case errors.Is(err, corpora.ErrTooLong):
		return hinted(err, maxTokensHint)
	case errors.Is(err, edits.ErrTooLarge), errors.Is(err, m2.ErrLatticeTooLarge):
		return hinted(err, alignHint)
	case errors.Is(err, corpora.ErrLineCount):
		var pe *corpora.ParseError
		if errors.As(err, &pe) && pe.File != "" {
			if lines, empty := trailingEmptyLines(pe.File); empty > 0 {
				return hinted(err, fmt.Sprintf("%s ends with %d empty line(s), each counted as a sentence: without them it has %d lines", pe.File, empty, lines-empty))
			}
		}
	}
	return err
}

// openError is inputError for the errors of opening a test set with
// cmd's flags: a *corpora.SwapError names cmd's flags.
func openError(cmd *cli.Command, err error) error {
	se, ok := errors.AsType[*corpora.SwapError](err)
	if !ok {
		return inputError(err)
	}
	hyp := "--hyp"
	if cmd.Name == "compare" {
		hyp = "--baseline/--candidate"
	}
	return hinted(fmt.Errorf("%s %s is an M2 file (annotated references) and --ref %s plain text (a system's output): did you swap --ref and %s?", hyp, se.Hyp, se.Ref, hyp),
		fmt.Sprintf("give the M2 gold file as --ref and the system's text as %s; an M2 system output is scored against M2 references ('gecmetric edits --source S --target REF' writes one)", hyp))
}

// trailingEmptyLines counts the lines of the text file at path and the
// empty (or blank) ones at its end, as the text readers count them: a
// final line break ends the last line, it does not start another.
func trailingEmptyLines(path string) (lines, empty int) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	for sc.Scan() {
		lines++
		if strings.TrimSpace(sc.Text()) == "" {
			empty++
		} else {
			empty = 0
		}
	}
	if sc.Err() != nil {
		return 0, 0
	}
	return lines, empty
}

// alignHint is the advice for a pair too far apart to align at its length.
const alignHint = "a correction this far from its source costs too much to align at this length (is it the same sentence?); --max-tokens N refuses sentences over N tokens before aligning them"

// maxTokensHint is the advice for a sentence over --max-tokens.
const maxTokensHint = "raise --max-tokens (-1: no limit) to read longer sentences; their cost grows with their length"

// openEvalInput opens the files of --source and --ref with the systems hyps.
func openEvalInput(cmd *cli.Command, hyps []string) (evalInput, error) {
	files, err := eval.OpenFiles(testSetOptions(cmd, hyps))
	if err != nil {
		return evalInput{}, openError(cmd, err)
	}
	refKind, hypKind := files.Kinds()
	return evalInput{sentences: files, names: files.Systems(), refs: files.References(), files: files, tokenize: cmd.Bool("tokenize"),
		lines: lineCount(append(hyps, cmd.String("source"))...), refKind: refKind, hypKind: hypKind}, nil
}

// readTestSet reads the test set of --source and --ref with the systems
// hyps into memory (eval.ReadTestSet), for commands that score them many
// times.
func readTestSet(cmd *cli.Command, hyps []string) (*eval.TestSet, []eval.System, error) {
	set, systems, err := eval.ReadTestSet(testSetOptions(cmd, hyps))
	return set, systems, openError(cmd, err)
}

// warn prints what the run found worth saying: hypotheses that look
// untokenised, M2 spans past the end of a sentence.
//
// Each warning names only what the user gave: references only when there
// are some, --no-tokenize-check only when it was given.
func (in *evalInput) warn(stderr io.Writer, results []*eval.Result) {
	rawRefs := false
	if in.files != nil && !in.rawSaid {
		ts := in.files.TestSet()
		if raw := ts.KeptRaw(); len(raw) > 0 {
			// A raw test set let through (--no-tokenize-check): the
			// punctuation check below has nothing tokenised to go by.
			rawRefs = true
			fmt.Fprintf(stderr, "gecmetric: warning: %s %s raw text, scored untokenised (--no-tokenize-check); scores differ from those of the text tokenised (--tokenize)\n",
				strings.Join(raw, ", "), isAre(len(raw)))
		}
		for _, h := range ts.Hyps {
			if h.Outcome != tokenize.KeptRaw {
				continue
			}
			if len(ts.Refs) > 0 {
				fmt.Fprintf(stderr, "gecmetric: warning: %s is raw text, scored untokenised against tokenised references (--no-tokenize-check)\n", h.Path)
			} else {
				fmt.Fprintf(stderr, "gecmetric: warning: %s looks like raw text, read untokenised (--tokenize tokenises it)\n", h.Path)
			}
		}
	}
	for k, r := range results {
		if rawRefs {
			break
		}
		if w := r.Tokens; w != nil {
			path := r.Name
			if in.files != nil {
				path = in.files.TestSet().Hyps[k].Path
			}
			also := ""
			if w.Lines > 1 {
				also = fmt.Sprintf(" (and %d more lines like it)", w.Lines-1)
			}
			like := "the source and references"
			if in.files != nil && !in.files.TestSet().HasSource() {
				like = "the references"
			}
			fmt.Fprintf(stderr, "gecmetric: warning: %s:%d: token %q has punctuation attached, unlike %s%s; scores assume text tokenised like the references\n",
				path, w.Line, w.Token, like, also)
			if !in.tokenize {
				fmt.Fprintf(stderr, "gecmetric: hint: --tokenize splits punctuation and contractions off raw text\n")
			}
		}
	}
	if in.files != nil {
		for _, w := range in.files.TestSet().Warnings() {
			fmt.Fprintf(stderr, "gecmetric: warning: %s\n", w)
		}
	}
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

type jsonPRF struct {
	P  float64     `json:"p"`
	R  float64     `json:"r"`
	F  float64     `json:"f"`
	CI *[2]float64 `json:"f_ci,omitempty"` // --confidence: bootstrap interval of F
}

type jsonERRANT struct {
	errantScores
	CI *[2]float64 `json:"f_ci,omitempty"`
	// --errant-cat N: the level's name (operation, main_type, type) and
	// compare_m2.py's per-category rows.
	Level      string           `json:"category_level,omitempty"`
	Categories []errantCategory `json:"categories,omitempty"`
}

type jsonGLEU struct {
	Score float64     `json:"score"`
	Std   float64     `json:"std"`
	CI    [2]*float64 `json:"ci"`                     // null when std is 0
	Boot  *[2]float64 `json:"bootstrap_ci,omitempty"` // --confidence
}

// jsonChrF is chrF's corpus score in [0, 1] and its summed statistics
// (for n = 1..6: hypothesis n-grams, reference n-grams, matches).
type jsonChrF struct {
	Score float64     `json:"score"`
	Stats []float64   `json:"stats"`
	CI    *[2]float64 `json:"ci,omitempty"` // --confidence
}

type jsonSystem struct {
	Name   string      `json:"name"`
	M2     *jsonPRF    `json:"m2,omitempty"`
	ERRANT *jsonERRANT `json:"errant,omitempty"`
	GLEU   *jsonGLEU   `json:"gleu,omitempty"`
	ChrF   *jsonChrF   `json:"chrf,omitempty"`
}

// writeEvalJSON prints the results as JSON; cis, when not nil, holds each
// result's bootstrap intervals by metric (--confidence).
func writeEvalJSON(w io.Writer, signature string, results []*eval.Result, cis []map[string]stat.CI, cat int) error {
	out := struct {
		Signature string       `json:"signature"`
		Systems   []jsonSystem `json:"systems"`
	}{Signature: signature, Systems: []jsonSystem{}}
	ci := func(k int, m string) *[2]float64 {
		if cis == nil {
			return nil
		}
		c, ok := cis[k][m]
		if !ok {
			return nil
		}
		return &[2]float64{c.Lo, c.Hi}
	}
	for k, r := range results {
		s := jsonSystem{Name: r.Name}
		if m := r.M2; m != nil {
			s.M2 = &jsonPRF{P: m.P, R: m.R, F: m.F, CI: ci(k, eval.M2)}
		}
		if e := r.ERRANT; e != nil {
			p, rec, f := e.Score()
			s.ERRANT = &jsonERRANT{errantScores: newErrantScores(e.Counts, p, rec, f), CI: ci(k, eval.ERRANT)}
			if cat != 0 {
				s.ERRANT.Level = catColumn[cat]
				s.ERRANT.Categories = errantCategories(r, cat)
			}
		}
		if g := r.GLEU; g != nil {
			s.GLEU = &jsonGLEU{Score: g.Mean, Std: g.Std, CI: [2]*float64{finite(g.CI[0]), finite(g.CI[1])}, Boot: ci(k, eval.GLEU)}
		}
		if c := r.ChrF; c != nil {
			s.ChrF = &jsonChrF{Score: c.Score, Stats: c.Stats, CI: ci(k, eval.ChrF)}
		}
		out.Systems = append(out.Systems, s)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

// perSentence is one line of --per-sentence.
type perSentence struct {
	System string         `json:"system"`
	Line   int            `json:"line"` // 1-based, as in every JSON output
	M2     *sentM2        `json:"m2,omitempty"`
	ERRANT *sentERRANT    `json:"errant,omitempty"`
	GLEU   *sentGLEU      `json:"gleu,omitempty"`
	ChrF   *sentChrF      `json:"chrf,omitempty"`
	Edits  []sentenceEdit `json:"edits,omitempty"`
}

type sentM2 struct {
	Correct   int `json:"correct"`
	Proposed  int `json:"proposed"`
	Gold      int `json:"gold"`
	Annotator int `json:"annotator"`
}

type sentERRANT struct {
	TP  int `json:"tp"`
	FP  int `json:"fp"`
	FN  int `json:"fn"`
	Hyp int `json:"hyp_coder"`
	Ref int `json:"ref_coder"`
}

type sentGLEU struct {
	// Counts against each reference: hyp len, ref len, then matches and
	// totals for n = 1..4.
	Counts   []gleu.Counts `json:"counts"`
	Expected []float64     `json:"expected"`
	// Score is compute_gleu -d's sentence-level GLEU: the mean over the
	// references of the smoothed GLEU.
	Score float64 `json:"score"`
}

type sentChrF struct {
	Stats []float64 `json:"stats"` // against the best reference
	Score float64   `json:"score"`
}

type sentenceEdit struct {
	Start int    `json:"o_start"`
	End   int    `json:"o_end"`
	O     string `json:"o"`
	C     string `json:"c"`
	Type  string `json:"type"`
}

// perSentenceWriter returns a RunOptions.Each that writes one JSON line
// per sentence and system as the run goes.
func perSentenceWriter(w io.Writer, names []string) func(int, []eval.SentenceScore) error {
	enc := json.NewEncoder(w)
	return func(i int, scores []eval.SentenceScore) error {
		for h, sc := range scores {
			ps := perSentence{System: names[h], Line: i + 1}
			if sr := sc.M2; sr != nil {
				st := sr.Stats()
				ps.M2 = &sentM2{int(st[m2.Correct]), int(st[m2.Proposed]), int(st[m2.Gold]), sr.Annotators[sr.Chosen].ID}
			}
			if c := sc.ERRANT; c != nil {
				ps.ERRANT = &sentERRANT{c.TP, c.FP, c.FN, c.Hyp, c.Ref}
			}
			if s := sc.GLEU; s != nil {
				ps.GLEU = &sentGLEU{Counts: s.Refs, Expected: s.Expected[:], Score: s.Score().Mean}
			}
			if sc.ChrF != nil {
				ps.ChrF = &sentChrF{Stats: sc.ChrF, Score: chrf.Score(sc.ChrF)}
			}
			for _, e := range sc.Edits {
				if e.IsNoop() {
					continue
				}
				ps.Edits = append(ps.Edits, sentenceEdit{e.OStart, e.OEnd, strings.Join(e.O, " "), strings.Join(e.C, " "), e.Type})
			}
			if err := enc.Encode(ps); err != nil {
				return err
			}
		}
		return nil
	}
}
