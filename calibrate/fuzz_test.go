package calibrate

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/parseerr"
)

// FuzzReadMetricScores reads metric-score tables (CSV, TSV, JSON Lines):
// an error is positioned; a success holds at least one score, every one
// finite, with text names.
func FuzzReadMetricScores(f *testing.F) {
	f.Add("item,system,score\n1,A,0.5\n2,\"B,C\",-1e3\n")
	f.Add("system\tscore\nA\t0.25\n")
	f.Add(`{"item": 1, "system": "A", "score": 0.5}` + "\n" + `{"system": "B", "score": 2}`)
	f.Fuzz(func(t *testing.T, in string) {
		ms, err := ReadMetricScores(strings.NewReader(in), "m")
		if err != nil {
			if _, ok := errors.AsType[*parseerr.Error](err); !ok {
				t.Fatalf("error %v (%T) is not positioned", err, err)
			}
			return
		}
		if len(ms) == 0 {
			t.Fatal("no scores and no error")
		}
		for _, m := range ms {
			if math.IsNaN(m.Value) || math.IsInf(m.Value, 0) {
				t.Fatalf("score %+v is not finite", m)
			}
			for _, s := range []string{m.Item, m.System} {
				if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
					t.Fatalf("score %+v holds %q, not text", m, s)
				}
			}
		}
	})
}

// FuzzReadModel reads model files: a model that reads back predicts
// without panicking, a distribution over its labels, and writes out to
// the same model.
func FuzzReadModel(f *testing.F) {
	// Small seeds: the fuzzer minimises every new input, at a cost that
	// grows with its length.
	f.Add(`{"scale":"g","labels":["0","1","2"],"values":[0,1,2],"language":"en","form":"alone","features":["a","b"],` +
		`"ordinal":{"labels":3,"mean":[0.1,-5],"scale":[0.4,1],"coef":[0.2,-0.3],"cuts":[0.7,2.2]},"thresholds":[0.5,0.9]}`)
	f.Add(`{"scale":"g","labels":["bad","good"],"values":[1,2],"features":[],"ordinal":{"labels":2,"mean":[],"scale":[],"coef":[],"cuts":[0]}}`)
	f.Fuzz(func(t *testing.T, in string) {
		m, err := ReadModel(strings.NewReader(in), "m")
		if err != nil {
			if _, ok := errors.AsType[*parseerr.Error](err); !ok {
				t.Fatalf("error %v (%T) is not positioned", err, err)
			}
			return
		}
		p := m.Predict(make([]float64, len(m.Features)))
		if len(p.Probs) != len(m.Labels) {
			t.Fatalf("%d probabilities for %d labels", len(p.Probs), len(m.Labels))
		}
		var out bytes.Buffer
		if err := WriteModel(&out, m); err != nil {
			return // a value JSON cannot hold (an infinite coefficient from a huge literal)
		}
		m2, err := ReadModel(bytes.NewReader(out.Bytes()), "m2")
		if err != nil {
			t.Fatalf("a written model does not read back: %v", err)
		}
		var again bytes.Buffer
		WriteModel(&again, m2)
		if !bytes.Equal(out.Bytes(), again.Bytes()) {
			t.Fatalf("write, read, write differs:\n%s\n%s", out.Bytes(), again.Bytes())
		}
	})
}
