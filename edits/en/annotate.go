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
func (*Language) Annotate(tokens []string) *edits.Sentence { return annotate(tokens, nil) }

// AnnotateCorrection is Annotate(tokens) for tokens that correct src, a
// source as Annotate returned it: the tagger's tags of the words away from
// the edits are copied from src where they are sure to be the same (see
// perceptron.tagSentenceFrom), and so are the lower case, POS and lemma of
// an unedited word whose tag stays; the result is Annotate's, field for
// field (TestAnnotateCorrection).
func (*Language) AnnotateCorrection(src *edits.Sentence, tokens []string) *edits.Sentence {
	return annotate(tokens, src)
}

// rawTags is what Annotate keeps of a sentence in Sentence.Private: the
// tagger's tags before fixTag and fixMorphTags, and their numbers.
type rawTags struct {
	tags []string
	ids  []uint16
}

// commonEnds returns the lengths of the common prefix and suffix of words
// and src's texts, which do not overlap.
func commonEnds(words []string, src []edits.Token) (d, s int) {
	n := len(words)
	for d < n && d < len(src) && words[d] == src[d].Text {
		d++
	}
	for s < n-d && s < len(src)-d && words[n-1-s] == src[len(src)-1-s].Text {
		s++
	}
	return d, s
}

// sourceTags returns the raw tags Annotate kept in src, if any.
func sourceTags(src *edits.Sentence) (*rawTags, bool) {
	if src == nil {
		return nil, false
	}
	r, ok := src.Private.(*rawTags)
	return r, ok && len(r.tags) == len(src.Tokens) && len(r.ids) == len(src.Tokens)
}

func annotate(tokens []string, src *edits.Sentence) *edits.Sentence {
	var raw []string
	var ids []uint16
	var match []int32
	if from, ok := sourceTags(src); ok {
		match = matchTokens(tokens, src.Tokens)
		raw, ids = perceptronTagsFrom(tokens, src.Tokens, from.tags, from.ids, match)
	} else {
		raw, ids = perceptronTags(tokens)
	}
	tags := fixTags(tokens, raw)
	toks := make([]edits.Token, len(tokens))
	for i, w := range tokens {
		t := &toks[i]
		t.Text, t.Tag = w, tags[i]
		// A word with the text and tag of a source token has its lower
		// case, POS and lemma, functions of the two.
		if match != nil && match[i] >= 0 && src.Tokens[match[i]].Tag == t.Tag {
			j := match[i]
			st := &src.Tokens[j]
			t.Lower, t.POS, t.Lemma = st.Lower, st.POS, st.Lemma
			continue
		}
		low := lower(w)
		t.Lower = low
		t.POS = coarsePOS(t.Tag, w, low)
		t.Lemma = lemmaOf(t.Tag, w, low)
	}
	depLabels(toks)
	return &edits.Sentence{Tokens: toks, Private: &rawTags{tags: raw, ids: ids}}
}
