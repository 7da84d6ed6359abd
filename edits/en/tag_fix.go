package en

import (
	"strings"
	"unicode"

	"github.com/gecmetric/gecmetric/edits/en/internal/wordnet"
)

// Tag corrections after prose.
//
// prose's perceptron reads context, and learner text is exactly where
// context misleads it: "to avoiding" makes "avoiding" VB, "the lifes" makes
// "lifes" NN, "people saves money" makes "saves" NNS. ERRANT's verdicts
// (NOUN:NUM, VERB:SVA, VERB:FORM, MORPH...) follow the fine tag and the
// lemma it implies, and spaCy's tagger, which also sees each word's shape
// and vectors, reads such words differently. fixMorphTags re-tags a word
// when WordNet's morphology says prose's tag is impossible or a local
// pattern says spaCy reads it otherwise. Every rule below was kept only if
// it raised agreement with ERRANT's CoNLL-2014 M2 (edits/agreement), and
// each has a row in TestFixMorphTags.
//
// Morphology (WordNet index and exception lists):
//
//   - NN that is no WordNet noun: a plural of one → NNS; else a verb form →
//     the tag its ending gives. NN ending like a plural whose singular is a
//     noun ("links") → NNS, except singular -s nouns (news, series...).
//   - VB/VBP that is no base verb: its inflection's tag (VBG, VBZ, VBD/VBN);
//     no verb at all but a noun → NN/NNS. VBD on a base form that is no past
//     ("everyone know") → VBP/VB. VBN with no past form ("having disease") →
//     NN. JJ that is no adjective → its noun or verb tag. VBG with no verb
//     reading → NN; RB that is no WordNet adverb but a verb → verb.
//
// Context:
//
//   - "to" before anything but a base verb or adverb → IN ("to using", "to
//     the"); "to" after supposed/able/want... before a verb read as noun →
//     TO + VB. "such" before a determiner → PDT; "that" opening a noun
//     phrase that is no subject → DT; subject "one" → PRP.
//   - -s forms between a subject and an object (or infinitive, or the end
//     of a short subordinate clause) → VBZ, repairing a swapped noun/verb
//     pair ("media sites saves money"); -s forms where only a noun fits
//     (after a determiner, adjective or preposition, before "of", as a
//     verb's object) → NNS.
//   - Gerunds in noun phrases ("social networking sites", "letter writing
//     to") → NN; a verb form after a determiner or a possessive 's → noun;
//     a verb between an -ly adverb and its object, or before an object
//     outside a noun phrase, or coordinated with an earlier verb use of the
//     same word → verb.
//   - A participle right after a clause-initial subject, before its object
//     ("some seen it as") → VBD. A capitalised mid-sentence word read as
//     verb or adverb → NNP; a capitalised plural opening the sentence →
//     NNS. Phrasal-verb particles (known pairs, "on" before a preposition,
//     stranded before punctuation) → RP. "every second ." → NN.
//
// Words WordNet does not know (misspellings, names) keep prose's tag except
// where context alone decides.
func fixMorphTags(tokens, tags []string) {
	c := &morphContext{t: wordnetTables(), tokens: tokens, tags: tags}
	for i, w := range tokens {
		c.low = lower(w)
		for _, r := range tagFixRules {
			if r.fix(c, i) {
				break
			}
		}
	}
}

// A morphContext is what the rules of fixMorphTags read: the sentence,
// its tags (which the rules change in place) and the current word,
// lower-cased.
type morphContext struct {
	t      *wordnet.Tables
	tokens []string
	tags   []string
	low    string
}

// A tagFixRule is one rule of fixMorphTags: fix re-tags token i (and at
// most its neighbours) and reports whether the token is done, so that no
// later rule sees it.
type tagFixRule struct {
	name string
	fix  func(c *morphContext, i int) bool
}

// tagFixRules are fixMorphTags' rules in the order they are tried on each
// token; the first that reports the token done ends its turn. The order
// is part of the rules (every rule was tuned after the ones before it).
var tagFixRules = []tagFixRule{
	{"closed words: to, one, such, that", fixClosedWord},
	{"stranded or phrasal particle", fixStrandedParticle},
	{"known phrasal-verb particle", fixPhrasalParticle},
	{"short or non-words keep their tag", keepNonWord},
	{"possessor's noun after 's", fixPossessorNoun},
	{"capitalised plural opening the sentence", fixOpeningPlural},
	{"capitalised mid-sentence name", fixMidSentenceName},
	{"by prose's tag", fixByTag},
}

