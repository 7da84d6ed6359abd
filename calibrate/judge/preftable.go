package judge

import (
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// A PrefTable reports how often scorers order human preferences between
// outputs of one source the way the humans did: the share of preference
// pairs whose preferred output scores higher, ties counting as wrong (the
// convention of recent meta-evaluation, e.g. Kobayashi et al. 2024).
type PrefTable struct {
	Title, Note string
	Rows        []PrefRow
}

// A PrefRow is one scorer on one preference set.
type PrefRow struct {
	Set, Scorer string
	Pairs       int
	Accuracy    float64
}

// WriteText writes the table as aligned text.
func (t *PrefTable) WriteText(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "%s\n", t.Title); err != nil {
		return err
	}
	for _, r := range t.Rows {
		if _, err := fmt.Fprintf(w, "  %-48s %-34s %6d  %.3f\n", r.Set, r.Scorer, r.Pairs, r.Accuracy); err != nil {
			return err
		}
	}
	if t.Note != "" {
		_, err := fmt.Fprintf(w, "  (%s)\n", t.Note)
		return err
	}
	return nil
}

// Find returns the row of a set and scorer.
func (t *PrefTable) Find(set, scorer string) (PrefRow, bool) {
	for _, r := range t.Rows {
		if r.Set == set && r.Scorer == scorer {
			return r, true
		}
	}
	return PrefRow{}, false
}

// singleMetrics are the toolbox's reference metrics as evidence features,
// by the name a table shows.
var singleMetrics = []struct{ name, feature string }{
	{"sentence GLEU", "ref.gleu"},
	{"ERRANT F0.5", "ref.errant_f"},
	{"chrF", "me.chrf_ref"},
}

// PreferenceTable measures the default models on every preference set
// they were fitted to, from their cross-validated scores (each output
// scored by a model that never saw its source sentence), beside the
// toolbox's single metrics (sentence GLEU, ERRANT F0.5, chrF) on the same
// pairs; and the same-source order of the rating-scale models: English
// grammaticality and fluency (order learnt from preferences, CV), Sottana's
// remaining errors and Swedish G, F and M (their cross-validated
// predictions over pairs of outputs of one source whose mean ratings
// differ).
func PreferenceTable(all []Fitted) *PrefTable {
	t := &PrefTable{
		Title: "Preferences between outputs of one source: share ordered as the humans did (cross-validated by source)",
		Note:  "ties count as wrong; single metrics need no fitting",
	}
	metricsDone := map[*PrefSet]bool{}
	for _, f := range all {
		if f.Prefs == nil {
			continue
		}
		scorer := fmt.Sprintf("judge %s (%s)", f.Quantity, f.Form)
		for s, ps := range f.Prefs {
			t.Rows = append(t.Rows, PrefRow{Set: ps.Name, Scorer: scorer, Pairs: len(ps.Pairs), Accuracy: ps.Accuracy(f.RankCV[s])})
			if metricsDone[ps] || f.PrefEvidence == nil || f.Lang != "en" && f.Lang != "sv" {
				continue
			}
			metricsDone[ps] = true
			for _, m := range singleMetrics {
				sc := make([]float64, len(ps.Outputs))
				for i, v := range f.PrefEvidence[s] {
					sc[i] = v[m.feature]
				}
				t.Rows = append(t.Rows, PrefRow{Set: ps.Name, Scorer: m.name, Pairs: len(ps.Pairs), Accuracy: ps.Accuracy(sc)})
			}
		}
	}
	for _, q := range []struct {
		lang, quantity string
		forms          []evidence.Form
	}{
		{"en", Grammaticality, []evidence.Form{evidence.FormAlone}},
		{"en", Fluency, []evidence.Form{evidence.FormAlone}},
		{"en", Meaning, []evidence.Form{evidence.FormSource}},
		{"en", ErrorCount3, []evidence.Form{evidence.FormAlone, evidence.FormSource}},
		{"en", Semantics5, []evidence.Form{evidence.FormSource}},
		{"sv", Grammaticality, []evidence.Form{evidence.FormAlone, evidence.FormSource}},
		{"sv", Fluency, []evidence.Form{evidence.FormAlone, evidence.FormSource}},
		{"sv", Meaning, []evidence.Form{evidence.FormSource}},
	} {
		for _, form := range q.forms {
			f, err := FindFitted(all, q.lang, q.quantity, form)
			if err != nil || f.Model == nil {
				continue
			}
			sign := 1.0
			if q.quantity == ErrorCount3 {
				sign = -1 // fewer errors is better
			}
			acc, n := UnitPairAccuracy(f.Units, f.CV.Expected, sign)
			t.Rows = append(t.Rows, PrefRow{Set: fmt.Sprintf("%s %s ratings (same source)", f.Model.Training.Data, f.Model.Scale), Scorer: fmt.Sprintf("judge %s (%s)", q.quantity, form), Pairs: n, Accuracy: acc})
		}
	}
	return t
}

// UnitPairAccuracy is the share of pairs of units of one item whose mean
// ratings differ that pred orders the same way (sign −1 when lower
// ratings are better); ties in pred count as wrong. It returns the share
// and the number of pairs.
func UnitPairAccuracy(units []calibrate.Unit, pred []float64, sign float64) (float64, int) {
	byItem := map[string][]int{}
	var items []string
	for i, u := range units {
		if _, ok := byItem[u.Item]; !ok {
			items = append(items, u.Item)
		}
		byItem[u.Item] = append(byItem[u.Item], i)
	}
	slices.Sort(items)
	ok, n := 0, 0
	for _, it := range items {
		idx := byItem[it]
		for a := range idx {
			for b := a + 1; b < len(idx); b++ {
				i, j := idx[a], idx[b]
				hi, hj := sign*units[i].Mean(), sign*units[j].Mean()
				if hi == hj {
					continue
				}
				if hi < hj {
					i, j = j, i
				}
				n++
				if sign*pred[i] > sign*pred[j] {
					ok++
				}
			}
		}
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return float64(ok) / float64(n), n
}
