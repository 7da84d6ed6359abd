package errant

import (
	"path/filepath"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// BenchmarkCompare scores one CoNLL-2014 system (1,312 sentences) against
// the two-annotator gold M2.
func BenchmarkCompare(b *testing.B) {
	dir := testdata.Dir(b, "conll14-errant", "m2")
	gold := readM2(b, filepath.Join(dir, "gold.m2"))
	hyp := readM2(b, filepath.Join(dir, "AMU.m2"))
	for _, mode := range []Mode{SpanCorrection, TokenDetection} {
		b.Run(mode.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := Compare(hyp, gold, Options{Mode: mode}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
