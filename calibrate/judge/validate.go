package judge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
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
		if d := distance(f, k); d < bd {
			best, bd = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// distance is the Levenshtein distance of two short strings, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
