package tokenize

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tokenize splits one line of raw English text into tokens the way the
// CoNLL-2014 references are tokenised (see the package comment). Text
// that is already tokenised comes back as strings.Fields would split it.
func Tokenize(line string) []string {
	var out []string
	pieces := strings.Fields(line)
	for i, piece := range pieces {
		out = appendPiece(out, piece, i == len(pieces)-1)
	}
	return out
}

// openers are split off the start of a piece.
const openers = "([{\"“`"

// closers are split off the end of a piece, one token each.
const closers = ".,;:?!)]}\"”’'"

// appendPiece appends the tokens of one white-space-separated piece; the
// last piece of a line ends a sentence, so its period is split off even
// after an abbreviation ("( i.e ." at the end of a CoNLL line).
func appendPiece(out []string, w string, last bool) []string {
	// Leading openers, and "$" before a digit.
	for len(w) > 0 {
		r, size := utf8.DecodeRuneInString(w)
		if size == len(w) {
			break
		}
		next, _ := utf8.DecodeRuneInString(w[size:])
		if !strings.ContainsRune(openers, r) && !(r == '$' && unicode.IsDigit(next)) {
			break
		}
		if r == '`' && next == '`' { // `` is one opening quote
			size++
			if size == len(w) {
				break
			}
		}
		out = append(out, w[:size])
		w = w[size:]
	}
	// Trailing closers, innermost last: collected from the end.
	var tail []string
	for len(w) > 0 {
		if w == "'" || utf8.RuneCountInString(w) == 1 || trailingDots(w) == len(w) {
			break
		}
		if dots := trailingDots(w); dots > 1 && dots < len(w) {
			// An ellipsis ("..." or a learner's "..") is one token.
			tail = append(tail, w[len(w)-dots:])
			w = w[:len(w)-dots]
			continue
		}
		r, size := utf8.DecodeLastRuneInString(w)
		rest := w[:len(w)-size]
		switch {
		case r == '.' && !(last && len(tail) == 0) && isAbbreviation(rest):
		case r == '%' && endsInDigit(rest):
			tail = append(tail, "%")
			w = rest
			continue
		case r == '\'' || r == '’':
			// A closing quote or a plural possessive ("families'"), but
			// not the apostrophe of a clitic-less word like "o'".
			// Two at the end ('') stay together, as the CoNLL files have them.
			if !hasLetter(rest) || strings.HasSuffix(rest, "'") {
				break
			}
			tail = append(tail, w[len(rest):])
			w = rest
			continue
		case strings.ContainsRune(closers, r):
			tail = append(tail, w[len(rest):])
			w = rest
			continue
		}
		break
	}
	out = appendClitic(out, w)
	for i := len(tail) - 1; i >= 0; i-- {
		out = append(out, tail[i])
	}
	return out
}

// clitics are the English contractions written as their own tokens, in
// the order they are tried (longest first).
var clitics = []string{"n't", "'ll", "'re", "'ve", "'s", "'d", "'m"}

// appendClitic appends w, split before a clitic it ends in ("can't" →
// "ca" "n't", "won't" → "wo" "n't", "it's" → "it" "'s").
func appendClitic(out []string, w string) []string {
	if w == "" {
		return out
	}
	norm := strings.ToLower(strings.ReplaceAll(w, "’", "'"))
	for _, c := range clitics {
		if !strings.HasSuffix(norm, c) || len(norm) == len(c) {
			continue
		}
		// The clitic's last len(c) runes of w (’ is one rune, three bytes).
		cut := len(w)
		for range len(c) {
			_, size := utf8.DecodeLastRuneInString(w[:cut])
			cut -= size
		}
		// The stem ends in a letter or digit, so that it is a token that
		// Tokenize would not split again.
		if last, _ := utf8.DecodeLastRuneInString(w[:cut]); !unicode.IsLetter(last) && !unicode.IsDigit(last) {
			break
		}
		return append(out, w[:cut], w[cut:])
	}
	return append(out, w)
}

// isAbbreviation reports whether w (a piece without its final period)
// keeps the period: a single letter ("C."), letters with inner periods
// in segments of one or two ("U.S.", "e.g.", "Ph.D."), or a title.
func isAbbreviation(w string) bool {
	if utf8.RuneCountInString(w) == 1 {
		r, _ := utf8.DecodeRuneInString(w)
		return unicode.IsLetter(r)
	}
	if strings.Contains(w, ".") {
		for seg := range strings.SplitSeq(w, ".") {
			if n := utf8.RuneCountInString(seg); n == 0 || n > 2 || !isLetters(seg) {
				return false
			}
		}
		return true
	}
	return titles[strings.ToLower(w)]
}

// titles keep their period in Penn-Treebank tokenisation.
var titles = map[string]bool{
	"mr": true, "mrs": true, "ms": true, "dr": true, "prof": true, "jr": true, "sr": true,
	"st": true, "vs": true, "etc": true, "inc": true, "ltd": true, "co": true, "corp": true,
}

func isLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func endsInDigit(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsDigit(r)
}

// trailingDots counts the periods at the end of w.
func trailingDots(w string) int {
	return len(w) - len(strings.TrimRight(w, "."))
}
