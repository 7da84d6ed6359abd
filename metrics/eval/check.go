package eval

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A TokenWarning points at a hypothesis line whose tokenisation does not
// match the references'.
type TokenWarning struct {
	Line  int    // 1-based
	Token string // the first suspicious token on the line
	Lines int    // how many lines of the file have such tokens
}

// CheckTokens looks for hypothesis tokens with punctuation attached to a
// word ("word." or "(word") where neither the source nor any reference of
// the sentence has that token: the sign of an untokenised hypothesis,
// which makes every reference-based score wrong. It returns the first such
// line and the number of lines affected, or ok = true if there is none.
func CheckTokens(hyp, source [][]string, refs ...[][]string) (w TokenWarning, ok bool) {
	for i, line := range hyp {
		for _, t := range line {
			if !attachedPunct(t) || i < len(source) && slices.Contains(source[i], t) || inRefs(refs, i, t) {
				continue
			}
			if w.Lines == 0 {
				w.Line, w.Token = i+1, t
			}
			w.Lines++
			break
		}
	}
	return w, w.Lines == 0
}

func inRefs(refs [][][]string, i int, t string) bool {
	for _, r := range refs {
		if i < len(r) && slices.Contains(r[i], t) {
			return true
		}
	}
	return false
}

// attachedPunct reports whether t is a word with sentence punctuation
// glued to its end or an opening bracket or quote glued to its start.
func attachedPunct(t string) bool {
	if utf8.RuneCountInString(t) < 2 {
		return false
	}
	first, _ := utf8.DecodeRuneInString(t)
	last, _ := utf8.DecodeLastRuneInString(t)
	trimmed := strings.TrimRight(t, ".,!?;:\"')]")
	if trimmed != t && trimmed != "" && hasLetter(trimmed) && !strings.Contains(trimmed, ".") {
		return strings.ContainsRune(".,!?;:\"')]", last)
	}
	if strings.ContainsRune("(\"[", first) && hasLetter(t[1:]) {
		return true
	}
	return false
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}
