package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v3"
	"golang.org/x/term"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
	"github.com/gecmetric/gecmetric/internal/demo"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

func evalCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "eval",
		Usage:     "score systems against references with M2, ERRANT and GLEU at once",
		UsageText: "gecmetric eval [--source S] --ref R [--ref R2 ...] --hyp H1 [--hyp H2 ...] [--metrics m2,errant,gleu] [--beta 0.5] [--json] [--per-sentence FILE.jsonl]",
		Description: "References (--ref) are M2 files (every annotator a reference; the M2 gives the source,\n" +
			"so --source is optional) or plain text, one tokenised sentence per line, whose edits are\n" +
			"extracted. Hypotheses (--hyp) are plain text (edits extracted) or M2 files, whose edits are\n" +
			"used as they are, as errant_compare -hyp does. A system is named by its file's base name.\n" +
			"With no files, scores the built-in demo set. Prints one table, systems as rows, and the\n" +
			"signature of the configuration; --json prints the same as JSON.",
		Flags: append(scoringFlags("comma-separated metrics: m2, errant, gleu",
			&cli.StringSliceFlag{Name: "hyp", Aliases: []string{"o"}, Usage: "a system output: plain text or an M2 file (repeatable)"}),
			&cli.BoolFlag{Name: "json", Usage: "print JSON instead of a table"},
			&cli.StringFlag{Name: "per-sentence", Usage: "write per-sentence statistics and edits to this JSON Lines file", Action: outputPath},
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
		&cli.StringFlag{Name: "lang", Value: defaultLang, Usage: "language of the edit extraction: en, sv, or any code for the language-agnostic rules"},
		&cli.StringFlag{Name: "errant-mode", Value: "cs", Usage: "ERRANT comparison: cs (span correction), cse (with type), ds (span detection), dt (token detection)"},
		&cli.StringFlag{Name: "gleu-sampler", Value: "py2", Usage: "how GLEU draws references: py2 (official, compute_gleu under Python 2) or py3"},
		&cli.IntFlag{Name: "gleu-iter", Value: gleu.DefaultIterations, Usage: "GLEU sampling iterations"},
	), tokenizeFlags()...)
}

func runEval(ctx context.Context, e *env, cmd *cli.Command) error {
	cfg, err := evalConfig(cmd)
	if err != nil {
		return usageError{err}
	}
	var in *evalInput
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
		in, err = readEvalInput(cmd.String("source"), cmd.StringSlice("ref"), cmd.StringSlice("hyp"), e.stderr, policyOf(cmd))
		if err != nil {
			return err
		}
	}
	ev, err := eval.New(cfg, in.set)
	if err != nil {
		return err
	}
	prog := newProgress(e.stderr, len(in.systems))
	results := make([]*eval.Result, len(in.systems))
	for k, sys := range in.systems {
		if err := ctx.Err(); err != nil {
			return err
		}
		prog.step(sys.Name)
		if results[k], err = ev.Score(sys); err != nil {
			prog.done()
			return err
		}
	}
	prog.done()
	if path := cmd.String("per-sentence"); path != "" {
		if err := atomicfile.Write(path, func(w io.Writer) error { return writePerSentence(w, results) }); err != nil {
			return err
		}
	}
	if cmd.Bool("json") {
		return writeEvalJSON(e.stdout, ev, results)
	}
	return writeEvalTable(e.stdout, ev, results)
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
	cfg := eval.Config{
		Metrics: metrics,
		Beta:    beta,
		Lang:    languageFor(cmd.String("lang")),
		ERRANT:  errant.Options{Mode: mode},
		GLEU:    gleu.Options{Iterations: int(cmd.Int("gleu-iter")), Sampler: sampler},
		Version: version,
	}
	if cmd.Bool("tokenize") {
		cfg.Tokenization = tokenize.Name
	}
	return cfg, nil
}

// evalInput is everything eval reads: the test set and the systems.
type evalInput struct {
	set     *eval.TestSet
	systems []eval.System
}

