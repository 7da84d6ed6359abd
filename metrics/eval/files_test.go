package eval

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits/generic"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// The M2 gold made from corpora's blocks is the M2 scorer's own reading of
// the file (m2.ReadGold), sentence by sentence, on the published M2 files.
func TestM2GoldFromBlocks(t *testing.T) {
	for _, path := range []string{
		testdata.Dir(t, "conll14-errant", "m2", "gold.m2"),
		testdata.Dir(t, "jfleg", "EACL_exp", "m2converter", "test.ref.m2"),
		testdata.Dir(t, "jfleg", "EACL_exp", "m2converter", "dev.ref.m2"),
	} {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := m2.ReadGold(f, path)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := corpora.ReadM2File(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(blocks) != len(want) {
			t.Fatalf("%s: %d blocks, ReadGold %d sentences", path, len(blocks), len(want))
		}
		for i := range blocks {
			if got := m2Gold(&blocks[i]); !reflect.DeepEqual(got, want[i]) {
				t.Fatalf("%s sentence %d:\n got %+v\nwant %+v", path, i+1, got, want[i])
			}
		}
	}
}

// Streaming files gives Score's numbers on the same sentences in memory,
// whatever the batch size, and Each sees every sentence once, in order.
func TestFilesEqualMemory(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"src.txt":  "He go to school every days .\nThe cat sat on mat .\nIt is fine .\nA a a .\n",
		"ref0.txt": "He goes to school every day .\nThe cat sat on the mat .\nIt is fine .\nA a .\n",
		"ref1.txt": "He goes to school each day .\nThe cat sat on a mat .\nIt is fine .\nA a a .\n",
		"sys.txt":  "He goes to school every days .\nThe cat sat on the mat .\nIt is fine !\nA .\n",
		"sys2.txt": "He go to school every day .\nThe cat sat on mat .\nIt is fine .\nA a .\n",
	}
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := func(n string) string { return filepath.Join(dir, n) }
	cfg := Config{Lang: generic.New("en"), Version: "t"}
	set := &TestSet{Source: toks("He go to school every days .", "The cat sat on mat .", "It is fine .", "A a a ."),
		Refs: []Reference{{Name: "ref0", Tokens: toks("He goes to school every day .", "The cat sat on the mat .", "It is fine .", "A a .")},
			{Name: "ref1", Tokens: toks("He goes to school each day .", "The cat sat on a mat .", "It is fine .", "A a a .")}}}
	mem, err := New(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	var want []*Result
	for _, s := range []string{"sys.txt", "sys2.txt"} {
		tf, err := corpora.ReadTextFile(p(s))
		if err != nil {
			t.Fatal(err)
		}
		r, err := mem.Score(System{Name: s, Tokens: tf.Tokens})
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, r)
	}
	for _, batch := range []int{1, 3, 0} {
		fs, err := OpenFiles(corpora.TestSetOptions{Source: p("src.txt"), Refs: []string{p("ref0.txt"), p("ref1.txt")}, Hyps: []string{p("sys.txt"), p("sys2.txt")}})
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		// The files' kinds for the signature, as the CLI sets them; the
		// test set in memory knows its references' kind only.
		fcfg := cfg
		fcfg.RefKind, _ = fs.Kinds()
		ev := NewEvaluator(fcfg, fs.References())
		got, err := ev.Run(context.Background(), fs, fs.Systems(), RunOptions{Batch: batch, Rows: true, Each: func(i int, sc []SentenceScore) error {
			if i != seen || len(sc) != 2 {
				t.Errorf("Each(%d, %d scores) after %d sentences", i, len(sc), seen)
			}
			seen++
			return nil
		}})
		fs.Close()
		if err != nil {
			t.Fatal(err)
		}
		if seen != 4 || ev.Signature() != mem.Signature() {
			t.Errorf("batch %d: %d sentences seen; signature %s, want %s", batch, seen, ev.Signature(), mem.Signature())
		}
		for k, r := range got {
			w := want[k]
			if r.Name != w.Name || r.M2.F != w.M2.F || r.M2.Correct != w.M2.Correct || r.ERRANT.Counts != w.ERRANT.Counts ||
				r.GLEU.Mean != w.GLEU.Mean || !reflect.DeepEqual(r.GLEU.Iterations, w.GLEU.Iterations) {
				t.Errorf("batch %d, %s: got M2 %+v ERRANT %+v GLEU %v; want %+v %+v %v", batch, r.Name, *r.M2, r.ERRANT.Counts, r.GLEU.Mean, *w.M2, w.ERRANT.Counts, w.GLEU.Mean)
			}
			if !reflect.DeepEqual(r.Rows.M2.Rows(), w.M2.Rows()) || !reflect.DeepEqual(r.Rows.GLEU.Rows(), w.GLEU.Corpus().Rows()) || !reflect.DeepEqual(r.Rows.ERRANT.Rows(), w.ERRANT.Corpus().Rows()) ||
				r.Rows.M2.Total() != w.M2.Corpus().Total() || r.Rows.ERRANT.Total() != w.ERRANT.Corpus().Total() || r.Rows.GLEU.Total() != w.GLEU.Corpus().Total() {
				t.Errorf("batch %d, %s: rows differ", batch, r.Name)
			}
		}
	}
	if want[0].M2.F == want[1].M2.F || want[0].ERRANT.Counts.TP == 0 {
		t.Errorf("the systems do not test much: %+v %+v", *want[0].M2, *want[1].M2)
	}
}

// ReadTestSet holds in memory what Files streams: scoring its systems with
// Score gives the streamed numbers (CoNLL-2014, the two-annotator M2 gold).
func TestReadTestSetEqualsFiles(t *testing.T) {
	dir := testdata.Dir(t, "conll14-errant")
	opt := corpora.TestSetOptions{Refs: []string{filepath.Join(dir, "m2", "gold.m2")},
		Hyps: []string{filepath.Join(dir, "text", "AMU.txt"), filepath.Join(dir, "text", "IPN.txt")}}
	cfg := Config{Lang: generic.New("en"), GLEU: gleuOptions(20)}
	set, systems, err := ReadTestSet(opt)
	if err != nil {
		t.Fatal(err)
	}
	mem, err := New(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := OpenFiles(opt)
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Close()
	streamed, err := NewEvaluator(cfg, fs.References()).Run(context.Background(), fs, fs.Systems(), RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for k, sys := range systems {
		got, err := mem.Score(sys)
		if err != nil {
			t.Fatal(err)
		}
		w := streamed[k]
		if got.Name != w.Name || got.M2.F != w.M2.F || got.M2.Correct != w.M2.Correct || got.ERRANT.Counts != w.ERRANT.Counts || got.GLEU.Mean != w.GLEU.Mean {
			t.Errorf("%s: in memory M2 %v ERRANT %v GLEU %v; streamed %v %v %v", sys.Name, got.M2.F, got.ERRANT.Counts, got.GLEU.Mean, w.M2.F, w.ERRANT.Counts, w.GLEU.Mean)
		}
	}
	if streamed[0].M2.Correct == 0 || len(set.Refs) != 2 {
		t.Errorf("%d references, M2 %+v", len(set.Refs), *streamed[0].M2)
	}
}

func gleuOptions(iters int) gleu.Options { return gleu.Options{Iterations: iters} }
