package human

import (
	"errors"
	"fmt"

	"github.com/gecmetric/gecmetric/corpora"
)

// Sentinel errors wrapped by the *corpora.ParseError of the rating and
// ranking readers (besides ErrUnknownLabel and corpora.ErrEmptyInput).
var (
	ErrRatingSyntax  = errors.New("malformed rating data")
	ErrMissingColumn = errors.New("missing column")
)

func parseErr(file string, line, col int, base error, format string, args ...any) *corpora.ParseError {
	msg := fmt.Sprintf(format, args...)
	return &corpora.ParseError{File: file, Line: line, Column: col, Err: fmt.Errorf("%w: %s", base, msg)}
}

// labelErr reports a label that its scale rejected; err already wraps
// ErrUnknownLabel and says which label and scale.
func labelErr(file string, line int, context string, err error) *corpora.ParseError {
	if context != "" {
		err = fmt.Errorf("%s: %w", context, err)
	}
	return &corpora.ParseError{File: file, Line: line, Err: err}
}
