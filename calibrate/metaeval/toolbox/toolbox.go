// Package toolbox scores system outputs with gecmetric's own metrics and
// judge, at sentence and corpus level, in the form metaeval meta-evaluates
// (metaeval.Scores): the harness behind `gecmetric meta-eval --metrics`.
//
// Metric names:
//
//	m2      M2 scorer F0.5: sentence = F of the sentence's counts with the
//	        annotator the scorer chose; corpus = the scorer's F0.5
//	errant  ERRANT (compare_m2, span correction) F0.5, the same way
//	sentm2  SentM2 (Gong et al. 2022): sentence = M2 F0.5 of the sentence
//	        alone (the annotator best for that sentence, as the scorer
//	        run on the one sentence chooses it); corpus = their mean
//	senterrant  SentERRANT, the same with ERRANT's F0.5
//	gleu    GLEU: sentence = compute_gleu -d's smoothed sentence GLEU, mean
//	        over the references; corpus = the official mean of the
//	        sampled iterations
//	chrf    chrF (metrics/chrf, sacreBLEU's defaults): sentence = against
//	        the best reference; corpus = of the summed statistics
//	judge:Q        the judge's quantity Q with the references
//	judge-noref:Q  the same with the source only (no reference)
//	llm:Q          a language model's seed-000 answers (Options.LLM,
//	               package calibrate/llmjudge; up to four systems per
//	               request), as judge.JudgeAnswer makes them judgements
//
// with Q one of overall, grammaticality, fluency, meaning, overcorrection,
// remaining_errors (for llm:Q, one of LLMQuantities: the protocol asks no
// grammaticality or fluency; an output the model left unanswered scores
// NaN, no preference). The judge's scores are sentence scores (the system
// score is their mean); overcorrection and remaining_errors are negated,
// so that higher is better for every metric. Sentence scores are keyed by
// the 0-based line index (metaeval.LineScores), the src-id of Appraise XML.
package toolbox

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/calibrate/llmjudge"
	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/chrf"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/evidence"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// Metric names other than the judge's.
const (
	M2         = "m2"
	ERRANT     = "errant"
	GLEU       = "gleu"
	ChrF       = "chrf"
	SentM2     = "sentm2"
	SentERRANT = "senterrant"
)

// JudgeQuantities are the judge quantities a metric name may ask for.
var JudgeQuantities = []string{"overall", judge.Grammaticality, judge.Fluency, judge.Meaning, judge.Overcorrection, judge.RemainingErrors}

// LLMQuantities are the quantities an llm:Q metric may ask for.
var LLMQuantities = []string{"overall", judge.Meaning, judge.Overcorrection, judge.RemainingErrors}

// Metrics lists every metric name Score accepts.
func Metrics() []string {
	out := []string{M2, ERRANT, GLEU, ChrF, SentM2, SentERRANT}
	for _, p := range []string{"judge:", "judge-noref:"} {
		for _, q := range JudgeQuantities {
			out = append(out, p+q)
		}
	}
	for _, q := range LLMQuantities {
		out = append(out, "llm:"+q)
	}
	return out
}

