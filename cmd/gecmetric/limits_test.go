package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// endlessInput repeats a line forever, like `yes`.
type endlessInput struct {
	line string
	off  int
}

func (e *endlessInput) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.line[e.off]
		e.off = (e.off + 1) % len(e.line)
	}
	return len(p), nil
}

// boundsFixture writes a one-sentence test set: gold.m2 (its sentence has
// two identical gold edits), its source, a hypothesis, a target with a
// token M2 cannot hold, and big.m2, whose one sentence has 10,001 edits.
func boundsFixture(t *testing.T) string {
	var big strings.Builder
	big.WriteString("S This are a test .\n")
	for i := range 10001 {
		fmt.Fprintf(&big, "A 3 4|||R:NOUN|||t%d|||REQUIRED|||-NONE-|||0\n", i)
	}
	big.WriteString("\n")
	return writeFiles(t, map[string]string{
		"gold.m2": "S This are a test .\n" +
			"A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n" +
			"A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n\n",
		"src.txt":  "This are a test .\n",
		"hyp.txt":  "This is a test .\n",
		"pipe.txt": "This a|||b a test .\n",
		"big.m2":   big.String(),
	})
}

// TestBounds is the table of docs/limits.md: every input, count flag and
// meaningless value the audit of issue 37 found unbounded is refused with
// exit 2, a message naming the file (and line) or the flag and the
// limit, and the hint of the flag that raises an input limit; what was
// right stays right. Each case ran before the bounds as the comment says.
func TestBounds(t *testing.T) {
	dir := boundsFixture(t)
	p := func(name string) string { return filepath.Join(dir, name) }
	huge := "4611686018427387904" // 2^62
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  []string // in stderr (stdout for exit 0)
	}{
		// Before: grew ~160 MB/s without end; after: 82 MB, 0.3 s CPU.
		{"eval --hyp /dev/zero", "", []string{"eval", "--ref", p("gold.m2"), "--hyp", "/dev/zero"}, 2,
			[]string{"error: /dev/zero:1: line too long: the line is longer than 16777216 bytes", "hint: --max-line-bytes raises the limit"}},
		{"judge --hyp /dev/zero", "", []string{"judge", "--source", p("src.txt"), "--hyp", "/dev/zero"}, 2,
			[]string{"error: /dev/zero:1: line too long"}},
		{"eval --ref /dev/zero", "", []string{"eval", "--source", p("src.txt"), "--ref", "/dev/zero", "--hyp", p("hyp.txt")}, 2,
			[]string{"error: /dev/zero:1: line too long"}},
		{"eval /dev/zero past --max-input-bytes", "", []string{"eval", "--ref", p("gold.m2"), "--hyp", "/dev/zero", "--max-input-bytes", "1MiB", "--max-line-bytes", "2MiB"}, 2,
			[]string{"error: /dev/zero: input too large: the file goes on past 1048576 bytes", "hint: --max-input-bytes raises the limit"}},
		// Before: 10M edits on one sentence, 102 s and 16.2 GB.
		{"10,001 edits on a sentence", "", []string{"eval", "--ref", p("big.m2"), "--hyp", p("hyp.txt"), "--metrics", "m2"}, 2,
			[]string{"error: " + p("big.m2") + ":10002:1: too many edits: the sentence of line 1 has more edits than the limit of 10000", "hint: --max-edits raises the limit"}},
		{"--max-edits raised", "", []string{"eval", "--ref", p("big.m2"), "--hyp", p("hyp.txt"), "--metrics", "m2", "--max-edits", "20000"}, 0,
			[]string{"hyp     0.0000  0.0000  0.0000"}},
		// Before: P 2.0000, F0.5 1.6667 and no word about it.
		{"identical gold edits", "", []string{"eval", "--ref", p("gold.m2"), "--hyp", p("hyp.txt"), "--metrics", "m2"}, 0,
			[]string{"hyp     2.0000  1.0000  1.6667"}},
		// Before: an M2 line the reader refuses ("7 |||-separated fields").
		{"||| in a correction", "", []string{"edits", "--source", p("src.txt"), "--target", p("pipe.txt")}, 2,
			[]string{"error: " + p("pipe.txt") + ":1: the correction cannot be written as M2: the token \"a|||b\" holds \"||\""}},
		// Before: panic: makeslice, or fatal error: out of memory.
		{"--gleu-iter 2^62", "", []string{"eval", "--gleu-iter", huge}, 2, []string{"error: --gleu-iter " + huge + ": want 1 to 100,000"}},
		{"--gleu-iter 1e10", "", []string{"eval", "--gleu-iter", "10000000000"}, 2, []string{"error: --gleu-iter 10000000000: want 1 to 100,000"}},
		{"--confidence-n 2^62", "", []string{"eval", "--confidence-n", huge}, 2, []string{"error: --confidence-n " + huge + ": want 1 to 1,000,000"}},
		{"compare --resamples 2^62", "", []string{"compare", "--resamples", huge}, 2, []string{"error: --resamples " + huge + ": want 0 to 1,000,000"}},
		{"correlate --resamples 2^62", "", []string{"correlate", "--resamples", huge}, 2, []string{"error: --resamples " + huge + ": want 0 to 1,000,000"}},
		{"meta-eval --resamples 2^62", "", []string{"meta-eval", "--resamples", huge}, 2, []string{"error: --resamples " + huge + ": want 0 to 1,000,000"}},
		{"--trueskill-runs 2^62", "", []string{"meta-eval", "--trueskill-runs", huge}, 2, []string{"error: --trueskill-runs " + huge + ": want 1 to 100,000"}},
		// Before: 0 silently meant 10,000 and -2 no limit.
		{"--max-tokens 0", "", []string{"eval", "--max-tokens", "0"}, 2, []string{"error: --max-tokens 0: want 1 to 10,000,000, or -1 for no limit"}},
		{"--max-tokens -2", "", []string{"judge", "--max-tokens", "-2"}, 2, []string{"error: --max-tokens -2: want 1 to 10,000,000, or -1 for no limit"}},
		// Before: accepted; 1e9 retries went on retrying a dead server.
		{"--llm-timeout -5s", "", []string{"judge", "--llm-timeout", "-5s"}, 2, []string{"error: --llm-timeout -5s: want 1ms to 24h0m0s"}},
		{"--llm-retries -1", "", []string{"judge", "--llm-retries", "-1"}, 2, []string{"error: --llm-retries -1: want 0 to 20"}},
		{"--llm-retries 1e9", "", []string{"judge", "--llm-retries", "1000000000"}, 2, []string{"error: --llm-retries 1000000000: want 0 to 20"}},
		// Before: F printed as "-", --json failed on NaN.
		{"--beta 1e160", "", []string{"eval", "--beta", "1e160"}, 2, []string{"error: --beta 1e160: want more than 0, at most 100"}},
		{"--beta 0", "", []string{"meta-eval", "--beta", "0"}, 2, []string{"error: --beta 0: want more than 0"}},
		{"--max-input-bytes 0", "", []string{"eval", "--max-input-bytes", "0"}, 2, []string{"error: --max-input-bytes 0: want a size from 1 byte"}},
		{"--max-edits 0", "", []string{"edits", "--max-edits", "0"}, 2, []string{"error: --max-edits 0: want 1 to 100,000,000"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := gecmetric(t, tt.stdin, tt.args...)
			got := errOut
			if tt.code == 0 {
				got = out
			}
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("output %q lacks %q", got, w)
				}
			}
		})
	}
	// The identical gold edits are scored as the M2 scorer scores them,
	// with a warning naming the file and line.
	_, errOut, _ := gecmetric(t, "", "eval", "--ref", p("gold.m2"), "--hyp", p("hyp.txt"), "--metrics", "m2")
	if want := "warning: " + p("gold.m2") + ":3: 1 edit repeats an edit of the same annotator on the same sentence"; !strings.Contains(errOut, want) {
		t.Errorf("stderr %q lacks %q", errOut, want)
	}
}

