// Package langs knows which languages gecmetric extracts and types edits
// for, and returns the rules of each: English (edits/en) and Swedish
// (edits/sv) have packages of their own; Czech, German, Greek, Estonian,
// Icelandic, Italian, Latvian, Russian, Slovene and Ukrainian share one
// rule set (edits/multi) told apart by their Hunspell word lists;
// Chinese and any other language take the language-agnostic rules
// (edits/generic) on the tokens as given (characters, for Chinese
// text split into characters).
//
// No part-of-speech tagger is reachable offline for the languages but
// English, so their types carry no POS: an edit is M:, U: or R: followed
// by PUNCT, ORTH, WO, SPELL, MORPH, the diacritics type of Czech (DIACR)
// and Greek (ACC), or OTHER (see edits/multi).
package langs

import (
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/kljensen/snowball/russian"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/edits/generic"
	"github.com/gecmetric/gecmetric/edits/multi"
	"github.com/gecmetric/gecmetric/edits/sv"
)

// Generic is the code of the language-agnostic rules.
const Generic = "generic"

// An Info describes one language gecmetric knows.
type Info struct {
	Code  string `json:"code"`  // ISO 639-1, or "generic"
	Name  string `json:"name"`  // English name
	Rules string `json:"rules"` // "en", "sv", "multi" or "generic": the package whose rules it uses
	// WordList is the word list it reads at run time ("" for none) and
	// Package the Debian package that installs it.
	WordList string `json:"word_list,omitempty"`
	Package  string `json:"package,omitempty"`
	// Diacritics is the type of a change of diacritics only, if the
	// language has one.
	Diacritics string `json:"diacritics,omitempty"`
}

// known is the table of languages, by code.
var known = []Info{
	{Code: "cs", Name: "Czech", Rules: "multi", WordList: "cs_CZ", Package: "hunspell-cs", Diacritics: "DIACR"},
	{Code: "de", Name: "German", Rules: "multi", WordList: "de_DE", Package: "hunspell-de-de"},
	{Code: "el", Name: "Greek", Rules: "multi", WordList: "el_GR", Package: "hunspell-el", Diacritics: "ACC"},
	{Code: "en", Name: "English", Rules: "en"},
	{Code: "et", Name: "Estonian", Rules: "multi", WordList: "et_EE", Package: "myspell-et"},
	{Code: "is", Name: "Icelandic", Rules: "multi", WordList: "is_IS", Package: "hunspell-is"},
	{Code: "it", Name: "Italian", Rules: "multi", WordList: "it_IT", Package: "hunspell-it"},
	{Code: "lv", Name: "Latvian", Rules: "multi", WordList: "lv_LV", Package: "hunspell-lv"},
	{Code: "ru", Name: "Russian", Rules: "multi", WordList: "ru_RU", Package: "hunspell-ru"},
	{Code: "sl", Name: "Slovene", Rules: "multi", WordList: "sl_SI", Package: "hunspell-sl"},
	{Code: "sv", Name: "Swedish", Rules: "sv", WordList: sv.DefaultWordList, Package: "wswedish"},
	{Code: "uk", Name: "Ukrainian", Rules: "multi", WordList: "uk_UA", Package: "hunspell-uk"},
	{Code: "zh", Name: "Chinese", Rules: "multi"},
	{Code: Generic, Name: "any other language", Rules: "generic"},
}

// Known returns the languages gecmetric knows, by code.
func Known() []Info { return slices.Clone(known) }

// Codes returns the known codes in order.
func Codes() []string {
	out := make([]string, len(known))
	for i, k := range known {
		out[i] = k.Code
	}
	return out
}

// For returns the rules of a known language code, or false. "" means
// English.
func For(code string) (edits.Language, bool) {
	if code == "" {
		code = "en"
	}
	i := slices.IndexFunc(known, func(k Info) bool { return k.Code == code })
	if i < 0 {
		return nil, false
	}
	k := known[i]
	switch k.Rules {
	case "en":
		return en.New(), true
	case "sv":
		return sv.New(), true
	case "generic":
		return generic.New(code), true
	}
	l := &multi.Language{Code: k.Code, Dict: k.WordList, Package: k.Package, Diacritics: k.Diacritics}
	if k.Code == "ru" {
		l.Stem = func(w string) string { return russian.Stem(w, false) }
	}
	return shared(l), true
}

// OrGeneric returns the rules of code when it is known, else the
// language-agnostic rules reporting code as their name.
func OrGeneric(code string) edits.Language {
	if l, ok := For(code); ok {
		return l
	}
	return generic.New(code)
}

// Missing returns a note when the word list lang reads is not installed
// (see multi.Language.Missing), else "".
func Missing(lang edits.Language) string {
	if m, ok := lang.(interface{ Missing() string }); ok {
		return m.Missing()
	}
	if lang.Name() == "sv" && sv.SystemLexicon().Len() == 0 {
		return "Debian's Swedish word list (" + sv.DefaultWordList + ") is not installed: SPELL is judged by similarity alone; install it with apt-get install wswedish"
	}
	return ""
}

// shared keeps one multi.Language per code, so that its word list is read
// once per process however many times For is called.
func shared(l *multi.Language) *multi.Language {
	mu.Lock()
	defer mu.Unlock()
	if have, ok := cache[l.Code]; ok {
		return have
	}
	cache[l.Code] = l
	return l
}

var (
	mu    sync.Mutex
	cache = map[string]*multi.Language{}
)

// Installed reports whether a language's word list is on this machine
// (true for a language without one), without reading it.
func Installed(k Info) bool {
	switch {
	case k.WordList == "":
		return true
	case k.Rules == "sv":
		_, err := os.Stat(k.WordList)
		return err == nil
	}
	for _, d := range multi.DictDirs {
		if _, err := os.Stat(filepath.Join(d, k.WordList+".dic")); err == nil {
			return true
		}
	}
	return false
}
