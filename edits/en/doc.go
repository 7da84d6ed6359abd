// Package en holds the English rules of edit extraction, after ERRANT:
// token annotation (Penn Treebank tags from prose's tagger on the given
// tokens, Universal POS, WordNet-based lemmas, approximated dependency
// labels), the rule-based merger, and the classifier that assigns ERRANT's
// error types. Where it must differ from ERRANT (which runs spaCy), the
// difference is documented where it lives.
//
// Annotate stands in for the spaCy 2 pipeline ERRANT runs. Tags come from
// prose's perceptron on the tokens as given (prose's English model, run by
// our own inference in perceptron.go, which gives prose's tags bit for bit
// about three times faster), corrected where WordNet's
// morphology shows that prose misread learner text (tag_fix.go); POS is
// spaCy 2's tag map and morphology rules (tag_pos.go); lemmas are spaCy 2's
// rule-and-exception lemmatiser over WordNet 3.0 (lemma.go, data in
// internal/wordnet); dependency labels are approximated from tags and
// context, only as far as ERRANT's classifier reads them (dep.go). Where
// spaCy 2 releases differ, the choice that agrees best with ERRANT's
// CoNLL-2014 M2 is taken. Annotate runs at roughly 40,000 sentences per
// CPU-second (BenchmarkAnnotate, CoNLL-2014 sources, one core); the tagger
// model and tables load on first use.
//
// Merge and Classify are ERRANT 2.3/3.x's English merger and classifier
// (errant/en/merger.py, errant/en/classifier.py), rule for rule and in
// ERRANT's order, written as ordered tables of named rules (see
// replacementRules and oneSidedRules). They read only the Token fields, so
// their types follow from the annotation: given spaCy's tags, lemmas and
// labels they give ERRANT's types. Their data: a British English word list
// with -ise and -ize spellings built from SCOWL 2020.12.07 (package
// internal/scowl, ERRANT bundles the same SCOWL release) and a port of the
// Lancaster stemmer with NLTK's default rules.
//
// Merge and Classify together take a few microseconds per sentence pair;
// annotation and alignment dominate extraction time.
package en

// Language is English. Its zero value is ready to use; data tables are
// loaded on first use. It is safe for concurrent use.
type Language struct{}

// New returns the English language rules.
func New() *Language { return &Language{} }

// Name returns "en".
func (*Language) Name() string { return "en" }
