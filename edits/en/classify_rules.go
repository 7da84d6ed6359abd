package en

import (
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/edits"
)

// A rule decides the main type of an edit or passes (ok false).
type rule[T any] struct {
	name  string
	apply func(T) (typ string, ok bool)
}

// oneSidedRules type a missing or unnecessary edit from its one side, in
// ERRANT's order (get_one_sided_type). An edit no rule decides is OTHER.
var oneSidedRules = []rule[[]edits.Token]{
	{"possessive suffix ('s)", oneSidedPossessive},
	{"contraction (n't, 'll)", oneSidedContraction},
	{"infinitival to", oneSidedInfinitive},
	{"auxiliaries only", oneSidedAux},
	{"one POS", oneSidedPOS},
	{"one dependency label", oneSidedDep},
	{"to-infinitive or phrasal verb", oneSidedPartVerb},
}

func oneSidedType(toks []edits.Token) string {
	for _, r := range oneSidedRules {
		if t, ok := r.apply(toks); ok {
			return t
		}
	}
	return "OTHER"
}

func oneSidedPossessive(toks []edits.Token) (string, bool) {
	return "NOUN:POSS", len(toks) == 1 && toks[0].Tag == "POS"
}

func oneSidedContraction(toks []edits.Token) (string, bool) {
	return "CONTR", len(toks) == 1 && contractions.has(lowerOf(toks[0]))
}

// oneSidedInfinitive: infinitival "to" belongs to the verb form. ERRANT
// reads spaCy's own coarse tag here (Token.POS), not the tag map.
func oneSidedInfinitive(toks []edits.Token) (string, bool) {
	return "VERB:FORM", len(toks) == 1 && lowerOf(toks[0]) == "to" &&
		toks[0].POS == "PART" && toks[0].Dep != "prep"
}

var auxDeps = set("aux", "auxpass")

func oneSidedAux(toks []edits.Token) (string, bool) {
	_, dep := posAndDep(toks)
	return "VERB:TENSE", subsetOf(auxDeps, dep)
}

func oneSidedPOS(toks []edits.Token) (string, bool) {
	pos, _ := posAndDep(toks)
	u := uniq(pos)
	return u[0], len(u) == 1 && !rarePOS.has(u[0])
}

func oneSidedDep(toks []edits.Token) (string, bool) {
	_, dep := posAndDep(toks)
	u := uniq(dep)
	if t, ok := depTypes[u[0]]; ok && len(u) == 1 {
		return t, true
	}
	return "", false
}

func oneSidedPartVerb(toks []edits.Token) (string, bool) {
	pos, _ := posAndDep(toks)
	return "VERB", sameSet([]string{"PART", "VERB"}, pos)
}

// A pair is a replacement edit with ERRANT's per-token categories and
// dependency labels of both sides.
type pair struct {
	o, c         side
	oPOS, cPOS   []string
	oDep, cDep   []string
	oneToOne     bool
	o0, c0       edits.Token // first tokens
	oLow, cLow   string      // their lower-cased texts
	oLast, cLast edits.Token // last tokens
}

func newPair(o, c side) *pair {
	p := &pair{o: o, c: c}
	p.oPOS, p.oDep = posAndDep(o.toks)
	p.cPOS, p.cDep = posAndDep(c.toks)
	p.oneToOne = len(o.toks) == 1 && len(c.toks) == 1
	p.o0, p.c0 = o.toks[0], c.toks[0]
	p.oLow, p.cLow = lowerOf(p.o0), lowerOf(p.c0)
	p.oLast, p.cLast = o.toks[len(o.toks)-1], c.toks[len(c.toks)-1]
	return p
}

// lowPair reports whether the first tokens are {a, b} in either order.
func (p *pair) lowPair(a, b string) bool {
	return (p.oLow == a && p.cLow == b) || (p.oLow == b && p.cLow == a)
}

// replacementRules type a replacement, in ERRANT's order
// (get_two_sided_type). The 1:1 families apply to one-token sides only;
// a 1:1 edit they leave undecided falls through to the multi-token rules,
// as in ERRANT. An edit no rule decides is OTHER.
var replacementRules = []rule[*pair]{
	{"ORTH: case or spacing only", orthography},
	{"WO: the same tokens reordered", wordOrder},
	{"1:1 special cases", oneToOne(specialCases)},
	{"1:1 non-word spelling", oneToOne(nonWordSpelling)},
	{"1:1 inflection (same lemma)", oneToOne(inflection)},
	{"1:1 derivation (same stem)", oneToOne(derivation)},
	{"1:1 POS and dependency labels", oneToOne(generalOneToOne)},
	{"1:1 string similarity", oneToOne(stringSimilarity)},
	{"multi-token", multiToken},
}

