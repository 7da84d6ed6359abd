package compare

import (
	"context"
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/errant"

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
	if err := s.addCorpora(cfg, func(m string) *metrics.Corpus { return corpusOf(res, m) }); err != nil {
		return nil, err
	}
	if res.GLEU != nil {
		s.Reported = map[string]float64{eval.GLEU: res.GLEU.Mean}
	}
	if r := res.ERRANT; r != nil {
		s.Types = errant.NewTypeRows()
		for _, c := range r.Sentences {
			s.Types.Add(c.Types)
		}
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
	case m == eval.ChrF && res.ChrF != nil:
		return res.ChrF.Corpus()
	}
	return nil
}

// ScoreAll scores every system of src with the evaluator in one streamed
// pass (see eval.Evaluator.Run) and returns them as Systems for Run, in
// the order of names. It keeps compact per-sentence statistics in memory
// (a few numbers per sentence and metric, ERRANT's counts by type
// sparsely) and the output lines with their edits (for the worst
// sentences' lists) in a temporary file per system (see Record), never the
// references or the metrics' intermediate results. Close the Systems when
// done with them; on an error ScoreAll closes them itself. progress, when
// not nil, is called after every batch with the number of sentences done.
func ScoreAll(ctx context.Context, ev *eval.Evaluator, src eval.Sentences, names []string, progress func(done int)) (systems []*System, err error) {
	out := make([]*System, len(names))
	defer func() {
		if err != nil {
			for _, s := range out {
				s.Close()
			}
		}
	}()
	cfg := ev.Config()
	keepEdits := cfg.Has(eval.ERRANT)
	for h, n := range names {
		out[h] = &System{Name: n, withEdits: keepEdits}
		// The file exists from the start, so that an empty corpus is
		// still a spilled System, and its errors come first.
		if out[h].spill, err = newSpill(); err != nil {
			return nil, err
		}
	}
	res, err := ev.Run(ctx, src, names, eval.RunOptions{Rows: true, Progress: progress, Each: func(i int, scores []eval.SentenceScore) error {
		for h, sc := range scores {
			var es []edits.Edit
			if keepEdits {
				es = sc.Edits
			}
			if err := out[h].Record(strings.Join(sc.Output, " "), es); err != nil {
				return err
			}
		}
		return nil
	}})
	if err != nil {
		return nil, err
	}
	for h, r := range res {
		rows := r.Rows
		err := out[h].addCorpora(cfg, func(m string) *metrics.Corpus {
			switch m {
			case eval.M2:
				return rows.M2
			case eval.ERRANT:
				return rows.ERRANT
			case eval.GLEU:
				return rows.GLEU
			case eval.ChrF:
				return rows.ChrF
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		out[h].Types = rows.Types
		if r.GLEU != nil && cfg.Has(eval.GLEU) {
			out[h].Reported = map[string]float64{eval.GLEU: r.GLEU.Mean}
		}
	}
	return out, nil
}

// addCorpora appends to s the Corpus that get gives for each metric of
// cfg, in its order, and takes ERRANT's score for the error types: a
// type's {TP, FP, FN} sums score as the corpus's do.
func (s *System) addCorpora(cfg eval.Config, get func(m string) *metrics.Corpus) error {
	names := cfg.Metrics
	if len(names) == 0 {
		names = eval.AllMetrics
	}
	for _, m := range names {
		c := get(m)
		if c == nil {
			return fmt.Errorf("compare: %s: metric %s was not scored", s.Name, m)
		}
		s.Corpora = append(s.Corpora, c)
		if m == eval.ERRANT {
			s.TypeScore = c.Score
		}
	}
	return nil
}

// AddMean adds a metric whose corpus score is the mean of per-sentence
// values (the judge's overall rating, say), tested like the others.
func (s *System) AddMean(metric string, values []float64) {
	s.Corpora = append(s.Corpora, MeanCorpus(metric, values))
}