// tagRules re-tag a word by the tag prose gave it (fixByTag).
var tagRules = map[string]func(c *morphContext, i int){
	"NN":  fixNN,
	"VB":  fixBaseVerb,
	"VBP": fixBaseVerb,
	"RB":  fixRB,
	"JJ":  fixJJ,
	"NNS": fixNNS,
	"VBZ": fixVBZ,
	"VBD": fixVBD,
	"VBN": fixVBN,
	"VBG": fixVBG,
}

// tagRule is tagRules[tag], without hashing: every token asks, and most
// tags have no rule.
func tagRule(tag string) func(c *morphContext, i int) {
	if len(tag) < 2 || (tag[0] != 'N' && tag[0] != 'V' && tag[0] != 'R' && tag[0] != 'J') {
		return nil
	}
	return tagRules[tag]
}

func fixByTag(c *morphContext, i int) bool {
	if fix := tagRule(c.tags[i]); fix != nil {
		fix(c, i)
	}
	return true
}

// fixClosedWord handles to, one, such and that, and ends their turn.
func fixClosedWord(c *morphContext, i int) bool {
	t, tokens, tags := c.t, c.tokens, c.tags
	switch c.low {
	case "to":
		if i > 0 && i+1 < len(tokens) && takesInfinitive[lower(tokens[i-1])] &&
			tags[i+1] == "NN" && t.InIndex(wordnet.Verb, lower(tokens[i+1])) {
			// "supposed to share": prose read a noun after "to".
			tags[i], tags[i+1] = "TO", "VB"
			return true
		}
		if tags[i] == "TO" && i+1 < len(tokens) && !toKeepsTO(tokens[i+1], tags[i+1]) {
			tags[i] = "IN"
		}
	case "one":
		// "One might also", "as one may": the pronoun, as its subject use
		// shows, not the number.
		if tags[i] == "CD" && !nounFollowsTags(tags, i+1) && i+1 < len(tags) && (tags[i+1] == "MD" || strings.HasPrefix(tags[i+1], "VB")) {
			tags[i] = "PRP"
		}
	case "such":
		if i+1 < len(tags) && tags[i+1] == "DT" {
			tags[i] = "PDT"
		}
	case "that":
		// "undergoing that genetic testing": a determiner, unless the
		// noun phrase it opens is a subject ("that people are").
		if tags[i] == "IN" && nounFollowsTags(tags, i+1) && !verbAfterNounPhrase(tags, i+1) {
			tags[i] = "DT"
		}
	default:
		return false
	}
	return true
}

// fixStrandedParticle: a stranded or phrasal-verb particle, "friends in
// .", "showing up of".
func fixStrandedParticle(c *morphContext, i int) bool {
	tokens, tags, low := c.tokens, c.tags, c.low
	if tags[i] == "IN" && particles[low] && (i+1 == len(tokens) || strandingPunct[tokens[i+1]] ||
		(i > 0 && phrasalParticles[low] && strings.HasPrefix(tags[i-1], "VB") && !strings.HasPrefix(tags[i+1], "NN") && tags[i+1] != "DT" && tags[i+1] != "PRP$")) {
		tags[i] = "RP"
		return true
	}
	return false
}

func fixPhrasalParticle(c *morphContext, i int) bool {
	tokens, tags := c.tokens, c.tags
	if tags[i] == "IN" && i > 0 && strings.HasPrefix(tags[i-1], "VB") && i+1 < len(tokens) &&
		phrasalParticle(c.t, lower(tokens[i-1]), c.low, tags[i+1]) {
		tags[i] = "RP"
		return true
	}
	return false
}

// keepNonWord ends the turn of words shorter than three letters and of
// tokens that are no words.
func keepNonWord(c *morphContext, i int) bool { return len(c.low) < 3 || !isWordish(c.low) }

// fixPossessorNoun: "persons ' thought", "people 's potential": a
// possessor's noun.
func fixPossessorNoun(c *morphContext, i int) bool {
	t, tags, low := c.t, c.tags, c.low
	if i > 0 && tags[i-1] == "POS" && (strings.HasPrefix(tags[i], "VB") || tags[i] == "JJ") {
		if t.InIndex(wordnet.Noun, low) {
			tags[i] = "NN"
			return true
		}
		if nounBase(t, low) != "" {
			tags[i] = "NNS"
			return true
		}
	}
	return false
}

