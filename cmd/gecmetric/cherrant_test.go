package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// TestChERRANTScorer scores ChERRANT's demo hypothesis M2 against its
// reference M2, at character and word level, with every option of
// ChERRANT's compare_m2_for_evaluation.py (none, -ds, -dt, -cse, -cat 1,
// 2, 3), and compares the output with the scorer's own, byte for byte
// (14 files; char level, no option: TP 8, FP 19, FN 35, F0.5 0.2649, as
// ChERRANT's README publishes). The hypothesis M2's full-width
// punctuation is accepted beside the reference's half-width (the blocks
// have ChERRANT's target lines and as many tokens).
func TestChERRANTScorer(t *testing.T) {
	dir := testdata.Dir(t, "multilingual", "zh")
	for _, level := range []string{"char", "word"} {
		for _, opt := range []struct{ name, flag, value string }{
			{"", "", ""}, {"ds", "--errant-mode", "ds"}, {"dt", "--errant-mode", "dt"}, {"cse", "--errant-mode", "cse"},
			{"cat1", "--errant-cat", "1"}, {"cat2", "--errant-cat", "2"}, {"cat3", "--errant-cat", "3"},
		} {
			name := "demo-" + level
			if opt.name != "" {
				name += "." + opt.name
			}
			t.Run(name, func(t *testing.T) {
				want, err := os.ReadFile(filepath.Join(dir, "golden-cherrant", name+".txt"))
				if err != nil {
					t.Fatal(err)
				}
				args := []string{"eval", "--ref", filepath.Join(dir, "cherrant-samples", "demo.ref.m2."+level),
					"--hyp", filepath.Join(dir, "cherrant-samples", "demo.hyp.m2."+level), "--metrics", "errant", "--format", "errant"}
				if opt.flag != "" {
					args = append(args, opt.flag, opt.value)
				}
				out, errOut, code := gecmetric(t, "", args...)
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errOut)
				}
				if out != string(want) {
					t.Errorf("output differs from ChERRANT's:\n%s\nwant:\n%s", out, want)
				}
			})
		}
	}
}