// TestDevZeroCost: /dev/zero as --hyp is refused quickly and within
// bounded memory. Measured: 0.3 s of CPU, 82 MB peak RSS (/usr/bin/time
// -v, docs/limits.md) and about 50 MB allocated in-process; the
// thresholds (5 s on a loaded machine, 300 MB allocated) leave a margin.
func TestDevZeroCost(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	dir := boundsFixture(t)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, errOut, code := gecmetric(t, "", "eval", "--ref", filepath.Join(dir, "gold.m2"), "--hyp", "/dev/zero")
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	alloc := (after.TotalAlloc - before.TotalAlloc) >> 20
	if code != 2 || !strings.Contains(errOut, "/dev/zero:1: line too long") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if took > 5*time.Second || alloc > 300 {
		t.Errorf("refused after %v having allocated %d MB; want under 5 s and 300 MB", took, alloc)
	}
	t.Logf("refused in %v, %d MB allocated", took, alloc)
}

// TestStdinBounded: an endless standard input is copied up to
// --max-input-bytes and refused, its copy removed.
func TestStdinBounded(t *testing.T) {
	dir := boundsFixture(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"gecmetric", "eval", "--ref", filepath.Join(dir, "gold.m2"), "--hyp", "-", "--max-input-bytes", "1MiB"},
		&endlessInput{line: "This is a test .\n"}, &out, &errb)
	if want := "error: -: input too large: standard input goes on past 1048576 bytes"; code != 2 || !strings.Contains(errb.String(), want) || !strings.Contains(errb.String(), "hint: --max-input-bytes") {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, errb.String(), want)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "gecmetric-*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestStdinCopyRemovedOnSIGTERM: SIGTERM while standard input is being