// fixOpeningPlural: "Researches show": a capitalised common plural
// opening the sentence.
func fixOpeningPlural(c *morphContext, i int) bool {
	t, tags, low := c.t, c.tags, c.low
	if i == 0 && tags[i] == "NNP" && strings.HasSuffix(low, "s") && !t.InIndex(wordnet.Noun, low) {
		if b := nounBase(t, low); b != "" && b != low {
			tags[i] = "NNS"
			return true
		}
	}
	return false
}

func fixMidSentenceName(c *morphContext, i int) bool {
	tags := c.tags
	if (strings.HasPrefix(tags[i], "VB") || strings.HasPrefix(tags[i], "RB")) && midSentenceName(c.tokens, i) {
		tags[i] = "NNP"
		return true
	}
	return false
}

func fixNN(c *morphContext, i int) {
	t, tokens, tags, low := c.t, c.tokens, c.tags, c.low
	if v := parallelVerb(tokens, tags, i, low); v != "" {
		// "could cause a problem and cause more unhappiness": the
		// same word, coordinated, keeps its verb reading.
		tags[i] = v
		return
	}
	if verbAfterAdverb(t, tokens, tags, i, low) || verbBeforeObject(t, tokens, tags, i, low) {
		tags[i] = verbTagOf(t, tokens, tags, i, low)
		return
	}
	if pluralLooking(low) && !singularPlurals[low] {
		// "the links among": a plural that is also a WordNet lemma.
		if b := nounBase(t, low); b != "" && b != low {
			tags[i] = "NNS"
			return
		}
	}
	if t.InIndex(wordnet.Noun, low) {
		// "the carrier refuse to tell": a bare verb after its subject.
		if t.InIndex(wordnet.Verb, low) && i > 0 && isNounTag(tags[i-1]) && i+2 < len(tags) &&
			lower(tokens[i+1]) == "to" && tags[i+2] == "VB" {
			tags[i] = "VBP"
		}
		return
	}
	if base := nounBase(t, low); base != "" && base != low {
		tags[i] = "NNS"
	} else if v := verbTagOf(t, tokens, tags, i, low); v != "" && !(v == "VBG" && gerundNoun(tokens, tags, i)) && !determinerBefore(tokens, tags, i) {
		tags[i] = v
	}
}

func fixBaseVerb(c *morphContext, i int) {
	t, tokens, tags, low := c.t, c.tokens, c.tags, c.low
	if determinerBefore(tokens, tags, i) && !auxForms[low] {
		// "a certain extend": a determiner opens a noun phrase.
		tags[i] = "NN"
		return
	}
	if t.InIndex(wordnet.Verb, low) || auxForms[low] {
		return
	}
	if v := verbTagOf(t, tokens, tags, i, low); v != "" && v != "VB" {
		tags[i] = v
	} else if v == "" {
		// "to teenager 's": no verb at all, but a noun.
		if t.InIndex(wordnet.Noun, low) {
			tags[i] = "NN"
		} else if nounBase(t, low) != "" {
			tags[i] = "NNS"
		}
	}
}

// fixRB: "sites suppose be": not an adverb, but a verb.
func fixRB(c *morphContext, i int) {
	t, low := c.t, c.low
	if strings.HasSuffix(low, "ly") || t.InIndex(wordnet.Adv, low) || closedAdverbs[low] {
		return
	}
	if t.InIndex(wordnet.Verb, low) {
		c.tags[i] = verbTagOf(t, c.tokens, c.tags, i, low)
	}
}

func fixJJ(c *morphContext, i int) {
	t, tokens, tags, low := c.t, c.tokens, c.tags, c.low
	if i > 0 && i+1 < len(tokens) && strandingPunct[tokens[i+1]] && t.InIndex(wordnet.Noun, low) {
		switch lower(tokens[i-1]) {
		case "every", "each", "a", "an":
			// "every second .": a determiner's noun closing the clause.
			tags[i] = "NN"
			return
		}
	}
	if t.InIndex(wordnet.Adj, low) || adjBase(t, low) != "" {
		return
	}
	if verbAfterAdverb(t, tokens, tags, i, low) {
		tags[i] = verbTagOf(t, tokens, tags, i, low)
		return
	}
	switch {
	case t.InIndex(wordnet.Noun, low):
		tags[i] = "NN"
	case nounBase(t, low) != "":
		tags[i] = "NNS"
	default:
		if v := verbTagOf(t, tokens, tags, i, low); v != "" {
			tags[i] = v
		}
	}
}

