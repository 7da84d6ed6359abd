package errant

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// verboseRun writes the VerboseWriter report of hyp against gold,
// sentence by sentence beside a Stream (whose choices it checks), followed
// by WriteTable, as compare_m2.py -v prints it.
func verboseRun(t testing.TB, hypBlocks []corpora.M2Block, hyp, gold []Sentence, opt Options, cat int) []byte {
	t.Helper()
	var buf bytes.Buffer
	vw := NewVerboseWriter(&buf, opt)
	st := NewStream(opt)
	for i := range hyp {
		c := st.Add(hyp[i], gold[i])
		if err := vw.Sentence(strings.Join(hypBlocks[i].Source, " "), hyp[i], gold[i], &c); err != nil {
			t.Fatal(err)
		}
	}
	if err := vw.Flush(); err != nil {
		t.Fatal(err)
	}
	if vw.Counts() != st.Result().Counts {
		t.Fatalf("verbose counts %+v, stream %+v", vw.Counts(), st.Result().Counts)
	}
	if err := st.Result().WriteTable(&buf, cat); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestVerboseGolden compares the -v report with compare_m2.py -v (ERRANT
// v3.0.2) on the six CoNLL-2014 systems in all four modes, and on CAMB
// with -single -b 1, -multi -cat 3 and -ds -filt R:SPELL R:PUNCT -b 2:
// testdata/verbose/sha256sums.txt holds the SHA-256 of each of compare_m2.py's
// outputs (27 files of about 1.3 MB), AMU.cs.v.txt.gz the whole of one, to
// show where a report differs. See testdata/verbose/README.md.
func TestVerboseGolden(t *testing.T) {
	dir := testdata.Dir(t, "conll14-errant", "m2")
	gblocks, err := corpora.ReadM2File(filepath.Join(dir, "gold.m2"))
	if err != nil {
		t.Fatal(err)
	}
	gold := fromBlocks(gblocks)
	f, err := os.Open(filepath.Join("testdata", "verbose", "sha256sums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	runs := map[string]struct {
		opt Options
		cat int
	}{
		"cs":         {Options{Mode: SpanCorrection}, 0},
		"cse":        {Options{Mode: SpanCorrectionType}, 0},
		"ds":         {Options{Mode: SpanDetection}, 0},
		"dt":         {Options{Mode: TokenDetection}, 0},
		"single-b1":  {Options{Single: true, Beta: 1}, 0},
		"multi-cat3": {Options{Multi: true}, 3},
		"filt-b2-ds": {Options{Mode: SpanDetection, Filter: []string{"R:SPELL", "R:PUNCT"}, Beta: 2}, 0},
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("sha256sums.txt: bad line %q", sc.Text())
		}
		sys, rest, _ := strings.Cut(name, ".")
		suffix := strings.TrimSuffix(rest, ".v.txt")
		run, ok := runs[suffix]
		if !ok {
			t.Fatalf("sha256sums.txt: unknown run %q", name)
		}
		n++
		t.Run(sys+"."+suffix, func(t *testing.T) {
			hblocks, err := corpora.ReadM2File(filepath.Join(dir, sys+".m2"))
			if err != nil {
				t.Fatal(err)
			}
			got := verboseRun(t, hblocks, fromBlocks(hblocks), gold, run.opt, run.cat)
			h := sha256.Sum256(got)
			if hex.EncodeToString(h[:]) == sum {
				return
			}
			full := filepath.Join("testdata", "verbose", name+".gz")
			if _, err := os.Stat(full); err != nil {
				t.Fatalf("report differs from compare_m2.py -v (SHA-256 %x, want %s)", h, sum)
			}
			want := readGzip(t, full)
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Fatalf("report differs from compare_m2.py -v at byte %d of %d:\n got …%q\nwant …%q", i, len(want),
				got[max(0, i-200):min(len(got), i+200)], want[max(0, i-200):min(len(want), i+200)])
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 27 {
		t.Errorf("%d runs in sha256sums.txt, want 27", n)
	}
}

func readGzip(t testing.TB, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestVerboseSmall checks the layout on hand-made cases: two reference
// coders, a hypothesis with a duplicate key, a noop coder, a quote in a
// correction, a non-ASCII type and the choice by running F.
func TestVerboseSmall(t *testing.T) {
	e := func(s, en int, c, typ string) edits.Edit {
		ed := edits.Edit{OStart: s, OEnd: en, Type: typ}
		if c != "" {
			ed.C = strings.Fields(c)
		}
		return ed
	}
	hyp := []Sentence{
		{{Coder: 0, Edits: []edits.Edit{e(1, 2, "dogs", "R:NOUN:NUM"), e(3, 3, "'s", "M:NOUN:POSS"), e(3, 3, "'s", "M:OTHER")}}},
		nil,
	}
	ref := []Sentence{
		{
			{Coder: 0, Edits: []edits.Edit{e(1, 2, "dogs", "R:NOUN:NUM")}},
			{Coder: 3, Edits: []edits.Edit{e(3, 3, "'s", "M:NOUN:POSS"), e(0, 1, "", "U:DÉT")}},
		},
		{{Coder: 1, Edits: []edits.Edit{edits.Noop()}}, {Coder: 2, Edits: []edits.Edit{e(0, 1, "A", "R:ORTH")}}},
	}
	var buf bytes.Buffer
	vw := NewVerboseWriter(&buf, Options{})
	for i, src := range []string{"the dog barks", "a b"} {
		if err := vw.Sentence(src, hyp[i], ref[i], nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := vw.Flush(); err != nil {
		t.Fatal(err)
	}
	// Worked by hand from compare_m2.py's code: sentence 0, REF 0 gives
	// TP 1, FP 2 (the 's key holds two hypothesis edits), FN 0: P 1/3,
	// R 1, F0.5 = 1.25*(1/3)/(0.25/3+1) = 0.3846; REF 3 gives TP 1 (one
	// reference edit under the 's key), FP 1, FN 1: P R F 0.5. REF 3 wins.
	// Sentence 1: the empty hypothesis is coder 0; REF 1 (noop) adds
	// nothing: global 1 1 1 keeps F 0.5 and wins over REF 2 (FN 2: F
	// 0.4545).
	want := `----------------------------------------
Original sentence 0: the dog barks
----------------------------------------
SENTENCE 0 - HYP 0 - REF 0
HYPOTHESIS EDITS : [(1, 2, 'dogs', 'R:NOUN:NUM'), (3, 3, "'s", 'M:NOUN:POSS')]
REFERENCE EDITS  : [(1, 2, 'dogs', 'R:NOUN:NUM')]
Local TP/FP/FN   : 1 2 0
Local P/R/F0.5  : 0.3333 1.0 0.3846
Global TP/FP/FN  : 1 2 0
Global P/R/F0.5  : 0.3333 1.0 0.3846
----------------------------------------
SENTENCE 0 - HYP 0 - REF 3
HYPOTHESIS EDITS : [(1, 2, 'dogs', 'R:NOUN:NUM'), (3, 3, "'s", 'M:NOUN:POSS')]
REFERENCE EDITS  : [(0, 1, '', 'U:DÉT'), (3, 3, "'s", 'M:NOUN:POSS')]
Local TP/FP/FN   : 1 1 1
Local P/R/F0.5  : 0.5 0.5 0.5
Global TP/FP/FN  : 1 1 1
Global P/R/F0.5  : 0.5 0.5 0.5
----------------------------------------
^^ HYP 0, REF 3 chosen for sentence 0
Local results:
      Category   TP   FP   FN
    R:NOUN:NUM    0    1    0
   M:NOUN:POSS    1    0    0
         U:DÉT    0    0    1
----------------------------------------
Original sentence 1: a b
----------------------------------------
SENTENCE 1 - HYP 0 - REF 1
HYPOTHESIS EDITS : []
REFERENCE EDITS  : []
Local TP/FP/FN   : 0 0 0
Local P/R/F0.5  : 1.0 1.0 1.0
Global TP/FP/FN  : 1 1 1
Global P/R/F0.5  : 0.5 0.5 0.5
----------------------------------------
SENTENCE 1 - HYP 0 - REF 2
HYPOTHESIS EDITS : []
REFERENCE EDITS  : [(0, 1, 'A', 'R:ORTH')]
Local TP/FP/FN   : 0 0 1
Local P/R/F0.5  : 1.0 0.0 0.0
Global TP/FP/FN  : 1 1 2
Global P/R/F0.5  : 0.5 0.3333 0.4545
----------------------------------------
^^ HYP 0, REF 1 chosen for sentence 1
Local results:
   Category   TP   FP   FN
`
	if buf.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", buf.String(), want)
	}
}