func demoInput() *evalInput {
	split := func(f demo.File) [][]string {
		lines := f.Lines()
		out := make([][]string, len(lines))
		for i, l := range lines {
			out[i] = strings.Fields(l)
		}
		return out
	}
	in := &evalInput{set: &eval.TestSet{Source: split(demo.Source())}}
	for _, r := range demo.References() {
		in.set.Refs = append(in.set.Refs, eval.Reference{Name: r.Name, Tokens: split(r)})
	}
	for _, h := range demo.Hypotheses() {
		in.systems = append(in.systems, eval.System{Name: h.Name, Tokens: split(h)})
	}
	return in
}

// An inputFile is one file as read: M2 blocks or text lines.
type inputFile struct {
	path   string
	data   []byte
	m2     []corpora.M2Block
	text   *corpora.TextFile
	coders []int // M2: every coder id in the file, ascending
}

// readInput reads a file once and decides whether it is M2: by the .m2
// extension, or by an "S " first line followed by an "A " line or a
// blank line.
func readInput(path string) (*inputFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &corpora.ParseError{File: path, Err: fmt.Errorf("%w: the file has no sentences", corpora.ErrEmptyInput)}
	}
	f := &inputFile{path: path, data: data}
	if isM2(path, data) {
		f.m2, err = corpora.ReadM2(bytes.NewReader(data), path)
		if err != nil {
			return nil, err
		}
		for i := range f.m2 {
			for _, c := range f.m2[i].Coders() {
				if !slices.Contains(f.coders, c) {
					f.coders = append(f.coders, c)
				}
			}
		}
		slices.Sort(f.coders)
		if len(f.coders) == 0 {
			// No A lines at all: every sentence is left as it is, by
			// coder 0 (compare_m2.py's reading of an empty block).
			f.coders = []int{0}
		}
		return f, nil
	}
	f.text, err = corpora.ReadText(bytes.NewReader(data), path)
	return f, err
}

func isM2(path string, data []byte) bool {
	if strings.EqualFold(filepath.Ext(path), ".m2") {
		return true
	}
	lines := strings.SplitN(string(data[:min(len(data), 1<<16)]), "\n", 3)
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "S ") {
		return false
	}
	second := strings.TrimRight(lines[1], "\r")
	return strings.HasPrefix(second, "A ") || strings.TrimSpace(second) == ""
}

func (f *inputFile) len() int {
	if f.m2 != nil {
		return len(f.m2)
	}
	return len(f.text.Lines)
}

// line returns the file line of sentence i (the S line for M2).
func (f *inputFile) line(i int) int {
	if f.m2 != nil {
		return f.m2[i].Line
	}
	return i + 1
}

// correction returns coder's corrected tokens of every block.
func (f *inputFile) correction(coder int) ([][]string, [][]edits.Edit) {
	toks := make([][]string, len(f.m2))
	es := make([][]edits.Edit, len(f.m2))
	for i := range f.m2 {
		b := &f.m2[i]
		var mine []edits.Edit
		for _, e := range b.CoderEdits(coder) {
			if !e.IsNoop() {
				mine = append(mine, e)
			}
		}
		toks[i], _ = edits.ApplyEdits(b.Source, mine)
		es[i] = mine
	}
	return toks, es
}