// copied (`--hyp -` fed without end) removes the copy; before, the file
// stayed behind. The command runs in a child process (this test binary,
// TestHelperStdinCopy), fed by a pipe that never closes.
func TestStdinCopyRemovedOnSIGTERM(t *testing.T) {
	if os.Getenv("GECMETRIC_HELPER_STDIN") != "" {
		t.Skip("the helper's own run")
	}
	dir := boundsFixture(t)
	tmp := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperStdinCopy$")
	cmd.Env = append(os.Environ(), "GECMETRIC_HELPER_STDIN="+filepath.Join(dir, "gold.m2"), "TMPDIR="+tmp)
	w, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		line := bytes.Repeat([]byte("This is a test .\n"), 4096)
		for {
			if _, err := w.Write(line); err != nil {
				return
			}
		}
	}()
	// Wait for the copy to exist and grow, then stop the command.
	var copyPath string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		m, _ := filepath.Glob(filepath.Join(tmp, "gecmetric-stdin-*"))
		if len(m) == 1 {
			if fi, err := os.Stat(m[0]); err == nil && fi.Size() > 1<<20 {
				copyPath = m[0]
				break
			}
		}
	}
	if copyPath == "" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("the copy of standard input never appeared")
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err = cmd.Wait()
	w.Close()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("the command ended with %v, want the SIGTERM", err)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "gecmetric-*")); len(left) > 0 {
		t.Errorf("left behind after SIGTERM: %v", left)
	}
}

// TestHelperStdinCopy is the child of TestStdinCopyRemovedOnSIGTERM.
func TestHelperStdinCopy(t *testing.T) {
	gold := os.Getenv("GECMETRIC_HELPER_STDIN")
	if gold == "" {
		t.Skip("run by TestStdinCopyRemovedOnSIGTERM")
	}
	os.Exit(run(context.Background(), []string{"gecmetric", "eval", "--ref", gold, "--hyp", "-", "--metrics", "m2"}, os.Stdin, os.Stdout, os.Stderr))
}

// TestPipedHypothesisStreams is `eval --hyp <(zcat AMU.txt.gz)`: a pipe
// (here a FIFO fed from the gzip) is streamed, not read whole, and scores
// as the file does (M2 F0.5 0.3488 on CoNLL-2014).
func TestPipedHypothesisStreams(t *testing.T) {
	data := testdata.Dir(t, "conll14-errant")
	dir := t.TempDir()
	fifo := filepath.Join(dir, "AMU.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	text, err := os.ReadFile(filepath.Join(data, "text", "AMU.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(text)
	zw.Close()
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		zr, err := gzip.NewReader(&gz)
		if err != nil {
			return
		}
		io.Copy(f, zr)
	}()
	out, errOut, code := gecmetric(t, "", "eval", "--ref", filepath.Join(data, "m2", "gold.m2"), "--hyp", "AMU="+fifo, "--metrics", "m2")
	if code != 0 || !strings.Contains(out, "AMU     0.4181  0.2097  0.3488") {
		t.Errorf("exit %d, stdout %q, stderr %q; want M2 0.4181 0.2097 0.3488", code, out, errOut)
	}
}
