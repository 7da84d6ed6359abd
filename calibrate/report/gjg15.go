package report

import (
	"fmt"
	"io"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/calibrate/metaeval/toolbox"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// A MetaRow is one scorer meta-evaluated on GJG15: system-level Pearson
// and Spearman with Expected Wins and TrueSkill (13 systems, INPUT
// included), and sentence-level pairwise accuracy with metric ties as
// disagreements and left out.
type MetaRow struct {
	Scorer                   string
	EWPearson, EWSpearman    float64
	TSPearson, TSSpearman    float64
	Accuracy, AccuracyNoTies float64
	Pairs                    int
}

// A MetaTable is the meta-evaluation of the judge and the toolbox's
// metrics on GJG15.
type MetaTable struct {
	Title, Note string
	Rows        []MetaRow
}

// Find returns the row of a scorer.
func (t *MetaTable) Find(scorer string) (MetaRow, bool) {
	for _, r := range t.Rows {
		if r.Scorer == scorer {
			return r, true
		}
	}
	return MetaRow{}, false
}

// WriteText writes the table as aligned text.
func (t *MetaTable) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%s\n  %-32s %7s %7s %7s %7s %8s %8s\n", t.Title, "scorer", "EW r", "EW ρ", "TS r", "TS ρ", "pairs", "no ties")
	for _, r := range t.Rows {
		fmt.Fprintf(w, "  %-32s %7.3f %7.3f %7.3f %7.3f %8.3f %8.3f\n", r.Scorer, r.EWPearson, r.EWSpearman, r.TSPearson, r.TSSpearman, r.Accuracy, r.AccuracyNoTies)
	}
	_, err := fmt.Fprintf(w, "  (%s)\n", t.Note)
	return err
}

// GJG15 meta-evaluates on Grundkiewicz et al. (2015)'s rankings (root/
// gjg15) the English overall rankers of all, from their cross-validated
// scores (each sentence scored by a model fitted without that sentence's
// rankings; the score is reported on [0, 1] as the judge reports it), beside
// M2, ERRANT, GLEU and chrF as gecmetric computes them on the same outputs
// (corpus scores at system level). Human scores come from the rankings
// (metaeval: Expected Wins, TrueSkill averaged over its default runs).
func GJG15(all []judge.Fitted, root string) (*MetaTable, error) {
	bench, err := toolbox.LoadGJG15(root)
	if err != nil {
		return nil, err
	}
	scores, err := toolbox.Score(bench.Set, bench.Systems, []string{"m2", "errant", "gleu", "chrf"}, toolbox.Options{Eval: eval.Config{Lang: en.New()}})
	if err != nil {
		return nil, err
	}
	for _, form := range []evidence.Form{evidence.FormReference, evidence.FormSource, evidence.FormAlone} {
		f, err := judge.FindFitted(all, "en", judge.Overall, form)
		if err != nil {
			return nil, err
		}
		lines := map[string]map[string]float64{}
		for s, ps := range f.Prefs {
			if ps.Name != "gjg15" {
				continue
			}
			for i, o := range ps.Outputs {
				for _, sys := range o.Systems {
					if lines[sys] == nil {
						lines[sys] = map[string]float64{}
					}
					lines[sys][o.Item] = f.Ranker.Share(f.RankCV[s][i])
				}
			}
		}
		if len(lines) == 0 {
			return nil, fmt.Errorf("report: the %s overall ranker was not fitted on gjg15", form)
		}
		scores = append(scores, metaeval.Scores{Name: fmt.Sprintf("judge overall (%s, CV)", form), Sentence: lines})
	}
	t := &MetaTable{
		Title: "GJG15 (Grundkiewicz et al. 2015): 13 CoNLL-2014 systems ranked by humans",
		Note:  "system level: corpus scores for m2/errant/gleu/chrf, the mean sentence score for the judge; sentence level: share of human preferences ordered alike, metric ties as disagreements / left out",
	}
	for _, s := range scores {
		sys, err := metaeval.SystemLevel(bench.Judgements, s, metaeval.SystemOptions{Resamples: -1})
		if err != nil {
			return nil, fmt.Errorf("report: %s: %w", s.Name, err)
		}
		sen, err := metaeval.SentenceLevel(bench.Judgements, s, metaeval.SentenceOptions{Resamples: -1})
		if err != nil {
			return nil, fmt.Errorf("report: %s: %w", s.Name, err)
		}
		t.Rows = append(t.Rows, MetaRow{
			Scorer:    s.Name,
			EWPearson: sys.ExpectedWins.Pearson.Value, EWSpearman: sys.ExpectedWins.Spearman.Value,
			TSPearson: sys.TrueSkill.Pearson.Value, TSSpearman: sys.TrueSkill.Spearman.Value,
			Accuracy: sen.Accuracy.Value, AccuracyNoTies: sen.AccuracyNoTies.Value, Pairs: sen.Pairs,
		})
	}
	return t, nil
}
