// Package hunspell reads a Hunspell dictionary (a .aff affix file and a
// .dic word list) and tells whether a word is one of the forms it
// describes. It is the word list behind the SPELL and MORPH types of every
// language gecmetric types without a tagger (see edits/multi).
//
// # What is read
//
// The .aff file: SET (UTF-8 or ISO-8859-1/2/4/5/7/13/15, KOI8-R,
// microsoft-cp1251), FLAG (single characters, long, num, UTF-8), AF flag
// aliases, PFX and SFX rules with their strip string, affix, condition and
// continuation flags, IGNORE, NEEDAFFIX, ONLYINCOMPOUND, FORBIDDENWORD,
// COMPOUNDFLAG, COMPOUNDBEGIN, COMPOUNDMIDDLE, COMPOUNDEND and
// COMPOUNDMIN. Everything else (suggestion tables, COMPOUNDRULE, morphology
// fields, CHECKCOMPOUND* restrictions) is skipped. The .dic file: a count
// line, then one stem per line with optional /flags and a morphological
// description after white space.
//
// # What Has accepts
//
// Compared lower-cased, a word is known when it is a stem, or a stem with
// one suffix, one prefix, a prefix and a suffix that both allow cross
// products, or two suffixes where the outer one is a continuation class
// of the inner (Hunspell's twofold suffixes), the stem carrying the
// flags the affixes name; or a compound of such words, each at least
// COMPOUNDMIN characters, whose stems carry COMPOUNDFLAG or the
// BEGIN/MIDDLE/END flag of their place. It accepts a little more than
// Hunspell does (no case rules, compound checks simplified) and never
// suggests. A stem marked FORBIDDENWORD is not a word; one marked
// NEEDAFFIX or ONLYINCOMPOUND is not a word alone.
//
// # Concurrency and performance
//
// A Dictionary is read-only after Read and safe for concurrent use. Read
// takes about a second for the largest Debian dictionaries here (Greek,
// Ukrainian: 8-10 MB); Has costs a few map look-ups per affix length.
package hunspell

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// A Dictionary is a Hunspell dictionary.
type Dictionary struct {
	stems    map[string][]flagSet // lower-cased stem → the flag sets of its entries
	sfx, pfx map[string][]*affix  // lower-cased affix text → rules
	maxSfx   int                  // longest suffix, in bytes
	maxPfx   int
	ignore   []rune
	flags    map[string]uint16 // flag name → id
	aliases  []flagSet         // AF aliases, 1-based in the .dic
	flagType string

	needAffix, onlyCompound, forbidden       uint16
	compound, compBegin, compMiddle, compEnd uint16
	compoundMin                              int
	hasCompounds                             bool
	nWords                                   int
}

type flagSet []uint16

func (fs flagSet) has(f uint16) bool {
	if f == 0 {
		return false
	}
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

type affix struct {
	flag   uint16
	cross  bool
	strip  string
	add    string
	cond   []condElem
	prefix bool
	cont   flagSet // continuation flags
}

// condElem is one position of an affix condition: a character class.
type condElem struct {
	any   bool
	neg   bool
	runes string
}

// Len returns the number of stems read.
func (d *Dictionary) Len() int {
	if d == nil {
		return 0
	}
	return d.nWords
}

// ReadFiles reads the dictionary base.aff and base.dic (base without an
// extension, e.g. /usr/share/hunspell/de_DE).
func ReadFiles(base string) (*Dictionary, error) {
	aff, err := os.Open(base + ".aff")
	if err != nil {
		return nil, err
	}
	defer aff.Close()
	dic, err := os.Open(base + ".dic")
	if err != nil {
		return nil, err
	}
	defer dic.Close()
	return Read(aff, dic, base)
}

// Read reads a dictionary from its affix file and word list; name (the
// path without extension) is used in errors, which name the file and line.
func Read(aff, dic io.Reader, name string) (*Dictionary, error) {
	d := &Dictionary{
		stems: map[string][]flagSet{}, sfx: map[string][]*affix{}, pfx: map[string][]*affix{},
		flags: map[string]uint16{}, compoundMin: 3,
	}
	affLines, err := readLines(aff, name+".aff", nil)
	if err != nil {
		return nil, err
	}
	var enc encoding.Encoding
	for _, l := range affLines {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "SET" {
			enc = encodingOf(f[1])
			break
		}
	}
	if enc != nil {
		for i, l := range affLines {
			if affLines[i], err = enc.NewDecoder().String(l); err != nil {
				return nil, fmt.Errorf("%s.aff:%d: %w", name, i+1, err)
			}
		}
	}
	if err := d.parseAff(affLines, name+".aff"); err != nil {
		return nil, err
	}
	if enc != nil {
		dic = enc.NewDecoder().Reader(dic)
	}
	dicLines, err := readLines(dic, name+".dic", nil)
	if err != nil {
		return nil, err
	}
	d.parseDic(dicLines)
	return d, nil
}

// encodingOf returns the decoder of an .aff SET value; nil for UTF-8.
func encodingOf(set string) encoding.Encoding {
	switch strings.ToUpper(set) {
	case "ISO8859-1":
		return charmap.ISO8859_1
	case "ISO8859-2":
		return charmap.ISO8859_2
	case "ISO8859-4":
		return charmap.ISO8859_4
	case "ISO8859-5":
		return charmap.ISO8859_5
	case "ISO8859-7":
		return charmap.ISO8859_7
	case "ISO8859-13":
		return charmap.ISO8859_13
	case "ISO8859-15":
		return charmap.ISO8859_15
	case "KOI8-R":
		return charmap.KOI8R
	case "MICROSOFT-CP1251":
		return charmap.Windows1251
	}
	return nil
}

// readLines reads r's lines, decoding them with enc (nil: UTF-8, where an
// invalid line is an error naming it).
func readLines(r io.Reader, name string, enc encoding.Encoding) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var out []string
	for sc.Scan() {
		l := strings.TrimSuffix(sc.Text(), "\r")
		if enc != nil {
			var err error
			if l, err = enc.NewDecoder().String(l); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, len(out)+1, err)
			}
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, len(out)+1, err)
	}
	return out, nil
}

