package en

import (
	"slices"
	"sync"

	"github.com/gecmetric/gecmetric/edits"
)

// Dependency labels, approximated.
//
// ERRANT runs spaCy's parser and its classifier reads the labels (ClearNLP
// style, as spaCy 2's English models emit) in a handful of places:
//
//   - aux, auxpass: an edit made only of auxiliaries is VERB:TENSE; two
//     verbs with the same lemma where both are preceded by an auxiliary
//     (preceded_by_aux, which also asks whether an aux is the first of its
//     head's auxiliaries) are VERB:FORM.
//   - acomp, amod, advmod, det, prep, prt, punct: when the POS tags of an
//     edit disagree, a label shared by every token names the type.
//   - nsubj, nsubjpass, dobj, pobj, poss: tell a determiner from a pronoun.
//   - prep on "to": tells the preposition from the infinitive marker.
//
// No parser runs here. depLabels assigns those labels from the tags and a
// few tokens of context; every other token gets a plausible label (ROOT,
// neg, case, mark, cc, compound, nummod, expl, attr, xcomp, conj, dep) so
// that the labels ERRANT tests for are not given by accident. The rules:
//
//   - punctuation → punct; possessive ending (POS) → case; PRP$, WP$ → poss.
//   - MD → aux. TO before a verb (adverbs may intervene) → aux, else prep.
//   - A form of be, have or do followed, across adverbs and negation (and
//     a pronoun in a question), by another verb → aux, or auxpass for be
//     before a past participle; get before a past participle → auxpass.
//   - not, n't → neg; other adverbs → advmod; RP → prt; IN → prep, or mark
//     for words that open a clause (because, if, whether, although, ...).
//   - DT, PDT, WDT before the noun phrase they open → det (PDT → predet);
//     a DT standing alone is a pronoun and gets a nominal label.
//   - JJ* before a noun (across adjectives, adverbs, numbers) → amod; after
//     a verb → acomp; VBG/VBN directly before a noun → amod.
//   - The head of a noun phrase (the last of a run of nouns; the others are
//     compound) or a pronoun: after a preposition → pobj; before the
//     clause's first verb → nsubj, or nsubjpass when that verb group is
//     passive; after a verb → dobj (attr after a form of be); EX → expl.
//   - The first main verb is ROOT; later verbs are xcomp after "to", conj
//     after a conjunction, ccomp otherwise.
//
// Clauses are delimited by , ; : and sentence punctuation, by marks and by
// relative (wh-) words.
func depLabels(toks []edits.Token) {
	p := &depState{toks: toks}
	byTag := depRulesByTag()
	for i := range toks {
		for _, k := range byTag[depTagIndex(toks[i].Tag)] {
			r := &depRules[k]
			if r.when == nil || r.when(p, i) {
				r.label(p, i)
				if !r.conj {
					p.afterCC = false
				}
				break
			}
		}
	}
	if !p.rootSet {
		// A verbless fragment: its first noun phrase head is the root.
		for i := range toks {
			switch toks[i].Dep {
			case "nsubj", "dobj", "attr", "dep":
				toks[i].Dep = "ROOT"
				return
			}
		}
	}
}

// depState is what depLabels knows of the sentence left of the token it
// labels.
type depState struct {
	toks         []edits.Token
	rootSet      bool   // a ROOT has been given
	verbInClause bool   // a main verb has been seen in the current clause
	lastVerbIsBe bool   // the last main verb is a form of be (copula)
	gov          string // what governs the next noun phrase: "prep", "verb" or ""
	afterCC      bool   // the previous content token was a conjunction
}

// newClause forgets the clause so far.
func (p *depState) newClause() { p.verbInClause, p.gov, p.lastVerbIsBe = false, "", false }

// nominal gives token i the label of a noun phrase head in its place.
func (p *depState) nominal(i int) string {
	return nominalDep(p.toks, i, p.gov, p.verbInClause, p.lastVerbIsBe)
}

// A depRule labels the tokens it applies to: those with one of its tags
// (any tag when tags is nil) for which when (if any) holds. depRules are
// tried in order and the first that applies labels the token; conj marks
// the rule of conjunctions, after which afterCC stays set for the next
// token.
type depRule struct {
	name  string
	tags  []string
	when  func(p *depState, i int) bool
	label func(p *depState, i int)
	conj  bool
}

