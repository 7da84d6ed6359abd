package tokenize

import (
	"errors"
	"strings"
	"testing"
)

func fields(lines []string) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Fields(l)
	}
	return out
}

func TestPolicy(t *testing.T) {
	tokenised := []string{"It is fine .", "We do n't know ."}
	raw := []string{"It is fine.", "We don't know."}
	refs := ShareOf(fields(tokenised))
	for _, tc := range []struct {
		name  string
		pol   Policy
		lines []string
		want  string
		did   Outcome
		err   bool
	}{
		{"tokenised, as given", Policy{}, tokenised, "It is fine . | We do n't know .", AsGiven, false},
		{"tokenised, --tokenize leaves it", Policy{Tokenize: true}, tokenised, "It is fine . | We do n't know .", AsGiven, false},
		{"raw, --tokenize", Policy{Tokenize: true}, raw, "It is fine . | We do n't know .", Tokenized, false},
		{"raw, no flag", Policy{}, raw, "", KeptRaw, true},
		{"raw, --no-tokenize-check", Policy{NoCheck: true}, raw, "It is fine. | We don't know.", KeptRaw, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			toks, did, err := tc.pol.Hypothesis("h.txt", tc.lines, fields(tc.lines), refs)
			if tc.err {
				var re *RawError
				if !errors.As(err, &re) || !errors.Is(err, ErrRaw) || re.Share.First != 1 || re.Share.Example != "fine." {
					t.Fatalf("err = %v, want a RawError at line 1 on \"fine.\"", err)
				}
				if want := `h.txt:1: raw (untokenised) text against tokenised references: 2 of 2 lines have punctuation or a contraction attached to a word (first: "fine.")`; err.Error() != want {
					t.Errorf("err = %q\nwant %q", err, want)
				}
				return
			}
			var got []string
			for _, s := range toks {
				got = append(got, strings.Join(s, " "))
			}
			if err != nil || did != tc.did || strings.Join(got, " | ") != tc.want {
				t.Errorf("Hypothesis = %q, %v, %v; want %q, %v", strings.Join(got, " | "), did, err, tc.want, tc.did)
			}
		})
	}
	// A raw reference is tokenised only with --tokenize.
	if toks, s := (Policy{Tokenize: true}).Reference(raw, fields(raw)); strings.Join(toks[1], " ") != "We do n't know ." || s.Raw != 0 {
		t.Errorf("Reference(raw, --tokenize) = %q, %+v", toks, s)
	}
	if toks, s := (Policy{}).Reference(raw, fields(raw)); strings.Join(toks[1], " ") != "We don't know." || s.Raw != 2 {
		t.Errorf("Reference(raw) = %q, %+v", toks, s)
	}
	// A hypothesis as raw as its raw references is not called raw.
	if _, did, err := (Policy{}).Hypothesis("h.txt", raw, fields(raw), RawShare(raw)); did != AsGiven || err != nil {
		t.Errorf("raw against raw references: %v, %v", did, err)
	}
}
