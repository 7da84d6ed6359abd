package eval

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/chrf"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// The metric names of Config.Metrics.
const (
	M2     = "m2"
	ERRANT = "errant"
	GLEU   = "gleu"
	// ChrF is sacreBLEU's chrF (package chrf): computed only when named.
	ChrF = "chrf"
)

// AllMetrics lists the default metrics (those of an empty
// Config.Metrics) in output order.
var AllMetrics = []string{M2, ERRANT, GLEU}

// KnownMetrics lists every metric Config.Metrics may name, in output
// order: AllMetrics and chrF.
var KnownMetrics = []string{M2, ERRANT, GLEU, ChrF}

// Config chooses the metrics and their options. Its zero value (after
// Defaults) scores every metric with the reference tools' defaults.
type Config struct {
	// Metrics to compute, any of KnownMetrics; empty means AllMetrics.
	Metrics []string
	// Beta weighs recall in the F-scores of M2 and ERRANT; 0 means 0.5.
	Beta float64
	// Lang extracts and types edits from plain-text hypotheses and
	// references. It may be nil when every edit is given.
	Lang edits.Language
	// Extract configures extraction (alignment costs, merging).
	Extract edits.Options
	// ERRANT selects the ERRANT comparison (mode, filters); its Beta is
	// set from Beta.
	ERRANT errant.Options
	// GLEU selects GLEU's iterations and sampler.
	GLEU gleu.Options
	// M2 holds the M2 scorer's options (max_unchanged_words,
	// ignore_whitespace_casing); its Beta is set from Beta.
	M2 m2.Options
	// Version is the gecmetric version written into the signature.
	Version string
	// Tokenization names, for the signature, how raw text was tokenised
	// before scoring (e.g. "conll14" for corpora/tokenize); "" means none.
	Tokenization string
	// Essays says that sentences were joined into essays before scoring
	// (gecmetric eval --essays); the signature then says "unit:essay".
	Essays bool
	// RefKind and HypKind name, for the signature, the kinds of the
	// reference and hypothesis files: "m2" (edits as annotated), "text"
	// (edits extracted), or "m2+text" for a mix. The same text scores
	// differently against an M2 reference and against its corrections as
	// text, whose edits are extracted. New takes RefKind from its test set
	// when it is ""; the files of OpenFiles give both (Files.Kinds).
	RefKind, HypKind string
}

// Kind names the kind of a list of files for Config.RefKind and HypKind:
// "m2" when all are M2, "text" when none is, "m2+text" for a mix, "" for
// no files.
func Kind(m2 []bool) string {
	var has [2]bool
	for _, b := range m2 {
		if b {
			has[0] = true
		} else {
			has[1] = true
		}
	}
	switch has {
	case [2]bool{true, false}:
		return "m2"
	case [2]bool{false, true}:
		return "text"
	case [2]bool{true, true}:
		return "m2+text"
	}
	return ""
}

// Has reports whether metric m is selected.
func (c *Config) Has(m string) bool {
	if len(c.Metrics) == 0 {
		return slices.Contains(AllMetrics, m)
	}
	return slices.Contains(c.Metrics, m)
}

func (c *Config) beta() float64 {
	if c.Beta == 0 {
		return 0.5
	}
	return c.Beta
}

// ParseMetrics splits a comma-separated list of metric names, checking
// each and dropping repeats.
func ParseMetrics(s string) ([]string, error) {
	var out []string
	for _, m := range strings.Split(s, ",") {
		m = strings.ToLower(strings.TrimSpace(m))
		if m == "" {
			continue
		}
		if !slices.Contains(KnownMetrics, m) {
			return nil, fmt.Errorf("unknown metric %q (want m2, errant, gleu or chrf)", m)
		}
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no metric named")
	}
	return out, nil
}

// A Reference is one annotator's correction of the whole test set.
type Reference struct {
	Name string
	// Tokens[i] is the corrected sentence i; GLEU compares with it.
	Tokens [][]string
	// Edits[i] are the annotator's edits of sentence i; nil means they are
	// extracted from Tokens with Config.Lang.
	Edits [][]edits.Edit
}

// A TestSet is the sources and references that systems are scored
// against, held in memory. To score files of any size, stream them with
// Open instead.
type TestSet struct {
	Source [][]string
	Refs   []Reference

	// m2, for a test set read by ReadTestSet from M2 references, holds
	// each sentence's M2 scorer's gold and ERRANT references as made from
	// the files' blocks (see Files); nil entries are built from Refs.
	m2Gold     []*m2.Sentence
	errantRefs []*errant.Sentence
}

// A System is one hypothesis to score.
type System struct {
	Name   string
	Tokens [][]string
	// Edits[i] are the system's edits of sentence i; nil means they are
	// extracted from Tokens with Config.Lang.
	Edits [][]edits.Edit
	// M2Tokens optionally gives the sentences split as the M2 scorer
	// splits them (m2.Tokenize, Python's Unicode white space); nil means
	// Tokens.
	M2Tokens [][]string
}

