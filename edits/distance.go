package edits

// Levenshtein returns the edit distance between a and b: the least number
// of insertions, deletions and substitutions of single elements, each
// costing 1, that turn a into b. Over runes it is the character distance
// of python-Levenshtein and rapidfuzz; over tokens, the word distance. It
// uses one row of len(min(a, b))+1 integers.
func Levenshtein[T comparable](a, b []T) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			up := row[j]
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(row[j]+1, row[j-1]+1, diag+cost)
			diag = up
		}
	}
	return row[len(b)]
}