// ParseMetrics splits a comma-separated list of metric names, checking
// each and dropping repeats.
func ParseMetrics(s string) ([]string, error) {
	var out []string
	for _, m := range strings.Split(s, ",") {
		m = strings.ToLower(strings.TrimSpace(m))
		if m == "" || slices.Contains(out, m) {
			continue
		}
		if !slices.Contains(Metrics(), m) {
			return nil, fmt.Errorf("unknown metric %q (want m2, errant, gleu, chrf, sentm2, senterrant, judge:Q or judge-noref:Q with Q one of %s, or llm:Q with Q one of %s)", m,
				strings.Join(JudgeQuantities, ", "), strings.Join(LLMQuantities, ", "))
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, errors.New("no metric named")
	}
	return out, nil
}

// Options configure Score.
type Options struct {
	// Eval configures M2, ERRANT and GLEU (its Metrics field is set from
	// the names asked for); its Lang extracts edits from plain text.
	Eval eval.Config
	// Judge judges the outputs for judge:Q metrics; nil means the
	// default English judge (judge.New("en")). For llm:Q its models
	// fitted on LLM answers, if any, calibrate the answers.
	Judge *judge.Judge
	// LLM answers the seed-000 queries of llm:Q metrics; Context bounds
	// its run (nil: context.Background()).
	LLM     *llmjudge.Client
	Context context.Context
	// Progress, when not nil, is told after each system is scored by the
	// metrics of a stage ("systems (m2, errant, gleu)", "systems (judge)"),
	// done of total.
	Progress func(stage string, done, total int)
}

// report tells opt.Progress that done of total systems are scored in
// stage.
func (opt *Options) report(stage string, done, total int) {
	if opt.Progress != nil {
		opt.Progress(stage, done, total)
	}
}

// Score scores every system with each named metric (ParseMetrics) and
// returns one metaeval.Scores per metric, in the order named, each with
// sentence scores and, for m2, errant, gleu and chrf, corpus scores.
func Score(set *eval.TestSet, systems []eval.System, names []string, opt Options) ([]metaeval.Scores, error) {
	lines := map[string]map[string][]float64{} // metric → system → line scores
	corpus := map[string]map[string]float64{}
	for _, n := range names {
		lines[n] = map[string][]float64{}
		if !strings.HasPrefix(n, "judge") && !strings.HasPrefix(n, "llm:") {
			corpus[n] = map[string]float64{}
		}
	}
	var evalNames []string
	for _, n := range names {
		if n == M2 || n == ERRANT || n == GLEU {
			evalNames = append(evalNames, n)
		}
	}
	sentM2, sentERRANT := slices.Contains(names, SentM2), slices.Contains(names, SentERRANT)
	if sentM2 && !slices.Contains(evalNames, M2) {
		evalNames = append(evalNames, M2)
	}
	if sentERRANT && !slices.Contains(evalNames, ERRANT) {
		evalNames = append(evalNames, ERRANT)
	}
	if len(evalNames) > 0 {
		cfg := opt.Eval
		cfg.Metrics = evalNames
		ev, err := eval.New(cfg, set)
		if err != nil {
			return nil, err
		}
		beta := cfg.Beta
		if beta == 0 {
			beta = 0.5
		}
		errOpt := cfg.ERRANT
		errOpt.Beta = beta
		stage := "systems (" + strings.Join(evalNames, ", ") + ")"
		for k, sys := range systems {
			opt.report(stage, k, len(systems))
			// SentM2 and SentERRANT choose each sentence's annotator on
			// that sentence alone, from the per-annotator counts the run
			// gives sentence by sentence.
			var alone [2][]float64
			run := eval.RunOptions{Keep: true}
			if sentM2 || sentERRANT {
				alone = [2][]float64{make([]float64, len(set.Source)), make([]float64, len(set.Source))}
				run.Each = func(i int, sc []eval.SentenceScore) error {
					if s := sc[0].M2; sentM2 && s != nil {
						st := make([]metrics.Stats, len(s.Annotators))
						for a := range s.Annotators {
							st[a] = s.Annotators[a].Stats
						}
						_, _, alone[0][i] = m2.PRF(st[m2.NewChooser(beta).Next(st)], beta)
					}
					if sentERRANT && sc[0].ERRANTHyp != nil && sc[0].ERRANTRef != nil {
						pairs := errant.Pairs(*sc[0].ERRANTHyp, *sc[0].ERRANTRef, errOpt)
						_, _, alone[1][i] = errant.Score(pairs[errant.NewChooser(errOpt).Next(pairs)].Counts, beta)
					}
					return nil
				}
			}
			results, err := ev.Run(context.Background(), set.Sentences(sys), []string{sys.Name}, run)
			if err != nil {
				return nil, err
			}
			res := results[0]
			if r := res.M2; r != nil && slices.Contains(names, M2) {
				v := make([]float64, len(r.Sentences))
				for i := range r.Sentences {
					_, _, v[i] = m2.PRF(r.Sentences[i].Stats(), beta)
				}
				lines[M2][sys.Name], corpus[M2][sys.Name] = v, r.F
			}
			if r := res.ERRANT; r != nil && slices.Contains(names, ERRANT) {
				v := make([]float64, len(r.Sentences))
				for i, c := range r.Sentences {
					_, _, v[i] = errant.Score(c.Counts, beta)
				}
				_, _, f := r.Score()
				lines[ERRANT][sys.Name], corpus[ERRANT][sys.Name] = v, f
			}
			if r := res.GLEU; r != nil {
				v := make([]float64, len(r.Sentences))
				for i := range r.Sentences {
					v[i] = r.Sentences[i].Score().Mean
				}
				lines[GLEU][sys.Name], corpus[GLEU][sys.Name] = v, r.Mean
			}
			if sentM2 {
				lines[SentM2][sys.Name], corpus[SentM2][sys.Name] = alone[0], mean(alone[0])
			}
			if sentERRANT {
				lines[SentERRANT][sys.Name], corpus[SentERRANT][sys.Name] = alone[1], mean(alone[1])
			}
		}
		opt.report(stage, len(systems), len(systems))
	}
	if slices.Contains(names, ChrF) {
		refs := make([][][]string, len(set.Refs))
		for k, r := range set.Refs {
			refs[k] = r.Tokens
		}
		if len(refs) == 0 {
			return nil, errors.New("toolbox: chrF needs reference texts")
		}
		for _, sys := range systems {
			c := chrf.Corpus(sys.Tokens, refs...)
			v := make([]float64, c.Len())
			for i := range v {
				v[i] = chrf.Score(c.Row(i))
			}
			lines[ChrF][sys.Name], corpus[ChrF][sys.Name] = v, c.Total()
		}
	}
	if err := judgeScores(set, systems, names, opt, lines); err != nil {
		return nil, err
	}
	if err := llmScores(set, systems, names, opt, lines); err != nil {
		return nil, err
	}
	out := make([]metaeval.Scores, len(names))
	for k, n := range names {
		out[k] = metaeval.LineScores(n, lines[n], corpus[n])
	}
	return out, nil
}

// judgeScores fills lines for the judge:Q and judge-noref:Q names, judging
// each distinct output of a sentence once.
func judgeScores(set *eval.TestSet, systems []eval.System, names []string, opt Options, lines map[string]map[string][]float64) error {
	var withRef, noRef bool
	for _, n := range names {
		withRef = withRef || strings.HasPrefix(n, "judge:")
		noRef = noRef || strings.HasPrefix(n, "judge-noref:")
	}
	if !withRef && !noRef {
		return nil
	}
	j := opt.Judge
	if j == nil {
		var err error
		if j, err = judge.New("en"); err != nil {
			return err
		}
	}
	if withRef && len(set.Refs) == 0 {
		return errors.New("toolbox: judge:Q needs references (judge-noref:Q judges without them)")
	}
	lang := j.Evidence.Lang
	n := len(set.Source)
	src := edits.AnnotateAll(lang, set.Source)
	refs := make([][]*edits.Sentence, len(set.Refs))
	for k, r := range set.Refs {
		refs[k] = edits.AnnotateAll(lang, r.Tokens)
	}
	type key struct {
		i   int
		hyp string
	}
	type both struct{ ref, noref judge.Judgement }
	var mu sync.Mutex
	cache := map[key]both{}
	results := make([][]both, len(systems))
	for s, sys := range systems {
		opt.report("systems (judge)", s, len(systems))
		if len(sys.Tokens) != n {
			return fmt.Errorf("toolbox: system %s has %d sentences, the source %d", sys.Name, len(sys.Tokens), n)
		}
		results[s] = make([]both, n)
		edits.Parallel(n, func(i int) {
			k := key{i, strings.Join(sys.Tokens[i], " ")}
			mu.Lock()
			b, ok := cache[k]
			mu.Unlock()
			if !ok {
				in := evidence.Input{Source: src[i], Hyp: lang.Annotate(sys.Tokens[i])}
				if noRef {
					b.noref = j.JudgeEvidence(in)
				}
				if withRef {
					for k := range refs {
						in.Refs = append(in.Refs, refs[k][i])
					}
					b.ref = j.JudgeEvidence(in)
				}
				mu.Lock()
				cache[k] = b
				mu.Unlock()
			}
			results[s][i] = b
		})
	}
	for _, name := range names {
		prefix, q, ok := strings.Cut(name, ":")
		if !ok || !strings.HasPrefix(prefix, "judge") {
			continue
		}
		for s, sys := range systems {
			v := make([]float64, n)
			for i, b := range results[s] {
				jd := b.ref
				if prefix == "judge-noref" {
					jd = b.noref
				}
				v[i] = quantity(jd, q)
			}
			lines[name][sys.Name] = v
		}
	}
	return nil
}

// llmScores fills lines for the llm:Q names: the model answers every
// sentence of every system (Client.RunLines), and each answer becomes a
// judgement (Judge.JudgeAnswer).
func llmScores(set *eval.TestSet, systems []eval.System, names []string, opt Options, lines map[string]map[string][]float64) error {
	var asked []string
	for _, n := range names {
		if strings.HasPrefix(n, "llm:") {
			asked = append(asked, n)
		}
	}
	if len(asked) == 0 {
		return nil
	}
	if opt.LLM == nil {
		return errors.New("toolbox: llm:Q needs a language model (Options.LLM; gecmetric meta-eval --llm-url and --llm-model)")
	}
	j := opt.Judge
	if j == nil {
		j = &judge.Judge{Models: judge.ModelSet{}}
	}
	ctx := opt.Context
	if ctx == nil {
		ctx = context.Background()
	}
	n := len(set.Source)
	sources := make([]string, n)
	for i, s := range set.Source {
		sources[i] = strings.Join(s, " ")
	}
	sysNames := make([]string, len(systems))
	outputs := make([][]string, len(systems))
	for s, sys := range systems {
		opt.report("systems (judge)", s, len(systems))
		if len(sys.Tokens) != n {
			return fmt.Errorf("toolbox: system %s has %d sentences, the source %d", sys.Name, len(sys.Tokens), n)
		}
		sysNames[s] = sys.Name
		outputs[s] = make([]string, n)
		for i, t := range sys.Tokens {
			outputs[s][i] = strings.Join(t, " ")
		}
	}
	answers, _, _, err := opt.LLM.RunLines(ctx, sources, sysNames, outputs)
	if err != nil {
		return err
	}
	for _, name := range asked {
		q := strings.TrimPrefix(name, "llm:")
		for s, sys := range systems {
			v := make([]float64, n)
			for i, a := range answers[s] {
				v[i] = math.NaN()
				if a != nil {
					v[i] = quantity(j.JudgeAnswer(*a), q)
				}
			}
			lines[name][sys.Name] = v
		}
	}
	return nil
}

// mean is the mean of v in order (NaN for none).
func mean(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	return sum / float64(len(v))
}

// quantity returns quantity q of a judgement, higher better.
func quantity(j judge.Judgement, q string) float64 {
	switch q {
	case judge.Grammaticality:
		return j.Grammaticality
	case judge.Fluency:
		return j.Fluency
	case judge.Meaning:
		return j.Meaning
	case judge.Overcorrection:
		return -j.Overcorrection
	case judge.RemainingErrors:
		return -j.RemainingErrors
	}
	return j.Overall
}
