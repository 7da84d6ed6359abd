package compare

import (
	"fmt"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// lineDiff returns the unified diff of line n of two files, with the hunk
// numbered as in the files ("@@ -n +n @@"), or "" when the lines are equal.
func lineDiff(aName, bName string, n int, a, b string) string {
	if a == b {
		return ""
	}
	d, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A:        []string{a + "\n"},
		B:        []string{b + "\n"},
		FromFile: aName,
		ToFile:   bName,
		Context:  0,
	})
	if err != nil { // difflib only fails on a failing writer
		return ""
	}
	// A diff of one line against one line always has the hunk "@@ -1 +1 @@".
	return strings.Replace(d, "@@ -1 +1 @@", fmt.Sprintf("@@ -%d +%d @@", n, n), 1)
}

// wordDiff marks the words that differ between two tokenised lines as
// [-removed-] and {+added+}, in the manner of wdiff.
func wordDiff(a, b string) string {
	aw, bw := strings.Fields(a), strings.Fields(b)
	var out []string
	for _, op := range difflib.NewMatcher(aw, bw).GetOpCodes() {
		del, ins := aw[op.I1:op.I2], bw[op.J1:op.J2]
		switch op.Tag {
		case 'e':
			out = append(out, del...)
		default:
			if len(del) > 0 {
				out = append(out, "[-"+strings.Join(del, " ")+"-]")
			}
			if len(ins) > 0 {
				out = append(out, "{+"+strings.Join(ins, " ")+"+}")
			}
		}
	}
	return strings.Join(out, " ")
}