func twoSidedType(p *pair) string {
	for _, r := range replacementRules {
		if t, ok := r.apply(p); ok {
			return t
		}
	}
	return "OTHER"
}

// oneToOne limits a rule family to 1:1 replacements.
func oneToOne(f func(*pair) (string, bool)) func(*pair) (string, bool) {
	return func(p *pair) (string, bool) {
		if !p.oneToOne {
			return "", false
		}
		return f(p)
	}
}

// orthography: the sides differ only in case or spacing.
func orthography(p *pair) (string, bool) {
	var ob, cb strings.Builder
	for _, t := range p.o.toks {
		ob.WriteString(lowerOf(t))
	}
	for _, t := range p.c.toks {
		cb.WriteString(lowerOf(t))
	}
	return "ORTH", ob.String() == cb.String()
}

// wordOrder: the same tokens (ignoring case) in another order.
func wordOrder(p *pair) (string, bool) {
	if len(p.o.toks) != len(p.c.toks) {
		return "", false
	}
	count := map[string]int{}
	for _, t := range p.o.toks {
		count[lowerOf(t)]++
	}
	for _, t := range p.c.toks {
		k := lowerOf(t)
		if count[k] == 0 {
			return "", false
		}
		count[k]--
	}
	return "WO", true
}

// specialCases: possessive suffixes, contractions, and was/were.
func specialCases(p *pair) (string, bool) {
	switch {
	case p.o0.Tag == "POS" || p.c0.Tag == "POS": // ' -> 's
		return "NOUN:POSS", true
	case (contractions.has(p.oLow) || contractions.has(p.cLow)) && slices.Equal(p.oPOS, p.cPOS):
		return "CONTR", true // 's -> 've, 'll -> 'd
	case auxContractions[p.oLow] == p.cLow && p.cLow != "" ||
		auxContractions[p.cLow] == p.oLow && p.oLow != "":
		return "CONTR", true // ca -> can, wo -> will
	case auxContractions[p.oLow] != "" || auxContractions[p.cLow] != "":
		return "VERB:TENSE", true // ca -> could, wo -> should
	case p.lowPair("was", "were"): // the only past-tense agreement
		return "VERB:SVA", true
	}
	return "", false
}

// nonWordSpelling: a source word that is alphabetic but not in the
// British English word list (as given or lower-cased). Always decides.
func nonWordSpelling(p *pair) (string, bool) {
	if !isAlpha(p.o0.Text) || inLexicon(p.o0.Text) || inLexicon(p.oLow) {
		return "", false
	}
	if p.o0.Lemma == p.c0.Lemma {
		// Inflection of a non-word: childs -> children, getted -> got.
		if slices.Equal(p.oPOS, p.cPOS) && (p.oPOS[0] == "NOUN" || p.oPOS[0] == "VERB") {
			return p.oPOS[0] + ":INFL", true
		}
		return "MORPH", true
	}
	sim := normalizedLevenshtein(p.oLow, p.cLow)
	if sim > 0.55 {
		return "SPELL", true // recieve -> receive
	}
	// Short words with a score of 1/2 or 1/3 are spelling: eles -> else.
	if (sim == 0.5 || math.Round(sim*1000)/1000 == 0.333) &&
		runeLen(p.o0.Text) <= 4 && runeLen(p.c0.Text) <= 4 {
		return "SPELL", true
	}
	// The rest are word choice: amougnht -> number.
	if !rarePOS.has(p.cPOS[0]) {
		return p.cPOS[0], true
	}
	return "OTHER", true
}

