package lm

import (
	"bytes"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Score is the language-model evidence for one sentence. Log
// probabilities are natural logarithms.
type Score struct {
	Words      int     // words scored: in the vocabulary or OOV (the end of sentence not included)
	OOV        int     // words outside the vocabulary
	LogProb    float64 // sum of the scored words' log probabilities and that of the end of sentence
	MinLogProb float64 // the least likely scored word's (or the end's) log probability
	End        float64 // log P(</s> | last two words)
	// Unigram is the sum of the unigram log probabilities of what LogProb
	// sums (an OOV counted as in LogProb), for SLOR.
	Unigram float64
}

// SLOR returns the syntactic log-odds ratio (Pauls and Klein 2012; Lau et
// al. 2017): (LogProb - Unigram) per predicted symbol, the sentence's
// log probability with each word's own frequency taken out, so that rare
// but fitting words do not count against it.
func (s Score) SLOR() float64 { return (s.LogProb - s.Unigram) / float64(s.Words+1) }

// Mean returns the mean log probability per predicted symbol (the scored
// words and the end of sentence).
func (s Score) Mean() float64 { return s.LogProb / float64(s.Words+1) }

// Kinds of input token, as Score treats them.
const (
	kindSkip  = iota // punctuation and empty tokens: not scored, history kept
	kindWord         // a vocabulary word
	kindOOV          // letters, not in the vocabulary
	kindNum          // a token with a digit: not scored, history cut
	kindJoin         // a clitic joined to the word before it: scored with it
	kindParts        // a hyphenated word scored as its parts
)

// Score returns the evidence for a tokenised sentence, and in tok (which
// it grows to len(tokens) and returns) each input token's log probability:
// 0 for a token that is not scored on its own (punctuation, numbers, a
// clitic joined to the word before it).
//
// Tokens map to the model's words as follows: lower case; curly
// apostrophes straightened; a token of no letter or digit is punctuation
// and skipped, keeping the history (the model was trained on text without
// punctuation); a Penn Treebank clitic ("n't", "'s", "'re", ...) is joined
// to the word before it when the joined form is a word of the model
// ("do n't" → "don't", "ca n't" → "can't"); a token with a digit is a
// number, not scored and cutting the history (the model spells numbers
// out); a hyphenated word outside the vocabulary whose parts are all in it
// is scored as its parts; a final period is dropped from an abbreviation
// outside the vocabulary ("mr." → "mr"). Any other word outside the
// vocabulary is an OOV: it gets OOVLogProb and cuts the history, so the
// next word is predicted from its unigram probability.
func (m *Model) Score(tokens []string, tok []float64) (Score, []float64) {
	tok = append(tok[:0], make([]float64, len(tokens))...)
	s := Score{}
	u, v := NoWord, m.start
	add := func(i int, w ID) {
		lp := m.LogProb(u, v, w)
		s.Unigram += float64(m.uniP[w])
		tok[i] += lp
		s.LogProb += lp
		s.MinLogProb = math.Min(s.MinLogProb, lp)
		u, v = v, w
	}
	var buf []byte
	for i := 0; i < len(tokens); i++ {
		t := tokens[i]
		var kind int
		var id ID
		buf, kind, id = m.classify(buf, t)
		// Join a following clitic when the joined word is in the vocabulary.
		if kind == kindWord && i+1 < len(tokens) && isClitic(tokens[i+1]) {
			joined := append(append([]byte(nil), buf...), lowerASCII(nil, straight(tokens[i+1]))...)
			if j, ok := m.ids[string(joined)]; ok {
				s.Words++
				add(i, j)
				i++
				continue
			}
		}
		switch kind {
		case kindSkip:
		case kindNum:
			u, v = NoWord, NoWord
		case kindWord:
			s.Words++
			add(i, id)
		case kindParts:
			for part := range strings.SplitSeq(string(buf), "-") {
				s.Words++
				add(i, m.ids[part])
			}
		case kindOOV:
			s.Words++
			s.OOV++
			tok[i] = m.oov
			s.LogProb += m.oov
			s.Unigram += m.oov
			s.MinLogProb = math.Min(s.MinLogProb, m.oov)
			u, v = NoWord, NoWord
		}
	}
	s.End = m.LogProb(u, v, m.end)
	s.LogProb += s.End
	s.Unigram += float64(m.uniP[m.end])
	s.MinLogProb = math.Min(s.MinLogProb, s.End)
	return s, tok
}

// Normalize returns the model's word for one token as Score maps it, and
// whether the token is scored on its own: "" and false for punctuation and
// numbers; the lower-cased token and false for an OOV.
func (m *Model) Normalize(token string) (string, bool) {
	buf, kind, _ := m.classify(nil, token)
	switch kind {
	case kindWord, kindParts:
		return string(buf), true
	case kindOOV:
		return string(buf), false
	}
	return "", false
}

// classify lower-cases t into buf and says how Score treats it.
func (m *Model) classify(buf []byte, t string) ([]byte, int, ID) {
	t = straight(t)
	letter := false
	for _, r := range t {
		if unicode.IsDigit(r) {
			return buf[:0], kindNum, NoWord
		}
		if unicode.IsLetter(r) {
			letter = true
		}
	}
	if !letter {
		return buf[:0], kindSkip, NoWord
	}
	buf = lowerASCII(buf[:0], t)
	if id, ok := m.ids[string(buf)]; ok {
		return buf, kindWord, id
	}
	if n := len(buf); n > 1 && buf[n-1] == '.' {
		if id, ok := m.ids[string(buf[:n-1])]; ok {
			return buf[:n-1], kindWord, id
		}
	}
	if bytes.IndexByte(buf, '-') > 0 {
		all := true
		for part := range strings.SplitSeq(string(buf), "-") {
			if _, ok := m.ids[part]; !ok {
				all = false
				break
			}
		}
		if all {
			return buf, kindParts, NoWord
		}
	}
	return buf, kindOOV, NoWord
}

// isClitic reports whether t is a Penn Treebank clitic token.
func isClitic(t string) bool {
	switch strings.ToLower(straight(t)) {
	case "n't", "'s", "'re", "'ve", "'ll", "'d", "'m":
		return true
	}
	return false
}

// straight replaces curly apostrophes with straight ones.
func straight(t string) string {
	if strings.ContainsRune(t, '\u2019') {
		return strings.ReplaceAll(t, "\u2019", "'")
	}
	return t
}

// lowerASCII appends t lower-cased to buf, without allocating for ASCII.
func lowerASCII(buf []byte, t string) []byte {
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c >= utf8.RuneSelf {
			return append(buf, strings.ToLower(t[i:])...)
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf
}

// Skip marks, in the output of Words, a token that has no word of its own
// (punctuation, a clitic joined to the word before it): it neither is
// scored nor cuts the history.
const Skip ID = NoWord - 1

// Words returns in ids (grown to len(tokens)) each token's word as Score
// maps it: its ID; NoWord for a number or a word outside the vocabulary
// (which cut the history); Skip for punctuation and a joined clitic. A
// hyphenated word scored as its parts gets NoWord here.
func (m *Model) Words(tokens []string, ids []ID) []ID {
	ids = ids[:0]
	var buf []byte
	for i := 0; i < len(tokens); i++ {
		var kind int
		var id ID
		buf, kind, id = m.classify(buf, tokens[i])
		if kind == kindWord && i+1 < len(tokens) && isClitic(tokens[i+1]) {
			joined := append(append([]byte(nil), buf...), lowerASCII(nil, straight(tokens[i+1]))...)
			if j, ok := m.ids[string(joined)]; ok {
				ids = append(ids, j, Skip)
				i++
				continue
			}
		}
		switch kind {
		case kindSkip:
			id = Skip
		case kindWord:
		default:
			id = NoWord
		}
		ids = append(ids, id)
	}
	return ids
}
