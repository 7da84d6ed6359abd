package compare

import (
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/eval"
)

// Score scores sys with the evaluator, exactly as `gecmetric eval` does,
// and returns it as a System for Run: one Corpus per metric of the
// evaluator's configuration, in its order, ERRANT's per-type counts and
// the hypothesis edits. This is the Go form of `gecmetric compare`:
//
//	ev, _ := eval.New(eval.Config{Lang: en.New()}, testSet)
//	base, _ := compare.Score(ev, baseline)
//	cand, _ := compare.Score(ev, candidate)
//	report, _ := compare.Run(base, []*compare.System{cand}, compare.Options{})
//	if err := report.Check(); err != nil {
//		t.Fatal(err)
//	}
func Score(ev *eval.Evaluator, sys eval.System) (*System, error) {
	res, err := ev.Score(sys)
	if err != nil {
		return nil, err
	}
	cfg := ev.Config()
	s := &System{Name: sys.Name, Lines: make([]string, len(sys.Tokens)), Edits: res.Edits}
	for i, t := range sys.Tokens {
		s.Lines[i] = strings.Join(t, " ")
	}
	metricNames := cfg.Metrics
	if len(metricNames) == 0 {
		metricNames = eval.AllMetrics
	}
	for _, m := range metricNames {
		c := corpusOf(res, m)
		if c == nil {
			return nil, fmt.Errorf("compare: %s: metric %s was not scored", sys.Name, m)
		}
		s.Corpora = append(s.Corpora, c)
	}
	if r := res.ERRANT; r != nil {
		s.Types = make([]map[string]metrics.Stats, len(r.Sentences))
		for i, c := range r.Sentences {
			if len(c.Types) == 0 {
				continue
			}
			s.Types[i] = make(map[string]metrics.Stats, len(c.Types))
			for t, n := range c.Types {
				s.Types[i][t] = n.Stats()
			}
		}
		// A type's {TP, FP, FN} sums score as the corpus's do.
		s.TypeScore = r.Corpus().Score
	}
	return s, nil
}

// corpusOf returns the per-sentence statistics of metric m in res, or nil
// when m was not scored.
func corpusOf(res *eval.Result, m string) *metrics.Corpus {
	switch {
	case m == eval.M2 && res.M2 != nil:
		return res.M2.Corpus()
	case m == eval.ERRANT && res.ERRANT != nil:
		return res.ERRANT.Corpus()
	case m == eval.GLEU && res.GLEU != nil:
		return res.GLEU.Corpus()
	}
	return nil
}
