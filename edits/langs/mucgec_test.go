package langs_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/langs"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/errant"
)

// chars splits Chinese text into characters, white space dropped, as
// ChERRANT's char level does.
func chars(s string) []string {
	var out []string
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\u3000' {
			out = append(out, string(r))
		}
	}
	return out
}

// readTSV reads MuCGEC's id \t source \t text... lines.
func readTSV(t *testing.T, path string) [][]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for sc.Scan() {
		out = append(out, strings.Split(strings.TrimRight(sc.Text(), "\r"), "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMuCGECDev scores MuCGEC dev's published example output from
// parallel text at character level: edits extracted by the zh rules from
// the source and each reference ("没有错误", no error, and "无法标注",
// cannot be annotated, leave the sentence as it is) and from the source
// and the output, then ERRANT's span-based correction, the best reference
// per sentence. MuCGEC publishes TP 1084, FP 1635, FN 3003, F0.5 0.3622
// with ChERRANT's parallel_to_m2.py, whose alignment weighs pinyin and
// glyph similarity, whose merging differs and which converts references
// from traditional to simplified characters; here TP 1177, FP 1694,
// FN 3177, P 0.4100, R 0.2703, F0.5 0.3716 (floor 0.36): every count
// within 9% of ChERRANT's, F0.5 0.0094 above it.
func TestMuCGECDev(t *testing.T) {
	dir := testdata.Dir(t, "multilingual", "zh", "mucgec")
	gold := readTSV(t, dir+"/MuCGEC_dev.txt")
	pred := readTSV(t, dir+"/example_pred_dev.txt")
	if len(gold) != 1137 || len(pred) != 1137 {
		t.Fatalf("%d and %d lines, want 1137", len(gold), len(pred))
	}
	lang, _ := langs.For("zh")
	hyps := make([]errant.Sentence, len(gold))
	refs := make([]errant.Sentence, len(gold))
	annotation := func(coder int, es []edits.Edit) errant.Annotation {
		if len(es) == 0 {
			es = []edits.Edit{edits.Noop()}
		}
		return errant.Annotation{Coder: coder, Edits: es}
	}
	for i, g := range gold {
		if pred[i][0] != g[0] || pred[i][1] != g[1] {
			t.Fatalf("line %d: the output's id or source differs from the gold's", i+1)
		}
		src := lang.Annotate(chars(g[1]))
		for k, r := range g[2:] {
			var es []edits.Edit
			if r != "没有错误" && r != "无法标注" {
				es = edits.Extract(lang, src, lang.Annotate(chars(r)), edits.Options{})
			}
			refs[i] = append(refs[i], annotation(k, es))
		}
		hyps[i] = errant.Sentence{annotation(0, edits.Extract(lang, src, lang.Annotate(chars(pred[i][2])), edits.Options{}))}
	}
	res, err := errant.Compare(hyps, refs, errant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, r, f := res.Score()
	t.Logf("MuCGEC dev, example_pred_dev: TP %d FP %d FN %d P %.4f R %.4f F0.5 %.4f (ChERRANT: 1084 1635 3003, 0.3987 0.2652 0.3622)",
		res.Counts.TP, res.Counts.FP, res.Counts.FN, p, r, f)
	if f < 0.36 {
		t.Errorf("F0.5 %.4f, below the floor 0.36", f)
	}
}