// An Evaluator scores systems against a test set. It is safe for
// concurrent use.
type Evaluator struct {
	cfg  Config
	refs int      // references per sentence
	set  *TestSet // nil when streaming
}

// New returns an Evaluator for the test set in memory, checking that every
// reference has a sentence per source sentence.
func New(cfg Config, set *TestSet) (*Evaluator, error) {
	if len(set.Refs) == 0 {
		return nil, errors.New("eval: no reference")
	}
	n := len(set.Source)
	for _, r := range set.Refs {
		if len(r.Tokens) != n {
			return nil, fmt.Errorf("eval: reference %s has %d sentences, the source %d", r.Name, len(r.Tokens), n)
		}
		if r.Edits != nil && len(r.Edits) != n {
			return nil, fmt.Errorf("eval: reference %s has edits for %d sentences, the source %d", r.Name, len(r.Edits), n)
		}
		if r.Edits == nil && cfg.Lang == nil && (cfg.Has(ERRANT) || cfg.Has(M2)) {
			return nil, fmt.Errorf("eval: reference %s is plain text and no language is set to extract its edits", r.Name)
		}
	}
	if cfg.RefKind == "" {
		m2 := make([]bool, len(set.Refs))
		for k, r := range set.Refs {
			m2[k] = r.Edits != nil
		}
		cfg.RefKind = Kind(m2)
	}
	ev := NewEvaluator(cfg, len(set.Refs))
	ev.set = set
	return ev, nil
}

// NewEvaluator returns an Evaluator for sentences with refs references
// each, to be streamed through Run. Its signature names the files' kinds
// from cfg.RefKind and HypKind (Files.Kinds gives them for OpenFiles).
func NewEvaluator(cfg Config, refs int) *Evaluator {
	cfg.ERRANT.Beta = cfg.beta()
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	return &Evaluator{cfg: cfg, refs: refs}
}

// Config returns the configuration in use.
func (ev *Evaluator) Config() Config { return ev.cfg }

// Signature names everything a score depends on, like sacreBLEU's, so a
// number can be reproduced: gecmetric's version, the number and kind of
// the references (refs:2,m2), the kind of the hypotheses when known
// (hyp:text), the tokenisation (none: tokens as given), the extraction
// rules, and each selected metric's options.
func (ev *Evaluator) Signature() string {
	c := &ev.cfg
	parts := []string{BaseSignature(c.Version, ev.refs, c.RefKind, c.HypKind, c.Tokenization)}
	if c.Essays {
		parts = append(parts, "unit:essay")
	}
	if c.Lang != nil && (c.Has(ERRANT) || c.Has(M2)) {
		merge := c.Extract.Merge.String()
		align := "errant"
		if c.Extract.Lev {
			align = "lev"
		}
		parts = append(parts, "edits:"+c.Lang.Name()+"+"+align+"+"+merge)
	}
	beta := strconv.FormatFloat(c.beta(), 'g', -1, 64)
	for _, m := range KnownMetrics {
		if !c.Has(m) {
			continue
		}
		switch m {
		case M2:
			sig := "m2:3.2,beta=" + beta + ",max-unchanged=" + strconv.Itoa(c.M2.MaxUnchanged())
			if c.M2.IgnoreWhitespaceCasing {
				sig += ",ignore-ws-case"
			}
			parts = append(parts, sig)
		case ERRANT:
			o := c.ERRANT
			s := "errant:" + o.Mode.String() + ",beta=" + beta
			if o.Single {
				s += ",single"
			}
			if o.Multi {
				s += ",multi"
			}
			if len(o.Filter) > 0 {
				s += ",filt=" + strings.Join(o.Filter, "+")
			}
			parts = append(parts, s)
		case GLEU:
			iters := c.GLEU.Iterations
			if iters <= 0 {
				iters = gleu.DefaultIterations
			}
			if ev.refs == 1 {
				iters = 1
			}
			parts = append(parts, "gleu:n=4,iter="+strconv.Itoa(iters)+",sampler="+c.GLEU.Sampler.String())
		case ChrF:
			// sacreBLEU's chrF signature: character orders, word orders,
			// beta, white space dropped.
			parts = append(parts, "chrf:nc="+strconv.Itoa(chrf.Order)+",nw=0,beta="+strconv.FormatFloat(chrf.Beta, 'g', -1, 64)+",space=no")
		}
	}
	return strings.Join(parts, "|")
}

// BaseSignature is the part of a signature that no metric's options
// change: gecmetric's version, the number of references and the
// tokenisation ("" for none).
func BaseSignature(version string, refs int, refKind, hypKind, tokenization string) string {
	s := "gecmetric:" + version + "|refs:" + strconv.Itoa(refs)
	if refKind != "" {
		s += "," + refKind
	}
	if hypKind != "" {
		s += "|hyp:" + hypKind
	}
	return s + "|tok:" + cmp.Or(tokenization, "none")
}