// flag returns the id of a flag name, making one for a new name.
func (d *Dictionary) flag(name string) uint16 {
	if id, ok := d.flags[name]; ok {
		return id
	}
	id := uint16(len(d.flags) + 1)
	d.flags[name] = id
	return id
}

// parseFlags splits a flag string by the FLAG type into flag ids; with AF
// aliases a number stands for an alias's flags.
func (d *Dictionary) parseFlags(s string) flagSet {
	if s == "" {
		return nil
	}
	if len(d.aliases) > 0 {
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(d.aliases) {
			return d.aliases[n-1]
		}
	}
	var out flagSet
	switch d.flagType {
	case "long":
		rs := []rune(s)
		for i := 0; i+1 < len(rs); i += 2 {
			out = append(out, d.flag(string(rs[i:i+2])))
		}
	case "num":
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, d.flag(p))
			}
		}
	default: // single characters; "UTF-8" the same once decoded
		for _, r := range s {
			out = append(out, d.flag(string(r)))
		}
	}
	return out
}

var errSyntax = errors.New("malformed affix line")

func (d *Dictionary) parseAff(lines []string, name string) error {
	for i := 0; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch f[0] {
		case "FLAG":
			d.flagType = f[1]
		case "AF":
			if _, err := strconv.Atoi(f[1]); err == nil && len(d.aliases) == 0 {
				continue // the count line
			}
			d.aliases = append(d.aliases, d.parseFlags(f[1]))
		case "IGNORE":
			d.ignore = []rune(f[1])
		case "NEEDAFFIX":
			d.needAffix = d.flag(f[1])
		case "ONLYINCOMPOUND":
			d.onlyCompound = d.flag(f[1])
		case "FORBIDDENWORD":
			d.forbidden = d.flag(f[1])
		case "COMPOUNDFLAG":
			d.compound, d.hasCompounds = d.flag(f[1]), true
		case "COMPOUNDBEGIN":
			d.compBegin, d.hasCompounds = d.flag(f[1]), true
		case "COMPOUNDMIDDLE":
			d.compMiddle = d.flag(f[1])
		case "COMPOUNDEND":
			d.compEnd, d.hasCompounds = d.flag(f[1]), true
		case "COMPOUNDMIN":
			if n, err := strconv.Atoi(f[1]); err == nil && n >= 1 {
				d.compoundMin = n
			}
		case "PFX", "SFX":
			if len(f) < 4 {
				return fmt.Errorf("%s:%d: %w: %q", name, i+1, errSyntax, lines[i])
			}
			n, err := strconv.Atoi(f[3])
			if err != nil {
				return fmt.Errorf("%s:%d: %w: affix count %q", name, i+1, errSyntax, f[3])
			}
			flag, cross := d.flag(f[1]), f[2] == "Y"
			for k := 0; k < n; k++ {
				if i+1 >= len(lines) {
					return fmt.Errorf("%s:%d: %w: want %s rule %d of %d for flag %s, got the end of the file", name, i+1, errSyntax, f[0], k+1, n, f[1])
				}
				i++
				g := strings.Fields(lines[i])
				if len(g) < 4 || g[0] != f[0] {
					return fmt.Errorf("%s:%d: %w: want %s rule %d of %d for flag %s", name, i+1, errSyntax, f[0], k+1, n, f[1])
				}
				a := &affix{flag: flag, cross: cross, prefix: f[0] == "PFX"}
				if g[2] != "0" {
					a.strip = strings.ToLower(g[2])
				}
				add, cont, _ := strings.Cut(g[3], "/")
				if add != "0" {
					a.add = strings.ToLower(d.removeIgnored(add))
				}
				a.cont = d.parseFlags(cont)
				if len(g) >= 5 && g[4] != "." {
					a.cond = parseCond(strings.ToLower(g[4]))
				}
				if a.prefix {
					d.pfx[a.add] = append(d.pfx[a.add], a)
					d.maxPfx = max(d.maxPfx, len(a.add))
				} else {
					d.sfx[a.add] = append(d.sfx[a.add], a)
					d.maxSfx = max(d.maxSfx, len(a.add))
				}
			}
		}
	}
	return nil
}