// inflection: the same lemma on both sides of open-class words.
// Always decides once the lemma and classes match.
func inflection(p *pair) (string, bool) {
	if p.o0.Lemma != p.c0.Lemma || !openClass.has(p.oPOS[0]) || !openClass.has(p.cPOS[0]) {
		return "", false
	}
	if p.oPOS[0] == p.cPOS[0] {
		switch p.oPOS[0] {
		case "ADJ":
			return "ADJ:FORM", true // big -> bigger
		case "NOUN":
			return "NOUN:NUM", true // cat -> cats
		case "VERB":
			if t, ok := verbInflection(p); ok {
				return t, true
			}
		}
	}
	if subsetOf(adjDeps, p.oDep, p.cDep) {
		return "ADJ:FORM", true
	}
	if p.oPOS[0] == "ADJ" && p.c0.Tag == "NNS" {
		return "NOUN:NUM", true // musical -> musicals
	}
	switch p.c0.Tag {
	case "VBG", "VBN":
		return "VERB:FORM", true
	case "VBD":
		return "VERB:TENSE", true
	case "VBZ":
		return "VERB:SVA", true
	}
	return "MORPH", true
}

// verbInflection orders the verb types of one lemma: after an auxiliary
// FORM; VBG/VBN FORM; VBD TENSE; VBZ SVA; auxiliaries TENSE.
func verbInflection(p *pair) (string, bool) {
	ot, ct := p.o0.Tag, p.c0.Tag
	switch {
	case precededByAux(p):
		return "VERB:FORM", true // has eat -> has eaten
	case ot == "VBG" || ot == "VBN" || ct == "VBG" || ct == "VBN":
		return "VERB:FORM", true
	case ot == "VBD" || ct == "VBD":
		return "VERB:TENSE", true
	case ot == "VBZ" || ct == "VBZ":
		return "VERB:SVA", true
	case hasPrefixAux(p.oDep[0]) && hasPrefixAux(p.cDep[0]):
		return "VERB:TENSE", true
	}
	return "", false
}

// derivation: the same Lancaster stem on both sides of open-class words
// (happy -> happiness).
func derivation(p *pair) (string, bool) {
	return "MORPH", openClass.has(p.oPOS[0]) && openClass.has(p.cPOS[0]) &&
		lancasterStem(p.o0.Text) == lancasterStem(p.c0.Text)
}

var (
	argumentDeps = set("nsubj", "nsubjpass", "dobj", "pobj")
	detPron      = []string{"DET", "PRON"}
	numDet       = []string{"NUM", "DET"}
	partPrep     = []string{"PART", "PREP"}
	prtPrep      = []string{"prt", "prep"}
)

// generalOneToOne: auxiliaries, shared POS or dependency label, particles,
// determiner/pronoun and a few fixed pairs.
func generalOneToOne(p *pair) (string, bool) {
	switch {
	case hasPrefixAux(p.oDep[0]) && hasPrefixAux(p.cDep[0]):
		return "VERB:TENSE", true // will -> would
	case slices.Equal(p.oPOS, p.cPOS) && !rarePOS.has(p.oPOS[0]):
		return p.oPOS[0], true // in -> on: PREP
	case slices.Equal(p.oDep, p.cDep) && depTypes[p.oDep[0]] != "":
		return depTypes[p.oDep[0]], true
	case sameSet(partPrep, p.oPOS, p.cPOS) || sameSet(prtPrep, p.oDep, p.cDep):
		return "PART", true // (look) at -> (look) after
	}
	if sameSet(detPron, p.oPOS, p.cPOS) {
		if argumentDeps.has(p.cDep[0]) {
			return "PRON", true // a determiner is never an argument
		}
		if p.cDep[0] == "poss" {
			return "DET", true
		}
	}
	switch {
	case sameSet(numDet, p.oPOS, p.cPOS):
		return "DET", true // one -> a
	case p.lowPair("other", "another"):
		return "DET", true
	case p.oLow == "your" && p.cLow == "yours": // (yours) sincerely
		return "PRON", true
	case p.lowPair("no", "not"):
		return "OTHER", true
	}
	return "", false
}