// fixNNS: "people saves money", "which benefits the company", "we
// chooses to": a plural noun reading where a verb must stand.
func fixNNS(c *morphContext, i int) {
	t, tokens, tags, low := c.t, c.tokens, c.tags, c.low
	if strings.HasSuffix(low, "s") && verbBase(t, low) != "" &&
		(i > 0 && tags[i-1] == "PRP" && nominative[lower(tokens[i-1])] ||
			(subjectBefore(tokens, tags, i) || i > 0 && tags[i-1] == "VBZ" && nounBase(t, lower(tokens[i-1])) != "") &&
				(objectAfter(t, tokens, tags, i) || subordinateClauseEnd(tokens, tags, i))) {
		tags[i] = "VBZ"
		if i > 0 && tags[i-1] == "VBZ" && nounBase(t, lower(tokens[i-1])) != "" {
			// "media sites saves money": prose swapped the two readings.
			tags[i-1] = "NNS"
		}
	}
}

// fixVBZ: "what kinds of", "this approaches help": a verb reading inside
// a noun phrase; "save works": the object of a verb.
func fixVBZ(c *morphContext, i int) {
	if nounBase(c.t, c.low) != "" && !auxForms[c.low] && (nounPhraseAround(c.tokens, c.tags, i) || afterMainVerb(c.tokens, c.tags, i)) {
		c.tags[i] = "NNS"
	}
}

// fixVBD: "everyone know that", "it waste time": a base form read as past.
func fixVBD(c *morphContext, i int) {
	t, low := c.t, c.low
	if t.InIndex(wordnet.Verb, low) && verbBase(t, low) == "" && !strings.HasSuffix(low, "ed") &&
		!samePast[low] && len(t.Exceptions(wordnet.Verb, low)) == 0 {
		c.tags[i] = verbTagOf(t, c.tokens, c.tags, i, low)
	}
}

func fixVBN(c *morphContext, i int) {
	t, tokens, tags, low := c.t, c.tokens, c.tags, c.low
	// "having disease": no past form at all, but a noun.
	if cannotBePast(t, low) && t.InIndex(wordnet.Noun, low) {
		tags[i] = "NN"
		return
	}
	if j := prevNonAdverb(tags, i); j >= 0 && tags[j] == "PRP" && nominative[lower(tokens[j])] && !afterHaveOrBe(tokens, i) {
		tags[i] = "VBD" // "they never known before": no participle after a bare subject
		return
	}
	// "some seen it as", "the woman known how": a participle as the
	// finite verb right after its subject.
	if i > 0 && !afterHaveOrBe(tokens, i) && subjectBefore(tokens, tags, i) && clauseInitialSubject(tokens, tags, i) && i+1 < len(tokens) {
		switch tags[i+1] {
		case "DT", "PRP", "PRP$", "WRB", "WP", "CD":
			tags[i] = "VBD"
		default:
			if subordinateClauseEnd(tokens, tags, i) {
				tags[i] = "VBD" // "As time passed ,"
			}
		}
	}
}

func fixVBG(c *morphContext, i int) {
	t, tokens, tags, low := c.t, c.tokens, c.tags, c.low
	if gerundNoun(tokens, tags, i) {
		tags[i] = "NN"
		return
	}
	if verbBase(t, low) != "" {
		return
	}
	if t.InIndex(wordnet.Verb, low) {
		tags[i] = verbTagOf(t, tokens, tags, i, low) // "bring", "sing"
	} else if t.InIndex(wordnet.Noun, low) {
		tags[i] = "NN"
	}
}

func toKeepsTO(word, tag string) bool {
	switch {
	case tag == "VB", tag == "VBP", tag == "MD", strings.HasPrefix(tag, "RB"):
		return true
	case !hasLetterOrDigit(word):
		return true
	}
	return false
}

// isWordish reports whether w is letters with inner hyphens or apostrophes.
func isWordish(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '-' {
			return false
		}
	}
	return true
}

// verbTagOf returns the verb tag that w's form implies, or "" if w is no
// verb form WordNet knows. A base verb gives VB, or VBP after a subject
// pronoun or plural noun.
func verbTagOf(t *wordnet.Tables, tokens, tags []string, i int, w string) string {
	if t.InIndex(wordnet.Verb, w) {
		j := i - 1
		for j >= 0 && tags[j] == "RB" {
			j--
		}
		if j >= 0 && (tags[j] == "PRP" || tags[j] == "NNS" || tags[j] == "NN" || tags[j] == "NNP") && j < i-1 ||
			i > 0 && (tags[i-1] == "PRP" || tags[i-1] == "NNS") {
			return "VBP"
		}
		return "VB"
	}
	base := verbBase(t, w)
	if base == "" || base == w {
		return ""
	}
	switch {
	case strings.HasSuffix(w, "ing"):
		return "VBG"
	case strings.HasSuffix(w, "s"):
		return "VBZ"
	}
	if afterHaveOrBe(tokens, i) || participleOnly(t, w) {
		return "VBN"
	}
	return "VBD"
}

