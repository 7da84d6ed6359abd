package corpora

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// readShared reads a shared M2 file, checks that it is written back byte
// for byte, and returns its blocks.
func readShared(t *testing.T, elem ...string) []M2Block {
	t.Helper()
	p := testdata.Dir(t, append([]string{"multilingual"}, elem...)...)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := ReadM2(bytes.NewReader(data), p)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteM2(&buf, blocks); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(data, []byte("\n")) {
		data = append(data, '\n') // written back with a final line break
	}
	if !bytes.Equal(buf.Bytes(), data) {
		t.Errorf("%s: not written back byte for byte", p)
	}
	return blocks
}

// TestM2DocHeaders reads UA-GEC's M2, whose every document opens with a
// pseudo-sentence "S # NNNN" with a noop for both coders (166 per layer;
// README: 2,862 - 166 = 2,696 real sentences in gec-only, 2,690 in
// gec-fluency); the six real sentences that begin with "# " are not
// headers.
func TestM2DocHeaders(t *testing.T) {
	for _, tt := range []struct {
		layer        string
		blocks, real int
	}{{"gec-only", 2862, 2696}, {"gec-fluency", 2856, 2690}} {
		t.Run(tt.layer, func(t *testing.T) {
			blocks := readShared(t, "uk", tt.layer, tt.layer+".test.m2")
			headers, hashReal := 0, 0
			docs := map[string]bool{}
			for i, b := range blocks {
				if b.Header {
					headers++
					if b.Doc != b.Source[1] {
						t.Errorf("header %q has Doc %q", b.SourceLine(), b.Doc)
					}
				} else if len(b.Source) > 0 && b.Source[0] == "#" {
					hashReal++
				}
				if b.Doc == "" {
					t.Fatalf("block %d (line %d) has no document", i, b.Line)
				}
				docs[b.Doc] = true
			}
			if headers != 166 || len(docs) != 166 || len(blocks) != tt.blocks || len(blocks)-headers != tt.real {
				t.Errorf("%d blocks, %d headers, %d documents; want %d, 166, 166", len(blocks), headers, len(docs), tt.blocks)
			}
			if hashReal == 0 {
				t.Errorf("no real sentence beginning with # (the README names six across layers)")
			}
			if got := blocks[1].Doc; got != "0002" {
				t.Errorf("the first sentence is in document %q, want 0002", got)
			}
		})
	}
}

// TestM2ChERRANTTargets reads ChERRANT's M2: after the S line come
// target lines "T<i>-A<j> tokens" or "T<i> 没有错误", each followed by the
// edits of reference i under alignment j. Applying each alignment's edits
// (R = delete, S = substitute, M = insert, W = reorder) to the source
// gives exactly its target line, in every block of the demo and of
// NLPCC-2018 at char level; at word level the same characters (ChERRANT
// segments the target line on its own, so its words may differ).
func TestM2ChERRANTTargets(t *testing.T) {
	for _, f := range []string{"demo.ref.m2.char", "demo.ref.m2.word", "demo.hyp.m2.char", "demo.hyp.m2.word",
		"nlpcc2018_official.ref.m2.char", "nlpcc2018_official.ref.m2.word"} {
		t.Run(f, func(t *testing.T) {
			blocks := readShared(t, "zh", "cherrant-samples", f)
			targets, noError, alts := 0, 0, 0
			for _, b := range blocks {
				if len(b.Targets) == 0 {
					t.Fatalf("line %d: block without a target line", b.Line)
				}
				for k, tg := range b.Targets {
					targets++
					es := b.AlignmentEdits(k)
					if tg.Alt > 0 {
						alts++
					}
					if tg.NoError {
						noError++
						if len(es) != 1 || !es[0].IsNoop() {
							t.Errorf("line %d: 没有错误 with edits %v", tg.Line, es)
						}
						continue
					}
					for _, e := range b.Edits {
						if e.Target == k+1 && e.Coder != tg.Ref {
							t.Errorf("line %d: edit of coder %d under target T%d", e.Line, e.Coder, tg.Ref)
						}
					}
					got, _ := edits.ApplyEdits(b.Source, es)
					if strings.HasSuffix(f, ".word") {
						got, tg.Tokens = []string{strings.Join(got, "")}, []string{strings.Join(tg.Tokens, "")}
					}
					if !slices.Equal(got, tg.Tokens) {
						t.Errorf("line %d: edits give %q, target is %q", tg.Line, strings.Join(got, " "), strings.Join(tg.Tokens, " "))
					}
				}
			}
			if targets < len(blocks) || (noError == 0 && !strings.HasPrefix(f, "demo.ref")) {
				t.Errorf("%d blocks, %d targets, %d without error", len(blocks), targets, noError)
			}
			if strings.HasPrefix(f, "nlpcc") && alts == 0 {
				t.Errorf("no second alignment read (NLPCC-2018 has T0-A1 lines)")
			}
		})
	}
}

