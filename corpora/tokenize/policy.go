package tokenize

import "strings"

// A Policy says what a loader of test sets does with raw text: the
// options behind `gecmetric eval|compare|judge|edits --tokenize` and
// `--no-tokenize-check`. The zero Policy leaves every text as it is and
// rejects a raw hypothesis against tokenised references.
type Policy struct {
	// Tokenize tokenises the text files that are raw (hypotheses, and
	// text sources and references); tokenised text is left alone, and an
	// M2 file is never given to a Policy.
	Tokenize bool
	// NoCheck lets a raw hypothesis through untokenised (the caller may
	// warn) instead of returning a *RawError.
	NoCheck bool
}

// Reference returns the tokens of a text reference or source: its lines
// tokenised when p.Tokenize is set and the text is raw, else toks as
// given (the lines split on white space). It also returns the text's
// Share after that, for Hypothesis.
func (p Policy) Reference(lines []string, toks [][]string) ([][]string, Share) {
	s := RawShare(lines)
	if p.Tokenize && IsRaw(s, Share{}) {
		return Lines(lines), Share{Lines: s.Lines}
	}
	return toks, s
}

// CheckReference returns a *RawError (Alone) for a text source or
// reference named name whose lines measure s (RawShare) when the text is
// raw by itself (IsRaw against nothing) and p neither tokenises it nor
// lets it through (NoCheck): a raw test set scored as it is gives other
// edits, hence other scores, than the same text tokenised, and nothing
// else would tell.
func (p Policy) CheckReference(name string, s Share) error {
	if p.Tokenize || p.NoCheck || !IsRaw(s, Share{}) {
		return nil
	}
	return &RawError{File: name, Share: s, Alone: true}
}

// What a Policy did with a hypothesis.
type Outcome int

const (
	AsGiven   Outcome = iota // not raw: the tokens as given
	Tokenized                // raw, and tokenised
	KeptRaw                  // raw, kept as it is (NoCheck)
)

// Hypothesis returns the tokens of a system output named name whose
// references measure refs (see ShareOf): its lines tokenised when they are
// raw next to the references and p.Tokenize is set; toks as given when
// they are not raw. A raw hypothesis without p.Tokenize is a *RawError,
// unless p.NoCheck.
func (p Policy) Hypothesis(name string, lines []string, toks [][]string, refs Share) ([][]string, Outcome, error) {
	return p.HypothesisBeside(name, lines, toks, func() Share { return refs })
}

// HypothesisBeside is Hypothesis with the references' Share computed by
// refs only when it can matter: a text less than MinRawFraction raw is
// not raw whatever its references, so a tokenised hypothesis costs no
// measure of them.
func (p Policy) HypothesisBeside(name string, lines []string, toks [][]string, refs func() Share) ([][]string, Outcome, error) {
	s := RawShare(lines)
	switch {
	case s.Fraction() < MinRawFraction || !IsRaw(s, refs()):
		return toks, AsGiven, nil
	case p.Tokenize:
		return Lines(lines), Tokenized, nil
	case p.NoCheck:
		return toks, KeptRaw, nil
	}
	return nil, KeptRaw, &RawError{File: name, Share: s}
}

// ShareOf measures tokenised sentences (references as their tokens, such
// as the corrections of an M2 file) as RawShare measures lines.
func ShareOf(sentences ...[][]string) Share {
	var total Share
	for _, sents := range sentences {
		lines := make([]string, len(sents))
		for i, t := range sents {
			lines[i] = strings.Join(t, " ")
		}
		s := RawShare(lines)
		total.Lines += s.Lines
		total.Raw += s.Raw
	}
	return total
}

// Hint is the advice for a RawError, for a command's --tokenize and
// --no-tokenize-check flags.
const Hint = "add --tokenize to tokenise raw text like the references (or --no-tokenize-check to score it as it is)"

// HintAlone is the advice for a RawError of a raw source or reference.
const HintAlone = "add --tokenize to tokenise the raw text files (or --no-tokenize-check to score them as they are)"

// Name names this tokenisation in score signatures (tok:conll14).
const Name = "conll14"
