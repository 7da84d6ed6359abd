package judge

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/usage"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// A FitRequest is what gecmetric calibrate fit asks for: a model of one
// scale of selected ratings, from the evidence of one form.
type FitRequest struct {
	Human     human.Selection // the ratings, with their rated texts (Columns.Source, Columns.Output)
	Scale     string
	Language  string // en or sv
	Form      string // reference, source or alone; "" means reference with RefSystem, else source
	RefSystem string // the rated system whose outputs are the references (e.g. gold_reference)
	Tokenised bool   // sources and outputs are tokenised already
	// LLMAnswers, when set, is a file of a language model's answers
	// (seed-000 answer format): the model is fitted from them (FitLLM)
	// instead of from gecmetric's evidence.
	LLMAnswers string
	Options    calibrate.FitOptions
	Log        io.Writer // what is fitted; nil for none
	// Progress, when not nil, is told how far the evidence of the rated
	// outputs has come (Dataset.Progress).
	Progress func(stage string, done, total int)
}

// EvidenceForm returns the form the request fits. A form that does not
// exist, or the reference form without a reference system, is a usage
// error.
func (r FitRequest) EvidenceForm() (evidence.Form, error) {
	name := r.Form
	if name == "" {
		name = "source"
		if r.RefSystem != "" {
			name = "reference"
		}
	}
	form, ok := evidence.ParseForm(name)
	if !ok {
		return form, usage.Errorf("--form %q: want reference, source or alone", name)
	}
	if form == evidence.FormReference && r.RefSystem == "" {
		return form, usage.Errorf("--form reference needs --ref-system: the system whose outputs are the references")
	}
	return form, nil
}

// Check reports what is wrong with the request before any data is read:
// not exactly one scale, the form, the number of folds, the language (all
// usage errors).
func (r FitRequest) Check() error {
	if len(r.Human.Scales) != 1 {
		return usage.Errorf("calibrate fit needs exactly one --scale (got %d)", len(r.Human.Scales))
	}
	if _, err := r.EvidenceForm(); err != nil {
		return err
	}
	if r.Options.Folds < 2 {
		return usage.Errorf("--folds %d: need at least 2", r.Options.Folds)
	}
	if r.Language != "en" && r.Language != "sv" {
		return usage.Errorf("--lang %q: %w", r.Language, ErrLanguage)
	}
	return nil
}

// FitRequested checks the request, reads the ratings (people's only
// unless Human asks for models, see human.Selection), takes the
// references from RefSystem's outputs (rated or not) and fits the model (Fit, or FitLLM
// from LLMAnswers), logging what it fits. It is gecmetric calibrate fit
// without the printing.
func FitRequested(r FitRequest) (LLMFitted, error) {
	if err := r.Check(); err != nil {
		return LLMFitted{}, err
	}
	form, _ := r.EvidenceForm()
	x, err := ExtractorFor(r.Language)
	if err != nil {
		return LLMFitted{}, err
	}
	rs, err := r.Human.ReadRatings()
	if err != nil {
		return LLMFitted{}, err
	}
	ds := &Dataset{Name: filepath.Base(r.Human.Path), Language: r.Language, Ratings: rs, Tokenised: r.Tokenised, Progress: r.Progress}
	if r.RefSystem != "" {
		// The references need no ratings of their own: every output of
		// RefSystem in the file, rated or not, by anyone, on any scale.
		outs, err := r.Human.Outputs(r.RefSystem)
		if err != nil {
			return LLMFitted{}, err
		}
		ds.Refs = make(map[string][][]string, len(outs))
		for item, out := range outs {
			ds.Refs[item] = [][]string{ds.tokens(out)}
		}
	}
	var annotators []string
	if len(r.Human.Annotators) > 0 {
		annotators = r.Human.Annotators
	}
	scale := r.Human.Scales[0]
	log := r.Log
	if log == nil {
		log = io.Discard
	}
	if path := r.LLMAnswers; path != "" {
		fmt.Fprintf(log, "gecmetric: fitting %s to %d ratings from %s, from the answers in %s\n", scale, len(rs), r.Human.Path, path)
		return fitLLMAnswers(ds, path, scale, annotators, r.Options)
	}
	fmt.Fprintf(log, "gecmetric: fitting %s (%s form) to %d ratings from %s\n", scale, form, len(rs), r.Human.Path)
	f, err := Fit(ds, x, scale, annotators, form, r.Options)
	return LLMFitted{Fitted: f}, err
}

// fitLLMAnswers fits a model of scale from the answers in path.
func fitLLMAnswers(ds *Dataset, path, scale string, annotators []string, opt calibrate.FitOptions) (LLMFitted, error) {
	f, err := os.Open(path)
	if err != nil {
		return LLMFitted{}, err
	}
	defer f.Close()
	answers, err := human.Sottana.ReadAnswers(f, path, "llm")
	if err != nil {
		return LLMFitted{}, err
	}
	opt.Data = filepath.Base(path) + " vs " + ds.Name
	return FitLLM(ds, answers, scale, annotators, opt)
}

// WriteModels writes each fitted model to dir as its FileName (the files
// go generate embeds), creating dir when needed; each file is written
// atomically.
func WriteModels(dir string, fitted []Fitted) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range fitted {
		path := filepath.Join(dir, f.FileName())
		var err error
		if f.Ranker != nil {
			err = calibrate.WriteRankModelFile(path, f.Ranker)
		} else {
			err = calibrate.WriteModelFile(path, f.Model)
		}
		if err != nil {
			return fmt.Errorf("writing %s: %w", f.FileName(), err)
		}
	}
	return nil
}
