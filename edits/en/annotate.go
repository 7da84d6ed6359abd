package en

import "github.com/gecmetric/gecmetric/edits"

// Annotate tags, lemmatises and labels tokens, which are used exactly as
// given (never re-tokenised), as one sentence. Every Token field is filled:
//
//   - Tag: Penn Treebank tag from prose's perceptron tagger, with
//     punctuation, brackets and quotes tagged as spaCy tags them and
//     learner-text misreadings corrected against WordNet (see fixMorphTags).
//   - POS: spaCy 2.3's coarse Universal POS (tag map plus morphology rules;
//     what ERRANT's alignment and merger compare).
//   - Lemma: spaCy 2's WordNet-based lemma ("-PRON-" for personal pronouns).
//   - Dep: a dependency label approximated from tags and context (see
//     depLabels).
//
// Annotate is safe for concurrent use. The tagger model and the WordNet
// tables are loaded on the first call.
func (*Language) Annotate(tokens []string) *edits.Sentence {
	tags := tagTokens(tokens)
	toks := make([]edits.Token, len(tokens))
	for i, w := range tokens {
		t := &toks[i]
		low := lower(w)
		t.Text, t.Lower, t.Tag = w, low, tags[i]
		t.POS = coarsePOS(t.Tag, w, low)
		t.Lemma = lemmaOf(t.Tag, w, low)
	}
	depLabels(toks)
	return &edits.Sentence{Tokens: toks}
}
