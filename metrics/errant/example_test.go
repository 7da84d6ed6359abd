package errant_test

import (
	"fmt"
	"os"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/errant"
)

func Example() {
	// "She go to the market every mornings ." corrected by a system and by
	// two annotators.
	goes := edits.Edit{OStart: 1, OEnd: 2, O: []string{"go"}, C: []string{"goes"}, Type: "R:VERB:SVA"}
	morning := edits.Edit{OStart: 6, OEnd: 7, O: []string{"mornings"}, C: []string{"morning"}, Type: "R:NOUN:NUM"}
	the := edits.Edit{OStart: 5, OEnd: 5, C: []string{"the"}, Type: "M:DET"}

	hyp := []errant.Sentence{{{Coder: 0, Edits: []edits.Edit{goes, the}}}}
	ref := []errant.Sentence{{
		{Coder: 0, Edits: []edits.Edit{goes, morning}},
		{Coder: 1, Edits: []edits.Edit{goes}},
	}}
	res, err := errant.Compare(hyp, ref, errant.Options{})
	if err != nil {
		panic(err)
	}
	p, r, f := res.Score()
	fmt.Printf("annotator %d: P %.3f R %.3f F0.5 %.3f\n", res.Sentences[0].Ref, p, r, f)
	res.WriteTable(os.Stdout, errant.ByFullType)
	// Output:
	// annotator 1: P 0.500 R 1.000 F0.5 0.556
	//
	// ===================== Span-Based Correction ======================
	// Category       TP       FP       FN       P        R        F0.5
	// M:DET          0        1        0        0.0      1.0      0.0
	// R:VERB:SVA     1        0        0        1.0      1.0      1.0
	//
	// =========== Span-Based Correction ============
	// TP	FP	FN	Prec	Rec	F0.5
	// 1	1	0	0.5	1.0	0.5556
	// ==============================================
}
