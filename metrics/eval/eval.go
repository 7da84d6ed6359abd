package eval

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// The metric names of Config.Metrics.
const (
	M2     = "m2"
	ERRANT = "errant"
	GLEU   = "gleu"
)

// AllMetrics lists every metric in output order.
var AllMetrics = []string{M2, ERRANT, GLEU}

// Config chooses the metrics and their options. Its zero value (after
// Defaults) scores every metric with the reference tools' defaults.
type Config struct {
	// Metrics to compute, any of M2, ERRANT, GLEU; empty means all.
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
	// Version is the gecmetric version written into the signature.
	Version string
	// Tokenization names, for the signature, how raw text was tokenised
	// before scoring (e.g. "conll14" for corpora/tokenize); "" means none.
	Tokenization string
}

// Has reports whether metric m is selected.
func (c *Config) Has(m string) bool { return len(c.Metrics) == 0 || slices.Contains(c.Metrics, m) }

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
		if !slices.Contains(AllMetrics, m) {
			return nil, fmt.Errorf("unknown metric %q (want m2, errant or gleu)", m)
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
	// Edits[i] are the annotator's edits of sentence i, as read from an
	// M2 file; nil means they are extracted from Tokens with Config.Lang.
	Edits [][]edits.Edit
}

// A TestSet is the sources and references that systems are scored
// against.
type TestSet struct {
	Source [][]string
	Refs   []Reference
	// ERRANTRefs optionally gives ERRANT's reference sentences as read from
	// M2 files, with coders in file order (which breaks ties as
	// compare_m2.py does); nil means they are built from Refs.
	ERRANTRefs []errant.Sentence
	// M2Gold optionally gives the M2 scorer's gold as its own reader reads
	// an M2 file (m2.ReadGold), which reproduces the scorer's quirks; nil
	// means it is built from Refs, one annotator per reference.
	M2Gold []m2.Sentence
}

// A System is one hypothesis to score.
type System struct {
	Name   string
	Tokens [][]string
	// Edits[i] are the system's edits of sentence i; nil means they are
	// extracted from Tokens with Config.Lang.
	Edits [][]edits.Edit
	// ERRANT optionally gives the system's sentences for ERRANT as read
	// from an M2 file (every coder, in file order), used as they are, as
	// compare_m2.py -hyp does; nil means built from Edits.
	ERRANT []errant.Sentence
	// M2Tokens optionally gives the sentences split as the M2 scorer
	// splits them (m2.Tokenize, Python's Unicode white space); nil means
	// Tokens.
	M2Tokens [][]string
}

// An Evaluator scores systems against one TestSet. The sources are
// annotated once, on first need, and shared by every system. It is safe
// for concurrent use.
type Evaluator struct {
	cfg Config
	set *TestSet

	sourcesOnce sync.Once
	sources     []*edits.Sentence
	extracted   sync.Map // extractKey → []edits.Edit, shared by all systems

	errantOnce sync.Once
	errantRefs []errant.Sentence

	m2Once sync.Once
	m2Gold []m2.Sentence

	gleuOnce   sync.Once
	gleuScorer *gleu.Scorer
	gleuErr    error
}

// New returns an Evaluator for the test set, checking that every
// reference has a sentence per source sentence.
func New(cfg Config, set *TestSet) (*Evaluator, error) {
	if len(set.Refs) == 0 && len(set.ERRANTRefs) == 0 {
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
		needEdits := cfg.Has(ERRANT) && set.ERRANTRefs == nil || cfg.Has(M2) && set.M2Gold == nil
		if r.Edits == nil && cfg.Lang == nil && needEdits {
			return nil, fmt.Errorf("eval: reference %s is plain text and no language is set to extract its edits", r.Name)
		}
	}
	if set.ERRANTRefs != nil && len(set.ERRANTRefs) != n {
		return nil, fmt.Errorf("eval: ERRANT references have %d sentences, the source %d", len(set.ERRANTRefs), n)
	}
	if set.M2Gold != nil && len(set.M2Gold) != n {
		return nil, fmt.Errorf("eval: the M2 gold has %d sentences, the source %d", len(set.M2Gold), n)
	}
	cfg.ERRANT.Beta = cfg.beta()
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	return &Evaluator{cfg: cfg, set: set}, nil
}

