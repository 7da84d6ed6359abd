package pipeline

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// SortShards puts the shards of input name in natural order: names are
// compared as runs of digits and of other characters, the digit runs by
// their numeric value, so that part-2 comes before part-10 (name order
// would read part-1, part-10, part-2, ... and pair sentence i of one input
// with another sentence of the next). Names that differ only in how a
// number is written (part-1 and part-01) have no clear order and are an
// error.
func SortShards(name string, files []string) error {
	slices.SortStableFunc(files, compareNatural)
	for i := 1; i < len(files); i++ {
		if compareNatural(files[i-1], files[i]) == 0 {
			return fmt.Errorf("%s: shards %s and %s are numbered alike: rename them so that their order is clear", name, filepath.Base(files[i-1]), filepath.Base(files[i]))
		}
	}
	return nil
}

// compareNatural compares a and b run by run: digit runs by value (then
// equal), other runs as strings. Names equal but for leading zeros
// compare equal.
func compareNatural(a, b string) int {
	for a != "" && b != "" {
		ra, restA := run(a)
		rb, restB := run(b)
		da, db := isDigit(ra[0]), isDigit(rb[0])
		var c int
		switch {
		case da && db:
			na, nb := strings.TrimLeft(ra, "0"), strings.TrimLeft(rb, "0")
			if c = len(na) - len(nb); c == 0 {
				c = strings.Compare(na, nb)
			}
		default:
			c = strings.Compare(ra, rb)
		}
		if c != 0 {
			return c
		}
		a, b = restA, restB
	}
	return len(a) - len(b)
}

// run splits s after its first run of digits or of other characters.
func run(s string) (string, string) {
	d := isDigit(s[0])
	i := 1
	for i < len(s) && isDigit(s[i]) == d {
		i++
	}
	return s[:i], s[i:]
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
