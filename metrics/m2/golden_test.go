package m2_test

import (
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// readFile reads path with one of the package's readers, failing the
// test on error.
func readFile[T any](t testing.TB, path string, read func(io.Reader, string) (T, error)) T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := read(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// goldenCases lists every m2scorer golden file with its inputs.
func goldenCases(t *testing.T) map[string][2]string {
	t.Helper()
	dir := testdata.Golden(t, "m2scorer")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		testdata.SkipData(t, "no golden files in %s", dir)
	}
	cases := map[string][2]string{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		switch {
		case strings.HasPrefix(name, "conll14-"):
			sys := strings.TrimPrefix(name, "conll14-")
			cases[f] = [2]string{
				testdata.Dir(t, "conll14-errant", "text", sys+".txt"),
				testdata.Dir(t, "conll14-errant", "m2", "gold.m2"),
			}
		case strings.HasPrefix(name, "jfleg-"):
			rest := strings.TrimPrefix(name, "jfleg-")
			split, hyp, _ := strings.Cut(rest, "-")
			cases[f] = [2]string{
				testdata.Dir(t, "jfleg", split, split+"."+hyp),
				testdata.Dir(t, "jfleg", "EACL_exp", "m2converter", split+".ref.m2"),
			}
		default:
			t.Errorf("unknown golden file %s", f)
		}
	}
	return cases
}

// FromBlocks is how a caller holding corpora's M2 blocks builds the gold.
func FromBlocks(blocks []corpora.M2Block) []m2.Sentence {
	out := make([]m2.Sentence, len(blocks))
	for i, b := range blocks {
		anns := make([]m2.Annotation, len(b.Edits))
		for j, e := range b.Edits {
			anns[j] = m2.Annotation{Edit: e.Edit, Coder: e.Coder}
		}
		out[i] = m2.NewSentence(b.Source, anns)
	}
	return out
}

// TestGolden scores every golden input read by the scorer's own readers
// and expects the scorer's output, then the same input read by corpora
// (the path gecmetric eval takes) and expects the same result, sentence
// by sentence.
func TestGolden(t *testing.T) {
	for golden, in := range goldenCases(t) {
		t.Run(filepath.Base(golden), func(t *testing.T) {
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			own, err := m2.Score(readFile(t, in[1], m2.ReadGold), readFile(t, in[0], m2.ReadHypotheses), m2.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := own.String(); got != string(want) {
				t.Errorf("%s vs %s:\ngot\n%swant\n%s", in[0], in[1], got, want)
			}
			t.Logf("vertices with near ties: %d", own.NearTies)

			blocks, err := corpora.ReadM2File(in[1])
			if err != nil {
				t.Fatal(err)
			}
			hyp, err := corpora.ReadTextFile(in[0])
			if err != nil {
				t.Fatal(err)
			}
			res, err := m2.Score(FromBlocks(blocks), hyp.Tokens, m2.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.String(); got != string(want) {
				t.Errorf("read by corpora:\ngot\n%swant\n%s", got, want)
			}
			for i := range own.Sentences {
				if !reflect.DeepEqual(own.Sentences[i], res.Sentences[i]) {
					t.Fatalf("sentence %d differs:\nReadGold %+v\ncorpora  %+v", i+1, own.Sentences[i], res.Sentences[i])
				}
			}
		})
	}
}
