package corpora

import (
	"errors"
	"fmt"
)

// A ParseError is returned for input that does not follow its format. It
// prints as "file:line:col: message", or without the parts that are unknown.
type ParseError struct {
	File   string // file name as given by the caller; may be empty
	Line   int    // 1-based line, 0 if unknown
	Column int    // 1-based column in bytes, 0 if unknown
	Err    error
}

func (e *ParseError) Error() string {
	pos := e.File
	if pos == "" {
		pos = "<input>"
	}
	if e.Line > 0 {
		pos += fmt.Sprintf(":%d", e.Line)
		if e.Column > 0 {
			pos += fmt.Sprintf(":%d", e.Column)
		}
	}
	return pos + ": " + e.Err.Error()
}

func (e *ParseError) Unwrap() error { return e.Err }

// Sentinel errors wrapped by ParseError.
var (
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	ErrLineCount   = errors.New("line counts differ")
	ErrM2Syntax    = errors.New("malformed M2")
	ErrEmptyInput  = errors.New("empty input")
)

func parseErr(file string, line, col int, base error, format string, args ...any) *ParseError {
	msg := fmt.Sprintf(format, args...)
	return &ParseError{File: file, Line: line, Column: col, Err: fmt.Errorf("%w: %s", base, msg)}
}