// depTags are the tags some rule names, numbered from 1 by depTagIndex;
// 0 is any other tag. TestDepTagIndex keeps the two in step with
// depRules.
var depTags = []string{"", "POS", "PRP$", "WP$", "MD", "TO", "RB", "RBR", "RBS", "WRB", "RP", "IN",
	"CC", "CD", "DT", "PDT", "WDT", "WP", "EX", "JJ", "JJR", "JJS", "AFX", "VBG", "VBN", "UH"}

// depTagIndex returns the index of t in depTags, 0 if it is not there.
func depTagIndex(t string) int {
	switch t {
	case "POS":
		return 1
	case "PRP$":
		return 2
	case "WP$":
		return 3
	case "MD":
		return 4
	case "TO":
		return 5
	case "RB":
		return 6
	case "RBR":
		return 7
	case "RBS":
		return 8
	case "WRB":
		return 9
	case "RP":
		return 10
	case "IN":
		return 11
	case "CC":
		return 12
	case "CD":
		return 13
	case "DT":
		return 14
	case "PDT":
		return 15
	case "WDT":
		return 16
	case "WP":
		return 17
	case "EX":
		return 18
	case "JJ":
		return 19
	case "JJR":
		return 20
	case "JJS":
		return 21
	case "AFX":
		return 22
	case "VBG":
		return 23
	case "VBN":
		return 24
	case "UH":
		return 25
	}
	return 0
}

// depRulesByTag lists, for each tag of depTags (by index), the indices of
// the rules that can apply to a token with it, in order; at 0, those for
// any other tag. So a token tries two or three rules, not twenty.
var depRulesByTag = sync.OnceValue(func() [][]int {
	byTag := make([][]int, len(depTags))
	for ti, t := range depTags {
		for k, r := range depRules {
			if r.tags == nil || (ti > 0 && slices.Contains(r.tags, t)) {
				byTag[ti] = append(byTag[ti], k)
			}
		}
	}
	return byTag
})

func labelAs(dep string) func(p *depState, i int) {
	return func(p *depState, i int) { p.toks[i].Dep = dep }
}