// participleOnly reports whether the irregular form w can only be a past
// participle: "known", "written", "done", "gone" (WordNet lists them as
// exceptions; the past tense forms of those verbs do not end in n).
func participleOnly(t *wordnet.Tables, w string) bool {
	return len(t.Exceptions(wordnet.Verb, w)) > 0 && (strings.HasSuffix(w, "n") || strings.HasSuffix(w, "ne"))
}

// auxForms are the forms of be, have and do, which keep prose's tag.
var auxForms = map[string]bool{
	"be": true, "is": true, "are": true, "am": true, "was": true, "were": true,
	"been": true, "being": true, "'s": true, "'re": true, "'m": true,
	"have": true, "has": true, "had": true, "'ve": true, "'d": true,
	"do": true, "does": true, "did": true,
}

var haveBe = map[string]bool{
	"have": true, "has": true, "had": true, "having": true, "'ve": true,
	"be": true, "is": true, "are": true, "was": true, "were": true, "been": true,
	"being": true, "am": true, "'s": true, "'re": true, "'m": true, "get": true, "got": true,
}

// afterHaveOrBe reports whether a form of have or be precedes token i,
// across adverbs and negation.
func afterHaveOrBe(tokens []string, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		w := lower(tokens[j])
		if haveBe[w] {
			return true
		}
		if w != "not" && w != "n't" && !strings.HasSuffix(w, "ly") && w != "also" && w != "already" && w != "never" && w != "just" {
			return false
		}
	}
	return false
}

// nounBase, verbBase and adjBase return the WordNet lemma an inflected form
// derives from (exceptions first, then morphy's rules), or "".
func nounBase(t *wordnet.Tables, w string) string { return baseOf(t, wordnet.Noun, w) }
func verbBase(t *wordnet.Tables, w string) string { return baseOf(t, wordnet.Verb, w) }
func adjBase(t *wordnet.Tables, w string) string  { return baseOf(t, wordnet.Adj, w) }

func baseOf(t *wordnet.Tables, p wordnet.POS, w string) string {
	if exc := t.Exceptions(p, w); len(exc) > 0 && exc[0] != w {
		return exc[0]
	}
	var buf [64]byte
	for _, r := range lemmaRules[p] {
		old, repl := r[0], r[1]
		if len(w) > len(old) && strings.HasSuffix(w, old) {
			// The form is built in buf and looked up without a string
			// allocated; only a form found becomes one.
			form := append(append(buf[:0], w[:len(w)-len(old)]...), repl...)
			if t.InIndexBytes(p, form) {
				return string(form)
			}
		}
	}
	return ""
}

// subjectBefore reports whether the token before i (across adverbs) can be
// the subject of a verb at i: a noun, a nominative pronoun or a relative
// pronoun.
func subjectBefore(tokens, tags []string, i int) bool {
	j := i - 1
	for j >= 0 && strings.HasPrefix(tags[j], "RB") {
		j--
	}
	if j < 0 {
		return false
	}
	switch tags[j] {
	case "NN", "NNS", "NNP", "NNPS", "WDT":
		return true
	case "PRP", "WP", "DT":
		switch w := lower(tokens[j]); w {
		case "it", "who", "what", "this", "that", "some", "many", "all", "both", "others":
			return true
		default:
			return nominative[w]
		}
	}
	return false
}

// objectAfter reports whether the token after i opens an object: a
// determiner, possessive, object pronoun, number, or a noun that is not
// itself a plural-or-verb form.
func objectAfter(t *wordnet.Tables, tokens, tags []string, i int) bool {
	j := i + 1
	if j >= len(tokens) {
		return false
	}
	switch tags[j] {
	case "DT", "PDT", "PRP$", "CD":
		return true
	case "TO":
		// "thought needs to be put": an infinitival complement.
		return j+1 < len(tags) && tags[j+1] == "VB"
	case "PRP":
		switch lower(tokens[j]) {
		case "him", "them", "us", "me", "it", "you", "her":
			return true
		}
	case "NN", "NNS":
		low := lower(tokens[j])
		return !(strings.HasSuffix(low, "s") && verbBase(t, low) != "")
	}
	return false
}