// parseCond parses an affix condition: characters, [class], [^class], ".".
func parseCond(s string) []condElem {
	var out []condElem
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '.':
			out = append(out, condElem{any: true})
		case '[':
			j := i + 1
			e := condElem{}
			if j < len(rs) && rs[j] == '^' {
				e.neg = true
				j++
			}
			k := j
			for k < len(rs) && rs[k] != ']' {
				k++
			}
			e.runes = string(rs[j:k])
			out = append(out, e)
			i = k
		default:
			out = append(out, condElem{runes: string(rs[i])})
		}
	}
	return out
}

func (e condElem) match(r rune) bool {
	if e.any {
		return true
	}
	return strings.ContainsRune(e.runes, r) != e.neg
}

// matches reports whether the condition holds at the end (suffix) or
// start (prefix) of the stem w.
func (a *affix) matches(w string) bool {
	if len(a.cond) == 0 {
		return true
	}
	rs := []rune(w)
	if len(rs) < len(a.cond) {
		return false
	}
	if !a.prefix {
		rs = rs[len(rs)-len(a.cond):]
	}
	for i, e := range a.cond {
		if !e.match(rs[i]) {
			return false
		}
	}
	return true
}

func (d *Dictionary) removeIgnored(s string) string {
	if len(d.ignore) == 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		for _, x := range d.ignore {
			if r == x {
				return -1
			}
		}
		return r
	}, s)
}

func (d *Dictionary) parseDic(lines []string) {
	for i, l := range lines {
		if i == 0 {
			if _, err := strconv.Atoi(strings.TrimSpace(l)); err == nil {
				continue
			}
		}
		if l == "" || l[0] == '\t' || l[0] == '#' || l[0] == '/' {
			continue
		}
		// The word ends at the first unescaped "/" or white space.
		word, flags := l, ""
		if k := strings.IndexAny(l, " \t"); k >= 0 {
			word = l[:k]
		}
		if k := unescapedSlash(word); k >= 0 {
			word, flags = word[:k], word[k+1:]
		}
		word = strings.ReplaceAll(word, `\/`, "/")
		if word == "" {
			continue
		}
		key := strings.ToLower(d.removeIgnored(word))
		d.stems[key] = append(d.stems[key], d.parseFlags(flags))
		d.nWords++
	}
}

func unescapedSlash(s string) int {
	for i := 1; i < len(s); i++ {
		if s[i] == '/' && s[i-1] != '\\' {
			return i
		}
	}
	return -1
}

// Has reports whether word, compared lower-cased, is a form the
// dictionary describes (see the package documentation). A nil Dictionary
// has no words.
func (d *Dictionary) Has(word string) bool {
	if d == nil || word == "" {
		return false
	}
	w := strings.ToLower(d.removeIgnored(word))
	if d.form(w, false) {
		return true
	}
	return d.hasCompounds && d.compoundOf(w, 0)
}

// form reports whether w is a stem or an affixed stem; inCompound allows
// stems marked ONLYINCOMPOUND.
func (d *Dictionary) form(w string, inCompound bool) bool {
	for _, fs := range d.stems[w] {
		if d.alone(fs, inCompound) {
			return true
		}
	}
	return d.affixed(w, func(fs flagSet) bool { return !fs.has(d.forbidden) })
}

