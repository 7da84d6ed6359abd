// Package usage marks errors that are the caller's mistake in asking (a
// bad option, a selection that selects nothing) rather than bad input
// data, so that gecmetric's command line can answer them as usage errors
// (exit 2 with a hint) while the library functions that find them stay
// callable from Go. The message is the wrapped error's, unchanged.
package usage

import (
	"errors"
	"fmt"
)

// An Error is a mistake in what the caller asked for.
type Error struct{ Err error }

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Errorf formats a usage error as fmt.Errorf does.
func Errorf(format string, args ...any) error { return &Error{fmt.Errorf(format, args...)} }

// Wrap marks err (nil stays nil) as a usage error.
func Wrap(err error) error {
	if err == nil {
		return nil
	}
	return &Error{err}
}

// Is reports whether err is or wraps a usage error.
func Is(err error) bool {
	_, ok := errors.AsType[*Error](err)
	return ok
}
