package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func TestMain(m *testing.M) { ptest.Main(m) }

var systems = []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"}

// repoRoot is the core module's folder: the parent of this module's.
func repoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// dataDir finds the shared data as the core's tests do: GECMETRIC_DATA, or
// ../shared/data beside the repository.
func dataDir(t testing.TB, elem ...string) string {
	t.Helper()
	root := os.Getenv("GECMETRIC_DATA")
	if root == "" {
		root = filepath.Join(repoRoot(t), "..", "shared", "data")
	}
	d := filepath.Join(append([]string{root}, elem...)...)
	if _, err := os.Stat(d); err != nil {
		t.Skipf("shared data not found (%v): set GECMETRIC_DATA or put it in ../shared/data beside the repository", err)
	}
	return d
}

// gecmetric builds the core command once per test binary and runs it.
var gecmetricBin string

func gecmetric(t *testing.T, args ...string) []byte {
	t.Helper()
	if gecmetricBin == "" {
		dir, err := os.MkdirTemp("", "gecmetric-bin")
		if err != nil {
			t.Fatal(err)
		}
		bin := filepath.Join(dir, "gecmetric")
		if out, err := exec.Command("go", "build", "-C", repoRoot(t), "-o", bin, "./cmd/gecmetric").CombinedOutput(); err != nil {
			t.Fatalf("building gecmetric: %v\n%s", err, out)
		}
		gecmetricBin = bin
	}
	var stderr bytes.Buffer
	cmd := exec.Command(gecmetricBin, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gecmetric %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// shard splits a file into pieces at the given sentence numbers (for M2,
// blocks), writing dir/name-00.ext, -01, ..., and returns their glob.
func shard(t *testing.T, path, dir string, cuts ...int) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sep := "\n"
	if strings.HasSuffix(path, ".m2") {
		sep = "\n\n"
	}
	units := strings.SplitAfter(string(data), sep)
	if units[len(units)-1] == "" {
		units = units[:len(units)-1]
	}
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(filepath.Base(path), ext)
	prev := 0
	for k, c := range append(cuts, len(units)) {
		name := filepath.Join(dir, fmt.Sprintf("%s-%02d%s", base, k, ext))
		if err := os.WriteFile(name, []byte(strings.Join(units[prev:c], "")), 0o644); err != nil {
			t.Fatal(err)
		}
		prev = c
	}
	return filepath.Join(dir, base+"-*"+ext)
}

// input is an Input of the files matching glob, as the command makes it.
func input(t *testing.T, glob string) Input {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: %v (%d files)", glob, err, len(files))
	}
	in := Input{Name: glob, Format: Text, Files: files}
	if strings.HasSuffix(glob, ".m2") {
		in.Format = M2
	}
	return in
}

