package en

import (
	"strings"
	"testing"
)

// FuzzAnnotate checks that any tokens, however odd, are annotated without
// panicking, kept as given, and given a tag, a POS and a label.
func FuzzAnnotate(f *testing.F) {
	for _, s := range []string{
		"The children were n't running to the shop .",
		"( “ quoted ” ) -- ... ?! .There $ 5 % & #",
		"social media sites saves money",
		"I 'm ca n't wo n't it 's John 's",
		"ÅNGSTRÖM İstanbul ǅ ﬁ",
	} {
		f.Add(s)
	}
	l := New()
	f.Fuzz(func(t *testing.T, s string) {
		tokens := strings.Split(s, " ")
		got := l.Annotate(tokens)
		if got.Len() != len(tokens) {
			t.Fatalf("%d tokens in, %d out", len(tokens), got.Len())
		}
		for i, tk := range got.Tokens {
			if tk.Text != tokens[i] {
				t.Fatalf("token %d changed: %q → %q", i, tokens[i], tk.Text)
			}
			if tk.Tag == "" || tk.POS == "" || tk.Dep == "" {
				t.Fatalf("token %d %q not annotated: %+v", i, tokens[i], tk)
			}
		}
	})
}
