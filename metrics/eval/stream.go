package eval

import (
	"context"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/batch"
	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/chrf"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// A Sentence is one sentence of a test set with every system's form of it:
// the unit an Evaluator streams.
type Sentence struct {
	Source []string
	// Refs holds each reference's correction (GLEU and the judge compare
	// with it) and its edits when they are given.
	Refs []Correction
	// M2Gold, when not nil, is the M2 scorer's gold for the sentence as
	// read from one M2 reference; nil means built from Refs, one
	// annotator per reference.
	M2Gold *m2.Sentence
	// ERRANTRefs, when not nil, is ERRANT's reference for the sentence as
	// read from M2 references (coders in file order, fields as written);
	// nil means built from Refs.
	ERRANTRefs *errant.Sentence
	// Hyps holds each system's output, in the order of Run's names.
	Hyps []Correction
}

// A Correction is one corrected form of a sentence: a reference or a
// system's output.
type Correction struct {
	Tokens []string
	// Edits are the edits from the source to Tokens; nil means they are
	// extracted with Config.Lang.
	Edits []edits.Edit
	// M2Tokens, for a system, is the output split as the M2 scorer splits
	// it; nil means Tokens.
	M2Tokens []string
	// ERRANT, for a system read from an M2 file, is every coder's edits in
	// file order, compared as they are (compare_m2.py -hyp); nil means
	// built from Edits.
	ERRANT *errant.Sentence
	// Text reports a system's output read as plain text, whose
	// tokenisation RunOptions.CheckTokens checks.
	Text bool
}

// Sentences is a stream of sentences in corpus order, in the manner of
// bufio.Scanner.
type Sentences interface {
	Scan() bool
	Sentence() *Sentence
	Err() error
}

// RunOptions configure Run. The zero value keeps only corpus totals.
type RunOptions struct {
	// Each, when not nil, receives every sentence's scores in corpus
	// order, one SentenceScore per system, as soon as they are known (to
	// write per-sentence output as the run goes). The slice is reused.
	Each func(i int, scores []SentenceScore) error
	// Keep keeps every sentence's full results in each Result, as Score
	// does: memory then grows with the corpus.
	Keep bool
	// Rows keeps compact per-sentence statistics in Result.Rows, for
	// significance tests: a few numbers per sentence and metric.
	Rows bool
	// CheckTokens looks for plain-text outputs whose punctuation is not
	// split off (see CheckTokens) and reports the first in Result.Tokens.
	CheckTokens bool
	// Progress, when not nil, is called after every batch with the number
	// of sentences done.
	Progress func(done int)
	// Batch is the number of sentences scored at once on all cores; 0
	// means 1024.
	Batch int
}

// A SentenceScore is one system's scores of one sentence; metrics not
// selected are nil.
type SentenceScore struct {
	M2 *m2.SentenceResult
	// M2Gold and M2Hyp, with M2, are the gold and the hypothesis tokens
	// the M2 scorer compared (for m2.VerboseWriter).
	M2Gold *m2.Sentence
	M2Hyp  []string
	ERRANT *errant.Choice
	// ERRANTHyp and ERRANTRef, with ERRANT, are the system's and the
	// references' annotations ERRANT compared, and Source the source
	// tokens (for errant.VerboseWriter).
	ERRANTHyp, ERRANTRef *errant.Sentence
	Source               []string
	GLEU                 *gleu.Sentence
	// ChrF are the sentence's chrF statistics against its best reference
	// (chrf.Score gives its score).
	ChrF metrics.Stats
	// Edits are the system's edits as ERRANT compared them.
	Edits []edits.Edit
	// Output is the system's output tokens.
	Output []string
}

// Rows are compact per-sentence statistics of one system: per metric one
// small fixed-size row per sentence (M2 and ERRANT 3 counts, GLEU its
// expected counts), and ERRANT's counts by error type for the sentences
// that have any.
type Rows struct {
	M2     *metrics.Corpus  // nil when M2 was not scored
	ERRANT *metrics.Corpus  // nil when ERRANT was not scored
	GLEU   *metrics.Corpus  // nil when GLEU was not scored
	ChrF   *metrics.Corpus  // nil when chrF was not scored
	Types  *errant.TypeRows // ERRANT's counts by error type, sparsely
}

// Run scores every system of the stream, sentence by sentence: a batch of
// sentences at a time is annotated, extracted and compared on all cores,
// and the results are consumed in corpus order (M2's and ERRANT's choice
// of reference depends on the counts of the sentences before). names
// names the systems, in the order of Sentence.Hyps. Memory stays flat
// unless opt asks to keep per-sentence results.
func (ev *Evaluator) Run(ctx context.Context, src Sentences, names []string, opt RunOptions) ([]*Result, error) {
	if ev.cfg.Has(GLEU) {
		if err := checkRefs(ev.refs); err != nil {
			return nil, err
		}
	}
	size := opt.Batch
	if size <= 0 {
		size = 1024
	}
	if f, ok := src.(*Files); ok {
		f.only(&ev.cfg) // no view of a metric not scored
	}
	st := ev.newState(names, opt)
	ws := make([]*worker, batch.Workers())
	for k := range ws {
		ws[k] = ev.newWorker(names)
	}
	n := 0
	next := func() (Sentence, bool) {
		if !src.Scan() {
			return Sentence{}, false
		}
		return *src.Sentence(), true
	}
	work := func(w int, s *Sentence) (sentenceOut, error) { return ws[w].score(s) }
	emit := func(s *Sentence, out *sentenceOut) error {
		if err := st.consume(n, s, out); err != nil {
			return err
		}
		n++
		if opt.Progress != nil && n%size == 0 {
			opt.Progress(n)
		}
		return nil
	}
	if err := batch.Map(ctx, size, next, work, emit); err != nil {
		return nil, fmt.Errorf("sentence %d: %w", n+1, err)
	}
	if err := src.Err(); err != nil {
		return nil, err
	}
	if opt.Progress != nil {
		opt.Progress(n)
	}
	return st.results(), nil
}

// sentenceOut is a worker's results for one sentence.
type sentenceOut struct {
	gold *m2.Sentence    // the M2 scorer's gold
	refs [][]string      // reference tokens (GLEU)
	errR errant.Sentence // ERRANT's reference
	hyps []hypOut        // per system
}

type hypOut struct {
	m2     []m2.AnnotatorResult
	errant errant.Sentence
	edits  []edits.Edit
	gleu   []gleu.Counts
	chrf   metrics.Stats
}

// A worker scores sentences; each goroutine has its own.
type worker struct {
	ev    *Evaluator
	cmp   m2.Comparer
	nsys  int
	names []string // of the systems, for errors
}

func (ev *Evaluator) newWorker(names []string) *worker {
	return &worker{ev: ev, nsys: len(names), names: names}
}

// system names system h in errors.
func (w *worker) system(h int) string {
	if h < len(w.names) && w.names[h] != "" {
		return "system " + w.names[h]
	}
	return fmt.Sprintf("system %d", h+1)
}

// longSentence is the length from which a sentence's extractions run in
// parallel.
var longSentence = 1000

// extractAll extracts the edits of the distinct targets (other than the
// source itself) on up to GOMAXPROCS goroutines and returns them, and the
// errors of those that fail, by key.
func extractAll(cfg *Config, source []string, src *edits.Sentence, targets [][]string) (map[string][]edits.Edit, map[string]error) {
	keys := map[string][]string{}
	for _, t := range targets {
		if !slices.Equal(source, t) {
			keys[strings.Join(t, "\x00")] = t
		}
	}
	out := make(map[string][]edits.Edit, len(keys))
	failed := map[string]error{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for key, t := range keys {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			es, err := edits.ExtractBounded(cfg.Lang, src, edits.AnnotateCorrection(cfg.Lang, src, t), cfg.Extract)
			mu.Lock()
			if err != nil {
				failed[key] = err
			} else {
				out[key] = es
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out, failed
}

// score does a sentence's work that does not depend on the sentences
// before it: annotation, extraction, M2's lattices, GLEU's counts.
func (w *worker) score(s *Sentence) (sentenceOut, error) {
	cfg := &w.ev.cfg
	var out sentenceOut
	var src *edits.Sentence
	cache := map[string][]edits.Edit{}
	var failed map[string]error // extractions that failed side by side
	extract := func(target []string) ([]edits.Edit, error) {
		// A target equal to its source has no edits and is not
		// annotated; systems often agree on a sentence, so each distinct
		// correction is extracted once.
		if slices.Equal(s.Source, target) {
			return nil, nil
		}
		key := strings.Join(target, "\x00")
		if es, ok := cache[key]; ok {
			return es, nil
		}
		if err, ok := failed[key]; ok {
			return nil, err
		}
		if src == nil {
			src = cfg.Lang.Annotate(s.Source)
		}
		es, err := edits.ExtractBounded(cfg.Lang, src, edits.AnnotateCorrection(cfg.Lang, src, target), cfg.Extract)
		if err != nil {
			return nil, err
		}
		cache[key] = es
		return es, nil
	}
	if len(s.Source) >= longSentence && cfg.Lang != nil {
		// A long sentence's extractions run side by side (the results
		// land in the cache; an error is returned below, in order).
		var targets [][]string
		if (cfg.Has(M2) && s.M2Gold == nil) || (cfg.Has(ERRANT) && s.ERRANTRefs == nil) {
			for _, r := range s.Refs {
				if r.Edits == nil {
					targets = append(targets, r.Tokens)
				}
			}
		}
		if cfg.Has(ERRANT) {
			for _, h := range s.Hyps {
				if h.ERRANT == nil && h.Edits == nil {
					targets = append(targets, h.Tokens)
				}
			}
		}
		src = cfg.Lang.Annotate(s.Source)
		var done map[string][]edits.Edit
		done, failed = extractAll(cfg, s.Source, src, targets)
		maps.Copy(cache, done)
	}
	var refEdits [][]edits.Edit
	refEditsOf := func() ([][]edits.Edit, error) {
		if refEdits == nil {
			refEdits = make([][]edits.Edit, len(s.Refs))
			for k, r := range s.Refs {
				if r.Edits != nil {
					refEdits[k] = r.Edits
				} else {
					es, err := extract(r.Tokens)
					if err != nil {
						return nil, fmt.Errorf("reference %d: %w", k+1, err)
					}
					refEdits[k] = es
				}
			}
		}
		return refEdits, nil
	}
	var gold *m2.Sentence
	if cfg.Has(M2) {
		gold = s.M2Gold
		if gold == nil {
			res, err := refEditsOf()
			if err != nil {
				return out, err
			}
			g := M2GoldOf(s.Source, res)
			gold = &g
		}
	}
	if cfg.Has(ERRANT) {
		if s.ERRANTRefs != nil {
			out.errR = *s.ERRANTRefs
		} else {
			res, err := refEditsOf()
			if err != nil {
				return out, err
			}
			out.errR = make(errant.Sentence, len(res))
			for k := range res {
				out.errR[k] = errant.Annotation{Coder: k, Edits: res[k]}
			}
		}
	}
	var prep *gleu.Prepared
	if cfg.Has(GLEU) {
		out.refs = make([][]string, len(s.Refs))
		for k, r := range s.Refs {
			out.refs[k] = r.Tokens
		}
		var err error
		if prep, err = gleu.Prepare(s.Source, out.refs); err != nil {
			return out, err
		}
	}
	var chrfRefs [][]string
	if cfg.Has(ChrF) {
		chrfRefs = make([][]string, len(s.Refs))
		for k, r := range s.Refs {
			chrfRefs[k] = r.Tokens
		}
	}
	out.gold = gold
	out.hyps = make([]hypOut, len(s.Hyps))
	for h := range s.Hyps {
		hyp := &s.Hyps[h]
		o := &out.hyps[h]
		if gold != nil {
			toks := hyp.M2Tokens
			if toks == nil {
				toks = hyp.Tokens
			}
			var err error
			if o.m2, err = w.cmp.Compare(gold, toks, m2Options(cfg)); err != nil {
				return out, fmt.Errorf("%s: %w", w.system(h), err)
			}
		}
		if cfg.Has(ERRANT) {
			if hyp.ERRANT != nil {
				o.errant = *hyp.ERRANT
				o.edits = hyp.Edits
			} else {
				es := hyp.Edits
				if es == nil {
					if cfg.Lang == nil {
						return out, fmt.Errorf("eval: a system is plain text and no language is set to extract its edits")
					}
					var err error
					if es, err = extract(hyp.Tokens); err != nil {
						return out, fmt.Errorf("%s: %w", w.system(h), err)
					}
				}
				o.edits = es
				o.errant = errant.Sentence{{Coder: 0, Edits: es}}
			}
		}
		if prep != nil {
			o.gleu = prep.Stats(hyp.Tokens)
		}
		if chrfRefs != nil {
			o.chrf = chrf.Stats(hyp.Tokens, chrfRefs...)
		}
	}
	return out, nil
}

// state is what the consumer keeps: running totals per system.
type state struct {
	ev      *Evaluator
	opt     RunOptions
	names   []string
	m2      []*m2.Chooser
	errant  []*errant.Stream
	draws   *gleu.Draws
	gleu    []*gleu.Accumulator
	res     []*Result
	scores  []SentenceScore
	stats   []metrics.Stats // scratch
	m2Sents [][]m2.SentenceResult
	erSents [][]errant.Choice
	glSents [][]gleu.Sentence
	chrf    []metrics.Stats // summed per system
	crSents [][]metrics.Stats
}

func (ev *Evaluator) newState(names []string, opt RunOptions) *state {
	st := &state{ev: ev, opt: opt, names: names, scores: make([]SentenceScore, len(names))}
	cfg := &ev.cfg
	for range names {
		if cfg.Has(M2) {
			st.m2 = append(st.m2, m2.NewChooser(cfg.beta()))
		}
		if cfg.Has(ERRANT) {
			st.errant = append(st.errant, errant.NewStream(cfg.ERRANT))
		}
		if cfg.Has(GLEU) {
			st.gleu = append(st.gleu, gleu.NewAccumulator(ev.refs, cfg.GLEU))
		}
		r := &Result{}
		if opt.Rows {
			r.Rows = &Rows{}
			if cfg.Has(M2) {
				r.Rows.M2 = m2.NewCorpus(cfg.beta())
			}
			if cfg.Has(ERRANT) {
				r.Rows.ERRANT = errant.NewCorpus(cfg.ERRANT.Beta)
				r.Rows.Types = errant.NewTypeRows()
			}
			if cfg.Has(GLEU) {
				r.Rows.GLEU = gleu.NewCorpus()
			}
			if cfg.Has(ChrF) {
				r.Rows.ChrF = newChrFCorpus()
			}
		}
		st.res = append(st.res, r)
	}
	if cfg.Has(GLEU) {
		st.draws = gleu.NewDraws(ev.refs, cfg.GLEU)
	}
	if cfg.Has(ChrF) {
		st.chrf = make([]metrics.Stats, len(names))
		for h := range st.chrf {
			st.chrf[h] = make(metrics.Stats, chrf.Width)
		}
	}
	if opt.Keep {
		st.m2Sents = make([][]m2.SentenceResult, len(names))
		st.erSents = make([][]errant.Choice, len(names))
		st.glSents = make([][]gleu.Sentence, len(names))
		st.crSents = make([][]metrics.Stats, len(names))
	}
	for k, r := range st.res {
		r.Name = names[k]
		if opt.Keep && cfg.Has(ERRANT) {
			r.Edits = [][]edits.Edit{}
		}
	}
	return st
}

// consume adds sentence i's results to the running totals, in order.
func (st *state) consume(i int, s *Sentence, out *sentenceOut) error {
	if len(out.hyps) != len(st.names) {
		return fmt.Errorf("eval: sentence %d has %d systems' outputs, want %d", i+1, len(out.hyps), len(st.names))
	}
	var drawn []uint8
	if st.draws != nil {
		if len(out.refs) != st.ev.refs {
			return fmt.Errorf("eval: sentence %d has %d references, want %d", i+1, len(out.refs), st.ev.refs)
		}
		drawn = st.draws.Next()
	}
	for h := range out.hyps {
		o := &out.hyps[h]
		sc := &st.scores[h]
		*sc = SentenceScore{Output: s.Hyps[h].Tokens}
		r := st.res[h]
		if st.m2 != nil {
			st.stats = st.stats[:0]
			for _, a := range o.m2 {
				st.stats = append(st.stats, a.Stats)
			}
			c := st.m2[h].Next(st.stats)
			sr := m2.SentenceResult{Annotators: o.m2, Chosen: c}
			sc.M2, sc.M2Gold, sc.M2Hyp = &sr, out.gold, s.Hyps[h].M2Tokens
			if sc.M2Hyp == nil {
				sc.M2Hyp = s.Hyps[h].Tokens
			}
			if st.m2Sents != nil {
				st.m2Sents[h] = append(st.m2Sents[h], sr)
			}
			if r.Rows != nil {
				r.Rows.M2.Add(sr.Stats())
			}
		}
		if st.errant != nil {
			c := st.errant[h].Add(o.errant, out.errR)
			sc.ERRANT, sc.Edits = &c, o.edits
			sc.ERRANTHyp, sc.ERRANTRef, sc.Source = &o.errant, &out.errR, s.Source
			if st.erSents != nil {
				st.erSents[h] = append(st.erSents[h], c)
				r.Edits = append(r.Edits, o.edits)
			}
			if r.Rows != nil {
				r.Rows.ERRANT.Add(c.Counts.Stats())
				r.Rows.Types.Add(c.Types)
			}
		}
		if st.gleu != nil {
			g := st.gleu[h].Add(o.gleu, drawn)
			sc.GLEU = &g
			if st.glSents != nil {
				st.glSents[h] = append(st.glSents[h], g)
			}
			if r.Rows != nil {
				r.Rows.GLEU.Add(g.Expected[:])
			}
		}
		if st.chrf != nil {
			sum := st.chrf[h]
			for j, x := range o.chrf {
				sum[j] += x
			}
			sc.ChrF = o.chrf
			if st.crSents != nil {
				st.crSents[h] = append(st.crSents[h], o.chrf)
			}
			if r.Rows != nil {
				r.Rows.ChrF.Add(o.chrf)
			}
		}
		if st.opt.CheckTokens && s.Hyps[h].Text {
			checkSentence(r, i, s, h)
		}
	}
	if st.opt.Each != nil {
		return st.opt.Each(i, st.scores)
	}
	return nil
}

// checkSentence notes sentence i of system h in r.Tokens when a token has
// punctuation attached that neither the source nor a reference has.
func checkSentence(r *Result, i int, s *Sentence, h int) {
	refs := make([][][]string, len(s.Refs))
	for k, ref := range s.Refs {
		refs[k] = [][]string{ref.Tokens}
	}
	w, ok := CheckTokens([][]string{s.Hyps[h].Tokens}, [][]string{s.Source}, refs...)
	if ok {
		return
	}
	if r.Tokens == nil {
		r.Tokens = &TokenWarning{Line: i + 1, Token: w.Token}
	}
	r.Tokens.Lines++
}

func (st *state) results() []*Result {
	for h, r := range st.res {
		if st.m2 != nil {
			t := st.m2[h].Totals()
			r.M2 = &m2.Result{Beta: st.ev.cfg.beta(), Correct: int(t[m2.Correct]), Proposed: int(t[m2.Proposed]), Gold: int(t[m2.Gold])}
			r.M2.P, r.M2.R, r.M2.F = m2.PRF(t, r.M2.Beta)
			if st.m2Sents != nil {
				r.M2.Sentences = st.m2Sents[h]
			}
		}
		if st.errant != nil {
			r.ERRANT = st.errant[h].Result()
			if st.erSents != nil {
				r.ERRANT.Sentences = st.erSents[h]
			}
		}
		if st.gleu != nil {
			r.GLEU = st.gleu[h].Result()
			if st.glSents != nil {
				r.GLEU.Sentences = st.glSents[h]
			}
		}
		if st.chrf != nil {
			r.ChrF = &ChrFResult{Score: chrf.Score(st.chrf[h]), Stats: st.chrf[h]}
			if st.crSents != nil {
				r.ChrF.Sentences = st.crSents[h]
			}
		}
	}
	return st.res
}

// m2Options are the M2 scorer's options of cfg, with its Beta.
func m2Options(cfg *Config) m2.Options {
	o := cfg.M2
	o.Beta = cfg.beta()
	return o
}