// Config returns the configuration in use.
func (ev *Evaluator) Config() Config { return ev.cfg }

// Signature names everything a score depends on, like sacreBLEU's, so a
// number can be reproduced: gecmetric's version, the number of
// references, the tokenisation (none: tokens as given), the extraction
// rules, and each selected metric's options.
func (ev *Evaluator) Signature() string {
	c := &ev.cfg
	parts := []string{
		"gecmetric:" + c.Version,
		"refs:" + strconv.Itoa(ev.references()),
		"tok:" + cmp.Or(c.Tokenization, "none"),
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
	for _, m := range AllMetrics {
		if !c.Has(m) {
			continue
		}
		switch m {
		case M2:
			parts = append(parts, "m2:3.2,beta="+beta+",max-unchanged="+strconv.Itoa(m2MaxUnchanged))
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
			if ev.references() == 1 {
				iters = 1
			}
			parts = append(parts, "gleu:n=4,iter="+strconv.Itoa(iters)+",sampler="+c.GLEU.Sampler.String())
		}
	}
	return strings.Join(parts, "|")
}

// m2MaxUnchanged is the M2 scorer's default max_unchanged_words.
const m2MaxUnchanged = 2

func (ev *Evaluator) references() int {
	if len(ev.set.Refs) > 0 {
		return len(ev.set.Refs)
	}
	return len(ev.set.ERRANTRefs)
}

// annotatedSources returns the annotated sources, annotating them on
// first use in parallel.
func (ev *Evaluator) annotatedSources() []*edits.Sentence {
	ev.sourcesOnce.Do(func() {
		ev.sources = edits.AnnotateAll(ev.cfg.Lang, ev.set.Source)
	})
	return ev.sources
}

// extract returns the edits from each source to targets[i], annotating
// and extracting in parallel; a target equal to its source has no edits
// and is not annotated.
func (ev *Evaluator) extract(targets [][]string) [][]edits.Edit {
	src := ev.annotatedSources()
	out := make([][]edits.Edit, len(targets))
	edits.Parallel(len(targets), func(i int) {
		if slices.Equal(ev.set.Source[i], targets[i]) {
			return
		}
		// Systems often agree on a sentence: extract each distinct
		// correction of a sentence once.
		key := extractKey{i, strings.Join(targets[i], "\x00")}
		if es, ok := ev.extracted.Load(key); ok {
			out[i] = es.([]edits.Edit)
			return
		}
		c := ev.cfg.Lang.Annotate(targets[i])
		out[i] = edits.Extract(ev.cfg.Lang, src[i], c, ev.cfg.Extract)
		ev.extracted.Store(key, out[i])
	})
	return out
}

// An extractKey is a sentence index and a correction's tokens.
type extractKey struct {
	i    int
	toks string
}

// referenceEdits returns each reference's edits, extracting those not
// given.
func (ev *Evaluator) referenceEdits() [][][]edits.Edit {
	out := make([][][]edits.Edit, len(ev.set.Refs))
	for k, r := range ev.set.Refs {
		if r.Edits != nil {
			out[k] = r.Edits
		} else {
			out[k] = ev.extract(r.Tokens)
		}
	}
	return out
}

func (ev *Evaluator) errantReferences() []errant.Sentence {
	ev.errantOnce.Do(func() {
		if ev.set.ERRANTRefs != nil {
			ev.errantRefs = ev.set.ERRANTRefs
			return
		}
		refEdits := ev.referenceEdits()
		ev.errantRefs = make([]errant.Sentence, len(ev.set.Source))
		for i := range ev.errantRefs {
			s := make(errant.Sentence, len(refEdits))
			for k := range refEdits {
				s[k] = errant.Annotation{Coder: k, Edits: refEdits[k][i]}
			}
			ev.errantRefs[i] = s
		}
	})
	return ev.errantRefs
}

// m2Reference returns the M2 scorer's gold: as given, or one annotator
// per reference with its edits (a noop when it has none, so that an
// unchanged reference still counts as an annotator, as in ERRANT's M2).
func (ev *Evaluator) m2Reference() []m2.Sentence {
	ev.m2Once.Do(func() {
		if ev.set.M2Gold != nil {
			ev.m2Gold = ev.set.M2Gold
			return
		}
		refEdits := ev.referenceEdits()
		ev.m2Gold = make([]m2.Sentence, len(ev.set.Source))
		for i := range ev.m2Gold {
			var anns []m2.Annotation
			for k := range refEdits {
				es := refEdits[k][i]
				if len(es) == 0 {
					anns = append(anns, m2.Annotation{Edit: edits.Noop(), Coder: k})
				}
				for _, e := range es {
					anns = append(anns, m2.Annotation{Edit: e, Coder: k})
				}
			}
			ev.m2Gold[i] = m2.NewSentence(ev.set.Source[i], anns)
		}
	})
	return ev.m2Gold
}

func (ev *Evaluator) gleuScorerFor() (*gleu.Scorer, error) {
	ev.gleuOnce.Do(func() {
		refs := make([][][]string, len(ev.set.Refs))
		for k, r := range ev.set.Refs {
			refs[k] = r.Tokens
		}
		ev.gleuScorer, ev.gleuErr = gleu.New(ev.set.Source, refs...)
	})
	return ev.gleuScorer, ev.gleuErr
}

// A Result is one system's scores; metrics not selected are nil.
type Result struct {
	Name   string
	M2     *m2.Result
	ERRANT *errant.Result
	GLEU   *gleu.Result
	// Edits are the system's edits per sentence as ERRANT compared them
	// (given or extracted); nil unless ERRANT was scored. They may be
	// shared with other results and must not be modified.
	Edits [][]edits.Edit
}

// Score scores one system. Its sentences must be as many as the sources.
func (ev *Evaluator) Score(sys System) (*Result, error) {
	n := len(ev.set.Source)
	if len(sys.Tokens) != n {
		return nil, fmt.Errorf("eval: system %s has %d sentences, the source %d", sys.Name, len(sys.Tokens), n)
	}
	if sys.Edits != nil && len(sys.Edits) != n {
		return nil, fmt.Errorf("eval: system %s has edits for %d sentences, the source %d", sys.Name, len(sys.Edits), n)
	}
	res := &Result{Name: sys.Name}
	if ev.cfg.Has(M2) {
		hyp := sys.M2Tokens
		if hyp == nil {
			hyp = sys.Tokens
		}
		r, err := m2.Score(ev.m2Reference(), hyp, m2.Options{Beta: ev.cfg.beta()})
		if err != nil {
			return nil, err
		}
		res.M2 = r
	}
	if ev.cfg.Has(ERRANT) {
		hyp, es := sys.ERRANT, sys.Edits
		if hyp == nil {
			if es == nil {
				if ev.cfg.Lang == nil {
					return nil, fmt.Errorf("eval: system %s is plain text and no language is set to extract its edits", sys.Name)
				}
				es = ev.extract(sys.Tokens)
			}
			hyp = make([]errant.Sentence, n)
			for i := range hyp {
				hyp[i] = errant.Sentence{{Coder: 0, Edits: es[i]}}
			}
		}
		r, err := errant.Compare(hyp, ev.errantReferences(), ev.cfg.ERRANT)
		if err != nil {
			return nil, err
		}
		res.ERRANT, res.Edits = r, es
	}
	if ev.cfg.Has(GLEU) {
		if len(ev.set.Refs) == 0 {
			return nil, errors.New("eval: GLEU needs reference texts")
		}
		sc, err := ev.gleuScorerFor()
		if err != nil {
			return nil, err
		}
		r, err := sc.Score(sys.Tokens, ev.cfg.GLEU)
		if err != nil {
			return nil, err
		}
		res.GLEU = r
	}
	return res, nil
}
