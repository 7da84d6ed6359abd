package m2

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// veryVerbose writes what the scorer prints for hyps against gold with
// --very_verbose (and -v when verbose), up to its closing lines.
func veryVerbose(t testing.TB, gold []Sentence, hyps [][]string, opts Options, verbose bool) []byte {
	t.Helper()
	res, err := Score(gold, hyps, opts)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	v := NewVeryVerboseWriter(&buf, opts, verbose)
	for i := range res.Sentences {
		if err := v.Sentence(&gold[i], hyps[i], &res.Sentences[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := v.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readPair(t testing.TB, goldPath, hypPath string) ([]Sentence, [][]string) {
	t.Helper()
	f, err := os.Open(goldPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gold, err := ReadGold(f, goldPath)
	if err != nil {
		t.Fatal(err)
	}
	h, err := os.Open(hypPath)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	hyps, err := ReadHypotheses(h, hypPath)
	if err != nil {
		t.Fatal(err)
	}
	return gold, hyps
}

// scorerBody drops the scorer's last three lines (Precision, Recall, F),
// which gecmetric prints as its own table.
func scorerBody(b []byte) []byte {
	lines := bytes.SplitAfter(b, []byte("\n"))
	if len(lines) >= 4 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-4]
	}
	return bytes.Join(lines, nil)
}

func firstDiff(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	line := bytes.Count(want[:i], []byte("\n")) + 1
	return "at byte " + strconv.Itoa(i) + " (line " + strconv.Itoa(line) + ") of " + strconv.Itoa(len(want)) + ":\n got …" +
		string(got[max(0, i-300):min(len(got), i+300)]) + "\nwant …" + string(want[max(0, i-300):min(len(want), i+300)])
}

// TestVeryVerboseSmall compares the dumps with the scorer's own (m2scorer.py
// -v --very_verbose, and --very_verbose alone, under Python 2.7; see
// testdata/veryverbose/README.md) on the -v testscript's two sentences:
// a substitution, and a sentence where the two annotators' weights pick a
// deletion and an insertion or one substitution from the same lattice.
func TestVeryVerboseSmall(t *testing.T) {
	dir := filepath.Join("testdata", "veryverbose")
	gold, hyps := readPair(t, filepath.Join(dir, "gold.m2"), filepath.Join(dir, "sys.txt"))
	for _, tc := range []struct {
		file    string
		verbose bool
	}{{"v-very.txt", true}, {"very.txt", false}} {
		want, err := os.ReadFile(filepath.Join(dir, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		got := veryVerbose(t, gold, hyps, Options{}, tc.verbose)
		want = scorerBody(want)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: differs %s", tc.file, firstDiff(got, want))
		}
	}
}

// TestVeryVerboseCoNLL compares the -v --very_verbose output with the
// scorer's (Python 2.7) on the first 200 sentences of CoNLL-2014 for the
// six systems: testdata/veryverbose/conll14-200.sha256 holds the SHA-256
// of each of the scorer's outputs without its last three lines (40 MB a
// system; see the README there). The first system's 40 MB run in every
// run of the suite, the other five (200 MB) in the long step.
func TestVeryVerboseCoNLL(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 40 MB of dumps")
	}
	const n = 200
	data := testdata.Dir(t, "conll14-errant")
	sums, err := os.ReadFile(filepath.Join("testdata", "veryverbose", "conll14-200.sha256"))
	if err != nil {
		t.Fatal(err)
	}
	for k, line := range strings.Split(strings.TrimSpace(string(sums)), "\n") {
		sum, sys, _ := strings.Cut(line, "  ")
		t.Run(sys, func(t *testing.T) {
			if k > 0 {
				testdata.Long(t)
			}
			gold, hyps := readPair(t, filepath.Join(data, "m2", "gold.m2"), filepath.Join(data, "text", sys+".txt"))
			got := veryVerbose(t, gold[:n], hyps[:n], Options{}, true)
			h := sha256.Sum256(got)
			if hex.EncodeToString(h[:]) != sum {
				t.Errorf("SHA-256 of the dump %x, the scorer's %s", h, sum)
			}
		})
	}
}

// A sentence whose matrices exceed maxDumpCells is an error naming the
// sentence, not gigabytes of dump.
func TestVeryVerboseTooLarge(t *testing.T) {
	toks := make([]string, 2100)
	for i := range toks {
		toks[i] = "w" + strconv.Itoa(i)
	}
	gold := []Sentence{{Source: toks, Annotators: []Annotator{{ID: 0}}}}
	res, err := Score(gold, [][]string{toks}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	err = NewVeryVerboseWriter(&buf, Options{}, true).Sentence(&gold[0], toks, &res.Sentences[0])
	if err == nil || !strings.Contains(err.Error(), "m2: sentence 1: very verbose: 2100 × 2100 tokens") {
		t.Fatalf("error %v", err)
	}
}
