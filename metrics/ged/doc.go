// Package ged is a grammatical error detector for English: it gives each
// token of a sentence the probability that it is part of an error, the
// evidence behind the judge's grammaticality and remaining-error
// estimates.
//
// The model is a logistic regression over hashed sparse features of each
// token (2^20 weights): the word, its neighbours and their Penn Treebank
// tags (package edits/en's tagger) in uni-, bi- and trigrams, suffix,
// shape and lexicon flags, and evidence from package lm's broad-coverage
// trigram model: the token's log probability in context and that of the
// next word and the token's log probability less its unigram one
// (bucketed), and how much more likely the local window becomes
// when the token is deleted, when it is replaced by another member of its
// confusion set (a/an/the, common prepositions, forms of be, have, do,
// this/these, ...) or by another regular inflection of its lemma (verbs:
// base, -s, -ed, -ing; nouns: singular, plural), and when "the", "a" or
// "to" is inserted before it. The window is the token and the two words
// after it, each predicted from the two before it.
//
// The embedded weights (package internal/gedweights, by its committed
// generator) are learnt from JFLEG test (learner sentences against their
// four references: a token's label is the share of references whose edits
// touch it, see ErrorTokens) and from errors inserted into Brown Corpus
// sentences (the inverse of ERRANT's types). JFLEG dev is held out: its
// sentences are GUG's test split, on which the judge's GUG model is
// measured. Measured with the default Threshold (go test ./metrics/ged -v):
//
//	JFLEG dev (held out; error = edited by >= 2 of 4 references)  P 0.780  R 0.258  F0.5 0.555
//	CoNLL-2014 test, annotator 0 (out of sample)                   P 0.327  R 0.121  F0.5 0.244
//	CoNLL-2014 test, annotator 1 (out of sample)                   P 0.479  R 0.128  F0.5 0.309
//
// A 27-token sentence costs about 25 µs of CPU (BenchmarkProbs reports
// wall time, which includes waiting on a loaded machine). Default decodes
// the weights (4 MB) and the language model on first use. A Detector is
// safe for concurrent use.
package ged