// readEvalInput reads a test set and its systems; pol says what to do
// with raw text (--tokenize, --no-tokenize-check).
func readEvalInput(source string, refPaths, hypPaths []string, stderr io.Writer, pol tokenize.Policy) (*evalInput, error) {
	// Each file is read once, even when named twice (a reference scored
	// as a system, say).
	read := map[string]*inputFile{}
	readOnce := func(path string) (*inputFile, error) {
		if f, ok := read[path]; ok {
			return f, nil
		}
		f, err := readInput(path)
		if err == nil {
			read[path] = f
		}
		return f, err
	}
	var src *inputFile
	if source != "" {
		f, err := readOnce(source)
		if err != nil {
			return nil, err
		}
		if f.m2 != nil {
			return nil, usageError{fmt.Errorf("--source %s is an M2 file: give it as --ref (it holds the source) or give the plain source text", source)}
		}
		src = f
	}
	refs := make([]*inputFile, len(refPaths))
	for k, p := range refPaths {
		f, err := readOnce(p)
		if err != nil {
			return nil, err
		}
		refs[k] = f
		if src == nil && f.m2 != nil {
			src = f
		}
	}
	if src == nil {
		return nil, usageError{errors.New("plain-text references need --source (an M2 reference would give it)")}
	}
	n := src.len()
	sourceToks := make([][]string, n)
	for i := range sourceToks {
		if src.m2 != nil {
			sourceToks[i] = src.m2[i].Source
		}
	}
	if src.text != nil {
		sourceToks, _ = pol.Reference(src.text.Lines, src.text.Tokens)
	}
	set := &eval.TestSet{Source: sourceToks}
	anyM2 := false
	for _, f := range refs {
		if err := checkAgainstSource(f, src, sourceToks); err != nil {
			return nil, err
		}
		if f.m2 == nil {
			toks, _ := pol.Reference(f.text.Lines, f.text.Tokens)
			set.Refs = append(set.Refs, eval.Reference{Name: f.path, Tokens: toks})
			continue
		}
		anyM2 = true
		for _, c := range f.coders {
			toks, es := f.correction(c)
			set.Refs = append(set.Refs, eval.Reference{Name: f.path + "#" + strconv.Itoa(c), Tokens: toks, Edits: es})
		}
	}
	if anyM2 && !slices.ContainsFunc(refs, func(f *inputFile) bool { return f.m2 == nil }) {
		// ERRANT compares with every annotator of a sentence in the order
		// of the M2 block, as compare_m2.py does. Coder ids of later files
		// are shifted to stay distinct. (With text references among them,
		// eval builds every reference alike from Refs.)
		set.ERRANTRefs = make([]errant.Sentence, n)
		for i := range set.ERRANTRefs {
			var s errant.Sentence
			shift := 0
			for _, f := range refs {
				for _, a := range errantSentence(&f.m2[i]) {
					a.Coder += shift
					s = append(s, a)
				}
				shift += f.coders[len(f.coders)-1] + 1
			}
			set.ERRANTRefs[i] = s
		}
	}
	if len(refs) == 1 && refs[0].m2 != nil {
		// One M2 file: the M2 scorer's own reader gives its exact gold.
		gold, err := m2.ReadGold(bytes.NewReader(refs[0].data), refs[0].path)
		if err != nil {
			return nil, err
		}
		if len(gold) == n {
			set.M2Gold = gold
		}
	}
	in := &evalInput{set: set}
	var refToks [][][]string
	for _, r := range set.Refs {
		refToks = append(refToks, r.Tokens)
	}
	refShare := tokenize.ShareOf(refToks...)
	for _, p := range hypPaths {
		f, err := readOnce(p)
		if err != nil {
			return nil, err
		}
		if err := checkAgainstSource(f, src, sourceToks); err != nil {
			return nil, err
		}
		sys := eval.System{Name: filepath.Base(p)}
		if f.m2 != nil {
			lowest := f.coders[0]
			sys.Tokens, sys.Edits = f.correction(lowest)
			sys.ERRANT = make([]errant.Sentence, n)
			for i := range f.m2 {
				sys.ERRANT[i] = errantSentence(&f.m2[i])
			}
		} else {
			toks, did, err := pol.Hypothesis(p, f.text.Lines, f.text.Tokens, refShare)
			if err != nil {
				return nil, hinted(err, tokenize.Hint)
			}
			sys.Tokens = toks
			sys.M2Tokens = make([][]string, n)
			for i, l := range f.text.Lines {
				if did == tokenize.Tokenized {
					sys.M2Tokens[i] = toks[i]
				} else {
					sys.M2Tokens[i] = m2.Tokenize(l)
				}
			}
			if did == tokenize.KeptRaw {
				fmt.Fprintf(stderr, "gecmetric: warning: %s is raw text, scored untokenised against tokenised references (--no-tokenize-check)\n", p)
			} else if w, ok := eval.CheckTokens(sys.Tokens, sourceToks, refToks...); !ok {
				also := ""
				if w.Lines > 1 {
					also = fmt.Sprintf(" (and %d more lines like it)", w.Lines-1)
				}
				fmt.Fprintf(stderr, "gecmetric: warning: %s:%d: token %q has punctuation attached, unlike the source and references%s; scores assume text tokenised like the references\n",
					p, w.Line, w.Token, also)
				if !pol.Tokenize {
					fmt.Fprintf(stderr, "gecmetric: hint: --tokenize splits punctuation and contractions off raw text\n")
				}
			}
		}
		in.systems = append(in.systems, sys)
	}
	return in, nil
}

