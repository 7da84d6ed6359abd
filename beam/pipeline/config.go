package pipeline

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/langs"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// File formats of an Input.
const (
	Text = "text" // one tokenised sentence per line
	M2   = "m2"   // M2 blocks: an S line, its A lines, a blank line
)

// An Input is one file of the test set, possibly split into shards: the
// sentences of Files[1] follow those of Files[0], and so on. Sentence i of
// every Input is compared with sentence i of every other, wherever the
// shards are read.
type Input struct {
	Name   string   // as named by the user (a path or a glob); systems are named by it
	Format string   // Text or M2
	Files  []string // the shards in order
	// Tokenize tokenises every line (corpora/tokenize, CoNLL-2014's
	// tokenisation) before it is scored: a raw text file under
	// Config.Tokenize, as ApplyPolicy decides. Otherwise a line's tokens
	// are its white-space separated fields.
	Tokenize bool `json:",omitempty"`
}

// tokens returns a line's tokens as the input is read.
func (in *Input) tokens(line string) []string {
	if in.Tokenize {
		return tokenize.Tokenize(line)
	}
	return strings.Fields(line)
}

// A Config is everything the pipeline reads and computes. It travels to
// the workers as JSON, so it holds names and options only.
type Config struct {
	// Source is the source text; nil when an M2 reference gives it.
	Source *Input
	// Refs are the references: M2 files (every annotator a reference) or
	// plain text, as `gecmetric eval --ref`.
	Refs []Input
	// Hyps are the systems, plain text, as `gecmetric eval --hyp`; for
	// the edits output they are the targets of `gecmetric edits --target`.
	Hyps []Input

	Metrics     []string // any of eval.M2, eval.ERRANT, eval.GLEU; empty: none
	Beta        float64  // weight of recall in M2's and ERRANT's F; 0 means 0.5
	Lang        string   // language of edit extraction and of the judge: en, sv, or any code
	ERRANTMode  string   // cs, cse, ds or dt; empty means cs
	GLEUIter    int      // GLEU sampling iterations; 0 means 500
	GLEUSampler string   // py2 (official) or py3; empty means py2

	// Edits asks for the M2 of the hypotheses' edits (as `gecmetric edits
	// --source S --target H1 --target H2 ...` writes it) and their counts
	// per error type.
	Edits bool
	// Judge asks for the judge's ratings of every hypothesis sentence and
	// their per-system means.
	Judge bool

	// Tokenize and NoTokenizeCheck are `gecmetric eval`'s --tokenize and
	// --no-tokenize-check: what ApplyPolicy does with raw text.
	Tokenize        bool
	NoTokenizeCheck bool
}

// roles numbers the inputs: 0 the source (if any), then the references,
// then the hypotheses.
func (c *Config) inputs() []Input {
	var out []Input
	if c.Source != nil {
		out = append(out, *c.Source)
	}
	out = append(out, c.Refs...)
	return append(out, c.Hyps...)
}

func (c *Config) firstRef() int {
	if c.Source != nil {
		return 1
	}
	return 0
}

func (c *Config) firstHyp() int { return c.firstRef() + len(c.Refs) }

// Check returns an error for a configuration the pipeline cannot run.
func (c *Config) Check() error {
	if len(c.Refs) == 0 && (len(c.Metrics) > 0 || c.Source == nil) {
		return errors.New("give at least one reference (an M2 file or a plain-text reference)")
	}
	if len(c.Hyps) == 0 {
		return errors.New("give at least one hypothesis (a system output)")
	}
	if c.Source == nil && !slices.ContainsFunc(c.Refs, func(in Input) bool { return in.Format == M2 }) {
		return errors.New("plain-text references need the source text (an M2 reference would give it)")
	}
	if c.Source != nil && c.Source.Format != Text {
		return fmt.Errorf("the source %s is an M2 file: give it as a reference (it holds the source) or give the plain source text", c.Source.Name)
	}
	for _, h := range c.Hyps {
		if h.Format != Text {
			return fmt.Errorf("hypothesis %s is an M2 file: the pipeline reads plain-text hypotheses (use `gecmetric eval` for M2 hypotheses)", h.Name)
		}
	}
	if c.Edits && c.Source == nil {
		return errors.New("the edits output needs the source text (as `gecmetric edits --source`)")
	}
	for _, in := range c.inputs() {
		if len(in.Files) == 0 {
			return fmt.Errorf("%s: no such file", in.Name)
		}
		if in.Format != Text && in.Format != M2 {
			return fmt.Errorf("%s: unknown format %q (want text or m2)", in.Name, in.Format)
		}
	}
	if _, err := c.errantOptions(); err != nil {
		return err
	}
	if _, err := c.gleuOptions(); err != nil {
		return err
	}
	for _, m := range c.Metrics {
		if !slices.Contains(eval.AllMetrics, m) {
			return fmt.Errorf("unknown metric %q (want m2, errant or gleu)", m)
		}
	}
	if c.Beta < 0 {
		return fmt.Errorf("beta %v: want a positive number", c.Beta)
	}
	return nil
}