var depRules = []depRule{
	{name: "punctuation", when: func(p *depState, i int) bool { return p.toks[i].POS == "PUNCT" }, label: func(p *depState, i int) {
		p.toks[i].Dep = "punct"
		if clauseBreak(p.toks[i].Text) {
			p.newClause()
		}
	}},
	{name: "possessive ending", tags: []string{"POS"}, label: labelAs("case")},
	{name: "possessive pronoun", tags: []string{"PRP$", "WP$"}, label: labelAs("poss")},
	{name: "modal", tags: []string{"MD"}, label: labelAs("aux")},
	{name: "to", tags: []string{"TO"}, label: func(p *depState, i int) {
		if j := nextVerb(p.toks, i+1, false); j >= 0 && p.toks[j].Tag != "MD" {
			p.toks[i].Dep = "aux"
		} else {
			p.toks[i].Dep = "prep"
			p.gov = "prep"
		}
	}},
	{name: "negation", tags: []string{"RB"}, when: func(p *depState, i int) bool {
		t := p.toks[i]
		return t.Lower == "not" || t.Lower == "n't" || t.Lower == "nt" || t.Lower == "n’t"
	}, label: labelAs("neg")},
	{name: "adverb", tags: []string{"RB", "RBR", "RBS", "WRB"}, label: func(p *depState, i int) {
		p.toks[i].Dep = "advmod"
		if p.toks[i].Tag == "WRB" {
			p.verbInClause, p.gov = false, ""
		}
	}},
	{name: "particle", tags: []string{"RP"}, label: labelAs("prt")},
	{name: "preposition or mark", tags: []string{"IN"}, label: func(p *depState, i int) {
		if clauseMarks[p.toks[i].Lower] {
			p.toks[i].Dep = "mark"
			p.newClause()
		} else {
			p.toks[i].Dep = "prep"
			p.gov = "prep"
		}
	}},
	{name: "conjunction", tags: []string{"CC"}, conj: true, label: func(p *depState, i int) {
		p.toks[i].Dep = "cc"
		p.afterCC = true
	}},
	{name: "number", tags: []string{"CD"}, label: func(p *depState, i int) {
		if nounFollows(p.toks, i+1) {
			p.toks[i].Dep = "nummod"
		} else {
			p.toks[i].Dep = p.nominal(i)
			p.gov = ""
		}
	}},
	{name: "determiner", tags: []string{"DT", "PDT", "WDT"}, when: func(p *depState, i int) bool {
		return nounFollows(p.toks, i+1)
	}, label: func(p *depState, i int) {
		p.toks[i].Dep = "det"
		if p.toks[i].Tag == "PDT" {
			p.toks[i].Dep = "predet"
		}
	}},
	{name: "relative or interrogative pronoun", tags: []string{"WDT", "WP"}, label: func(p *depState, i int) {
		// Relative and interrogative pronouns open a clause of their own.
		p.newClause()
		p.toks[i].Dep = p.nominal(i)
	}},
	{name: "existential there", tags: []string{"EX"}, label: labelAs("expl")},
	{name: "adjective", tags: []string{"JJ", "JJR", "JJS", "AFX"}, label: func(p *depState, i int) {
		switch {
		case nounFollows(p.toks, i+1):
			p.toks[i].Dep = "amod"
		case p.verbInClause:
			p.toks[i].Dep = "acomp"
		default:
			p.toks[i].Dep = "amod"
		}
	}},
	{name: "participle after a determiner", tags: []string{"VBG", "VBN"}, when: func(p *depState, i int) bool {
		// "a known genetic risk"
		return i > 0 && isDeterminerTag(p.toks[i-1].Tag) && nounFollows(p.toks, i+1) && !isAuxiliary(p.toks, i)
	}, label: labelAs("amod")},
	{name: "participle before a noun", tags: []string{"VBG", "VBN"}, when: func(p *depState, i int) bool {
		return i+1 < len(p.toks) && isNounTag(p.toks[i+1].Tag) && !isAuxiliary(p.toks, i)
	}, label: labelAs("amod")},
	{name: "verb", when: func(p *depState, i int) bool { return p.toks[i].POS == "VERB" || p.toks[i].POS == "AUX" }, label: labelVerb},
	{name: "noun phrase head or pronoun", when: func(p *depState, i int) bool {
		tag := p.toks[i].Tag
		return isNounTag(tag) || tag == "PRP" || tag == "DT" || tag == "WP" || tag == "FW"
	}, label: labelNominal},
	{name: "interjection", tags: []string{"UH"}, label: labelAs("intj")},
	{name: "anything else", label: labelAs("dep")},
}

// labelVerb labels an auxiliary, or a main verb: the first is ROOT, later
// ones xcomp after "to", conj after a conjunction, ccomp otherwise.
func labelVerb(p *depState, i int) {
	t := &p.toks[i]
	if l := auxLabel(p.toks, i); l != "" {
		t.Dep = l
		return
	}
	switch {
	case !p.rootSet:
		t.Dep = "ROOT"
		p.rootSet = true
	case i > 0 && p.toks[i-1].Tag == "TO":
		t.Dep = "xcomp"
	case p.afterCC:
		t.Dep = "conj"
	default:
		t.Dep = "ccomp"
	}
	p.verbInClause = true
	p.lastVerbIsBe = t.Lemma == "be"
	p.gov = "verb"
}

// labelNominal labels a noun (compound before another noun), a pronoun
// or a determiner standing alone.
func labelNominal(p *depState, i int) {
	toks, n := p.toks, len(p.toks)
	t := &toks[i]
	tag := t.Tag
	if isNounTag(tag) && i+1 < n && isNounTag(toks[i+1].Tag) {
		t.Dep = "compound"
		return
	}
	if tag == "NN" && i+2 < n && toks[i+1].Tag == "JJ" && nounFollows(toks, i+1) {
		// "a know genetic risk": a noun where an adjective belongs.
		t.Dep = "amod"
		return
	}
	if i+1 < n && toks[i+1].Tag == "POS" {
		t.Dep = "poss"
		return
	}
	t.Dep = p.nominal(i)
	p.gov = ""
}

// clauseBreak reports whether punctuation w ends a clause.
func clauseBreak(w string) bool {
	switch w {
	case ",", ";", ":", ".", "!", "?", "--", "-", "...", "(", ")", "-LRB-", "-RRB-":
		return true
	}
	return false
}

