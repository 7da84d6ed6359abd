package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// conll14Systems are the six CoNLL-2014 outputs in ../shared/data.
var conll14Systems = []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"}

// detokenizeCoNLL14 writes raw versions of the six CoNLL-2014 outputs
// into dir (punctuation joined to the word before it, contractions joined,
// by tokenize.Detokenize) and returns their paths. Set
// GECMETRIC_DETOK_DIR to keep them (e.g. /tmp/detok) for trying commands.
func detokenizeCoNLL14(t *testing.T, root string) []string {
	t.Helper()
	dir := os.Getenv("GECMETRIC_DETOK_DIR")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, sys := range conll14Systems {
		f, err := corpora.ReadTextFile(filepath.Join(root, "conll14-errant", "text", sys+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, toks := range f.Tokens {
			b.WriteString(tokenize.Detokenize(toks))
			b.WriteByte('\n')
		}
		p := filepath.Join(dir, sys+".txt")
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// evalJSON runs `gecmetric eval --json` and returns the scores by system.
func evalJSON(t *testing.T, args ...string) map[string][3]float64 {
	t.Helper()
	var out, errb bytes.Buffer
	args = append([]string{"gecmetric", "eval", "--json"}, args...)
	if code := run(context.Background(), args, nil, &out, &errb); code != 0 {
		t.Fatalf("%s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	var res struct {
		Systems []jsonSystem `json:"systems"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	scores := map[string][3]float64{}
	for _, s := range res.Systems {
		scores[strings.TrimSuffix(s.Name, ".txt")] = [3]float64{s.M2.F, s.ERRANT.F, s.GLEU.Score}
	}
	return scores
}

// TestRawTextCoNLL14 is the raw-text table of issue 13: the detokenised
// six CoNLL-2014 outputs scored with --tokenize against gold.m2 give M2,
// ERRANT and GLEU within 0.005 of the tokenised files' scores, and
// without --tokenize stop with exit status 2. -v prints the table.
func TestRawTextCoNLL14(t *testing.T) {
	root := testdata.Root()
	if root == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("../shared/data is missing")
		}
		testdata.SkipData(t, "../shared/data is missing: skipping the raw-text CoNLL-2014 table")
	}
	gold := filepath.Join(root, "conll14-errant", "m2", "gold.m2")
	raw := detokenizeCoNLL14(t, root)
	var tokArgs, rawArgs []string
	for k, sys := range conll14Systems {
		tokArgs = append(tokArgs, "--hyp", filepath.Join(root, "conll14-errant", "text", sys+".txt"))
		rawArgs = append(rawArgs, "--hyp", raw[k])
	}
	want := evalJSON(t, append([]string{"--ref", gold}, tokArgs...)...)
	got := evalJSON(t, append([]string{"--ref", gold, "--tokenize"}, rawArgs...)...)
	var table strings.Builder
	fmt.Fprintf(&table, "| system | M2 F0.5 tokenised | raw + --tokenize | ERRANT F0.5 tokenised | raw + --tokenize | GLEU tokenised | raw + --tokenize |\n|---|---|---|---|---|---|---|\n")
	for _, sys := range conll14Systems {
		w, g := want[sys], got[sys]
		fmt.Fprintf(&table, "| %s | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f |\n", sys, w[0], g[0], w[1], g[1], w[2], g[2])
		for m, name := range []string{"M2", "ERRANT", "GLEU"} {
			if d := math.Abs(g[m] - w[m]); d > 0.005 {
				t.Errorf("%s %s: raw with --tokenize %.4f, tokenised %.4f (|Δ| %.4f > 0.005)", sys, name, g[m], w[m], d)
			}
		}
	}
	t.Logf("raw-text table:\n%s", table.String())

	var out, errb bytes.Buffer
	args := append([]string{"gecmetric", "eval", "--ref", gold}, rawArgs...)
	if code := run(context.Background(), args, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "hint: add --tokenize") {
		t.Errorf("raw hypotheses without --tokenize: exit %d, stderr\n%s\nwant exit 2 and the --tokenize hint", code, errb.String())
	}
}
