package hunspell

import (
	"strings"
	"testing"
)

// A small dictionary in the style of Debian's: suffixes with conditions,
// a cross-product prefix, a twofold suffix, NEEDAFFIX, FORBIDDENWORD and
// German-style compounding (the empty suffix that carries the BEGIN
// flag).
const testAff = `SET UTF-8
NEEDAFFIX h
FORBIDDENWORD q
COMPOUNDBEGIN x
COMPOUNDEND z
COMPOUNDMIN 3
PFX U Y 1
PFX U 0 un .
SFX S Y 2
SFX S 0 s [^s]
SFX S 0 es s
SFX P N 1
SFX P aus äuser [hH]aus
SFX A Y 1
SFX A 0 lich/B .
SFX B Y 1
SFX B 0 e .
SFX j Y 1
SFX j 0 0/x .
`

const testDic = `7
Haus/PSj
Bus/S
glück/UA
Kind/h
falsch/q
Tür/z
Garten
`

func TestHas(t *testing.T) {
	d, err := Read(strings.NewReader(testAff), strings.NewReader(testDic), "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		word string
		want bool
	}{
		{"Haus", true}, {"haus", true}, {"Hauses", true}, {"Hauss", false}, {"Häuser", true},
		{"Buses", true}, {"Busses", false}, {"Buss", false}, {"unglück", true}, {"glücklich", true}, {"glückliche", true},
		// A prefix with a twofold suffix is beyond what Has reads.
		{"unglückliche", false}, {"glücke", false}, {"Kind", false}, {"falsch", false}, {"Haustür", true},
		{"Hausgarten", true}, {"Gartenhaus", false}, {"Tür", true}, {"", false}, {"xyz", false},
	} {
		if got := d.Has(tt.word); got != tt.want {
			t.Errorf("Has(%q) = %v, want %v", tt.word, got, tt.want)
		}
	}
	if d.Len() != 7 {
		t.Errorf("Len = %d, want 7", d.Len())
	}
	var nilDict *Dictionary
	if nilDict.Has("Haus") || nilDict.Len() != 0 {
		t.Errorf("a nil Dictionary has words")
	}
}

func TestReadLatin(t *testing.T) {
	// ISO-8859-15, as Debian's Estonian dictionary is: "õun" (apple) with
	// a plural suffix.
	aff := "SET ISO8859-15\nSFX D Y 1\nSFX D 0 d .\n"
	dic := "1\n\xf5un/D\n"
	d, err := Read(strings.NewReader(aff), strings.NewReader(dic), "et")
	if err != nil {
		t.Fatal(err)
	}
	if !d.Has("õunad"[:len("õun")]+"d") || !d.Has("Õun") {
		t.Errorf("the ISO-8859-15 word list was not decoded")
	}
}

func TestReadErrors(t *testing.T) {
	_, err := Read(strings.NewReader("SFX S Y x\n"), strings.NewReader(""), "bad")
	if err == nil || !strings.HasPrefix(err.Error(), "bad.aff:1: malformed affix line") {
		t.Errorf("got %v", err)
	}
	_, err = Read(strings.NewReader("SFX S Y 2\nSFX S 0 s .\n"), strings.NewReader(""), "bad")
	if err == nil || !strings.HasPrefix(err.Error(), "bad.aff:2: malformed affix line: want SFX rule 2 of 2") {
		t.Errorf("a missing rule: got %v", err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(testAff, testDic, "Häuser")
	f.Add("FLAG num\nSFX 1 Y 1\nSFX 1 a b [^x]\n", "1\nwa/1,2\n", "wb")
	f.Fuzz(func(t *testing.T, aff, dic, word string) {
		d, err := Read(strings.NewReader(aff), strings.NewReader(dic), "fuzz")
		if err != nil {
			return
		}
		d.Has(word)
	})
}