// nounPhraseAround reports whether token i sits where only a noun can:
// after a determiner, possessive, adjective, number, preposition or opening
// bracket, or before "of". After a demonstrative it must also be followed by
// a verb ("this approaches help" but "this gives us").
func nounPhraseAround(tokens, tags []string, i int) bool {
	if i+1 < len(tokens) && lower(tokens[i+1]) == "of" {
		return true
	}
	if i == 0 {
		return false
	}
	switch tags[i-1] {
	case "PDT", "PRP$", "JJ", "JJR", "JJS", "CD", "POS", "IN", "-LRB-":
		return true
	case "DT":
		switch lower(tokens[i-1]) {
		case "that":
			return false
		case "this", "these", "those":
			return i+1 < len(tags) && (tags[i+1] == "MD" || strings.HasPrefix(tags[i+1], "VB"))
		}
		return true
	}
	return false
}

// gerundNoun reports whether the -ing form at i heads or modifies a noun
// phrase: it follows an adjective or a singular common noun and is followed
// by a noun, punctuation, a conjunction, a verb or nothing.
func gerundNoun(tokens, tags []string, i int) bool {
	if i == 0 {
		return false
	}
	switch tags[i-1] {
	case "JJ":
	case "NNP":
		if i-1 != 0 { // a capitalised first word, as in "Social networking"
			return false
		}
	case "NN":
		w := lower(tokens[i-1])
		if strings.HasSuffix(w, "one") || strings.HasSuffix(w, "body") || strings.HasSuffix(w, "thing") {
			return false
		}
	default:
		return false
	}
	if i+1 == len(tokens) {
		return true
	}
	switch next := tags[i+1]; {
	case next == "NN", next == "NNS", next == "CC", next == "MD", next == "VBZ", next == "VBP", next == "VBD":
		return true
	case next == "IN" && tags[i-1] == "NN":
		return true
	case !hasLetterOrDigit(tokens[i+1]):
		return true
	}
	return false
}

// takesInfinitive are words after which "to" opens an infinitive.
var takesInfinitive = map[string]bool{
	"supposed": true, "able": true, "want": true, "wants": true, "wanted": true,
	"need": true, "needs": true, "needed": true, "have": true, "has": true, "had": true,
	"used": true, "try": true, "tries": true, "tried": true, "trying": true,
	"seem": true, "seems": true, "seemed": true, "ought": true, "likely": true,
	"decide": true, "decided": true, "tend": true, "tends": true, "hope": true,
	"plan": true, "plans": true, "planned": true, "unable": true, "allowed": true,
}

// closedAdverbs are adverbs and particles WordNet's adverb index lacks.
var closedAdverbs = map[string]bool{
	"n't": true, "not": true, "also": true, "however": true, "too": true,
	"then": true, "there": true, "here": true, "thus": true, "hence": true,
	"even": true, "just": true, "only": true, "still": true, "yet": true,
	"else": true, "ever": true, "never": true, "nowadays": true,
}

// midSentenceName reports whether token i is a capitalised word ("Facebook",
// "Alzheimer") inside a sentence, where spaCy reads a proper noun.
func midSentenceName(tokens []string, i int) bool {
	if i == 0 {
		return false
	}
	w := tokens[i]
	if w == "I" || !unicode.IsUpper([]rune(w)[0]) || w == strings.ToUpper(w) {
		return false
	}
	switch tokens[i-1] {
	case ".", "!", "?", ":", ";", `"`, "``", "''", "(", "-LRB-", "--", "-", "'":
		return false
	}
	return true
}

// particles are prepositions that spaCy tags RP when stranded or when they
// complete a phrasal verb.
var particles = map[string]bool{
	"up": true, "out": true, "off": true, "down": true, "away": true, "back": true,
	"in": true, "on": true, "over": true, "around": true,
}

// phrasalParticles complete a phrasal verb right after it ("showing up").
var phrasalParticles = map[string]bool{
	"up": true, "out": true, "off": true, "down": true, "away": true, "back": true,
}

// samePast are verbs whose past tense is their base form; VBD on them is
// not an error.
var samePast = map[string]bool{
	"put": true, "cut": true, "set": true, "hit": true, "let": true, "read": true,
	"cost": true, "hurt": true, "shut": true, "spread": true, "quit": true,
	"bet": true, "burst": true, "cast": true, "split": true, "fit": true,
	"rid": true, "upset": true, "broadcast": true, "forecast": true, "beat": true,
	"come": true, "become": true, "run": true,
}

