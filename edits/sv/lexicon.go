package sv

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"sync"
	"unicode/utf8"
)

// DefaultWordList is where Debian's wswedish package installs its list of
// Swedish word forms, one per line.
const DefaultWordList = "/usr/share/dict/swedish"

// A Lexicon is a set of known Swedish word forms, compared lower-cased.
type Lexicon struct {
	words map[string]struct{}
}

// Has reports whether the lower-cased word is in l. A nil Lexicon has no
// words.
func (l *Lexicon) Has(lower string) bool {
	if l == nil {
		return false
	}
	_, ok := l.words[lower]
	return ok
}

// Len returns the number of word forms in l.
func (l *Lexicon) Len() int {
	if l == nil {
		return 0
	}
	return len(l.words)
}

// ReadWordList reads a word list of one form per line (UTF-8 or, like
// older /usr/share/dict files, Latin-1).
func ReadWordList(path string) (*Lexicon, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	l := &Lexicon{words: make(map[string]struct{}, 130000)}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		w := strings.TrimSpace(sc.Text())
		if w == "" || strings.HasPrefix(w, "#") {
			continue
		}
		if !utf8.ValidString(w) {
			w = latin1(w)
		}
		l.words[strings.ToLower(w)] = struct{}{}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", path, n+1, err)
	}
	return l, nil
}

func latin1(s string) string {
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}

// systemLexicon is DefaultWordList, read on first use; nil when absent.
var systemLexicon = sync.OnceValue(func() *Lexicon {
	l, err := ReadWordList(DefaultWordList)
	if err != nil {
		return nil
	}
	return l
})

// SystemLexicon returns the word list at DefaultWordList, read once on
// first use, or nil when it is not installed.
func SystemLexicon() *Lexicon { return systemLexicon() }