func (c *Config) has(metric string) bool { return slices.Contains(c.Metrics, metric) }

func (c *Config) beta() float64 {
	if c.Beta == 0 {
		return 0.5
	}
	return c.Beta
}

func (c *Config) errantOptions() (errant.Options, error) {
	mode := errant.SpanCorrection
	if c.ERRANTMode != "" {
		var err error
		if mode, err = errant.ParseMode(c.ERRANTMode); err != nil {
			return errant.Options{}, err
		}
	}
	return errant.Options{Mode: mode, Beta: c.beta()}, nil
}

func (c *Config) gleuOptions() (gleu.Options, error) {
	o := gleu.Options{Iterations: c.GLEUIter}
	switch c.GLEUSampler {
	case "", "py2":
	case "py3":
		o.Sampler = gleu.Python3
	default:
		return o, fmt.Errorf("GLEU sampler %q: want py2 or py3", c.GLEUSampler)
	}
	if c.GLEUIter < 0 {
		return o, fmt.Errorf("GLEU iterations %d: want at least 1", c.GLEUIter)
	}
	return o, nil
}

func (c *Config) m2Options() m2.Options { return m2.Options{Beta: c.beta()} }

// language returns the extraction rules of c.Lang, as `gecmetric` chooses
// them (langs.OrGeneric): a known language's, the generic rules for any
// other code.
func (c *Config) language() edits.Language {
	return langs.OrGeneric(c.Lang)
}

func (c *Config) langCode() string {
	if c.Lang == "" {
		return "en"
	}
	return c.Lang
}

// Signature is `gecmetric eval`'s signature for the same configuration
// and references: the pipeline's numbers are the same (see the package
// documentation). refs is the number of references (an M2 file counts
// one per annotator).
func (c *Config) Signature(refs int, version string) string {
	if len(c.Metrics) == 0 {
		// No score: the signature names what the edits depend on.
		tok := "none"
		if c.Tokenize {
			tok = tokenize.Name
		}
		return "gecmetric:" + version + "|tok:" + tok + "|edits:" + c.language().Name() + "+errant+" + edits.MergeRules.String()
	}
	eo, _ := c.errantOptions()
	go_, _ := c.gleuOptions()
	// The kinds of the files, as eval names them: the pipeline reads
	// plain-text hypotheses only.
	m2 := make([]bool, len(c.Refs))
	for k, in := range c.Refs {
		m2[k] = in.Format == M2
	}
	tok := ""
	if c.Tokenize {
		tok = tokenize.Name
	}
	cfg := eval.Config{
		Tokenization: tok,
		Metrics:      c.Metrics,
		Beta:         c.beta(),
		Lang:         c.language(),
		ERRANT:       errant.Options{Mode: eo.Mode},
		GLEU:         go_,
		Version:      version,
		RefKind:      eval.Kind(m2),
		HypKind:      "text",
	}
	set := &eval.TestSet{Refs: make([]eval.Reference, refs)}
	ev, err := eval.New(cfg, set)
	if err != nil {
		return "gecmetric:" + version + "|error:" + strings.ReplaceAll(err.Error(), "|", "/")
	}
	return ev.Signature()
}
