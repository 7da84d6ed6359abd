package edits_test

import (
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/generic"
)

func ExampleExtract() {
	lang := generic.New("xx")
	// Annotate the source once; compare it with any number of corrections.
	src := lang.Annotate(strings.Fields("we saw red big balls yesterday"))
	for _, cor := range []string{"We saw big red balls yesterday .", "we saw red big balls yesterday"} {
		es := edits.Extract(lang, src, lang.Annotate(strings.Fields(cor)), edits.Options{})
		if len(es) == 0 {
			es = []edits.Edit{edits.Noop()}
		}
		for _, e := range es {
			fmt.Printf("%d %d|||%s|||%s\n", e.OStart, e.OEnd, e.Type, e.Correction())
		}
	}
	// Output:
	// 0 1|||R:ORTH|||We
	// 2 4|||R:WO|||big red
	// 6 6|||M:PUNCT|||.
	// -1 -1|||noop|||-NONE-
}

func ExampleAlign() {
	lang := generic.New("xx")
	o := lang.Annotate(strings.Fields("the big red ball"))
	c := lang.Annotate(strings.Fields("the red big balls"))
	for _, op := range edits.Align(o, c, edits.Options{}) {
		fmt.Printf("%c [%d,%d) → [%d,%d)\n", op.Op, op.OStart, op.OEnd, op.CStart, op.CEnd)
	}
	// Output:
	// M [0,1) → [0,1)
	// T [1,3) → [1,3)
	// S [3,4) → [3,4)
}