// errantSentence groups an M2 block's edits by coder in file order, with
// their correction fields as written (compare_m2.py compares them as text).
func errantSentence(b *corpora.M2Block) errant.Sentence {
	es := make([]edits.Edit, len(b.Edits))
	coders := make([]int, len(b.Edits))
	fields := make([]string, len(b.Edits))
	for j, e := range b.Edits {
		es[j], coders[j], fields[j] = e.Edit, e.Coder, e.CorrectionField()
	}
	return errant.Group(es, coders, fields)
}

// checkAgainstSource checks that f has a sentence per source sentence and,
// for M2, the same source tokens.
func checkAgainstSource(f, src *inputFile, source [][]string) error {
	if f == src {
		return nil
	}
	if f.len() != len(source) {
		what := "lines"
		if f.m2 != nil {
			what = "sentences"
		}
		line := f.len() + 1 // the first missing line
		if f.len() > len(source) {
			line = f.line(len(source)) // the first extra one
		} else if f.m2 != nil {
			line = 0
		}
		return &corpora.ParseError{File: f.path, Line: line,
			Err: fmt.Errorf("%w: %d %s, but the source %s has %d", corpora.ErrLineCount, f.len(), what, src.path, len(source))}
	}
	if f.m2 == nil {
		return nil
	}
	for i := range f.m2 {
		if !slices.Equal(f.m2[i].Source, source[i]) {
			return &corpora.ParseError{File: f.path, Line: f.m2[i].Line,
				Err: fmt.Errorf("the S line differs from sentence %d of the source %s", i+1, src.path)}
		}
	}
	return nil
}

// progress reports on stderr which system is being scored, only when
// stderr is a terminal.
type progress struct {
	w     io.Writer
	on    bool
	k, n  int
	shown bool
}

func newProgress(w io.Writer, n int) *progress {
	f, ok := w.(*os.File)
	return &progress{w: w, n: n, on: ok && term.IsTerminal(int(f.Fd()))}
}

