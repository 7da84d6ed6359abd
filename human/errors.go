package human

import (
	"errors"
	"fmt"

	"github.com/gecmetric/gecmetric/parseerr"
)

// Sentinel errors wrapped by the *parseerr.Error of the rating and
// ranking readers (besides ErrUnknownLabel and parseerr.ErrEmptyInput).
var (
	ErrRatingSyntax  = errors.New("malformed rating data")
	ErrMissingColumn = errors.New("missing column")
)

func parseErr(file string, line, col int, base error, format string, args ...any) *parseerr.Error {
	return parseerr.At(file, line, col, base, format, args...)
}

// labelErr reports a label that its scale rejected; err already wraps
// ErrUnknownLabel and says which label and scale.
func labelErr(file string, line int, context string, err error) *parseerr.Error {
	if context != "" {
		err = fmt.Errorf("%s: %w", context, err)
	}
	return &parseerr.Error{File: file, Line: line, Err: err}
}