// stringSimilarity: ERRANT's length and similarity thresholds (tuned on
// FCE and W&I) that tell real-word spelling errors, morphology and word
// choice apart. Edits with a non-alphabetic side are OTHER; alphabetic
// edits the thresholds leave open fall through.
func stringSimilarity(p *pair) (string, bool) {
	if !isAlpha(p.o0.Text) || !isAlpha(p.c0.Text) {
		return "OTHER", true
	}
	sim := normalizedLevenshtein(p.oLow, p.cLow)
	ol, cl := runeLen(p.o0.Text), runeLen(p.c0.Text)
	cPOS := p.cPOS[0]
	byPOS := !rarePOS.has(cPOS)
	switch ol {
	case 1:
		if cl == 2 && sim == 0.5 {
			return "SPELL", true // i -> in, a -> at
		}
	case 2:
		if cl >= 2 && cl <= 3 && sim >= 0.5 {
			return "SPELL", true // in -> is, to -> too
		}
	case 3:
		switch {
		case p.oLow == "the" && p.cLow == "that":
			return "PRON", true
		case p.oLow == "all" && p.cLow == "everything":
			return "PRON", true
		case cl >= 2 && cl <= 4 && sim >= 0.5:
			return "SPELL", true // off -> of, now -> know
		}
	case 4:
		switch {
		case p.lowPair("that", "what"):
			return "PRON", true
		case p.lowPair("good", "well") && byPOS:
			return cPOS, true
		case cl == 3 && sim > 0.5:
			return "SPELL", true // knew -> new
		case cl == 4 && sim >= 0.5:
			return "SPELL", true // then -> than, form -> from
		case cl == 5 && sim == 0.8:
			return "SPELL", true // hole -> whole
		case cl > 5 && sim > 0.5 && byPOS:
			return cPOS, true // high -> height
		}
	case 5:
		switch {
		case p.lowPair("after", "later") && byPOS:
			return cPOS, true
		case cl == 4 && sim == 0.8:
			return "SPELL", true // where -> were
		case cl == 5 && sim >= 0.6:
			return "SPELL", true // their -> there, quite -> quiet
		case cl > 5 && byPOS:
			return cPOS, true // human -> people
		}
	}
	if ol > 5 && cl > 5 {
		ot, ct := p.o0.Text, p.c0.Text
		switch {
		case p.oLow == "therefor" && p.cLow == "therefore":
			return "SPELL", true
		case p.lowPair("though", "thought"):
			return "SPELL", true
		case (strings.HasPrefix(ot, ct) || strings.HasPrefix(ct, ot)) && sim >= 0.66:
			return "MORPH", true // stress -> stressed, health -> healthy
		case sim > 0.8:
			return "SPELL", true // exiting -> exciting
		case sim < 0.55 && byPOS:
			return cPOS, true // learning -> studying
		}
	}
	return "", false
}

var (
	partVerb = []string{"PART", "VERB"}
	moreMost = set("more", "most")
	nounPart = []string{"NOUN", "PART"}
	adjDeps  = set("acomp", "amod")
)

// multiToken: the rules for edits of several tokens, which also type 1:1
// edits the 1:1 families left open.
func multiToken(p *pair) (string, bool) {
	if subsetOf(auxDeps, p.oDep, p.cDep) {
		return "VERB:TENSE", true // will -> has been
	}
	if u := uniq(p.oPOS, p.cPOS); len(u) == 1 {
		if u[0] == "VERB" && p.oLast.Lemma == p.cLast.Lemma {
			return "VERB:TENSE", true // eat -> has eaten
		}
		if !rarePOS.has(u[0]) {
			return u[0], true
		}
	}
	if u := uniq(p.oDep, p.cDep); len(u) == 1 && depTypes[u[0]] != "" {
		return depTypes[u[0]], true
	}
	if sameSet(partVerb, p.oPOS, p.cPOS) {
		if p.oLast.Lemma == p.cLast.Lemma {
			return "VERB:FORM", true // to eat -> eating
		}
		return "VERB", true // look at -> see
	}
	if (slices.Equal(p.oPOS, nounPart) || slices.Equal(p.cPOS, nounPart)) && p.o0.Lemma == p.c0.Lemma {
		return "NOUN:POSS", true // friends -> friend 's
	}
	if (moreMost.has(p.oLow) || moreMost.has(p.cLow)) && p.oLast.Lemma == p.cLast.Lemma &&
		len(p.o.toks) <= 2 && len(p.c.toks) <= 2 {
		return "ADJ:FORM", true // more free -> freer
	}
	return "", false
}

// normalizedLevenshtein is 1 - lev(a, b)/max(len(a), len(b)) in runes, as
// rapidfuzz's Levenshtein.normalized_similarity with unit weights.
func normalizedLevenshtein(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	m := max(len(ra), len(rb))
	if m == 0 {
		return 1
	}
	return 1 - float64(edits.Levenshtein(ra, rb))/float64(m)
}
