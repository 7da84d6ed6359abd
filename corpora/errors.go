package corpora

import (
	"errors"

	"github.com/gecmetric/gecmetric/parseerr"
)

// A ParseError is returned for input that does not follow its format. It
// prints as "file:line:col: message", or without the parts that are unknown.
// It is parseerr.Error, the one positioned error of every reader.
type ParseError = parseerr.Error

// Sentinel errors wrapped by ParseError.
var (
	ErrInvalidUTF8 = parseerr.ErrInvalidUTF8
	ErrLineCount   = errors.New("line counts differ")
	ErrM2Syntax    = errors.New("malformed M2")
	ErrEmptyInput  = parseerr.ErrEmptyInput
	ErrNUL         = errors.New("NUL byte")
	ErrLineTooLong = errors.New("line too long")
	ErrTooLong     = errors.New("sentence too long")
)

func parseErr(file string, line, col int, base error, format string, args ...any) *ParseError {
	return parseerr.At(file, line, col, base, format, args...)
}
