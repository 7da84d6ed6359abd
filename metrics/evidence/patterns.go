package evidence

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/edits"
)

// A pattern is a check for one frequent learner error, over tokens and
// (where the language tags them) Penn Treebank tags. Each returns the
// number of places it fires.
type pattern struct {
	name  string
	check func(toks []edits.Token) int
}

// patterns are the checks behind re.patterns. The tag-based ones fire
// only where the language's annotator fills Token.Tag (English).
var patterns = []pattern{
	{"doubled word", doubledWord},
	{"a/an", articleForm},
	{"lower-case start", lowerStart},
	{"no final punctuation", noFinalPunct},
	{"subject-verb agreement", subjectVerb},
	{"determiner-noun number", determinerNumber},
	{"verb form after modal or to", verbAfterModal},
	{"be + base verb", beBase},
	{"double comparative", doubleComparative},
	{"sv: verb form after modal or att", svVerbAfterModal},
	{"sv: verb second", svVerbSecond},
	{"sv: weak adjective", svWeakAdjective},
}

// Patterns returns how many times the learner-error checks fire on s.
func Patterns(s *edits.Sentence) int {
	n := 0
	for _, p := range patterns {
		n += p.check(s.Tokens)
	}
	return n
}

// PatternHits returns, per check that fires on s, its name and count.
func PatternHits(s *edits.Sentence) map[string]int {
	out := map[string]int{}
	for _, p := range patterns {
		if c := p.check(s.Tokens); c > 0 {
			out[p.name] = c
		}
	}
	return out
}

func lower(t edits.Token) string {
	if t.Lower != "" {
		return t.Lower
	}
	return strings.ToLower(t.Text)
}

func doubledWord(toks []edits.Token) int {
	n := 0
	for i := 1; i < len(toks); i++ {
		if isWord(toks[i].Text) && lower(toks[i]) == lower(toks[i-1]) && lower(toks[i]) != "had" && lower(toks[i]) != "that" {
			n++
		}
	}
	return n
}

// anExceptions start with a vowel letter but a consonant sound, or with a
// consonant letter but a vowel sound.
var (
	consonantSound = []string{"uni", "use", "usu", "uti", "eu", "one", "once", "ure", "uri", "ubi"}
	vowelSound     = []string{"hour", "honest", "honou", "honor", "heir"}
)

func articleForm(toks []edits.Token) int {
	n := 0
	for i := 0; i+1 < len(toks); i++ {
		a := lower(toks[i])
		if a != "a" && a != "an" {
			continue
		}
		w := lower(toks[i+1])
		if !isWord(w) || len(w) < 2 {
			continue
		}
		vowel := strings.ContainsRune("aeiou", rune(w[0]))
		for _, p := range consonantSound {
			if strings.HasPrefix(w, p) {
				vowel = false
			}
		}
		for _, p := range vowelSound {
			if strings.HasPrefix(w, p) {
				vowel = true
			}
		}
		if (a == "a" && vowel) || (a == "an" && !vowel) {
			n++
		}
	}
	return n
}

func lowerStart(toks []edits.Token) int {
	for _, t := range toks {
		r, _ := utf8.DecodeRuneInString(t.Text)
		if unicode.IsLetter(r) {
			if unicode.IsLower(r) {
				return 1
			}
			return 0
		}
		if unicode.IsDigit(r) {
			return 0
		}
	}
	return 0
}

// noFinalPunct fires when the sentence neither ends one (endsSentence)
// nor stops at a colon or a closing quote or bracket.
func noFinalPunct(toks []edits.Token) int {
	if len(toks) == 0 || endsSentence(toks) {
		return 0
	}
	switch toks[len(toks)-1].Text {
	case ":", "\"", "''", "'", ")":
		return 0
	}
	return 1
}

// endsSentence says toks end in . ! ? or …, closing quotes and brackets
// after it left aside, however the tokenizer split them: ". \"", ".\""
// (one token) and "World. \"" all end a sentence.
func endsSentence(toks []edits.Token) bool {
	end := ""
	for i := len(toks) - 1; i >= 0 && i >= len(toks)-3; i-- {
		end = toks[i].Text + end
		trimmed := strings.TrimRight(end, closers)
		if trimmed == "" {
			continue // only closers so far: look one token further back
		}
		r, _ := utf8.DecodeLastRuneInString(trimmed)
		return strings.ContainsRune(".!?…", r)
	}
	return false
}

// closers are the closing quotes and brackets that may follow a
// sentence's final punctuation.
const closers = "\"'`)]}”’»"

func subjectVerb(toks []edits.Token) int {
	n := 0
	for i := 0; i+1 < len(toks); i++ {
		s, v := lower(toks[i]), toks[i+1]
		vt := v.Tag
		vl := lower(v)
		switch {
		case (s == "he" || s == "she" || s == "it") && (vt == "VBP" || vl == "are" || vl == "were" || vl == "have" || vl == "do" || vl == "am"):
			n++
		case (s == "i" || s == "you" || s == "we" || s == "they") && (vt == "VBZ" || vl == "is" || vl == "has" || vl == "does" || vl == "was" && s != "i"):
			n++
		case toks[i].Tag == "NNS" && (vl == "is" || vl == "has" || vl == "does" || vl == "was") && (i == 0 || !isPrepTag(toks[i-1].Tag)):
			n++
		case (toks[i].Tag == "NN") && (vl == "are" || vl == "were") && (i == 0 || lower(toks[i-1]) != "the" && !isPrepTag(toks[i-1].Tag)):
			n++
		}
	}
	return n
}

func isPrepTag(t string) bool { return t == "IN" || t == "TO" }

var singularDets = map[string]bool{"a": true, "an": true, "this": true, "that": true, "every": true, "each": true, "another": true}
var pluralDets = map[string]bool{"these": true, "those": true, "many": true, "several": true, "both": true, "few": true}

func determinerNumber(toks []edits.Token) int {
	n := 0
	for i := 0; i+1 < len(toks); i++ {
		d, t := lower(toks[i]), toks[i+1].Tag
		if singularDets[d] && t == "NNS" && d != "that" {
			n++
		}
		if pluralDets[d] && t == "NN" {
			n++
		}
	}
	return n
}

func verbAfterModal(toks []edits.Token) int {
	n := 0
	for i := 0; i+1 < len(toks); i++ {
		a, b := toks[i], toks[i+1]
		if a.Tag == "MD" && (b.Tag == "VBZ" || b.Tag == "VBD" || b.Tag == "VBG") {
			n++
		}
		if a.Tag == "TO" && (b.Tag == "VBZ" || b.Tag == "VBD") {
			n++
		}
	}
	return n
}

var beForms = map[string]bool{"am": true, "is": true, "are": true, "was": true, "were": true}

func beBase(toks []edits.Token) int {
	n := 0
	for i := 0; i+1 < len(toks); i++ {
		if beForms[lower(toks[i])] && toks[i+1].Tag == "VB" {
			n++
		}
	}
	return n
}

func doubleComparative(toks []edits.Token) int {
	n := 0
	for i := 0; i+1 < len(toks); i++ {
		a, t := lower(toks[i]), toks[i+1].Tag
		if (a == "more" && t == "JJR") || (a == "most" && t == "JJS") {
			n++
		}
	}
	return n
}
