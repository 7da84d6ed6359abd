package fluency

import (
	"strings"
	"unicode"
)

// Split splits clitics written together with their host ("don't" → "do"
// "n't", "John's" → "John" "'s") the way Penn Treebank tokenisation does,
// keeping case. Tokens that are already split pass unchanged. The model's
// generator applies Split and Word to the Brown corpus exactly as the
// scorer applies them to a hypothesis, so both sides count alike.
func Split(tokens []string) []string {
	out := make([]string, 0, len(tokens)+2)
	for _, t := range tokens {
		out = appendSplit(out, t)
	}
	return out
}

var clitics = []string{"'s", "'m", "'re", "'ve", "'ll", "'d"}

func appendSplit(out []string, t string) []string {
	t = strings.ReplaceAll(t, "\u2019", "'")
	l := strings.ToLower(t)
	if len(l) > 3 && strings.HasSuffix(l, "n't") {
		if l == "can't" {
			return append(out, t[:2], t[2:])
		}
		return append(out, t[:len(t)-3], t[len(t)-3:])
	}
	for _, suf := range clitics {
		if len(l) > len(suf) && strings.HasSuffix(l, suf) && l[0] != '\'' {
			return append(out, t[:len(t)-len(suf)], t[len(t)-len(suf):])
		}
	}
	return append(out, t)
}

// Word maps a split token to the model's vocabulary: lower case, "<num>"
// for any token with a digit, '"' for every kind of double quote, and the
// full modal for the first half of a split negation ("ca" → "can").
func Word(t string) string {
	switch t {
	case "``", "''", "\u201c", "\u201d", "\u201e":
		return `"`
	case "`", "\u2018", "\u2019":
		return "'"
	case "-LRB-", "-LSB-", "-LCB-":
		return "("
	case "-RRB-", "-RSB-", "-RCB-":
		return ")"
	}
	for _, r := range t {
		if unicode.IsDigit(r) {
			return "<num>"
		}
	}
	l := strings.ToLower(t)
	switch l {
	case "ca":
		return "can"
	case "wo":
		return "will"
	case "sha":
		return "shall"
	}
	return l
}
