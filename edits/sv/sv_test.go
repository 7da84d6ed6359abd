package sv_test

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/sv"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// lexicon is a small fixed word list, so that the tests do not depend on
// the system's.
var lexicon = func() *sv.Lexicon {
	dir := tempWordList()
	l, err := sv.ReadWordList(dir)
	if err != nil {
		panic(err)
	}
	return l
}()

func extract(l *sv.Language, o, c string) string {
	var parts []string
	for _, e := range edits.Extract(l, l.Annotate(strings.Fields(o)), l.Annotate(strings.Fields(c)), edits.Options{}) {
		parts = append(parts, fmt.Sprintf("%d-%d:%s:%s", e.OStart, e.OEnd, strings.Join(e.C, " "), e.Type))
	}
	return strings.Join(parts, " ")
}

func TestClassify(t *testing.T) {
	l := &sv.Language{Lexicon: lexicon}
	tests := []struct{ name, o, c, want string }{
		{"spelling", "Jag behover hjälp .", "Jag behöver hjälp .", "1-2:behöver:R:SPELL"},
		{"morphology", "Jag har två bil .", "Jag har två bilar .", "3-4:bilar:R:MORPH"},
		{"definite form", "Han såg brottet .", "Han såg brott .", "2-3:brott:R:MORPH"},
		{"preposition", "Vi bor på Stockholm .", "Vi bor i Stockholm .", "2-3:i:R:PREP"},
		{"missing determiner", "Jag har bil .", "Jag har en bil .", "2-2:en:M:DET"},
		{"pronoun", "Jag såg han igår .", "Jag såg honom igår .", "2-3:honom:R:PRON"},
		{"conjunction", "Jag och du", "Jag eller du", "1-2:eller:R:CONJ"},
		{"case", "Jag bor i sverige .", "Jag bor i Sverige .", "3-4:Sverige:R:ORTH"},
		{"punctuation", "Hej hur mår du ?", "Hej , hur mår du ?", "1-1:,:M:PUNCT"},
		{"word order", "Igår jag åkte hem .", "Igår åkte jag hem .", "1-3:åkte jag:R:WO"},
		{"verb after att", "Jag vill att äta .", "Jag vill äta .", "2-3::U:PART"},
		{"known word, not spelling", "Jag har en hund .", "Jag här en hund .", "1-2:här:R:OTHER"},
	}
	for _, tt := range tests {
		if got := extract(l, tt.o, tt.c); got != tt.want {
			t.Errorf("%s: %q → %q: got %q, want %q", tt.name, tt.o, tt.c, got, tt.want)
		}
	}
}

func TestAnnotate(t *testing.T) {
	s := sv.New().Annotate(strings.Fields("Jag vill läsa en intressant bok om människorna ."))
	var got []string
	for _, tok := range s.Tokens {
		got = append(got, tok.POS)
	}
	want := "PRON AUX VERB DET ADJ NOUN ADP NOUN PUNCT"
	if strings.Join(got, " ") != want {
		t.Errorf("POS %v, want %s", got, want)
	}
	if s.Tokens[7].Lemma != "människ" {
		t.Errorf("lemma of människorna = %q", s.Tokens[7].Lemma)
	}
}

func TestParadigmGuesses(t *testing.T) {
	l := &sv.Language{Lexicon: lexicon}
	s := l.Annotate(strings.Fields("pratar stora bilar okänt"))
	var got []string
	for _, tok := range s.Tokens {
		got = append(got, tok.POS)
	}
	if want := "VERB ADJ NOUN X"; strings.Join(got, " ") != want {
		t.Errorf("POS %v, want %s", got, want)
	}
}

// TestSwedishBalancedTest extracts the edits of the reference and the
// five systems (and the two rewrites) against the SweLL sources of every
// CEFR level and logs a table of error types.
func TestSwedishBalancedTest(t *testing.T) {
	dir := testdata.Dir(t, "swedish-gec-evaluation", "data", "balanced_test")
	l := sv.New()
	targets := []string{"corr.txt", "granska", "mt", "mt-large", "s2", "mm", "mw"}
	counts := map[string]map[string]int{}
	total := map[string]int{}
	for _, level := range []string{"A", "B", "C"} {
		paths := []string{filepath.Join(dir, "Nyberg.CEFR_"+level+".balanced_test.orig.txt")}
		for _, tg := range targets {
			paths = append(paths, filepath.Join(dir, "Nyberg.CEFR_"+level+".balanced_test."+tg))
		}
		files, err := corpora.ReadParallel(paths...)
		if err != nil {
			t.Fatal(err)
		}
		srcs := edits.AnnotateAll(l, files[0].Tokens)
		for k, tg := range targets {
			for i := range files[0].Lines {
				for _, e := range edits.Extract(l, srcs[i], l.Annotate(files[k+1].Tokens[i]), edits.Options{}) {
					if e.Type == "" {
						t.Fatalf("%s line %d: empty type for %+v", tg, i+1, e)
					}
					if counts[e.Type] == nil {
						counts[e.Type] = map[string]int{}
					}
					counts[e.Type][tg]++
					total[e.Type]++
				}
			}
		}
	}
	types := make([]string, 0, len(total))
	for ty := range total {
		types = append(types, ty)
	}
	slices.SortFunc(types, func(a, b string) int { return cmp.Or(cmp.Compare(total[b], total[a]), cmp.Compare(a, b)) })
	var b strings.Builder
	fmt.Fprintf(&b, "%-10s", "type")
	for _, tg := range targets {
		fmt.Fprintf(&b, " %8s", strings.TrimSuffix(tg, ".txt"))
	}
	fmt.Fprintf(&b, " %8s\n", "all")
	for _, ty := range types {
		fmt.Fprintf(&b, "%-10s", ty)
		for _, tg := range targets {
			fmt.Fprintf(&b, " %8d", counts[ty][tg])
		}
		fmt.Fprintf(&b, " %8d\n", total[ty])
	}
	t.Log("\n" + b.String())
	if len(types) < 10 || total["R:SPELL"] == 0 || total["M:PUNCT"] == 0 || total["R:PREP"] == 0 {
		t.Errorf("implausible type table:\n%s", b.String())
	}
}

func ExampleLanguage() {
	l := sv.New()
	src := l.Annotate(strings.Fields("Jag har två bil ."))
	for _, e := range edits.Extract(l, src, l.Annotate(strings.Fields("Jag har två bilar .")), edits.Options{}) {
		fmt.Println(e.OStart, e.OEnd, e.Correction(), e.Type)
	}
	// Output: 3 4 bilar R:MORPH
}
