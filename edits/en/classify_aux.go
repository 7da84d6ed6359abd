package en

import "github.com/gecmetric/gecmetric/edits"

// precededByAux approximates ERRANT's preceded_by_aux, which walks spaCy's
// dependency tree: for two auxiliaries, whether neither is the first
// auxiliary of its verb ("has been -> has being"); for two main verbs,
// whether both have an auxiliary ("has eat -> has eaten"). Without a tree,
// an auxiliary is taken to attach to the next verb on its right, so both
// questions become: is the token directly preceded by an auxiliary,
// skipping adverbs and negation ("has not eaten", "will also go")? A token
// labelled aux that is not preceded by one is its verb's first auxiliary.
//
// Differences from the tree walk: auxiliaries separated from their verb
// by a subject (questions: "Has he eaten") are missed.
func precededByAux(p *pair) bool {
	oAux, cAux := hasPrefixAux(p.o0.Dep), hasPrefixAux(p.c0.Dep)
	if oAux != cAux {
		// ERRANT looks for aux children of the two tokens; an auxiliary
		// has none.
		return false
	}
	return hasAuxBefore(p.o) && hasAuxBefore(p.c)
}

// hasAuxBefore reports whether the first token of s is preceded by a token
// labelled aux or auxpass, skipping adverbs and negation.
func hasAuxBefore(s side) bool {
	for i := s.at - 1; i >= 0 && i < len(s.sent); i-- {
		t := s.sent[i]
		if hasPrefixAux(t.Dep) {
			return true
		}
		if !skippableBeforeVerb(t) {
			return false
		}
	}
	return false
}

// skippableBeforeVerb: adverbs and negation between an auxiliary and its
// verb.
func skippableBeforeVerb(t edits.Token) bool {
	switch t.Dep {
	case "neg", "advmod":
		return true
	}
	switch t.Tag {
	case "RB", "RBR", "RBS":
		return true
	}
	return false
}
