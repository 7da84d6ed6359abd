package pipeline

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
)

func TestSortShards(t *testing.T) {
	var parts []string
	for i := 1; i <= 12; i++ {
		parts = append(parts, fmt.Sprintf("/d/part-%d.txt", i))
	}
	for _, tc := range []struct {
		name string
		in   []string
		want []string
		err  string
	}{
		{name: "part-1 to part-12", in: parts, want: parts},
		{name: "zero-padded", in: []string{"s-010", "s-002", "s-001"}, want: []string{"s-001", "s-002", "s-010"}},
		{name: "two numbers", in: []string{"x2-10", "x10-1", "x2-9"}, want: []string{"x2-9", "x2-10", "x10-1"}},
		{name: "letters", in: []string{"b-1", "a-2", "a-10"}, want: []string{"a-2", "a-10", "b-1"}},
		{name: "numbered alike", in: []string{"/d/part-1", "/d/part-2", "/d/part-01"}, err: "in: shards part-1 and part-01 are numbered alike: rename them so that their order is clear"},
		{name: "one file", in: []string{"f.txt"}, want: []string{"f.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := slices.Clone(tc.in)
			rand.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
			err := SortShards("in", files)
			if tc.err != "" {
				// part-01 and part-1 may come out in either order.
				if err == nil || !strings.Contains(err.Error(), "are numbered alike") {
					t.Errorf("error %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil || !slices.Equal(files, tc.want) {
				t.Errorf("%v %v, want %v", files, err, tc.want)
			}
		})
	}
}

// numbered writes path's lines into dir/NAME-1.txt ... NAME-n.txt, n
// shards of about equal size, and returns their paths in name order (1,
// 10, 2, ...), as a glob lists them.
func numbered(t *testing.T, path, dir, name string, n int, edit func(string) string) []string {
	t.Helper()
	f, err := corpora.ReadTextFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	per := (len(f.Lines) + n - 1) / n
	for k := range n {
		lines := f.Lines[min(k*per, len(f.Lines)):min((k+1)*per, len(f.Lines))]
		var b strings.Builder
		for _, l := range lines {
			if edit != nil {
				l = edit(l)
			}
			b.WriteString(l + "\n")
		}
		p := filepath.Join(dir, fmt.Sprintf("%s-%d.txt", name, k+1))
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	slices.Sort(files)
	return files
}

// TestNumberedShards is the audit's case: a system split into part-1 ...
// part-10 was read in name order (1, 10, 2, ...): equal line counts, no
// warning, M2 0.3005 instead of 0.3910. Sorted by SortShards, the
// pipeline gives `gecmetric eval`'s numbers on the unsplit file.
func TestNumberedShards(t *testing.T) {
	d := dataDir(t, "conll14-errant")
	tmp := t.TempDir()
	amu := filepath.Join(d, "text", "AMU.txt")
	files := numbered(t, amu, tmp, "part", 10, nil)
	if filepath.Base(files[1]) != "part-10.txt" {
		t.Fatalf("name order %v", files)
	}
	if err := SortShards("part-*.txt", files); err != nil {
		t.Fatal(err)
	}
	if filepath.Base(files[1]) != "part-2.txt" || filepath.Base(files[9]) != "part-10.txt" {
		t.Fatalf("natural order %v", files)
	}
	gold := filepath.Join(d, "m2", "gold.m2")
	cfg := Config{Metrics: []string{"m2", "errant", "gleu"},
		Refs: []Input{{Name: gold, Format: M2, Files: []string{gold}}},
		Hyps: []Input{{Name: filepath.Join(tmp, "AMU"), Format: Text, Files: files}}}
	rep := runPipeline(t, cfg, Outputs{})
	sameAsEval(t, rep, "--ref", gold, "--hyp", amu)
}

// TestRawHypothesis: a raw (untokenised) hypothesis was scored (M2
// 0.1929) where eval refuses it with the hint; the pipeline now applies
// eval's policy: refused, tokenised with Tokenize (eval --tokenize's
// numbers), or let through with a warning.
func TestRawHypothesis(t *testing.T) {
	d := dataDir(t, "conll14-errant")
	tmp := t.TempDir()
	amu := filepath.Join(d, "text", "AMU.txt")
	detok := func(l string) string { return tokenize.Detokenize(strings.Fields(l)) }
	files := numbered(t, amu, tmp, "raw", 3, detok)
	if err := SortShards("raw-*.txt", files); err != nil {
		t.Fatal(err)
	}
	gold := filepath.Join(d, "m2", "gold.m2")
	cfg := func() Config {
		return Config{Metrics: []string{"m2", "errant", "gleu"},
			Refs: []Input{{Name: gold, Format: M2, Files: []string{gold}}},
			Hyps: []Input{{Name: filepath.Join(tmp, "raw-*.txt"), Format: Text, Files: slices.Clone(files)}}}
	}
	c := cfg()
	_, err := ApplyPolicy(t.Context(), &c)
	var re *tokenize.RawError
	if !errors.As(err, &re) || re.File != files[0] || re.Share.First < 1 || !strings.Contains(err.Error(), "raw (untokenised) text against tokenised references") {
		t.Fatalf("raw hypothesis: %v, want a RawError in %s", err, files[0])
	}
	c = cfg()
	c.NoTokenizeCheck = true
	if w, err := ApplyPolicy(t.Context(), &c); err != nil || len(w) != 1 || !strings.Contains(w[0], "is raw text, scored untokenised") || c.Hyps[0].Tokenize {
		t.Errorf("--no-tokenize-check: %v %q", err, w)
	}
	c = cfg()
	c.Tokenize = true
	if w, err := ApplyPolicy(t.Context(), &c); err != nil || len(w) != 0 || !c.Hyps[0].Tokenize || c.Refs[0].Tokenize {
		t.Fatalf("--tokenize: %v %q, hypothesis tokenised %v", err, w, c.Hyps[0].Tokenize)
	}
	// The same numbers as eval --tokenize on the unsplit raw file.
	whole := filepath.Join(tmp, "raw.txt") // named so that eval names it as the pipeline does
	var b strings.Builder
	for _, f := range files {
		data, _ := os.ReadFile(f)
		b.Write(data)
	}
	os.WriteFile(whole, []byte(b.String()), 0o644)
	rep := runPipeline(t, c, Outputs{})
	sameAsEval(t, rep, "--ref", gold, "--hyp", whole, "--tokenize")
}

// TestRawReference: a raw source and raw references (all raw, AMU too)
// were scored untokenised; as eval now, they are refused with a
// RawError naming the source, tokenised with Tokenize, or let through with
// a warning naming them.
func TestRawReference(t *testing.T) {
	d := dataDir(t, "conll14-errant")
	tmp := t.TempDir()
	detok := func(l string) string { return tokenize.Detokenize(strings.Fields(l)) }
	raw := map[string][]string{}
	for _, name := range []string{"source", "ref0", "AMU"} {
		raw[name] = numbered(t, filepath.Join(d, "text", name+".txt"), tmp, name, 1, detok)
	}
	cfg := func() Config {
		in := func(name string) Input {
			return Input{Name: raw[name][0], Format: Text, Files: slices.Clone(raw[name])}
		}
		src := in("source")
		return Config{Metrics: []string{"m2"}, Source: &src, Refs: []Input{in("ref0")}, Hyps: []Input{in("AMU")}}
	}
	c := cfg()
	_, err := ApplyPolicy(t.Context(), &c)
	var re *tokenize.RawError
	if !errors.As(err, &re) || !re.Alone || re.File != raw["source"][0] || !strings.Contains(err.Error(), "raw (untokenised) text:") {
		t.Fatalf("all raw: %v, want a RawError (Alone) in %s", err, raw["source"][0])
	}
	c = cfg()
	c.NoTokenizeCheck = true
	if w, err := ApplyPolicy(t.Context(), &c); err != nil || len(w) != 2 || !strings.Contains(w[0], "is raw text, scored untokenised") {
		t.Errorf("--no-tokenize-check: %v %q", err, w)
	}
	c = cfg()
	c.Tokenize = true
	if w, err := ApplyPolicy(t.Context(), &c); err != nil || len(w) != 0 || !c.Source.Tokenize || !c.Refs[0].Tokenize || !c.Hyps[0].Tokenize {
		t.Errorf("--tokenize: %v %q", err, w)
	}
}
