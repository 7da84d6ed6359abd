package wordnet

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

//go:generate go run ./gen -src /usr/share/wordnet -out wordnet.txt.gz

//go:embed wordnet.txt.gz
var table []byte

// A POS is one of the parts of speech WordNet's morphology covers here.
type POS int

// The parts of speech with an index and an exception list.
const (
	Noun POS = iota
	Verb
	Adj
	Adv
	numPOS
)

var posNames = [numPOS]string{"noun", "verb", "adj", "adv"}

// String returns "noun", "verb", "adj" or "adv".
func (p POS) String() string {
	if p < 0 || p >= numPOS {
		return fmt.Sprintf("POS(%d)", int(p))
	}
	return posNames[p]
}

// Tables holds the decoded index and exception lists.
type Tables struct {
	index [numPOS][]string            // sorted lemmas
	exc   [numPOS]map[string][]string // inflected form → lemmas, in file order
	in    map[string]uint8            // lemma → bit p set if in index[p]
}

// Load returns the tables, decoding them on the first call.
var Load = sync.OnceValues(func() (*Tables, error) { return parse(table) })

// InIndex reports whether word is a lemma of part of speech p.
func (t *Tables) InIndex(p POS, word string) bool {
	return p >= 0 && p < numPOS && t.in[word]&(1<<p) != 0
}

// InIndexBytes is InIndex for a word held in a byte slice.
func (t *Tables) InIndexBytes(p POS, word []byte) bool {
	return p >= 0 && p < numPOS && t.in[string(word)]&(1<<p) != 0
}

// Exceptions returns the lemmas WordNet lists for the irregular form of
// part of speech p, in the order of the exception file, or nil. The result
// must not be modified.
func (t *Tables) Exceptions(p POS, form string) []string {
	return t.exc[p][form]
}

// Len returns the number of index lemmas and exception forms of p.
func (t *Tables) Len(p POS) (lemmas, exceptions int) {
	return len(t.index[p]), len(t.exc[p])
}

func parse(gz []byte) (*Tables, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("wordnet: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("wordnet: %w", err)
	}
	text := string(raw)
	t := &Tables{}
	for p := range numPOS {
		t.exc[p] = make(map[string][]string)
	}
	const (
		none = iota
		index
		exc
	)
	section, pos := none, POS(0)
	for n := 1; text != ""; n++ {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		switch {
		case line == "" || line[0] == '#':
			continue
		case line[0] == '%':
			kind, name, _ := strings.Cut(line[1:], " ")
			i := slices.Index(posNames[:], name)
			if i < 0 || (kind != "index" && kind != "exc") {
				return nil, fmt.Errorf("wordnet: line %d: bad section %q", n, line)
			}
			pos = POS(i)
			section = index
			if kind == "exc" {
				section = exc
			}
		case section == index:
			t.index[pos] = append(t.index[pos], line)
		case section == exc:
			fields := strings.Fields(line)
			if len(fields) < 2 {
				return nil, fmt.Errorf("wordnet: line %d: exception without lemma", n)
			}
			t.exc[pos][fields[0]] = append(t.exc[pos][fields[0]], fields[1:]...)
		default:
			return nil, fmt.Errorf("wordnet: line %d: data before the first section", n)
		}
	}
	for p := range numPOS {
		if !slices.IsSorted(t.index[p]) {
			return nil, fmt.Errorf("wordnet: %s index is not sorted", POS(p))
		}
		if len(t.index[p]) == 0 || (p != Adv && len(t.exc[p]) == 0) {
			return nil, fmt.Errorf("wordnet: empty %s index", POS(p))
		}
	}
	// InIndex is a map lookup, not a binary search: the tagger's
	// corrections and the lemmatiser ask it for nearly every word.
	t.in = make(map[string]uint8, len(t.index[Noun])+len(t.index[Adj]))
	for p := range numPOS {
		for _, w := range t.index[p] {
			t.in[w] |= 1 << p
		}
	}
	return t, nil
}
