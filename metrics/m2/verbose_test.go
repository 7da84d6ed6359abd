package m2

import (
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/metrics"
)

// A VerboseWriter refuses a result whose annotators are not its gold's,
// chooses by the result's Chosen, and with no sentences prints the scorer's totals of an empty corpus.
func TestVerboseWriter(t *testing.T) {
	gold := Sentence{Source: []string{"a", "b"}, Annotators: []Annotator{{ID: 0}, {ID: 1}}}
	for _, tc := range []struct {
		name    string
		sents   []SentenceResult
		wantErr string
		want    string
	}{
		{"empty corpus", nil, "", "CORRECT EDITS  : 0\nPROPOSED EDITS : 0\nGOLD EDITS     : 0\nP = 1.0\nR = 1.0\nF_0.5 = 1.0\n"},
		{"one annotator of two", []SentenceResult{{Annotators: []AnnotatorResult{{ID: 0, Stats: metrics.Stats{0, 0, 0}}}}}, "sentence 1 has 1 annotators' results, its gold 2", ""},
		{"both annotators", []SentenceResult{{Annotators: []AnnotatorResult{{ID: 0, Stats: metrics.Stats{1, 1, 2}}, {ID: 1, Stats: metrics.Stats{0, 1, 0}}}, Chosen: 1}}, "",
			">> Chosen Annotator for line 1 : 1\n\nCORRECT EDITS  : 0\nPROPOSED EDITS : 1\nGOLD EDITS     : 0\nP = 0.0\nR = 1.0\nF_0.5 = 0.0\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			v := NewVerboseWriter(&b, 0)
			var err error
			for i := range tc.sents {
				if err = v.Sentence(&gold, []string{"a", "b"}, &tc.sents[i]); err != nil {
					break
				}
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := v.Close(); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), tc.want) {
				t.Errorf("output\n%s\nwant it to contain\n%s", b.String(), tc.want)
			}
		})
	}
}
