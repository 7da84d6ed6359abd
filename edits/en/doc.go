// Package en holds the English rules of edit extraction, after ERRANT:
// token annotation (Penn Treebank tags from prose's tagger on the given
// tokens, Universal POS, WordNet-based lemmas, approximated dependency
// labels), the rule-based merger, and the classifier that assigns ERRANT's
// error types. Where it must differ from ERRANT (which runs spaCy), the
// difference is documented where it lives.
package en

// Language is English. Its zero value is ready to use; data tables are
// loaded on first use. It is safe for concurrent use.
type Language struct{}

// New returns the English language rules.
func New() *Language { return &Language{} }

// Name returns "en".
func (*Language) Name() string { return "en" }
