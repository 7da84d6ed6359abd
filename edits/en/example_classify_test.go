package en_test

import (
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
)

// Merge groups the steps of an alignment into edits and Classify types
// each of them, as edits.Extract does with the English rules.
func ExampleLanguage_Classify() {
	lang := en.New()
	o := lang.Annotate(strings.Fields("Yesterday he go to the shop and buyed two apple ."))
	c := lang.Annotate(strings.Fields("Yesterday he went to the shop and bought two apples ."))
	for _, e := range lang.Merge(o, c, edits.Align(o, c, edits.Options{})) {
		fmt.Printf("%d-%d %s -> %s: %s\n", e.OStart, e.OEnd, strings.Join(e.O, " "), strings.Join(e.C, " "), lang.Classify(o, c, e))
	}
	// Output:
	// 2-3 go -> went: R:VERB:TENSE
	// 7-8 buyed -> bought: R:VERB:INFL
	// 9-10 apple -> apples: R:NOUN:NUM
}
