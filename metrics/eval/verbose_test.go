package eval

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// The M2 scorer's -v report written sentence by sentence from Run's Each
// (SentenceScore.M2Gold, M2Hyp, M2 into an m2.VerboseWriter) is
// byte for byte the report of m2.Score on the whole corpus
// (Result.WriteVerbose, itself checked against the scorer's -v), and ends
// in the golden totals: the six CoNLL-2014 systems and JFLEG test, with
// batches small enough that the stream spans many of them.
func TestStreamedVerboseEqualsScore(t *testing.T) {
	conll := testdata.Dir(t, "conll14-errant")
	jfleg := testdata.Dir(t, "jfleg")
	type run struct{ gold, hyp string }
	var runs []run
	for _, sys := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"} {
		runs = append(runs, run{filepath.Join(conll, "m2", "gold.m2"), filepath.Join(conll, "text", sys+".txt")})
	}
	runs = append(runs, run{filepath.Join(jfleg, "EACL_exp", "m2converter", "test.ref.m2"), filepath.Join(jfleg, "test", "test.src")})
	for _, r := range runs {
		t.Run(filepath.Base(r.hyp), func(t *testing.T) {
			f, err := os.Open(r.gold)
			if err != nil {
				t.Fatal(err)
			}
			gold, err := m2.ReadGold(f, r.gold)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			f, err = os.Open(r.hyp)
			if err != nil {
				t.Fatal(err)
			}
			hyps, err := m2.ReadHypotheses(f, r.hyp)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			res, err := m2.Score(gold, hyps, m2.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := res.WriteVerbose(&want, gold, hyps); err != nil {
				t.Fatal(err)
			}

			fs, err := OpenFiles(corpora.TestSetOptions{Refs: []string{r.gold}, Hyps: []string{r.hyp}})
			if err != nil {
				t.Fatal(err)
			}
			defer fs.Close()
			var got bytes.Buffer
			vw := m2.NewVerboseWriter(&got, 0.5)
			each := func(i int, scores []SentenceScore) error {
				sc := &scores[0]
				return vw.Sentence(sc.M2Gold, sc.M2Hyp, sc.M2)
			}
			ev := NewEvaluator(Config{Metrics: []string{M2}}, fs.References())
			if _, err := ev.Run(context.Background(), fs, fs.Systems(), RunOptions{Each: each, Batch: 100}); err != nil {
				t.Fatal(err)
			}
			if err := vw.Close(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				g, w := got.String(), want.String()
				i := 0
				for i < len(g) && i < len(w) && g[i] == w[i] {
					i++
				}
				t.Fatalf("streamed report differs from WriteVerbose at byte %d of %d:\n got …%q\nwant …%q", i, len(w), g[max(0, i-200):min(len(g), i+200)], w[max(0, i-200):min(len(w), i+200)])
			}
			if res.Correct == 0 && filepath.Base(r.hyp) != "INPUT.txt" && filepath.Base(r.hyp) != "test.src" {
				t.Errorf("no correct edits: %+v", res)
			}
		})
	}
}

// ERRANT's -v report written sentence by sentence from Run's Each
// (SentenceScore.Source, ERRANTHyp, ERRANTRef and ERRANT into an
// errant.VerboseWriter), followed by Result.ERRANT's table, is compare_m2.py
// -v's output byte for byte: its SHA-256 is the one metrics/errant's golden
// test checks (testdata/verbose/sha256sums.txt there), for the six
// CoNLL-2014 systems' ERRANT M2 files and AMU in -dt, with batches small
// enough that the stream spans many of them.
func TestStreamedERRANTVerboseGolden(t *testing.T) {
	dir := testdata.Dir(t, "conll14-errant", "m2")
	sums, err := os.ReadFile(filepath.Join("..", "errant", "testdata", "verbose", "sha256sums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(sums)), "\n") {
		sum, name, _ := strings.Cut(line, "  ")
		want[name] = sum
	}
	type run struct {
		sys  string
		mode errant.Mode
	}
	var runs []run
	for _, sys := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"} {
		runs = append(runs, run{sys, errant.SpanCorrection})
	}
	runs = append(runs, run{"AMU", errant.TokenDetection})
	for _, r := range runs {
		name := r.sys + "." + r.mode.String() + ".v.txt"
		t.Run(name, func(t *testing.T) {
			fs, err := OpenFiles(corpora.TestSetOptions{Refs: []string{filepath.Join(dir, "gold.m2")}, Hyps: []string{filepath.Join(dir, r.sys+".m2")}})
			if err != nil {
				t.Fatal(err)
			}
			defer fs.Close()
			var got bytes.Buffer
			vw := errant.NewVerboseWriter(&got, errant.Options{Mode: r.mode})
			each := func(i int, scores []SentenceScore) error {
				sc := &scores[0]
				return vw.Sentence(strings.Join(sc.Source, " "), *sc.ERRANTHyp, *sc.ERRANTRef, sc.ERRANT)
			}
			ev := NewEvaluator(Config{Metrics: []string{ERRANT}, ERRANT: errant.Options{Mode: r.mode}}, fs.References())
			res, err := ev.Run(context.Background(), fs, fs.Systems(), RunOptions{Each: each, Batch: 100})
			if err != nil {
				t.Fatal(err)
			}
			if err := vw.Flush(); err != nil {
				t.Fatal(err)
			}
			if err := res[0].ERRANT.WriteTable(&got, 0); err != nil {
				t.Fatal(err)
			}
			h := sha256.Sum256(got.Bytes())
			if hex.EncodeToString(h[:]) != want[name] {
				t.Fatalf("streamed report's SHA-256 %x, compare_m2.py -v's %s", h, want[name])
			}
		})
	}
}
