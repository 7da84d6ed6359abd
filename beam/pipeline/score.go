package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/evidence"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// SentenceStats are one sentence's statistics for every system: what the
// ordered pass needs, a few numbers per annotator or reference. For each
// system in order, M2 holds the number of annotators a, then a triples
// {correct, proposed, gold}; ERRANT the number of coder pairs p, then p
// triples {TP, FP, FN}; GLEU the Counts against each reference (10 numbers
// per reference). A metric not computed is empty.
type SentenceStats struct {
	Index  int64
	M2     []int32
	ERRANT []int32
	GLEU   []int32
}

// JudgeSum is the sum and count of each judged quantity over sentences of
// one system (NaN judgements left out), in the order of JudgeQuantities.
type JudgeSum struct {
	Sum [6]float64
	N   [6]int64
}

// JudgeQuantities are the quantities of JudgeSum, as `gecmetric judge
// --json` names them.
var JudgeQuantities = [6]string{"grammaticality", "fluency", "meaning", "overcorrection", "remaining_errors", "overall"}

func judgeValues(j judge.Judgement) [6]float64 {
	return [6]float64{j.Grammaticality, j.Fluency, j.Meaning, j.Overcorrection, j.RemainingErrors, j.Overall}
}

// Add returns s + o.
func (s JudgeSum) Add(o JudgeSum) JudgeSum {
	for q := range s.Sum {
		s.Sum[q] += o.Sum[q]
		s.N[q] += o.N[q]
	}
	return s
}

// scoreFn computes everything one sentence contributes: the statistics of
// each metric for each system, the systems' edits as M2 and per type, and
// the judge's ratings.
type scoreFn struct {
	Cfg Config

	lang   edits.Language
	judge  *judge.Judge
	coders [][]int // per role: the annotator ids of an M2 input, ascending
	m2Opt  m2.Options
	erOpt  errant.Options
}

func (f *scoreFn) Setup() error {
	f.lang = f.Cfg.language()
	f.m2Opt = f.Cfg.m2Options()
	var err error
	if f.erOpt, err = f.Cfg.errantOptions(); err != nil {
		return err
	}
	if f.Cfg.Judge {
		if f.judge, err = judge.New(f.Cfg.langCode()); err != nil {
			return err
		}
	}
	return nil
}

// a reference of one sentence, as eval.Reference holds it.
type reference struct {
	tokens []string
	edits  []edits.Edit
	given  bool // edits read from M2 (else extracted from tokens)
}

