package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// The everyday runs of eval, timed in-process (the process's own start,
// about 10 ms, is not in them): one CoNLL-2014 system against the
// two-annotator gold with M2 only, the 13 GJG15 systems with M2 and
// ERRANT, and NTHU's line 41, a 37-token output unrelated to its 54-token
// source, whose M2 lattice is the largest of CoNLL-2014. `gecmetric eval`
// with the same arguments prints the same table as each run here.

// BenchmarkEvalM2 is gecmetric eval --ref gold.m2 --hyp AMU.txt --metrics m2.
func BenchmarkEvalM2(b *testing.B) {
	data := testdata.Dir(b, "conll14-errant")
	benchmarkEval(b, "eval", "--ref", filepath.Join(data, "m2", "gold.m2"), "--hyp", filepath.Join(data, "text", "AMU.txt"), "--metrics", "m2")
}

// BenchmarkEval13 is gecmetric eval --ref gold.m2 --hyp (the 13 GJG15
// outputs) --metrics m2,errant.
func BenchmarkEval13(b *testing.B) {
	data := testdata.Dir(b, "conll14-errant")
	outs := testdata.Dir(b, "gjg15", "outputs")
	args := []string{"eval", "--ref", filepath.Join(data, "m2", "gold.m2"), "--metrics", "m2,errant"}
	for _, sys := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"} {
		args = append(args, "--hyp", filepath.Join(outs, sys))
	}
	benchmarkEval(b, args...)
}

// BenchmarkEvalNTHU41 is gecmetric eval on NTHU's line 41 alone (its gold
// block and output line written to files), M2 only and with ERRANT.
func BenchmarkEvalNTHU41(b *testing.B) {
	dir := writeNTHU41(b)
	for _, metrics := range []string{"m2", "m2,errant"} {
		b.Run(strings.ReplaceAll(metrics, ",", "+"), func(b *testing.B) {
			benchmarkEval(b, "eval", "--ref", filepath.Join(dir, "gold.m2"), "--hyp", filepath.Join(dir, "NTHU.txt"), "--metrics", metrics)
		})
	}
}

// writeNTHU41 writes the 41st block of CoNLL-2014's gold.m2 and NTHU's
// 41st output line to gold.m2 and NTHU.txt in a temporary folder.
func writeNTHU41(tb testing.TB) string {
	tb.Helper()
	gold, err := os.ReadFile(testdata.Dir(tb, "conll14-errant", "m2", "gold.m2"))
	if err != nil {
		tb.Fatal(err)
	}
	hyp, err := os.ReadFile(testdata.Dir(tb, "gjg15", "outputs", "NTHU"))
	if err != nil {
		tb.Fatal(err)
	}
	blocks := strings.Split(strings.TrimSpace(string(gold)), "\n\n")
	lines := strings.Split(string(hyp), "\n")
	dir := tb.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "gold.m2"), []byte(blocks[40]+"\n\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "NTHU.txt"), []byte(lines[40]+"\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir
}

func benchmarkEval(b *testing.B, args ...string) {
	b.ReportAllocs()
	for b.Loop() {
		if _, errOut, code := runCLI(args); code != 0 {
			b.Fatalf("exit %d: %s", code, errOut)
		}
	}
}
