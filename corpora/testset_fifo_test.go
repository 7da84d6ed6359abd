//go:build unix

package corpora

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestTestSetReadsPipes is the audit's case `eval --hyp <(cat f)`: a
// pipe can be read once, and the test set opened it twice (the reader
// and the sample of the raw-text policy), so that the second saw nothing
// ("empty input") or, past the first reader's 64 KiB of buffer, stole
// the lines the first should read. Hypotheses and an M2 reference given
// as FIFOs, 5,000 lines (well past 64 KiB), read like the regular files.
func TestTestSetReadsPipes(t *testing.T) {
	dir := t.TempDir()
	var hyp, m2 strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&hyp, "sentence number %d is here .\n", i)
		fmt.Fprintf(&m2, "S sentence number %d is there .\nA 4 5|||R:OTHER|||here|||REQUIRED|||-NONE-|||0\nA 4 5|||R:OTHER|||here|||REQUIRED|||-NONE-|||3\n\n", i)
	}
	regHyp, regM2 := filepath.Join(dir, "hyp.txt"), filepath.Join(dir, "gold.m2")
	os.WriteFile(regHyp, []byte(hyp.String()), 0o644)
	os.WriteFile(regM2, []byte(m2.String()), 0o644)
	fifo := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
		go func() {
			f, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			f.WriteString(data)
			f.Close()
		}()
		return p
	}
	_, want, err := readAll(t, TestSetOptions{Refs: []string{regM2}, Hyps: []string{regHyp}})
	if err != nil {
		t.Fatal(err)
	}
	pipeHyp, pipeM2 := fifo("hyp.fifo", hyp.String()), fifo("gold.m2.fifo", m2.String())
	ts, got, err := readAll(t, TestSetOptions{Refs: []string{pipeM2}, Hyps: []string{pipeHyp}})
	if err != nil {
		t.Fatalf("FIFO inputs: %v", err)
	}
	if len(got) != 5000 || len(got) != len(want) {
		t.Fatalf("%d sentences from FIFOs, %d from files, want 5000", len(got), len(want))
	}
	if !slices.Equal(ts.Refs[0].Coders, []int{0, 3}) {
		t.Errorf("coders of the M2 FIFO: %v, want [0 3]", ts.Refs[0].Coders)
	}
	for i := range got {
		if !slices.Equal(got[i].Hyps[0].Tokens, want[i].Hyps[0].Tokens) || !slices.Equal(got[i].Source, want[i].Source) {
			t.Fatalf("sentence %d: %q / %q, want %q / %q", i+1, got[i].Source, got[i].Hyps[0].Tokens, want[i].Source, want[i].Hyps[0].Tokens)
		}
	}
	// An empty pipe is still empty input.
	_, _, err = readAll(t, TestSetOptions{Refs: []string{regM2}, Hyps: []string{fifo("empty.fifo", "")}})
	if err == nil || !strings.Contains(err.Error(), "the file has no sentences") {
		t.Errorf("empty FIFO: %v", err)
	}
}
