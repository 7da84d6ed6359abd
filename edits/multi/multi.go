package multi

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/generic"
	"github.com/gecmetric/gecmetric/edits/hunspell"
)

// Language is the shared rule set of one language, told apart by its
// word list and, where it has one, its diacritics type and stemmer. It is
// safe for concurrent use; the word list is read on first use.
type Language struct {
	// Code is the language code Name reports ("de", "uk", ...).
	Code string
	// Dict is the Hunspell dictionary's base name ("de_DE"), looked for in
	// DictDirs; "" for none (SPELL by similarity alone).
	Dict string
	// Package is the Debian package that installs Dict, for the note
	// Missing gives.
	Package string
	// Diacritics is the type of a change of diacritics only ("DIACR" for
	// Czech as ERRANT-CZ has it, "ACC" for Greek's accents as ELERRANT
	// has it); "" leaves such a change to SPELL and MORPH.
	Diacritics string
	// Stem returns a word's stem (a Snowball stemmer), nil for the shared
	// prefix rule (see SameStem).
	Stem func(lower string) string

	// Dictionary, when set, is used instead of reading Dict.
	Dictionary *hunspell.Dictionary

	once sync.Once
	dict *hunspell.Dictionary
	path string
	err  error
}

// DictDirs are where Debian installs Hunspell dictionaries (hunspell-*)
// and MySpell ones (myspell-*), searched in order.
var DictDirs = []string{"/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts"}

// Name returns the language code.
func (l *Language) Name() string { return l.Code }

// dictionary returns the word list, read once; nil when absent.
func (l *Language) dictionary() *hunspell.Dictionary {
	if l.Dictionary != nil {
		return l.Dictionary
	}
	l.once.Do(func() {
		if l.Dict == "" {
			return
		}
		for _, d := range DictDirs {
			base := filepath.Join(d, l.Dict)
			if _, err := os.Stat(base + ".dic"); err == nil {
				l.path = base
				l.dict, l.err = hunspell.ReadFiles(base)
				return
			}
		}
		l.err = os.ErrNotExist
	})
	return l.dict
}

// Missing returns a note saying that the language's word list is not
// installed (or could not be read) and how to install it, or "" when it
// is there or the language has none.
func (l *Language) Missing() string {
	if l.Dict == "" || l.dictionary() != nil {
		return ""
	}
	if l.path != "" {
		return "the " + l.Code + " word list " + l.path + ".dic could not be read (" + l.err.Error() + "): SPELL and MORPH are judged by similarity alone"
	}
	return "no " + l.Code + " word list (" + l.Dict + ".dic in " + strings.Join(DictDirs, ", ") +
		"): SPELL and MORPH are judged by similarity alone; install it with apt-get install " + l.Package
}

// Annotate fills Lower, Lemma (= Lower) and a POS guessed from the
// characters (PUNCT, NUM, X), as generic does: no tagger is used.
func (l *Language) Annotate(tokens []string) *edits.Sentence {
	return (*generic.Language)(nil).Annotate(tokens)
}

// Merge groups the steps of an alignment by ERRANT's rules without
// grammar (generic.Rules).
func (l *Language) Merge(o, c *edits.Sentence, ops []edits.AlignOp) []edits.Edit {
	return mergeRules.Merge(o, c, ops)
}

// mergeRules are ERRANT's merge rules without a tagger: untagged words
// never share a class, so rule 4 (merge a run of one POS) never fires.
var mergeRules = &generic.Rules{Untagged: true}

// Classify returns the edit's type (see the package documentation).
func (l *Language) Classify(o, c *edits.Sentence, e edits.Edit) string {
	op, kind, typ := generic.Shared(o, c, e)
	if typ != "" {
		return typ
	}
	ot := o.Tokens[e.OStart:e.OEnd]
	ct := c.Tokens[e.CStart:e.CEnd]
	if op == "R" && l.Diacritics != "" && StripMarks(joinLower(ot, " ")) == StripMarks(joinLower(ct, " ")) {
		return op + ":" + l.Diacritics
	}
	if op == "R" && len(ot) == 1 && len(ct) == 1 && isWord(&ot[0]) && isWord(&ct[0]) {
		a, b := ot[0].Lower, ct[0].Lower
		d := l.dictionary()
		knownA := d != nil && d.Has(ot[0].Text)
		switch {
		case d != nil && !knownA && edits.CharRatio(a, b) >= 0.5:
			return "R:SPELL"
		case l.SameStem(a, b) && (d == nil || knownA):
			return "R:MORPH"
		case d == nil && kind == "SPELL":
			return "R:SPELL"
		}
	}
	return op + ":OTHER"
}

func isWord(t *edits.Token) bool { return t.POS != "PUNCT" && t.POS != "NUM" }

func joinLower(ts []edits.Token, sep string) string {
	parts := make([]string, len(ts))
	for i := range ts {
		parts[i] = ts[i].Lower
	}
	return strings.Join(parts, sep)
}

// SameStem reports whether two different lower-case words are forms of
// one word: equal stems by l.Stem when set; otherwise, with diacritics
// removed (StripMarks: "Haus" and "Häuser" compare as "haus", "hauser"),
// a shared beginning of at least three characters after which each word
// has at most four more ("будинок"/"будинку", "hrad"/"hradech").
func (l *Language) SameStem(a, b string) bool {
	if a == b {
		return false
	}
	if l.Stem != nil {
		return l.Stem(a) == l.Stem(b)
	}
	ra, rb := []rune(StripMarks(a)), []rune(StripMarks(b))
	p := 0
	for p < len(ra) && p < len(rb) && ra[p] == rb[p] {
		p++
	}
	return p >= 3 && len(ra)-p <= 4 && len(rb)-p <= 4
}

// StripMarks returns s without its combining marks after canonical
// decomposition (NFD): "příliš" → "prilis", "σπίτι" → "σπιτι".
func StripMarks(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
