package multi

import (
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/hunspell"
)

const aff = "SET UTF-8\nSFX P Y 2\nSFX P aus äuser [hH]aus\nSFX P 0 es s\nSFX N Y 1\nSFX N 0 u .\n"
const dic = "4\nHaus/P\nhrad/N\njídla\nkdy\n"

func TestClassify(t *testing.T) {
	d, err := hunspell.Read(strings.NewReader(aff), strings.NewReader(dic), "test")
	if err != nil {
		t.Fatal(err)
	}
	cs := &Language{Code: "cs", Dictionary: d, Diacritics: "DIACR"}
	de := &Language{Code: "de", Dictionary: d}
	none := &Language{Code: "xx"}
	for _, tt := range []struct {
		name     string
		lang     *Language
		src, cor string
		want     string
	}{
		{"case", de, "Das haus", "Das Haus", "R:ORTH"},
		{"whitespace", de, "Haus tür", "Haustür", "R:ORTH"},
		{"word order", de, "das Haus ist", "ist das Haus", "R:WO"},
		{"punctuation", de, "Haus ,", "Haus .", "R:PUNCT"},
		{"missing punctuation", de, "Haus", "Haus .", "M:PUNCT"},
		{"unknown source, similar", de, "Hauss", "Haus", "R:SPELL"},
		{"known source, same stem", de, "Haus", "Häuser", "R:MORPH"},
		{"diacritics", cs, "jidla", "jídla", "R:DIACR"},
		{"diacritics without the type", de, "jidla", "jídla", "R:SPELL"},
		{"other", de, "Haus", "kdy", "R:OTHER"},
		{"missing word", de, "Haus", "Haus kdy", "M:OTHER"},
		{"unnecessary word", de, "kdy Haus", "Haus", "U:OTHER"},
		{"no word list: similarity", none, "hrad", "hradu", "R:MORPH"},
		{"no word list: spelling", none, "bycycle", "bicycle", "R:SPELL"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.lang.Annotate(strings.Fields(tt.src))
			c := tt.lang.Annotate(strings.Fields(tt.cor))
			es := edits.Extract(tt.lang, o, c, edits.Options{})
			if len(es) != 1 {
				t.Fatalf("got %d edits %v, want 1", len(es), es)
			}
			if es[0].Type != tt.want {
				t.Errorf("type %s, want %s", es[0].Type, tt.want)
			}
		})
	}
}

func TestSameStem(t *testing.T) {
	l := &Language{}
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"haus", "häuser", true}, {"будинок", "будинку", true}, {"hrad", "hradech", true},
		{"haus", "haus", false}, {"kdy", "kde", false}, {"dům", "domě", false},
	} {
		if got := l.SameStem(tt.a, tt.b); got != tt.want {
			t.Errorf("SameStem(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestMissing(t *testing.T) {
	defer func(d []string) { DictDirs = d }(DictDirs)
	DictDirs = []string{t.TempDir()}
	l := &Language{Code: "de", Dict: "de_DE", Package: "hunspell-de-de"}
	if m := l.Missing(); !strings.Contains(m, "no de word list (de_DE.dic in ") || !strings.HasSuffix(m, "apt-get install hunspell-de-de") {
		t.Errorf("Missing() = %q", m)
	}
	if m := (&Language{Code: "zh"}).Missing(); m != "" {
		t.Errorf("a language without a word list: Missing() = %q", m)
	}
}