// verbAfterNounPhrase reports whether the noun phrase starting at i (as
// nounFollows reads it) is followed by a verb or modal.
func verbAfterNounPhrase(tags []string, i int) bool {
	for ; i < len(tags); i++ {
		switch t := tags[i]; {
		case t == "JJ", t == "JJR", t == "JJS", t == "CD", t == "RBS", t == "RBR", t == "HYPH",
			t == "POS", t == "PRP$", t == "NN", t == "NNS", t == "NNP", t == "NNPS", t == "RB":
			continue
		case strings.HasPrefix(t, "VB"), t == "MD":
			return true
		default:
			return false
		}
	}
	return false
}

// clauseInitialSubject reports whether the subject before token i opens its
// clause: ", some seen it" but not "help people known".
func clauseInitialSubject(tokens, tags []string, i int) bool {
	j := i - 1
	for j >= 0 && (strings.HasPrefix(tags[j], "RB") || isNounTag(tags[j]) || tags[j] == "DT" ||
		tags[j] == "JJ" || tags[j] == "PRP$" || tags[j] == "PRP" || tags[j] == "CD") {
		j--
	}
	if j < 0 {
		return true
	}
	return !hasLetterOrDigit(tokens[j]) || tags[j] == "CC" || tags[j] == "IN" || tags[j] == "WDT" || tags[j] == "WP"
}

// nounFollowsTags is nounFollows over bare tags.
func nounFollowsTags(tags []string, i int) bool {
	for ; i < len(tags); i++ {
		switch t := tags[i]; {
		case isNounTag(t):
			return true
		case t == "JJ", t == "JJR", t == "JJS", t == "CD", t == "RBS", t == "RBR", t == "HYPH", t == "VBN", t == "VBG":
			continue
		default:
			return false
		}
	}
	return false
}

// phrasalVerbs are verb + particle pairs spaCy tags as phrasal verbs (RP)
// even before a noun phrase: "pass on the genes", "bringing about changes".
var phrasalVerbs = map[[2]string]bool{
	{"pass", "on"}: true, {"bring", "about"}: true, {"carry", "out"}: true,
	{"find", "out"}: true, {"point", "out"}: true, {"figure", "out"}: true,
	{"set", "up"}: true, {"give", "up"}: true, {"take", "up"}: true,
	{"end", "up"}: true, {"make", "up"}: true, {"pick", "up"}: true,
	{"bring", "up"}: true, {"build", "up"}: true, {"grow", "up"}: true,
	{"take", "on"}: true, {"put", "off"}: true, {"turn", "out"}: true,
	{"hand", "down"}: true, {"break", "down"}: true, {"cut", "down"}: true,
	{"sum", "up"}: true, {"add", "on"}: true, {"keep", "up"}: true,
	{"show", "up"}: true, {"look", "up"}: true, {"fill", "in"}: true,
	{"shut", "down"}: true, {"throw", "away"}: true, {"give", "away"}: true,
}

// phrasalParticle reports whether preposition w after the verb verb and
// before a token tagged next is a particle: a known phrasal verb, or "on"
// followed by another preposition ("passed on to", "brought on by").
// ("about" before "whether" stays a preposition.)
func phrasalParticle(t *wordnet.Tables, verb, w, next string) bool {
	base := verb
	if b := verbBase(t, verb); b != "" {
		base = b
	}
	if phrasalVerbs[[2]string{base, w}] {
		return true
	}
	return w == "on" && (next == "IN" || next == "TO")
}

// strandingPunct ends the phrase of a stranded preposition ("friends in .").
var strandingPunct = map[string]bool{
	".": true, ",": true, ";": true, ":": true, "!": true, "?": true, ")": true, "-RRB-": true,
}

// determinerBefore reports whether an article, "every"/"each" or a
// possessive determiner opens the phrase before token i, across adjectives.
func determinerBefore(tokens, tags []string, i int) bool {
	j := i - 1
	for j >= 0 && (tags[j] == "JJ" || tags[j] == "JJR" || tags[j] == "JJS") {
		j--
	}
	if j < 0 || j == i-1 && tags[j] != "PRP$" && tags[j] != "DT" {
		return false
	}
	switch tags[j] {
	case "PRP$":
		return true
	case "DT":
		switch lower(tokens[j]) {
		case "a", "an", "the", "every", "each":
			return true
		}
	}
	return false
}