func (f *scoreFn) ProcessElement(ctx context.Context, idx int64, lines func(*Line) bool, counts func(*ShardCount) bool,
	emitStats func(SentenceStats), emitBlock func(int64, string), emitType func(string, int64), emitJudge func(string, JudgeSum)) error {
	cfg := &f.Cfg
	ins := cfg.inputs()
	if f.coders == nil {
		f.coders = coderLists(len(ins), counts)
	}
	byRole := make([]*Line, len(ins))
	var l Line
	for lines(&l) {
		if byRole[l.Role] != nil {
			return fmt.Errorf("%s: two lines numbered %d (shards read twice?)", ins[l.Role].Name, idx+1)
		}
		c := l
		byRole[l.Role] = &c
	}
	for r, l := range byRole {
		if l == nil {
			return &corpora.ParseError{File: ins[r].Name, Err: fmt.Errorf("%w: no sentence %d", corpora.ErrLineCount, idx+1)}
		}
	}
	place := func(r int) (string, int) {
		return ins[r].Files[byRole[r].Shard], int(byRole[r].At)
	}

	// The source, and the M2 blocks of M2 references.
	blocks := make([]*corpora.M2Block, len(ins))
	var source []string
	srcRole := -1
	if cfg.Source != nil {
		source, srcRole = ins[0].tokens(byRole[0].Text), 0
	}
	for r := cfg.firstRef(); r < cfg.firstHyp(); r++ {
		if ins[r].Format != M2 {
			continue
		}
		file, at := place(r)
		bs, err := corpora.ReadM2(strings.NewReader(byRole[r].Text), file)
		if err != nil {
			var pe *corpora.ParseError
			if errors.As(err, &pe) {
				pe.Line += at - 1
			}
			return err
		}
		if len(bs) != 1 {
			return &corpora.ParseError{File: file, Line: at, Err: fmt.Errorf("%w: want one block", corpora.ErrM2Syntax)}
		}
		blocks[r] = &bs[0]
		if srcRole < 0 {
			source, srcRole = bs[0].Source, r
		} else if !slices.Equal(bs[0].Source, source) {
			sf, _ := place(srcRole)
			return &corpora.ParseError{File: file, Line: at, Err: fmt.Errorf("the S line differs from sentence %d of the source %s", idx+1, sf)}
		}
	}

	var srcSent *edits.Sentence
	annotated := func() *edits.Sentence {
		if srcSent == nil {
			srcSent = f.lang.Annotate(source)
		}
		return srcSent
	}
	extract := func(target []string) []edits.Edit {
		if slices.Equal(source, target) {
			return nil
		}
		src := annotated()
		return edits.Extract(f.lang, src, edits.AnnotateCorrection(f.lang, src, target), edits.Options{})
	}

	// The references, as eval builds them: an M2 file gives one per
	// annotator id of the whole file, a text file one.
	var refs []reference
	allM2 := true
	for r := cfg.firstRef(); r < cfg.firstHyp(); r++ {
		b := blocks[r]
		if b == nil {
			allM2 = false
			refs = append(refs, reference{tokens: ins[r].tokens(byRole[r].Text)})
			continue
		}
		side := corpora.Side{Block: b}
		for _, c := range f.coders[r] {
			toks, mine := side.Correction(c)
			refs = append(refs, reference{tokens: toks, edits: mine, given: true})
		}
	}
	needRefEdits := cfg.has(eval.M2) || cfg.has(eval.ERRANT) && !allM2
	if needRefEdits {
		for k := range refs {
			if !refs[k].given {
				refs[k].edits = extract(refs[k].tokens)
			}
		}
	}

	// Each metric's view of the references.
	var gold m2.Sentence
	if cfg.has(eval.M2) {
		haveGold := false
		if len(cfg.Refs) == 1 && blocks[cfg.firstRef()] != nil {
			// One M2 file: the scorer's own reader gives its exact gold.
			file, _ := place(cfg.firstRef())
			g, err := m2.ReadGold(strings.NewReader(byRole[cfg.firstRef()].Text), file)
			if err != nil {
				return err
			}
			if len(g) == 1 {
				gold, haveGold = g[0], true
			}
		}
		if !haveGold {
			res := make([][]edits.Edit, len(refs))
			for k, r := range refs {
				res[k] = r.edits
			}
			gold = eval.M2GoldOf(source, res)
		}
	}
	var errantRef errant.Sentence
	if cfg.has(eval.ERRANT) {
		if allM2 {
			shift := 0
			for r := cfg.firstRef(); r < cfg.firstHyp(); r++ {
				for _, a := range eval.ERRANTSentence(blocks[r]) {
					a.Coder += shift
					errantRef = append(errantRef, a)
				}
				shift += f.coders[r][len(f.coders[r])-1] + 1
			}
		} else {
			for k, r := range refs {
				errantRef = append(errantRef, errant.Annotation{Coder: k, Edits: r.edits})
			}
		}
	}
	var gleuScorer *gleu.Scorer
	if cfg.has(eval.GLEU) {
		rt := make([][][]string, len(refs))
		for k, r := range refs {
			rt[k] = [][]string{r.tokens}
		}
		var err error
		if gleuScorer, err = gleu.New([][]string{source}, rt...); err != nil {
			return fmt.Errorf("sentence %d: %w", idx+1, err)
		}
	}

	// The edits output: errant_parallel's block of every hypothesis.
	var block *corpora.M2Block
	var srcText string
	if cfg.Edits && strings.TrimSpace(byRole[0].Text) != "" {
		block = &corpora.M2Block{Source: annotated().Texts()}
		srcText = strings.Join(source, " ")
	}

	// The judge annotates with its own extractor's language.
	var jin evidence.Input
	if f.judge != nil {
		jl := f.judge.Evidence.Lang
		jin.Source = jl.Annotate(source)
		for _, r := range refs {
			rs := jl.Annotate(r.tokens)
			jin.Refs = append(jin.Refs, rs)
			jin.RefEdits = append(jin.RefEdits, edits.Extract(jl, jin.Source, rs, f.judge.Evidence.Options))
		}
	}

	st := SentenceStats{Index: idx}
	for h := 0; h < len(cfg.Hyps); h++ {
		r := cfg.firstHyp() + h
		text := byRole[r].Text
		toks := ins[r].tokens(text)
		// The M2 scorer splits text its own way (m2.Tokenize); text the
		// pipeline tokenised is scored as its tokens, as eval does.
		m2Toks, hypText := m2.Tokenize(text), strings.TrimSpace(text)
		if ins[r].Tokenize {
			m2Toks, hypText = toks, strings.Join(toks, " ")
		}
		var hypEdits []edits.Edit
		if cfg.has(eval.ERRANT) || block != nil {
			hypEdits = extract(toks)
		}
		if cfg.has(eval.M2) {
			res, err := m2.Score([]m2.Sentence{gold}, [][]string{m2Toks}, f.m2Opt)
			if err != nil {
				file, at := place(r)
				return fmt.Errorf("%s:%d: %w", file, at, err)
			}
			anns := res.Sentences[0].Annotators
			st.M2 = append(st.M2, int32(len(anns)))
			for _, a := range anns {
				st.M2 = append(st.M2, int32(a.Stats[m2.Correct]), int32(a.Stats[m2.Proposed]), int32(a.Stats[m2.Gold]))
			}
		}
		if cfg.has(eval.ERRANT) {
			pairs := errant.Pairs(errant.Sentence{{Coder: 0, Edits: hypEdits}}, errantRef, f.erOpt)
			st.ERRANT = append(st.ERRANT, int32(len(pairs)))
			for _, p := range pairs {
				st.ERRANT = append(st.ERRANT, int32(p.TP), int32(p.FP), int32(p.FN))
			}
		}
		if gleuScorer != nil {
			for _, c := range gleuScorer.Counts(0, toks) {
				for _, v := range c {
					st.GLEU = append(st.GLEU, int32(v))
				}
			}
		}
		if block != nil {
			if srcText == hypText {
				block.Edits = append(block.Edits, m2Edit(edits.Noop(), h))
			} else {
				types := map[string]int64{}
				for _, e := range hypEdits {
					block.Edits = append(block.Edits, m2Edit(e, h))
					types[e.Type]++
				}
				for t, n := range types {
					emitType(strconv.Itoa(h)+"\t"+t, n)
				}
			}
		}
		if f.judge != nil {
			jin.Hyp = f.judge.Evidence.Lang.Annotate(toks)
			var js JudgeSum
			for q, v := range judgeValues(f.judge.JudgeEvidence(jin)) {
				if !math.IsNaN(v) {
					js.Sum[q], js.N[q] = v, 1
				}
			}
			emitJudge(strconv.Itoa(h), js)
		}
	}
	emitStats(st) // also when no metric is computed: the ordered pass counts sentences

	if block != nil {
		var buf bytes.Buffer
		if err := corpora.WriteM2(&buf, []corpora.M2Block{*block}); err != nil {
			return err
		}
		emitBlock(idx, buf.String())
	}
	return nil
}

// coderLists merges the shards' annotator ids per input; an M2 input with
// no A line at all has annotator 0 (compare_m2.py's reading).
func coderLists(roles int, counts func(*ShardCount) bool) [][]int {
	out := make([][]int, roles)
	var c ShardCount
	for counts(&c) {
		for _, k := range c.Coders {
			if !slices.Contains(out[c.Role], int(k)) {
				out[c.Role] = append(out[c.Role], int(k))
			}
		}
	}
	for r := range out {
		slices.Sort(out[r])
		if len(out[r]) == 0 {
			out[r] = []int{0}
		}
	}
	return out
}

// m2Edit is the M2 form of e as ERRANT writes it: a deletion's correction
// field is empty, not "-NONE-".
func m2Edit(e edits.Edit, coder int) corpora.M2Edit {
	if len(e.C) == 0 && !e.IsNoop() && len(e.Alternatives) == 0 {
		e.Alternatives = []string{""}
	}
	return corpora.NewM2Edit(e, coder)
}
