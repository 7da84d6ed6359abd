package jsonobject

import (
	"fmt"
	"strings"
	"testing"
)

func TestFields(t *testing.T) {
	for _, tc := range []struct {
		in, want, err string
	}{
		{`{"b": 1, "a": {"x": [2]}, "b": "3"}`, `b=1 a={"x": [2]} b="3"`, ""},
		{` {} `, ``, ""},
		{`{"a": 1}}`, "", "text after the JSON object"},
		{`{"a": 1} x`, "", "text after the JSON object"},
		{`{"a": 1} {"b": 2}`, "", "text after the JSON object"},
		{`[1]`, "", "want a JSON object"},
		{`{"a": }`, "", "invalid character"},
		{`{"a": 1`, "", "EOF"},
		{``, "", "EOF"},
	} {
		fs, err := Fields([]byte(tc.in))
		var got []string
		for _, f := range fs {
			got = append(got, fmt.Sprintf("%s=%s", f.Key, f.Value))
		}
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: %v, want an error with %q", tc.in, err, tc.err)
			}
		} else if err != nil || strings.Join(got, " ") != tc.want {
			t.Errorf("%q: %q %v, want %q", tc.in, got, err, tc.want)
		}
	}
}