// TestM2ChERRANTCoderEdits checks that a reference with two alignments
// gives its first alignment's edits as the coder's edits.
func TestM2ChERRANTCoderEdits(t *testing.T) {
	const in = "S a b c\nT0-A0 b a c\nA 0 2|||W|||b a|||REQUIRED|||-NONE-|||0\nT0-A1 b a c\nA 0 1|||R|||-NONE-|||REQUIRED|||-NONE-|||0\nA 2 2|||M|||a|||REQUIRED|||-NONE-|||0\nT1 没有错误\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n\n"
	blocks, err := ReadM2(strings.NewReader(in), "t.m2")
	if err != nil {
		t.Fatal(err)
	}
	b := blocks[0]
	if len(b.Targets) != 3 || b.Targets[1].Alt != 1 || !b.Targets[2].NoError || b.Targets[2].Alt != -1 {
		t.Fatalf("targets = %+v", b.Targets)
	}
	if es := b.CoderEdits(0); len(es) != 1 || es[0].Type != "W" {
		t.Errorf("coder 0 edits = %+v, want the W edit alone", es)
	}
	if es := b.AlignmentEdits(1); len(es) != 2 {
		t.Errorf("alignment 1 has %d edits, want 2", len(es))
	}
	var buf bytes.Buffer
	WriteM2(&buf, blocks)
	if buf.String() != in {
		t.Errorf("written back as\n%s", buf.String())
	}
	blocks[0].Edits[0].Type = "S"
	buf.Reset()
	WriteM2(&buf, blocks)
	if want := strings.Replace(in, "|||W|||", "|||S|||", 1); buf.String() != want {
		t.Errorf("after a change written as\n%s", buf.String())
	}
}

// TestM2EstGEC reads EstGEC-L2's human M2: CRLF line ends, "-NONE-" as
// the deletion string, blocks with no blank line between them (84 in
// dev) and edits of one coder that overlap. The README counts 762
// overlapping same-coder pairs in test and 424 in dev by a rule it does
// not state; edits.Overlap (spans sharing a token, or an insertion
// strictly inside a span) counts 956 and 509, every pair of a coder's
// edits once. A coder's correction is built from its outer edits.
func TestM2EstGEC(t *testing.T) {
	for _, tt := range []struct {
		file            string
		blocks, overlap int
	}{{"source_gold_test.txt", 2029, 956}, {"source_gold_dev.txt", 1692, 509}} {
		t.Run(tt.file, func(t *testing.T) {
			blocks := readShared(t, "et", "estgec-l2", tt.file)
			pairs, deletions := 0, 0
			for _, b := range blocks {
				for _, k := range b.Coders() {
					es := b.CoderEdits(k)
					for i := range es {
						if !es[i].IsNoop() && len(es[i].C) == 0 {
							deletions++
						}
						for j := i + 1; j < len(es); j++ {
							if !es[i].IsNoop() && !es[j].IsNoop() && edits.Overlap(es[i], es[j]) {
								pairs++
							}
						}
					}
				}
			}
			if len(blocks) != tt.blocks || pairs != tt.overlap || deletions == 0 {
				t.Errorf("%d blocks, %d overlapping pairs, %d deletions; want %d, %d, some", len(blocks), pairs, deletions, tt.blocks, tt.overlap)
			}
		})
	}
	// The second block of the test file: coder 0 reorders two spans and
	// corrects words inside them.
	blocks := readShared(t, "et", "estgec-l2", "source_gold_test.txt")
	side := Side{Block: &blocks[1]}
	got, _ := side.Correction(0)
	if want := "Ma tahan sind kutsuda vanalinna jalutama ."; strings.Join(got, " ") != want {
		t.Errorf("coder 0's correction = %q, want %q", strings.Join(got, " "), want)
	}
	got, _ = side.Correction(1)
	if want := "Ma tahan sind kutsuda mööda vanalinna jalutama ."; strings.Join(got, " ") != want {
		t.Errorf("coder 1's correction = %q, want %q", strings.Join(got, " "), want)
	}
}

// TestM2TartuNoop reads Tartu L1's M2, whose noops carry "-NONE-" in the
// fourth field.
func TestM2TartuNoop(t *testing.T) {
	blocks := readShared(t, "et", "tartu-l1", "test_m2.txt")
	noops := 0
	for _, b := range blocks {
		for _, e := range b.Edits {
			if e.IsNoop() {
				noops++
				if e.Required != "-NONE-" {
					t.Fatalf("line %d: noop's fourth field %q", e.Line, e.Required)
				}
			}
		}
	}
	if len(blocks) != 1453 || noops == 0 {
		t.Errorf("%d blocks, %d noops; want 1453, some", len(blocks), noops)
	}
}

func TestSplitOverlapping(t *testing.T) {
	e := func(s, end int, c string) edits.Edit {
		return edits.Edit{OStart: s, OEnd: end, C: strings.Fields(c)}
	}
	es := []edits.Edit{e(3, 4, "sind"), e(2, 4, "sind kutsuda"), e(4, 5, "x"), e(6, 6, "y"), e(7, 8, "")}
	outer, inner, ok := edits.SplitOverlapping(es)
	if !ok || len(outer) != 4 || outer[0].OStart != 2 || len(inner) != 4 || inner[0].OStart != 3 {
		t.Errorf("outer %v inner %v ok %v", outer, inner, ok)
	}
	if _, _, ok := edits.SplitOverlapping([]edits.Edit{e(1, 2, "a"), e(2, 2, "b"), e(2, 3, "c")}); ok {
		t.Errorf("touching edits reported as overlapping")
	}
}