// alone reports whether a stem's entry is a word without an affix.
func (d *Dictionary) alone(fs flagSet, inCompound bool) bool {
	return !fs.has(d.forbidden) && !fs.has(d.needAffix) && (inCompound || !fs.has(d.onlyCompound))
}

// affixed reports whether w is a stem whose flags pass ok with one
// suffix, one prefix, a cross product of both, or two suffixes.
func (d *Dictionary) affixed(w string, ok func(flagSet) bool) bool {
	stemHas := func(stem string, flags ...uint16) bool {
	entries:
		for _, fs := range d.stems[stem] {
			if !ok(fs) {
				continue
			}
			for _, f := range flags {
				if !fs.has(f) {
					continue entries
				}
			}
			return true
		}
		return false
	}
	// One suffix, or two (the outer a continuation class of the inner).
	found := false
	d.eachSuffix(w, func(a *affix, base string) bool {
		if stemHas(base, a.flag) {
			found = true
			return true
		}
		d.eachSuffix(base, func(inner *affix, stem string) bool {
			if inner.cont.has(a.flag) && stemHas(stem, inner.flag) {
				found = true
			}
			return found
		})
		return found
	})
	if found {
		return true
	}
	// One prefix, or a prefix and a suffix with cross products.
	for n := 0; n <= min(d.maxPfx, len(w)); n++ {
		if n < len(w) && !utf8.RuneStart(w[n]) {
			continue
		}
		for _, a := range d.pfx[w[:n]] {
			base := a.strip + w[n:]
			if !a.matches(base) {
				continue
			}
			if stemHas(base, a.flag) {
				return true
			}
			if !a.cross {
				continue
			}
			d.eachSuffix(base, func(s *affix, stem string) bool {
				if s.cross && stemHas(stem, a.flag, s.flag) {
					found = true
				}
				return found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// eachSuffix calls fn with every suffix rule that w may end in and the
// stem it leaves, until fn returns true.
func (d *Dictionary) eachSuffix(w string, fn func(a *affix, base string) bool) {
	for n := 0; n <= min(d.maxSfx, len(w)); n++ {
		cut := len(w) - n
		if cut < len(w) && !utf8.RuneStart(w[cut]) {
			continue
		}
		for _, a := range d.sfx[w[cut:]] {
			base := w[:cut] + a.strip
			if base == "" || !a.matches(base) {
				continue
			}
			if fn(a, base) {
				return
			}
		}
	}
}

// maxCompound is the longest word, in characters, tried as a compound
// (of at most five parts), which bounds the search.
const maxCompound = 40

// compoundOf reports whether w splits into two or more known parts of at
// least compoundMin characters whose stems may stand at their places;
// part is 0 for the first part, 1 for a later one.
func (d *Dictionary) compoundOf(w string, part int) bool {
	rs := []rune(w)
	if len(rs) < 2*d.compoundMin || len(rs) > maxCompound || part > 3 {
		return false
	}
	for k := d.compoundMin; k <= len(rs)-d.compoundMin; k++ {
		head, rest := string(rs[:k]), string(rs[k:])
		place := d.compBegin
		if part > 0 {
			place = d.compMiddle
		}
		if !d.compoundPart(head, place) {
			continue
		}
		// The last part: one that may end a compound, or (Hunspell's
		// END rules are not all read) any known word of four or more
		// characters.
		if d.compoundPart(rest, d.compEnd) || (len(rs)-k >= 4 && d.form(rest, true)) || d.compoundOf(rest, 1) {
			return true
		}
	}
	return false
}

// compoundPart reports whether w, as a stem or an affixed stem, may
// stand at a place of a compound: its stem carries COMPOUNDFLAG or the
// place's flag, or a suffix it ends in has one of them as a continuation
// flag (German's "Haus" → "Haus-" is the empty suffix with the BEGIN
// flag).
func (d *Dictionary) compoundPart(w string, place uint16) bool {
	ok := func(fs flagSet) bool {
		return !fs.has(d.forbidden) && (fs.has(d.compound) || fs.has(place))
	}
	for _, fs := range d.stems[w] {
		if ok(fs) {
			return true
		}
	}
	if d.affixed(w, ok) {
		return true
	}
	found := false
	d.eachSuffix(w, func(a *affix, base string) bool {
		if a.cont.has(d.compound) || a.cont.has(place) {
			for _, fs := range d.stems[base] {
				if fs.has(a.flag) && !fs.has(d.forbidden) {
					found = true
				}
			}
		}
		return found
	})
	return found
}
