package calibrate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/gecmetric/gecmetric/calibrate/ordinal"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
	"github.com/gecmetric/gecmetric/internal/textcheck"
	"github.com/gecmetric/gecmetric/parseerr"
)

// A Model predicts a human rating on one scale from evidence features: a
// proportional-odds regression (package ordinal) over named features, with
// the provenance and cross-validated agreement that say how far to trust
// it. A Model is saved and read as JSON.
type Model struct {
	Scale    string         `json:"scale"`    // scale name, e.g. "grammaticality"
	Labels   []string       `json:"labels"`   // the scale's labels, lowest value first
	Values   []float64      `json:"values"`   // the labels' values
	Language string         `json:"language"` // language of the evidence ("en", "sv")
	Form     string         `json:"form"`     // evidence form: "reference", "source" or "alone"
	Features []string       `json:"features"` // feature names, in vector order
	Ordinal  *ordinal.Model `json:"ordinal"`
	// Thresholds decide the label from the expected value: label k when
	// Thresholds[k-1] ≤ Expected < Thresholds[k]. They are set so that the
	// model's labels on its training data occur as often as the human
	// labels did, which keeps predictions from crowding the middle of the
	// scale as expected values do.
	Thresholds []float64 `json:"thresholds"`
	// Spread, when set, stretches the expected value away from the
	// middle of the scale (see Spread); nil leaves it as the ordinal
	// model gives it.
	Spread   *Stretch `json:"spread,omitempty"`
	Training Training `json:"training"`
	// CV is the cross-validated agreement with the human target: every
	// unit predicted by a model that never saw its source sentence.
	CV Validation `json:"cross_validation"`
}

// Training records what a model was fitted on.
type Training struct {
	Data         string   `json:"data"`                    // the rating set, e.g. "sottana2023"
	Annotators   []string `json:"annotators"`              // whose ratings were used
	Target       string   `json:"target"`                  // what CV compares with, e.g. "mean of 3 humans"
	Items        int      `json:"items"`                   // source sentences
	Units        int      `json:"units"`                   // rated outputs
	Ratings      int      `json:"ratings"`                 // observations (one per rating)
	Folds        int      `json:"folds"`                   // cross-validation folds, grouped by item
	Seed         uint64   `json:"seed"`                    // fold assignment seed
	L2           float64  `json:"l2"`                      // ridge penalty
	Anchors      int      `json:"anchors,omitempty"`       // units labelled by construction (FitOptions.Anchors)
	AnchorWeight float64  `json:"anchor_weight,omitempty"` // each anchor observation's weight (FitOptions.AnchorWeight)
}

// Validation is how well predictions agree with a human target over units.
type Validation struct {
	N              int     `json:"n"`
	Spearman       float64 `json:"spearman"`
	SpearmanLo     float64 `json:"spearman_lo"` // 95% bootstrap interval over items
	SpearmanHi     float64 `json:"spearman_hi"`
	Pearson        float64 `json:"pearson"`
	KappaLinear    float64 `json:"kappa_linear"`    // weighted kappa of rounded values
	KappaQuadratic float64 `json:"kappa_quadratic"` // idem, quadratic weights
}

// Prediction is a model's answer for one output.
type Prediction struct {
	Probs    []float64 // P(label) for each label, lowest value first
	Expected float64   // expected value on the scale's values
	Label    string    // the label nearest to Expected
}

// Predict returns the prediction for a feature vector in m.Features order.
func (m *Model) Predict(x []float64) Prediction {
	p := m.Ordinal.Probabilities(x)
	e := 0.0
	for i, q := range p {
		e += q * m.Values[i]
	}
	if m.Spread != nil {
		e = m.Spread.Apply(e, m.Values[0], m.Values[len(m.Values)-1])
	}
	return Prediction{Probs: p, Expected: e, Label: m.Labels[m.decide(e)]}
}

// decide returns the label index for an expected value.
func (m *Model) decide(e float64) int {
	if len(m.Thresholds) != len(m.Labels)-1 {
		return nearest(m.Values, e)
	}
	k := 0
	for k < len(m.Thresholds) && e >= m.Thresholds[k] {
		k++
	}
	return k
}

// Nearest returns the index of the value closest to v (the lower on ties).
func Nearest(values []float64, v float64) int { return nearest(values, v) }

func nearest(values []float64, v float64) int {
	best, bd := 0, math.Inf(1)
	for i, x := range values {
		if d := math.Abs(x - v); d < bd {
			best, bd = i, d
		}
	}
	return best
}

// ScaleOf returns the scale the model predicts, rebuilt from its labels.
func (m *Model) ScaleOf() *human.Scale {
	s := &human.Scale{Name: m.Scale}
	for i, l := range m.Labels {
		s.Labels = append(s.Labels, human.Label{Name: l, Value: m.Values[i]})
	}
	return s
}

// ReadModel reads a model saved by WriteModel.
func ReadModel(r io.Reader, name string) (*Model, error) {
	data, err := io.ReadAll(textcheck.Reader(r, name))
	if err != nil {
		return nil, parseerr.Wrap(name, 0, 0, err)
	}
	// A byte order mark is dropped as every reader drops it; offsets
	// below are of the rest, which only shifts columns on line 1.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var m Model
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		line, col := 0, 0
		if off := jsonOffset(err); off >= 0 {
			line, col = parseerr.Offset(data, off)
		}
		return nil, &parseerr.Error{File: name, Line: line, Column: col, Err: fmt.Errorf("reading model: %w", err)}
	}
	// One model per file: anything after it (a second model) is an error,
	// never silently ignored.
	end := dec.InputOffset()
	if rest := bytes.TrimSpace(data[end:]); len(rest) > 0 {
		off := int64(len(data)) - int64(len(bytes.TrimLeft(data[end:], " \t\r\n")))
		line, col := parseerr.Offset(data, off)
		return nil, &parseerr.Error{File: name, Line: line, Column: col, Err: errors.New("text after the model: a model file holds one model")}
	}
	if err := m.Validate(); err != nil {
		return nil, &parseerr.Error{File: name, Err: err}
	}
	return &m, nil
}

// ReadModelFile reads the model at path.
func ReadModelFile(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadModel(f, path)
}

// WriteModel writes m as indented JSON.
func WriteModel(w io.Writer, m *Model) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(m)
}

// WriteModelFile writes m to path atomically (package atomicfile): a
// failed write leaves no half model.
func WriteModelFile(path string, m *Model) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteModel(w, m) })
}
