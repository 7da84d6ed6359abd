package judge

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
)

// TrainedOn returns the data sets (by their names in ../shared/data's
// README: gjg15, sottana2023, jfleg, conll14, gug, swedish2024) that the
// embedded models behind quantity q of language lang were fitted on,
// sorted: the union over the evidence forms of the quantity's models, and
// of the models it falls back to (English meaning comes from the 1-5
// semantics model, remaining errors from the error-count one; an overall
// score without a ranker is the mean of the other quantities).
//
// A model names its training sets in a "trained_on" list, at the top of
// its file or in its "training" object. A model without one (the current
// models) is read by the convention of its "training.data" field: a
// string or a list of strings, each starting with a data set's name
// ("gjg15", "sottana2023 (semantics, errors, over-correction)",
// "conll14 refs over input"). TestTrainedOn pins the result for the
// current models.
func TrainedOn(lang, q string) ([]string, error) {
	names, err := defaultModels.ReadDir("models")
	if err != nil {
		return nil, err
	}
	quantities := []string{q}
	switch q {
	case Meaning:
		quantities = append(quantities, Semantics5)
	case RemainingErrors:
		quantities = append(quantities, ErrorCount3)
	case Overall:
		// Without a ranker the overall score is the mean of the others.
		if r, err := DefaultOverall(lang); err == nil && len(r) == 0 {
			quantities = []string{Grammaticality, Fluency, Meaning, Semantics5, Overcorrection, RemainingErrors, ErrorCount3}
		}
	}
	var out []string
	found := false
	for _, e := range names {
		l, mq, ok := parseModelName(e.Name())
		if !ok || l != lang || !slices.Contains(quantities, mq) {
			continue
		}
		data, err := defaultModels.ReadFile(path.Join("models", e.Name()))
		if err != nil {
			return nil, err
		}
		sets, err := modelTrainedOn(data)
		if err != nil {
			return nil, fmt.Errorf("judge: embedded model %s: %w", e.Name(), err)
		}
		found = true
		out = append(out, sets...)
	}
	if !found {
		return nil, fmt.Errorf("judge: no default model of %s for language %q", q, lang)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// modelTrainedOn reads a model file's training sets (see TrainedOn).
func modelTrainedOn(data []byte) ([]string, error) {
	var m struct {
		TrainedOn []string `json:"trained_on"`
		Training  struct {
			TrainedOn []string        `json:"trained_on"`
			Data      json.RawMessage `json:"data"`
		} `json:"training"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	if len(m.TrainedOn) > 0 {
		return m.TrainedOn, nil
	}
	if len(m.Training.TrainedOn) > 0 {
		return m.Training.TrainedOn, nil
	}
	var entries []string
	if len(m.Training.Data) > 0 {
		var one string
		if err := json.Unmarshal(m.Training.Data, &one); err == nil {
			entries = []string{one}
		} else if err := json.Unmarshal(m.Training.Data, &entries); err != nil {
			return nil, fmt.Errorf("training.data is neither a string nor a list of strings")
		}
	}
	var out []string
	for _, e := range entries {
		if f := strings.Fields(e); len(f) > 0 {
			out = append(out, strings.ToLower(f[0]))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no trained_on list and no training.data")
	}
	return out, nil
}
