package m2

import "strings"

// The M2 scorer runs under Python 2 on unicode strings, so "white space"
// and "line break" mean what Python 2.7's unicode methods mean by them
// (Unicode 5.2), which differs from Go's unicode.IsSpace in a few code
// points (U+001C..U+001F and U+180E are white space to Python).

// isPySpace reports whether r is white space to Python 2.7's
// unicode.split and unicode.strip.
func isPySpace(r rune) bool {
	switch {
	case r == ' ' || (r >= '\t' && r <= '\r'):
		return true
	case r < 0x1c:
		return false
	case r <= 0x1f:
		return true
	case r < 0x85:
		return false
	}
	switch r {
	case 0x85, 0xa0, 0x1680, 0x180e, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// isPyLineBreak reports whether r ends a line for Python 2.7's
// unicode.splitlines.
func isPyLineBreak(r rune) bool {
	switch r {
	case '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// Tokenize splits a line into tokens the way the M2 scorer splits a
// hypothesis or source sentence: on runs of white space, with leading and
// trailing white space ignored.
func Tokenize(line string) []string { return strings.FieldsFunc(line, isPySpace) }

// pyStrip removes leading and trailing white space.
func pyStrip(s string) string { return strings.TrimFunc(s, isPySpace) }

// splitLinesKeep splits s into lines the way unicode.splitlines(True)
// does: each line keeps its break, "\r\n" is one break, and a final line
// without a break is kept.
func splitLinesKeep(s string) []string {
	var lines []string
	start := 0
	for i, r := range s {
		if i < start || !isPyLineBreak(r) {
			continue
		}
		end := i + len(string(r))
		if r == '\r' && end < len(s) && s[end] == '\n' {
			end++
		}
		lines = append(lines, s[start:end])
		start = end
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// trimLineBreak removes the line break that splitLinesKeep left on line.
func trimLineBreak(line string) string {
	if strings.HasSuffix(line, "\r\n") {
		return line[:len(line)-2]
	}
	for i, r := range line {
		if isPyLineBreak(r) {
			return line[:i] // a break can only be last
		}
	}
	return line
}

// py2DictOrder returns the order in which Python 2.7 iterates a dict whose
// int keys were inserted in the given order (keys distinct). The M2
// scorer keeps annotators in such dicts, and when two annotators tie on
// the running F score the first one visited wins.
func py2DictOrder(keys []int) []int {
	const minSize = 8
	type slot struct {
		key  int
		used bool
	}
	table := make([]slot, minSize)
	fill := 0
	insert := func(t []slot, k int) {
		mask := uint64(len(t) - 1)
		h := k
		if h == -1 {
			h = -2 // hash(-1) == -2 in CPython
		}
		perturb := uint64(int64(h))
		i := perturb & mask
		for t[i&mask].used {
			i = (i << 2) + i + perturb + 1
			perturb >>= 5
		}
		t[i&mask] = slot{key: k, used: true}
	}
	for _, k := range keys {
		insert(table, k)
		fill++
		if fill*3 >= len(table)*2 {
			factor := 4
			if fill > 50000 {
				factor = 2
			}
			size := minSize
			for size <= factor*fill {
				size <<= 1
			}
			old := table
			table = make([]slot, size)
			for _, s := range old {
				if s.used {
					insert(table, s.key)
				}
			}
		}
	}
	out := make([]int, 0, len(keys))
	for _, s := range table {
		if s.used {
			out = append(out, s.key)
		}
	}
	return out
}
