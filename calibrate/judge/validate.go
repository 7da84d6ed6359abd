package judge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// CheckModel checks a model given to the judge (a file of `calibrate fit`,
// judge --model) beyond what calibrate.Model.Validate checks of its
// numbers: its form is an evidence form, it predicts a quantity the judge
// reports (QuantityOf), and every feature is one the evidence of its form
// computes (evidence.AllNames, the extractor's registry, so that features
// added there are known here at once) or, for a model of a language
// model's answers, LLMFeatures. A misspelt or richer-form feature would
// be NaN on every output and its prediction a label of NaN.
func CheckModel(m *calibrate.Model) error {
	if err := m.Validate(); err != nil {
		return err
	}
	form, ok := evidence.ParseForm(m.Form)
	if !ok {
		return fmt.Errorf("field \"form\": %q is not an evidence form (want reference, source or alone)", m.Form)
	}
	if _, err := QuantityOf(m); err != nil {
		return fmt.Errorf("fields \"scale\" and \"labels\": %w", err)
	}
	if IsLLMModel(m) {
		for _, f := range m.Features {
			if !slices.Contains(LLMFeatures, f) {
				return fmt.Errorf("field \"features\": %q is not a feature of a language model's answers (want %s)", f, strings.Join(LLMFeatures, ", "))
			}
		}
		return nil
	}
	known := evidence.AllNames(form)
	for _, f := range m.Features {
		if slices.Contains(known, f) {
			continue
		}
		for richer := form - 1; richer >= evidence.FormReference; richer-- {
			if slices.Contains(evidence.AllNames(richer), f) {
				return fmt.Errorf("field \"features\": %q needs the %s form's evidence, but the model's form is %s", f, richer, form)
			}
		}
		return fmt.Errorf("field \"features\": unknown feature %q%s", f, suggest(f, evidence.AllNames(evidence.FormReference)))
	}
	return nil
}

// suggest names the known feature closest to f when one is close (a
// misspelling), as ", did you mean …?".
func suggest(f string, known []string) string {
	best, bd := "", len(f)/3+1
	for _, k := range known {
		if d := edits.Levenshtein([]byte(f), []byte(k)); d < bd {
			best, bd = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}