// subordinateClauseEnd reports whether token i ends a short subordinate
// clause after its subject: "As time passes ,".
func subordinateClauseEnd(tokens, tags []string, i int) bool {
	if i+1 >= len(tokens) || !strandingPunct[tokens[i+1]] || i < 2 {
		return false
	}
	j := i - 1
	for j >= 0 && (isNounTag(tags[j]) || tags[j] == "DT" || tags[j] == "JJ" || tags[j] == "PRP$") {
		j--
	}
	if j < 0 {
		return false
	}
	switch lower(tokens[j]) {
	case "as", "when", "while", "if", "because", "since", "until", "once", "unless", "although", "though":
		return true
	}
	return false
}

// cannotBePast reports whether w cannot be a past tense or participle: no
// -ed/-en/-t/-n ending, no irregular entry, not a same-form past.
func cannotBePast(t *wordnet.Tables, w string) bool {
	for _, suf := range []string{"ed", "en", "t", "n", "wn", "ne"} {
		if strings.HasSuffix(w, suf) {
			return false
		}
	}
	return len(t.Exceptions(wordnet.Verb, w)) == 0 && !samePast[w]
}

// pluralLooking reports whether w ends like a regular plural.
func pluralLooking(w string) bool {
	if !strings.HasSuffix(w, "s") {
		return false
	}
	for _, suf := range []string{"ss", "us", "is", "ous", "ics"} {
		if strings.HasSuffix(w, suf) {
			return false
		}
	}
	return true
}

// singularPlurals are -s nouns that are singular (or mass) in use.
var singularPlurals = map[string]bool{
	"news": true, "series": true, "species": true, "means": true, "whereabouts": true,
	"headquarters": true, "crossroads": true, "lens": true, "gas": true, "bus": true,
	"alms": true, "measles": true, "diabetes": true, "mumps": true, "rabies": true,
	"herpes": true, "bias": true, "canvas": true, "atlas": true, "iris": true,
}

// afterMainVerb reports whether token i directly follows a main verb (not
// a form of be, have or do, nor a modal): its object.
func afterMainVerb(tokens, tags []string, i int) bool {
	if i == 0 {
		return false
	}
	p := tags[i-1]
	return (p == "VB" || p == "VBP" || p == "VBD") && !auxForms[lower(tokens[i-1])]
}

// verbAfterAdverb reports whether w at i is a verb between an -ly adverb and
// its object: "negatively affect interpersonal skills".
func verbAfterAdverb(t *wordnet.Tables, tokens, tags []string, i int, w string) bool {
	if i == 0 || i+1 >= len(tags) || tags[i-1] != "RB" || !strings.HasSuffix(lower(tokens[i-1]), "ly") || !t.InIndex(wordnet.Verb, w) {
		return false
	}
	switch tags[i+1] {
	case "DT", "JJ", "NNS", "NN", "PRP$", "PRP":
		return true
	}
	return false
}

// verbBeforeObject reports whether the NN w at i is a verb: outside a noun
// phrase and followed by a determiner ("at least share the information"),
// or after a plural subject and before an -ly adverb ("people bond
// globally").
func verbBeforeObject(t *wordnet.Tables, tokens, tags []string, i int, w string) bool {
	if i == 0 || i+1 >= len(tags) || !t.InIndex(wordnet.Verb, w) {
		return false
	}
	switch tags[i-1] {
	case "RB", "RBS", "JJS", "MD", "TO", "CC", "PRP", "NNS":
	default:
		return false
	}
	switch next := tags[i+1]; {
	case next == "DT" || next == "PRP$":
		return tags[i-1] != "CC"
	case next == "RB" && strings.HasSuffix(lower(tokens[i+1]), "ly"):
		return tags[i-1] == "NNS" || tags[i-1] == "PRP"
	}
	return false
}

// parallelVerb returns the verb tag of an earlier occurrence of w in the
// sentence when w follows a coordinating conjunction, or "".
func parallelVerb(tokens, tags []string, i int, w string) string {
	if i == 0 || tags[i-1] != "CC" {
		return ""
	}
	// The look-back stops after maxParallelBack tokens, so that a
	// document on one line is tagged in linear time; no sentence of
	// CoNLL-2014 is that long (227 tokens at most).
	for j := i - 2; j >= max(0, i-maxParallelBack); j-- {
		if lower(tokens[j]) == w && strings.HasPrefix(tags[j], "VB") {
			return tags[j]
		}
	}
	return ""
}

// maxParallelBack is how far back parallelVerb looks for the verb.
const maxParallelBack = 256

// prevNonAdverb returns the index of the last token before i that is not an
// adverb, or -1.
func prevNonAdverb(tags []string, i int) int {
	j := i - 1
	for j >= 0 && strings.HasPrefix(tags[j], "RB") {
		j--
	}
	return j
}
