package errant

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// readM2 reads an M2 file into Sentences.
func readM2(t testing.TB, path string) []Sentence {
	t.Helper()
	blocks, err := corpora.ReadM2File(path)
	if err != nil {
		t.Fatal(err)
	}
	return fromBlocks(blocks)
}

func fromBlocks(blocks []corpora.M2Block) []Sentence {
	out := make([]Sentence, len(blocks))
	for i, b := range blocks {
		es := make([]edits.Edit, len(b.Edits))
		coders := make([]int, len(b.Edits))
		fields := make([]string, len(b.Edits))
		for j, e := range b.Edits {
			es[j], coders[j], fields[j] = e.Edit, e.Coder, e.CorrectionField()
		}
		out[i] = Group(es, coders, fields)
	}
	return out
}

var goldenSystems = []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"}

// TestGolden compares the printed tables with compare_m2.py's output on
// the CoNLL-2014 systems, in every mode and category level.
func TestGolden(t *testing.T) {
	dir := testdata.Dir(t, "conll14-errant", "m2")
	testdata.Golden(t, "errant-compare")
	gold := readM2(t, filepath.Join(dir, "gold.m2"))
	runs := []struct {
		suffix string
		mode   Mode
		cat    int
	}{
		{"cs", SpanCorrection, 0},
		{"ds", SpanDetection, 0},
		{"dt", TokenDetection, 0},
		{"cse", SpanCorrectionType, 0},
		{"cs-cat1", SpanCorrection, 1},
		{"cs-cat2", SpanCorrection, 2},
		{"cs-cat3", SpanCorrection, 3},
	}
	for _, sys := range goldenSystems {
		hyp := readM2(t, filepath.Join(dir, sys+".m2"))
		for _, run := range runs {
			t.Run(sys+"."+run.suffix, func(t *testing.T) {
				want, err := os.ReadFile(testdata.Golden(t, "errant-compare", "conll14-"+sys+"."+run.suffix+".txt"))
				if err != nil {
					t.Fatal(err)
				}
				res, err := Compare(hyp, gold, Options{Mode: run.mode})
				if err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				if err := res.WriteTable(&got, run.cat); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want) {
					t.Errorf("output differs from compare_m2.py\n got:\n%s\nwant:\n%s", got.Bytes(), want)
				}
			})
		}
	}
}