// clauseMarks are IN words that open a subordinate clause (spaCy: mark).
var clauseMarks = map[string]bool{
	"because": true, "if": true, "whether": true, "although": true,
	"though": true, "while": true, "unless": true, "whereas": true,
	"that": true, "once": true, "whilst": true, "cause": true,
}

func isNounTag(t string) bool {
	return t == "NN" || t == "NNS" || t == "NNP" || t == "NNPS"
}

// nounFollows reports whether a noun comes at toks[i], possibly after
// adjectives, adverbs, numbers, possessives and participles that modify it.
func nounFollows(toks []edits.Token, i int) bool {
	for ; i < len(toks); i++ {
		switch t := toks[i].Tag; {
		case isNounTag(t):
			return true
		case t == "JJ" || t == "JJR" || t == "JJS" || t == "CD" || t == "RBS" ||
			t == "RBR" || t == "HYPH" || t == "POS" || t == "PRP$" || t == "VBN" || t == "VBG":
			continue
		case t == "RB" && toks[i].Lower != "not" && toks[i].Lower != "n't":
			continue
		default:
			return false
		}
	}
	return false
}

// nominalDep labels a noun phrase head or pronoun at i by what governs it.
func nominalDep(toks []edits.Token, i int, gov string, verbInClause, lastVerbIsBe bool) string {
	if gov == "prep" {
		return "pobj"
	}
	subject := func(j int) string {
		if passiveGroup(toks, j) {
			return "nsubjpass"
		}
		return "nsubj"
	}
	// A finite verb right after the phrase ("I think it 's") makes it the
	// subject of that verb even after another verb.
	if j := nextVerb(toks, i+1, false); j >= 0 && toks[j].Tag != "VBG" && toks[j].Tag != "VBN" && toks[j].Tag != "VB" {
		return subject(j)
	}
	if !verbInClause {
		if j := nextVerb(toks, i+1, true); j >= 0 {
			return subject(j)
		}
	}
	if nominative[toks[i].Lower] {
		if j := nextVerb(toks, i+1, true); j >= 0 {
			return subject(j)
		}
	}
	if gov == "verb" || verbInClause {
		if lastVerbIsBe {
			return "attr"
		}
		return "dobj"
	}
	return "dep"
}

// nominative pronouns are subjects wherever they stand.
var nominative = map[string]bool{"i": true, "he": true, "she": true, "we": true, "they": true}

// nextVerb returns the index of the first verb (or modal) at or after i in
// the same clause, or -1. With skipPhrases it looks across noun and
// prepositional phrases ("the book of John is"); without, only across
// adverbs and negation.
func nextVerb(toks []edits.Token, i int, skipPhrases bool) int {
	for ; i < len(toks); i++ {
		t := &toks[i]
		switch {
		case t.Tag == "MD" || t.POS == "VERB" || t.POS == "AUX":
			return i
		case t.Tag == "RB" || t.Tag == "RBR" || t.Tag == "RBS":
			continue
		case !skipPhrases:
			return -1
		case t.POS == "PUNCT" && clauseBreak(t.Text), t.Tag == "WDT", t.Tag == "WP",
			t.Tag == "CC", t.Tag == "IN" && clauseMarks[t.Lower]:
			return -1
		}
	}
	return -1
}

// auxVerbs are the lemmas of verbs that can be auxiliaries.
func isAuxLemma(l string) bool { return l == "be" || l == "have" || l == "do" }

// isAuxiliary reports whether the verb at i is an auxiliary of a later verb.
func isAuxiliary(toks []edits.Token, i int) bool { return auxLabel(toks, i) != "" }

// auxLabel returns "aux" or "auxpass" if the verb at i is an auxiliary of a
// later verb, or "".
func auxLabel(toks []edits.Token, i int) string {
	t := &toks[i]
	if t.Tag != "MD" && !isAuxLemma(t.Lemma) && t.Lemma != "get" {
		return ""
	}
	j := auxTarget(toks, i)
	if j < 0 {
		return ""
	}
	next := toks[j].Tag
	switch {
	case t.Tag == "MD":
		return "aux"
	case t.Lemma == "get":
		// The get-passive: "information got circulated".
		if next == "VBN" {
			return "auxpass"
		}
		return ""
	case t.Lemma == "be" && next == "VBN":
		return "auxpass"
	case t.Lemma == "be":
		return "aux"
	case t.Lemma == "have" && next != "VBG":
		return "aux"
	case t.Lemma == "do" && next != "VBG" && next != "VBN":
		return "aux"
	}
	return ""
}

