package evidence

import (
	"strings"

	"github.com/gecmetric/gecmetric/edits"
)

// Checks for frequent errors of learners of Swedish. They key on Swedish
// function words, so they stay silent on English text; the open-class
// words they look at carry the part-of-speech guesses of package edits/sv
// (NOUN, VERB, ADJ or X).

// svModals take a bare infinitive: "kan gå", not "kan går".
var svModals = map[string]bool{
	"kan": true, "kunde": true, "ska": true, "skall": true, "skulle": true, "vill": true, "ville": true,
	"måste": true, "bör": true, "borde": true, "får": true, "brukar": true, "behöver": true, "tänker": true,
}

// svSkippable may stand between a modal and its infinitive.
var svSkippable = map[string]bool{
	"inte": true, "också": true, "alltid": true, "aldrig": true, "bara": true, "verkligen": true, "nog": true,
	"jag": true, "du": true, "han": true, "hon": true, "vi": true, "ni": true, "de": true, "dom": true, "man": true, "det": true,
}

// svNotVerbR end in r but are no present-tense verbs.
var svNotVerbR = map[string]bool{
	"där": true, "här": true, "för": true, "mer": true, "hur": true, "var": true, "när": true, "er": true,
	"efter": true, "under": true, "över": true, "eller": true, "sommar": true, "vinter": true, "år": true,
	"snabbare": true, "bättre": true, "mindre": true, "större": true, "fler": true,
}

func svPresent(t edits.Token) bool {
	w := lower(t)
	switch t.POS {
	case "VERB", "X", "NOUN", "ADJ":
	default:
		return false
	}
	return len(w) >= 3 && strings.HasSuffix(w, "r") && !strings.HasSuffix(w, "are") && !svNotVerbR[w] && isWord(w)
}

// svVerbAfterModal counts present-tense forms where an infinitive belongs:
// after a modal (one adverb or subject may intervene) or after "att".
func svVerbAfterModal(toks []edits.Token) int {
	n := 0
	for i := 0; i+1 < len(toks); i++ {
		w := lower(toks[i])
		switch {
		case svModals[w]:
			j := i + 1
			if svSkippable[lower(toks[j])] && j+1 < len(toks) {
				j++
			}
			if svPresent(toks[j]) {
				n++
			}
		case w == "att" && svPresent(toks[i+1]):
			n++
		}
	}
	return n
}

// svFronted are adverbials that, first in a main clause, put the finite
// verb before the subject (V2): "Idag går jag", not "Idag jag går".
var svFronted = map[string]bool{
	"idag": true, "igår": true, "imorgon": true, "ikväll": true, "därför": true, "ofta": true, "ibland": true,
	"alltid": true, "också": true, "dessutom": true, "tyvärr": true, "nu": true, "först": true,
	"senare": true, "tidigare": true, "plötsligt": true, "egentligen": true, "slutligen": true,
	"sist": true, "oftast": true, "numera": true, "förut": true, "aldrig": true,
}

var svSubjects = map[string]bool{
	"jag": true, "du": true, "han": true, "hon": true, "vi": true, "ni": true, "de": true, "dom": true, "man": true,
}

var svSubordinators = map[string]bool{
	"när": true, "om": true, "eftersom": true, "innan": true, "medan": true, "fast": true, "ifall": true, "trots": true, "efter": true,
}

var svPrepositions = map[string]bool{
	"i": true, "på": true, "under": true, "efter": true, "för": true, "med": true, "vid": true, "till": true, "från": true,
}

// svVerbSecond counts main clauses that put the subject before the verb
// after a fronted adverbial, prepositional phrase or subordinate clause.
func svVerbSecond(toks []edits.Token) int {
	var ws []string
	for _, t := range toks {
		ws = append(ws, lower(t))
	}
	if len(ws) < 3 {
		return 0
	}
	switch {
	case svFronted[ws[0]] && svSubjects[ws[1]]:
		return 1
	case ws[0] == "i" && (ws[1] == "dag" || ws[1] == "går" || ws[1] == "morgon") && svSubjects[ws[2]]:
		return 1
	case svSubordinators[ws[0]]:
		for i := 1; i+2 < len(ws); i++ {
			if ws[i] == "," {
				if svSubjects[ws[i+1]] && ws[i+2] != "som" {
					return 1
				}
				return 0
			}
		}
	case svPrepositions[ws[0]] && !svSubjects[ws[1]]:
		for i := 2; i <= 3 && i+1 < len(ws); i++ {
			if ws[i] == "," || svSubordinators[ws[i]] || ws[i] == "som" || ws[i] == "att" {
				return 0
			}
			if svSubjects[ws[i]] {
				if toks[i+1].POS == "VERB" || toks[i+1].POS == "AUX" {
					return 1
				}
				return 0
			}
		}
	}
	return 0
}

// svWeakAdjective counts "det stor huset": after den/det/de and before a
// definite noun the adjective takes its weak form in -a or -e.
func svWeakAdjective(toks []edits.Token) int {
	n := 0
	for i := 0; i+2 < len(toks); i++ {
		d := lower(toks[i])
		if d != "den" && d != "det" && d != "de" && d != "dom" {
			continue
		}
		a, nn := toks[i+1], toks[i+2]
		aw, nw := lower(a), lower(nn)
		if (a.POS != "ADJ" && a.POS != "X") || !isWord(aw) || len(aw) < 3 || strings.HasSuffix(aw, "a") || strings.HasSuffix(aw, "e") {
			continue
		}
		if (nn.POS == "NOUN" || nn.POS == "X") && len(nw) > 4 && (strings.HasSuffix(nw, "en") || strings.HasSuffix(nw, "et") || strings.HasSuffix(nw, "na")) {
			n++
		}
	}
	return n
}
