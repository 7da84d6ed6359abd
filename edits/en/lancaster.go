package en

import (
	"slices"
	"strings"
	"unicode"
)

// The Lancaster (Paice/Husk) stemmer, as NLTK's LancasterStemmer runs it
// with its default rule table and no prefix stripping; ERRANT uses it to
// spot derivational morphology (R:MORPH).
//
// Paice, Chris D. "Another Stemmer." ACM SIGIR Forum 24.3 (1990): 56-61.
//
// NLTK's behaviour, kept here:
//   - the word is lower-cased first;
//   - rules are chosen by the last letter of the leading run of letters
//     (for "abc1" the rules for 'c'), but a rule's ending is matched
//     against the end of the whole word;
//   - the first rule for that letter whose ending matches and which passes
//     the checks is applied; if an ending matches but the checks fail, the
//     next rule is tried;
//   - an intact-only rule ("*") applies only while the word still equals
//     the (lower-cased) input;
//   - acceptability: a word starting with a vowel (aeiouy) must keep at
//     least 2 letters; one starting with a consonant at least 3, with a
//     vowel (aeiouy) in its second or third letter;
//   - a rule ending in "." stops stemming, one ending in ">" continues.

// A lancasterRule removes Remove letters from a word ending in Ending
// (written forwards) and appends Append.
type lancasterRule struct {
	ending    string
	intact    bool
	remove    int
	append    string
	continue_ bool
}

// lancasterRules maps a last letter to its rules in table order.
var lancasterRules = buildLancasterRules([]string{
	"ai*2.", "a*1.", "bb1.", "city3s.", "ci2>", "cn1t>", "dd1.", "dei3y>",
	"deec2ss.", "dee1.", "de2>", "dooh4>", "e1>", "feil1v.", "fi2>",
	"gni3>", "gai3y.", "ga2>", "gg1.", "ht*2.", "hsiug5ct.", "hsi3>",
	"i*1.", "i1y>", "ji1d.", "juf1s.", "ju1d.", "jo1d.", "jeh1r.",
	"jrev1t.", "jsim2t.", "jn1d.", "j1s.", "lbaifi6.", "lbai4y.", "lba3>",
	"lbi3.", "lib2l>", "lc1.", "lufi4y.", "luf3>", "lu2.", "lai3>",
	"lau3>", "la2>", "ll1.", "mui3.", "mu*2.", "msi3>", "mm1.", "nois4j>",
	"noix4ct.", "noi3>", "nai3>", "na2>", "nee0.", "ne2>", "nn1.",
	"pihs4>", "pp1.", "re2>", "rae0.", "ra2.", "ro2>", "ru2>", "rr1.",
	"rt1>", "rei3y>", "sei3y>", "sis2.", "si2>", "ssen4>", "ss0.",
	"suo3>", "su*2.", "s*1>", "s0.", "tacilp4y.", "ta2>", "tnem4>",
	"tne3>", "tna3>", "tpir2b.", "tpro2b.", "tcud1.", "tpmus2.",
	"tpec2iv.", "tulo2v.", "tsis0.", "tsi3>", "tt1.", "uqi3.", "ugo1.",
	"vis3j>", "vie0.", "vi2>", "ylb1>", "yli3y>", "ylp0.", "yl2>",
	"ygo1.", "yhp1.", "ymo1.", "ypo1.", "yti3>", "yte3>", "ytl2.",
	"yrtsi5.", "yra3>", "yro3>", "yfi3.", "ycn2t>", "yca3>", "zi2>",
	"zy1s.",
})

// buildLancasterRules parses rules in the Paice/Husk notation: the ending
// reversed, "*" for intact-only, the number of letters to remove, the
// letters to append, and "." (stop) or ">" (continue).
func buildLancasterRules(table []string) map[byte][]lancasterRule {
	m := map[byte][]lancasterRule{}
	for _, s := range table {
		i := 0
		for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
			i++
		}
		rev := s[:i]
		r := lancasterRule{}
		if i < len(s) && s[i] == '*' {
			r.intact = true
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			panic("en: bad Lancaster rule " + s)
		}
		r.remove = int(s[i] - '0')
		i++
		j := i
		for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
			j++
		}
		r.append = s[i:j]
		r.continue_ = j < len(s) && s[j] == '>'
		b := []byte(rev)
		for x, y := 0, len(b)-1; x < y; x, y = x+1, y-1 {
			b[x], b[y] = b[y], b[x]
		}
		r.ending = string(b)
		m[rev[0]] = append(m[rev[0]], r)
	}
	return m
}

// lancasterStem returns the Lancaster stem of word, as NLTK computes it.
func lancasterStem(word string) string {
	w := []rune(strings.ToLower(word))
	orig := slices.Clone(w)
	for {
		last := -1
		for i, r := range w {
			if !unicode.IsLetter(r) {
				break
			}
			last = i
		}
		if last < 0 || w[last] > 0x7f {
			return string(w)
		}
		rules := lancasterRules[byte(w[last])]
		applied := false
		for _, r := range rules {
			if !hasRuneSuffix(w, r.ending) {
				continue
			}
			if r.intact && !slices.Equal(w, orig) {
				continue
			}
			if !lancasterAcceptable(w, r.remove) {
				continue
			}
			w = append(w[:len(w)-r.remove], []rune(r.append)...)
			applied = true
			if !r.continue_ {
				return string(w)
			}
			break
		}
		if !applied {
			return string(w)
		}
	}
}

func hasRuneSuffix(w []rune, suffix string) bool {
	if len(suffix) > len(w) {
		return false
	}
	tail := w[len(w)-len(suffix):]
	for i := 0; i < len(suffix); i++ {
		if tail[i] != rune(suffix[i]) {
			return false
		}
	}
	return true
}

func lancasterAcceptable(w []rune, remove int) bool {
	isVowel := func(r rune) bool { return strings.ContainsRune("aeiouy", r) }
	if len(w) == 0 {
		return false
	}
	if isVowel(w[0]) {
		return len(w)-remove >= 2
	}
	return len(w)-remove >= 3 && (isVowel(w[1]) || isVowel(w[2]))
}
