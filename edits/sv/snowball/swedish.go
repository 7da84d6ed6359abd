// Package snowball implements the Snowball Swedish stemmer (Martin
// Porter's published algorithm, snowballstem.org, "Swedish stemming
// algorithm", the classic three-step version). It imports nothing outside
// the standard library and holds no data beyond a few suffix lists.
package snowball

import "strings"

func isVowel(r rune) bool {
	switch r {
	case 'a', 'e', 'i', 'o', 'u', 'y', 'ä', 'å', 'ö':
		return true
	}
	return false
}

// validSEnding reports whether a final s after r may be removed.
func validSEnding(r rune) bool {
	return strings.ContainsRune("bcdfghjklmnoprtvy", r)
}

// step1 suffixes, deleted when in R1; the longest that fits wins.
var step1 = []string{
	"heterna", "hetens", "anden", "heten", "heter", "arnas", "ernas", "ornas", "andes", "arens", "andet",
	"arna", "erna", "orna", "ande", "arne", "aste", "aren", "ades", "erns",
	"ade", "are", "ern", "ens", "het", "ast",
	"ad", "en", "ar", "er", "or", "as", "es", "at",
	"a", "e",
}

// Stem returns the stem of a lower-case Swedish word. Words are expected
// lower-cased; other characters pass through untouched.
func Stem(word string) string {
	w := []rune(word)
	p1 := r1(w)
	if p1 >= len(w) {
		return word
	}
	// Step 1.
	found := false
	for _, suf := range step1 { // ordered longest first
		if hasSuffixIn(w, suf, p1) {
			w = w[:len(w)-runeLen(suf)]
			found = true
			break
		}
	}
	if !found && len(w)-1 >= p1 && w[len(w)-1] == 's' && len(w) >= 2 && validSEnding(w[len(w)-2]) {
		w = w[:len(w)-1]
	}
	// Step 2.
	for _, suf := range []string{"dd", "gd", "nn", "dt", "gt", "kt", "tt"} {
		if hasSuffixIn(w, suf, p1) {
			w = w[:len(w)-1]
			break
		}
	}
	// Step 3.
	switch {
	case hasSuffixIn(w, "fullt", p1):
		w = w[:len(w)-1]
	case hasSuffixIn(w, "löst", p1):
		w = w[:len(w)-1]
	case hasSuffixIn(w, "lig", p1):
		w = w[:len(w)-3]
	case hasSuffixIn(w, "els", p1):
		w = w[:len(w)-3]
	case hasSuffixIn(w, "ig", p1):
		w = w[:len(w)-2]
	}
	return string(w)
}

// r1 is the start of the region after the first non-vowel that follows a
// vowel, at least 3.
func r1(w []rune) int {
	for i := 1; i < len(w); i++ {
		if !isVowel(w[i]) && isVowel(w[i-1]) {
			return max(i+1, 3)
		}
	}
	return len(w)
}

func runeLen(s string) int { return len([]rune(s)) }

// hasSuffixIn reports whether w ends in suf and suf lies wholly at or
// after position p1.
func hasSuffixIn(w []rune, suf string, p1 int) bool {
	s := []rune(suf)
	if len(s) > len(w)-p1 {
		return false
	}
	return string(w[len(w)-len(s):]) == suf
}
