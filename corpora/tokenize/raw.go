package tokenize

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// A Share says how much of a text looks raw: of its non-empty lines, how
// many Tokenize would change, and the first of them.
type Share struct {
	Lines int // non-empty lines
	Raw   int // of them, lines that Tokenize changes
	First int // 1-based line number of the first raw line, 0 if none
	// Example is the first raw line's first piece that Tokenize splits.
	Example string
}

// Fraction is Raw/Lines, 0 for a text without lines.
func (s Share) Fraction() float64 {
	if s.Lines == 0 {
		return 0
	}
	return float64(s.Raw) / float64(s.Lines)
}

// RawShare measures lines (one sentence each).
func RawShare(lines []string) Share {
	var s Share
	for i, l := range lines {
		fields := strings.Fields(l)
		if len(fields) == 0 {
			continue
		}
		s.Lines++
		toks := Tokenize(l)
		if slices.Equal(toks, fields) {
			continue
		}
		s.Raw++
		if s.First == 0 {
			s.First = i + 1
			for k, f := range fields {
				if k >= len(toks) || toks[k] != f {
					s.Example = f
					break
				}
			}
		}
	}
	return s
}

// MinRawFraction is the share of raw lines from which a text counts as raw
// when its references have none. Tokenised CoNLL-2014 files have at most
// 0.8% (learners' and annotators' leftovers such as "people's" or
// "dilemma."); their detokenised versions 93–96%.
const MinRawFraction = 0.25

// IsRaw reports whether a text measured as s is raw next to references
// measured as ref: at least MinRawFraction of its lines are raw, and at
// least three times the references' fraction (so that a text tokenised as
// untidily as its references is not called raw).
func IsRaw(s, ref Share) bool {
	f := s.Fraction()
	return f >= MinRawFraction && f >= 3*ref.Fraction()
}

// Lines tokenises every line.
func Lines(lines []string) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = Tokenize(l)
	}
	return out
}

// ErrRaw is wrapped by a RawError.
var ErrRaw = errors.New("raw (untokenised) text against tokenised references")

// A RawError says that a file is raw text while its references are
// tokenised, or (Alone) that a source or reference is raw text itself:
// scores computed from it would be wrong, since every scorer compares
// tokens split on spaces and the M2 and ERRANT scores of raw text differ
// from those of the same text tokenised.
type RawError struct {
	File  string
	Share Share
	// Alone reports a source or reference raw in itself, with nothing
	// tokenised to be measured against.
	Alone bool
}

func (e *RawError) Error() string {
	what := ErrRaw.Error()
	if e.Alone {
		what = "raw (untokenised) text"
	}
	return fmt.Sprintf("%s:%d: %s: %d of %d lines have punctuation or a contraction attached to a word (first: %q)",
		e.File, e.Share.First, what, e.Share.Raw, e.Share.Lines, e.Share.Example)
}

// Hint is the advice for e, for a command's --tokenize and
// --no-tokenize-check flags: the package's Hint for a raw hypothesis,
// HintAlone for a raw source or reference.
func (e *RawError) Hint() string {
	if e.Alone {
		return HintAlone
	}
	return Hint
}

func (e *RawError) Unwrap() error { return ErrRaw }
