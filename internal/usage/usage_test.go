package usage

import (
	"errors"
	"fmt"
	"testing"
)

func TestUsage(t *testing.T) {
	base := errors.New("data")
	for _, tc := range []struct {
		name    string
		err     error
		isUsage bool
		msg     string
	}{
		{"errorf", Errorf("--folds %d: need at least 2", 1), true, "--folds 1: need at least 2"},
		{"wrapped further", fmt.Errorf("fit: %w", Errorf("x")), true, "fit: x"},
		{"wrap", Wrap(base), true, "data"},
		{"plain", base, false, "data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if Is(tc.err) != tc.isUsage || tc.err.Error() != tc.msg {
				t.Errorf("Is = %v, message %q; want %v, %q", Is(tc.err), tc.err.Error(), tc.isUsage, tc.msg)
			}
		})
	}
	if Wrap(nil) != nil || Is(nil) {
		t.Error("nil is not a usage error")
	}
	if !errors.Is(Wrap(base), base) {
		t.Error("Wrap hides the wrapped error from errors.Is")
	}
}