// A Result is one system's scores; metrics not selected are nil. The
// per-sentence lists (M2.Sentences, ERRANT.Sentences, GLEU.Sentences,
// Edits) are filled by Score and by Run with RunOptions.Keep; Rows by Run
// with RunOptions.Rows.
type Result struct {
	Name   string
	M2     *m2.Result
	ERRANT *errant.Result
	GLEU   *gleu.Result
	ChrF   *ChrFResult
	// Edits are the system's edits per sentence as ERRANT compared them
	// (given or extracted); nil unless ERRANT was scored and kept.
	Edits [][]edits.Edit
	// Rows holds compact per-sentence statistics of every metric (see
	// RunOptions.Rows).
	Rows *Rows
	// Tokens, when not nil, points at the first hypothesis line whose
	// punctuation is not split off as the source's and references' is
	// (RunOptions.CheckTokens).
	Tokens *TokenWarning
}

// Score scores one system of the test set given to New, keeping every
// sentence's results. Its sentences must be as many as the sources.
func (ev *Evaluator) Score(sys System) (*Result, error) {
	if ev.set == nil {
		return nil, errors.New("eval: Score needs a test set in memory (New); use Run to stream")
	}
	n := len(ev.set.Source)
	if len(sys.Tokens) != n {
		return nil, fmt.Errorf("eval: system %s has %d sentences, the source %d", sys.Name, len(sys.Tokens), n)
	}
	if sys.Edits != nil && len(sys.Edits) != n {
		return nil, fmt.Errorf("eval: system %s has edits for %d sentences, the source %d", sys.Name, len(sys.Edits), n)
	}
	if sys.Edits == nil && ev.cfg.Lang == nil && ev.cfg.Has(ERRANT) {
		return nil, fmt.Errorf("eval: system %s is plain text and no language is set to extract its edits", sys.Name)
	}
	if ev.cfg.Has(GLEU) && len(ev.set.Refs) > 255 {
		return nil, fmt.Errorf("gleu: %d references, at most 255 are supported", len(ev.set.Refs))
	}
	res, err := ev.Run(context.Background(), ev.set.Sentences(sys), []string{sys.Name}, RunOptions{Keep: true})
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// Sentences streams the test set with the outputs of systems, which must
// have a sentence per source sentence, for Evaluator.Run.
func (set *TestSet) Sentences(systems ...System) Sentences {
	return &memorySentences{set: set, sys: systems, i: -1}
}

// memorySentences streams a TestSet in memory and its systems.
type memorySentences struct {
	set *TestSet
	sys []System
	i   int
	cur Sentence
	err error
}

func (m *memorySentences) Scan() bool {
	m.i++
	if m.i >= len(m.set.Source) {
		return false
	}
	i := m.i
	for _, sys := range m.sys {
		if len(sys.Tokens) != len(m.set.Source) {
			m.err = fmt.Errorf("eval: system %s has %d sentences, the source %d", sys.Name, len(sys.Tokens), len(m.set.Source))
			return false
		}
	}
	s := Sentence{Source: m.set.Source[i], Refs: make([]Correction, len(m.set.Refs))}
	if m.set.m2Gold != nil {
		s.M2Gold, s.ERRANTRefs = m.set.m2Gold[i], m.set.errantRefs[i]
	}
	for k, r := range m.set.Refs {
		s.Refs[k].Tokens = r.Tokens[i]
		if r.Edits != nil {
			s.Refs[k].Edits = nonNil(r.Edits[i])
		}
	}
	s.Hyps = make([]Correction, len(m.sys))
	for k, sys := range m.sys {
		h := &s.Hyps[k]
		h.Tokens, h.Text = sys.Tokens[i], true
		if sys.Edits != nil {
			h.Edits = nonNil(sys.Edits[i])
		}
		if sys.M2Tokens != nil {
			h.M2Tokens = sys.M2Tokens[i]
		}
	}
	m.cur = s
	return true
}

func (m *memorySentences) Sentence() *Sentence { return &m.cur }
func (m *memorySentences) Err() error          { return m.err }

// nonNil returns es, or an empty list for nil: given edits are never nil.
func nonNil(es []edits.Edit) []edits.Edit {
	if es == nil {
		return []edits.Edit{}
	}
	return es
}

// A ChrFResult is a system's chrF (package chrf): the corpus score of the
// summed character n-gram statistics, in [0, 1] (sacreBLEU prints 100
// times it).
type ChrFResult struct {
	Score float64
	// Stats are the summed statistics (chrf.Width numbers).
	Stats metrics.Stats
	// Sentences are each sentence's statistics against its best
	// reference; filled with RunOptions.Keep.
	Sentences []metrics.Stats
}

// Corpus returns the per-sentence statistics as a metrics.Corpus (for
// significance tests); Sentences must have been kept.
func (r *ChrFResult) Corpus() *metrics.Corpus {
	return metrics.CorpusOf(ChrF, r.Sentences, chrf.Score)
}

// newChrFCorpus returns an empty corpus of chrF rows.
func newChrFCorpus() *metrics.Corpus { return metrics.NewCorpus(ChrF, chrf.Width, chrf.Score) }