func (p *progress) step(name string) {
	p.k++
	if p.on {
		fmt.Fprintf(p.w, "\r\033[Kgecmetric: scoring %s (%d/%d)", name, p.k, p.n)
		p.shown = true
	}
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// writeEvalTable prints one row per system, then the signature.
func writeEvalTable(w io.Writer, ev *eval.Evaluator, results []*eval.Result) error {
	cfg := ev.Config()
	fb := "F" + strconv.FormatFloat(cfg.Beta, 'g', -1, 64)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"system"}
	if cfg.Has(eval.M2) {
		head = append(head, "M2 P", "R", fb)
	}
	if cfg.Has(eval.ERRANT) {
		head = append(head, "ERRANT TP", "FP", "FN", "P", "R", fb)
	}
	if cfg.Has(eval.GLEU) {
		head = append(head, "GLEU", "std", "95% CI")
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	f4 := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for _, r := range results {
		row := []string{r.Name}
		if m := r.M2; m != nil {
			row = append(row, f4(m.P), f4(m.R), f4(m.F))
		}
		if e := r.ERRANT; e != nil {
			p, rec, f := e.Score()
			row = append(row, strconv.Itoa(e.Counts.TP), strconv.Itoa(e.Counts.FP), strconv.Itoa(e.Counts.FN), f4(p), f4(rec), f4(f))
		}
		if g := r.GLEU; g != nil {
			ci := "-"
			if !math.IsNaN(g.CI[0]) {
				ci = fmt.Sprintf("(%.3f,%.3f)", g.CI[0], g.CI[1])
			}
			row = append(row, fmt.Sprintf("%.6f", g.Mean), fmt.Sprintf("%.6f", g.Std), ci)
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nsignature: %s\n", ev.Signature())
	return err
}

type jsonPRF struct {
	P float64 `json:"p"`
	R float64 `json:"r"`
	F float64 `json:"f"`
}

type jsonERRANT struct {
	TP int     `json:"tp"`
	FP int     `json:"fp"`
	FN int     `json:"fn"`
	P  float64 `json:"p"`
	R  float64 `json:"r"`
	F  float64 `json:"f"`
}

type jsonGLEU struct {
	Score float64     `json:"score"`
	Std   float64     `json:"std"`
	CI    [2]*float64 `json:"ci"` // null when std is 0
}

type jsonSystem struct {
	Name   string      `json:"name"`
	M2     *jsonPRF    `json:"m2,omitempty"`
	ERRANT *jsonERRANT `json:"errant,omitempty"`
	GLEU   *jsonGLEU   `json:"gleu,omitempty"`
}

func writeEvalJSON(w io.Writer, ev *eval.Evaluator, results []*eval.Result) error {
	out := struct {
		Signature string       `json:"signature"`
		Systems   []jsonSystem `json:"systems"`
	}{Signature: ev.Signature(), Systems: []jsonSystem{}}
	for _, r := range results {
		s := jsonSystem{Name: r.Name}
		if m := r.M2; m != nil {
			s.M2 = &jsonPRF{m.P, m.R, m.F}
		}
		if e := r.ERRANT; e != nil {
			p, rec, f := e.Score()
			s.ERRANT = &jsonERRANT{e.Counts.TP, e.Counts.FP, e.Counts.FN, p, rec, f}
		}
		if g := r.GLEU; g != nil {
			s.GLEU = &jsonGLEU{Score: g.Mean, Std: g.Std, CI: [2]*float64{finite(g.CI[0]), finite(g.CI[1])}}
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
	System   string         `json:"system"`
	Sentence int            `json:"sentence"` // 1-based
	M2       *sentM2        `json:"m2,omitempty"`
	ERRANT   *sentERRANT    `json:"errant,omitempty"`
	GLEU     *sentGLEU      `json:"gleu,omitempty"`
	Edits    []sentenceEdit `json:"edits,omitempty"`
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

type sentenceEdit struct {
	Start int    `json:"o_start"`
	End   int    `json:"o_end"`
	O     string `json:"o"`
	C     string `json:"c"`
	Type  string `json:"type"`
}

func writePerSentence(w io.Writer, results []*eval.Result) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for _, r := range results {
		n := 0
		if r.M2 != nil {
			n = len(r.M2.Sentences)
		} else if r.ERRANT != nil {
			n = len(r.ERRANT.Sentences)
		} else if r.GLEU != nil {
			n = len(r.GLEU.Sentences)
		}
		for i := range n {
			ps := perSentence{System: r.Name, Sentence: i + 1}
			if r.M2 != nil {
				sr := &r.M2.Sentences[i]
				st := sr.Stats()
				ps.M2 = &sentM2{int(st[m2.Correct]), int(st[m2.Proposed]), int(st[m2.Gold]), sr.Annotators[sr.Chosen].ID}
			}
			if r.ERRANT != nil {
				c := r.ERRANT.Sentences[i]
				ps.ERRANT = &sentERRANT{c.TP, c.FP, c.FN, c.Hyp, c.Ref}
			}
			if r.GLEU != nil {
				s := &r.GLEU.Sentences[i]
				ps.GLEU = &sentGLEU{Counts: s.Refs, Expected: s.Expected[:], Score: s.Score().Mean}
			}
			if r.Edits != nil {
				for _, e := range r.Edits[i] {
					if e.IsNoop() {
						continue
					}
					ps.Edits = append(ps.Edits, sentenceEdit{e.OStart, e.OEnd, strings.Join(e.O, " "), strings.Join(e.C, " "), e.Type})
				}
			}
			if err := enc.Encode(ps); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}
