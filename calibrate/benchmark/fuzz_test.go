package benchmark

import (
	"strings"
	"testing"
)

// FuzzParseScores: any input parses to exactly n finite numbers or fails
// with an error naming the file.
func FuzzParseScores(f *testing.F) {
	f.Add("-0.231\n0.064\n-0.092", 3)
	f.Add("None\nNone", 2)
	f.Add("1e400\n", 1)
	f.Add("\n\n0.5\n\n", 1)
	f.Fuzz(func(t *testing.T, in string, n int) {
		n = n & 31
		v, err := parseScores(strings.NewReader(in), "scores.txt", n)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "scores.txt") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if len(v) != n {
			t.Fatalf("%d scores, want %d", len(v), n)
		}
	})
}

// FuzzParseTable: any input gives a table whose rows have a value for
// every column, or an error naming the file.
func FuzzParseTable(f *testing.F) {
	f.Add("| | M<sup>2</sup> | GLEU |\n| :--- | :---: | :---: |\n| BART | 50.3 | 63.46 |\n")
	f.Add("|x|\n|y|\n")
	f.Add("| a | b |\n| c |\n")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := parseTable([]byte(in), "README.md")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "README.md") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		for sys, row := range p.Values {
			if len(row) > len(p.Columns) {
				t.Fatalf("%s: %d values, %d columns", sys, len(row), len(p.Columns))
			}
		}
	})
}
