package tokenize

import "strings"

// Detokenize joins tokens into raw text (Moses-style): closing
// punctuation and clitics join the word before them, opening brackets
// the word after them, double quotes alternate between opening and
// closing, and a lone "'" after a word ending in s is a possessive.
func Detokenize(tokens []string) string {
	var b strings.Builder
	glueNext := false // the previous token opens: no space before this one
	quoteOpen := false
	for i, t := range tokens {
		space := i > 0 && !glueNext
		glueNext = false
		switch {
		case t == `"`:
			if quoteOpen {
				space = false
			} else {
				glueNext = true
			}
			quoteOpen = !quoteOpen
		case isOpener(t):
			glueNext = true
		case isCloser(t) || isClitic(t):
			space = false
		}
		if space {
			b.WriteByte(' ')
		}
		b.WriteString(t)
	}
	return b.String()
}

func isOpener(t string) bool {
	switch t {
	case "(", "[", "{", "“", "``", "$":
		return true
	}
	return false
}

func isCloser(t string) bool {
	switch t {
	case ".", ",", ";", ":", "?", "!", ")", "]", "}", "”", "''", "'", "’", "%", "...":
		return true
	}
	return false
}

func isClitic(t string) bool {
	norm := strings.ToLower(strings.ReplaceAll(t, "’", "'"))
	for _, c := range clitics {
		if norm == c {
			return true
		}
	}
	return false
}
