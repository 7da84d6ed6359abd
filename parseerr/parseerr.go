// Package parseerr is the one error type of every reader in gecmetric:
// input that does not follow its format is reported as an *Error naming
// the file, the line and the column, printed "file:line:col: message" like
// the Go compiler and encoding/csv's ParseError, with the parts that are
// unknown left out.
//
// It is a leaf (standard library only), so that every floor can use it:
// corpora (M2 and text), metrics/m2 (the scorer's gold reader), human
// (rating and ranking files), calibrate (metric-score and model files) and
// annotate (task and Swedish annotator files). corpora.ParseError and
// m2.GoldError are aliases of Error.
//
// Callers test for a kind of problem with errors.Is on the wrapped sentinel
// (ErrEmptyInput, ErrInvalidUTF8 here; format-specific ones such as
// corpora.ErrM2Syntax or human.ErrUnknownLabel where they live) and for the
// position with errors.As.
package parseerr

import (
	"errors"
	"fmt"
)

// An Error is input that does not follow its format, with its position.
type Error struct {
	File   string // file name as given by the caller; "<input>" when printed empty
	Line   int    // 1-based line, 0 if unknown
	Column int    // 1-based column in bytes, 0 if unknown (printed only with a line)
	Err    error  // what is wrong
}

func (e *Error) Error() string {
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

func (e *Error) Unwrap() error { return e.Err }

// Sentinel errors that readers of several floors share.
var (
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	ErrNUL         = errors.New("NUL byte") // a 0 byte in text, which no format here allows
	ErrEmptyInput  = errors.New("empty input")
)

// At returns an *Error at file:line:col whose message is base's followed by
// the formatted text ("empty input: no header"); errors.Is(err, base)
// holds. A nil base gives the formatted text alone.
func At(file string, line, col int, base error, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	if base == nil {
		return &Error{File: file, Line: line, Column: col, Err: errors.New(msg)}
	}
	return &Error{File: file, Line: line, Column: col, Err: fmt.Errorf("%w: %s", base, msg)}
}

// Wrap returns err positioned at file:line:col, or err itself when it is
// already an *Error (the inner position is the more precise one) or nil.
func Wrap(file string, line, col int, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*Error](err); ok {
		return err
	}
	return &Error{File: file, Line: line, Column: col, Err: err}
}

// Offset converts a byte offset into data to a 1-based line and column (in
// bytes), for readers that learn positions as offsets (encoding/json).
func Offset(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col = 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