// auxTarget returns the index of the verb that the would-be auxiliary at i
// precedes: the next token across adverbs and negation, and across one
// pronoun or proper noun when the auxiliary opens a question ("do you
// know"). It returns -1 when no verb follows.
func auxTarget(toks []edits.Token, i int) int {
	skippedSubject := false
	for j := i + 1; j < len(toks); j++ {
		t := &toks[j]
		switch {
		case t.POS == "VERB" || t.POS == "AUX" || t.Tag == "MD":
			if t.Tag == "MD" {
				return -1
			}
			return j
		case t.Tag == "RB" || t.Tag == "RBR" || t.Tag == "RBS":
			continue
		case (t.Tag == "PRP" || t.Tag == "NNP") && !skippedSubject && opensQuestion(toks, i):
			skippedSubject = true
			continue
		case t.Tag == "PRP" && nominative[t.Lower] || t.Lower == "you" || t.Lower == "it":
			// Inversion inside a sentence: "are you going", "is it done".
			if j+1 < len(toks) && !skippedSubject {
				switch toks[j+1].Tag {
				case "VBG", "VBN", "VB":
					return j + 1
				}
			}
			return -1
		default:
			return -1
		}
	}
	return -1
}

// opensQuestion reports whether the token at i starts a clause (a question
// with subject-auxiliary inversion starts with its auxiliary, or with a
// wh-word before it).
func opensQuestion(toks []edits.Token, i int) bool {
	if i == 0 {
		return true
	}
	p := toks[i-1].Tag
	return p == "WRB" || p == "WP" || p == "WDT" || toks[i-1].POS == "PUNCT"
}

// passiveGroup reports whether the verb group starting at j is passive: a
// form of be as auxiliary of a past participle.
func passiveGroup(toks []edits.Token, j int) bool {
	for ; j < len(toks); j++ {
		switch toks[j].Dep {
		case "auxpass":
			return true
		}
		l := auxLabel(toks, j)
		if l == "auxpass" {
			return true
		}
		if l == "" {
			if toks[j].Tag == "RB" {
				continue
			}
			return false
		}
	}
	return false
}

// auxHead returns the index of the verb that the aux or auxpass token at i
// depends on in s, or -1 if token i is not an auxiliary. With auxChildren it
// stands in for the parse tree in ERRANT's preceded_by_aux.
func auxHead(s *edits.Sentence, i int) int {
	toks := s.Tokens
	if i < 0 || i >= len(toks) || !isAuxDep(toks[i].Dep) {
		return -1
	}
	skippedSubject := false
	for j := i + 1; j < len(toks); j++ {
		t := &toks[j]
		switch {
		case isAuxDep(t.Dep) || t.Tag == "RB" || t.Tag == "RBR" || t.Tag == "RBS":
			continue
		case t.POS == "VERB" || t.POS == "AUX":
			return j
		case (t.Tag == "PRP" || t.Tag == "NNP") && !skippedSubject:
			skippedSubject = true
			continue
		default:
			return -1
		}
	}
	return -1
}

// auxChildren returns the indices of the aux and auxpass tokens that depend
// on the verb at head in s, in sentence order.
func auxChildren(s *edits.Sentence, head int) []int {
	toks := s.Tokens
	if head < 0 || head >= len(toks) || isAuxDep(toks[head].Dep) {
		return nil
	}
	var out []int
	skippedSubject := false
	for j := head - 1; j >= 0; j-- {
		t := &toks[j]
		switch {
		case isAuxDep(t.Dep):
			out = append(out, j)
		case t.Tag == "RB" || t.Tag == "RBR" || t.Tag == "RBS":
		case (t.Tag == "PRP" || t.Tag == "NNP") && !skippedSubject && len(out) == 0:
			skippedSubject = true
		default:
			j = -1
		}
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	return out
}

func isAuxDep(d string) bool { return d == "aux" || d == "auxpass" }

func isDeterminerTag(t string) bool { return t == "DT" || t == "PRP$" || t == "PDT" }