// runPipeline runs the pipeline on Prism and returns its report.
func runPipeline(t *testing.T, cfg Config, out Outputs) *Report {
	t.Helper()
	if out.Report == "" {
		out.Report = filepath.Join(t.TempDir(), "report.json")
	}
	p, s := beam.NewPipelineWithRoot()
	if err := Build(s, cfg, out, Version); err != nil {
		t.Fatal(err)
	}
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	data, err := ReadFile(context.Background(), out.Report)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := ParseReport(data)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// evalJSON is `gecmetric eval --json`'s output.
type evalJSON struct {
	Signature string
	Systems   []struct {
		Name   string
		M2     struct{ P, R, F float64 }
		ERRANT struct {
			TP, FP, FN int64
			P, R, F    float64
		}
		GLEU struct {
			Score, Std float64
			CI         [2]*float64
		}
	}
}

// sameAsEval checks that the report has `gecmetric eval`'s numbers,
// bit for bit, and its signature.
func sameAsEval(t *testing.T, rep *Report, evalArgs ...string) {
	t.Helper()
	var want evalJSON
	if err := json.Unmarshal(gecmetric(t, append([]string{"eval", "--json"}, evalArgs...)...), &want); err != nil {
		t.Fatal(err)
	}
	if rep.Signature != want.Signature {
		t.Errorf("signature\n%s\nwant\n%s", rep.Signature, want.Signature)
	}
	if len(rep.Systems) != len(want.Systems) {
		t.Fatalf("%d systems, eval %d", len(rep.Systems), len(want.Systems))
	}
	for i, w := range want.Systems {
		g := rep.Systems[i]
		if g.M2 == nil || g.ERRANT == nil || g.GLEU == nil {
			t.Fatalf("%s: a metric is missing: %+v", g.Name, g)
		}
		got := fmt.Sprintf("M2 %v %v %v ERRANT %d %d %d %v %v %v GLEU %v %v", g.M2.P, g.M2.R, g.M2.F,
			g.ERRANT.TP, g.ERRANT.FP, g.ERRANT.FN, g.ERRANT.P, g.ERRANT.R, g.ERRANT.F, g.GLEU.Score, g.GLEU.Std)
		exp := fmt.Sprintf("M2 %v %v %v ERRANT %d %d %d %v %v %v GLEU %v %v", w.M2.P, w.M2.R, w.M2.F,
			w.ERRANT.TP, w.ERRANT.FP, w.ERRANT.FN, w.ERRANT.P, w.ERRANT.R, w.ERRANT.F, w.GLEU.Score, w.GLEU.Std)
		if got != exp || !strings.HasPrefix(g.Name, strings.TrimSuffix(w.Name, ".txt")) {
			t.Errorf("%s:\n got %s\nwant %s (%s)", g.Name, got, exp, w.Name)
		} else {
			t.Logf("%s: %s", w.Name, got)
		}
	}
}

// TestCoNLLGoldM2Sharded scores the six CoNLL-2014 systems against the
// two-annotator gold M2 on Prism, every file cut into shards at different
// places, and finds `gecmetric eval`'s numbers exactly.
func TestCoNLLGoldM2Sharded(t *testing.T) {
	d := dataDir(t, "conll14-errant")
	tmp := t.TempDir()
	cfg := Config{Metrics: []string{"m2", "errant", "gleu"}}
	cfg.Refs = []Input{input(t, shard(t, filepath.Join(d, "m2", "gold.m2"), tmp, 400, 401, 900))}
	args := []string{"--ref", filepath.Join(d, "m2", "gold.m2")}
	for k, s := range systems {
		p := filepath.Join(d, "text", s+".txt")
		cfg.Hyps = append(cfg.Hyps, input(t, shard(t, p, tmp, 100+k*97, 700+k, 1200)))
		args = append(args, "--hyp", p)
	}
	rep := runPipeline(t, cfg, Outputs{})
	if rep.Sentences != 1312 {
		t.Errorf("%d sentences, want 1312", rep.Sentences)
	}
	sameAsEval(t, rep, args...)
}

// TestCoNLLTextReferences scores the six systems against the two text
// references (edits extracted) and finds `gecmetric eval`'s numbers, and
// writes the systems' edits exactly as `gecmetric edits` does.
func TestCoNLLTextReferences(t *testing.T) {
	d := dataDir(t, "conll14-errant", "text")
	tmp := t.TempDir()
	src := filepath.Join(d, "source.txt")
	cfg := Config{Metrics: []string{"m2", "errant", "gleu"}, Edits: true,
		Source: &Input{Name: src, Format: Text, Files: []string{src}}}
	args := []string{"--source", src}
	for _, r := range []string{"ref0.txt", "ref1.txt"} {
		p := filepath.Join(d, r)
		cfg.Refs = append(cfg.Refs, Input{Name: p, Format: Text, Files: []string{p}})
		args = append(args, "--ref", p)
	}
	editsArgs := []string{"edits", "--source", src}
	for _, s := range systems {
		p := filepath.Join(d, s+".txt")
		cfg.Hyps = append(cfg.Hyps, Input{Name: p, Format: Text, Files: []string{p}})
		args = append(args, "--hyp", p)
		editsArgs = append(editsArgs, "--target", p)
	}
	prefix := filepath.Join(tmp, "edits")
	rep := runPipeline(t, cfg, Outputs{EditsPrefix: prefix, ChunkSize: 500})
	sameAsEval(t, rep, args...)

	// The M2 output, concatenated in name order, is `gecmetric edits`'s.
	parts, _ := filepath.Glob(prefix + "-*.m2")
	if len(parts) != 3 {
		t.Fatalf("%d M2 files, want 3 (1312 sentences in chunks of 500)", len(parts))
	}
	var got []byte
	for _, p := range parts {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b...)
	}
	if want := gecmetric(t, editsArgs...); !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("M2 output differs from `gecmetric edits` at line %d:\n got %q\nwant %q", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("M2 output: %d lines, `gecmetric edits` %d", len(gl), len(wl))
	}

	// The per-type counts add up to the edits written for each system.
	var all int64
	for h, s := range rep.Systems {
		var n int64
		for _, c := range s.Types {
			n += c
		}
		lines := int64(bytes.Count(got, []byte(fmt.Sprintf("|||%d\n", h)))) - int64(bytes.Count(got, []byte(fmt.Sprintf("noop|||-NONE-|||REQUIRED|||-NONE-|||%d\n", h))))
		if n != lines {
			t.Errorf("%s: %d edits by type, %d edit lines in the M2", s.Name, n, lines)
		}
		all += n
	}
	if all < 5000 {
		t.Errorf("%d edits in all: too few to test the counts", all)
	}
}

// TestCoNLLJudge judges the six systems against the text references and
// finds the per-system means of `gecmetric judge --json`, up to the order
// of summation (gecmetric sums pairwise, the pipeline's combiners in
// any order).
func TestCoNLLJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("judges 7,872 outputs")
	}
	d := dataDir(t, "conll14-errant", "text")
	src := filepath.Join(d, "source.txt")
	cfg := Config{Judge: true, Source: &Input{Name: src, Format: Text, Files: []string{src}}}
	// --no-input: judge's report also judges the unchanged input, which
	// the pipeline does not.
	args := []string{"judge", "--json", "--no-input", "--source", src}
	for _, r := range []string{"ref0.txt", "ref1.txt"} {
		p := filepath.Join(d, r)
		cfg.Refs = append(cfg.Refs, Input{Name: p, Format: Text, Files: []string{p}})
		args = append(args, "--ref", p)
	}
	for _, s := range systems {
		p := filepath.Join(d, s+".txt")
		cfg.Hyps = append(cfg.Hyps, Input{Name: p, Format: Text, Files: []string{p}})
		args = append(args, "--hyp", p)
	}
	rep := runPipeline(t, cfg, Outputs{})
	var want struct {
		Systems []struct {
			Name   string
			Scores map[string]struct{ Mean float64 }
		}
	}
	if err := json.Unmarshal(gecmetric(t, args...), &want); err != nil {
		t.Fatal(err)
	}
	worst := 0.0
	for i, w := range want.Systems {
		g := rep.Systems[i].Judge
		if len(g) != len(w.Scores) || len(g) == 0 {
			t.Fatalf("%s: quantities %v, judge %v", w.Name, g, w.Scores)
		}
		for q, ws := range w.Scores {
			diff := math.Abs(g[q] - ws.Mean)
			worst = max(worst, diff)
			if diff > 1e-12 {
				t.Errorf("%s %s: mean %v, judge %v", w.Name, q, g[q], ws.Mean)
			}
		}
	}
	t.Logf("largest difference from `gecmetric judge` means: %g", worst)
}
