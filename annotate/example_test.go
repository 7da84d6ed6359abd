package annotate_test

import (
	"fmt"

	"github.com/gecmetric/gecmetric/annotate"
)

// The changes an annotator made to an output are the errors it still had.
func ExampleTokenDiff() {
	for _, c := range annotate.TokenDiff("She go to school every days .", "She goes to school every day .") {
		fmt.Printf("tokens %d-%d: %q → %q\n", c.OStart, c.OEnd, c.Output, c.Post)
	}
	// Output:
	// tokens 1-2: ["go"] → ["goes"]
	// tokens 5-6: ["days"] → ["day"]
}

// Each scale set lists its menus best label first, Other last.
func ExampleLookupProtocol() {
	p, err := annotate.LookupProtocol("swell")
	if err != nil {
		panic(err)
	}
	for _, r := range p.Scales {
		fmt.Printf("%s (after reference: %v): %q\n", r.Title, r.AfterReference, r.Labels())
	}
	// Output:
	// Grammaticality (after reference: false): ["Perfect" "Comprehensible" "Somewhat comprehensible" "Incomprehensible" "Other"]
	// Fluency (after reference: false): ["Extremely natural" "Somewhat natural" "Somewhat unnatural" "Extremely unnatural" "Other"]
	// Meaning Preservation (after reference: true): ["Identical" "Minor differences" "Moderate differences" "Substantially different" "Other"]
}
