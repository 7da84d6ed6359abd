package en

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/gecmetric/gecmetric/edits/en/internal/scowl"
)

// wordList is the sorted British English word list of package scowl,
// kept as one string with line offsets so that it costs about 2 MB and
// loads in a few milliseconds.
type wordList struct {
	text  string
	start []uint32 // start[i] is the offset of word i in text
	// bucket[k] is the first word whose first two bytes (a missing byte
	// counts as 0) are k or more, so that a search starts among the few
	// hundred words that begin as w does; bucket[1<<16] is the count.
	bucket []uint32
}

// prefix2 is the bucket of w.
func prefix2(w string) int {
	switch len(w) {
	case 0:
		return 0
	case 1:
		return int(w[0]) << 8
	}
	return int(w[0])<<8 | int(w[1])
}

// loadWordList decompresses the embedded list once, on first use.
var loadWordList = sync.OnceValues(func() (*wordList, error) {
	return decodeWordList(scowl.Gzipped)
})

func decodeWordList(gz []byte) (*wordList, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("en: word list: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("en: word list: %w", err)
	}
	wl := &wordList{text: string(raw), start: make([]uint32, 0, bytes.Count(raw, []byte{'\n'}))}
	prev := ""
	for off := 0; off < len(raw); {
		end := bytes.IndexByte(raw[off:], '\n')
		if end < 0 {
			end = len(raw) - off
		}
		w := wl.text[off : off+end]
		if w <= prev && len(wl.start) > 0 {
			return nil, fmt.Errorf("en: word list: %q follows %q: not sorted", w, prev)
		}
		wl.start = append(wl.start, uint32(off))
		prev = w
		off += end + 1
	}
	wl.bucket = make([]uint32, 1<<16+1)
	k := 0
	for i := range wl.start {
		for b := prefix2(wl.word(i)); k <= b; k++ {
			wl.bucket[k] = uint32(i)
		}
	}
	for ; k <= 1<<16; k++ {
		wl.bucket[k] = uint32(len(wl.start))
	}
	return wl, nil
}

// word returns word i.
func (wl *wordList) word(i int) string {
	s := int(wl.start[i])
	e := len(wl.text)
	if i+1 < len(wl.start) {
		e = int(wl.start[i+1])
	}
	if e > s && wl.text[e-1] == '\n' {
		e--
	}
	return wl.text[s:e]
}

// contains reports whether w is in the list (case-sensitive, as ERRANT's
// Python set).
func (wl *wordList) contains(w string) bool {
	b := prefix2(w)
	lo, hi := int(wl.bucket[b]), int(wl.bucket[b+1])
	i := lo + sort.Search(hi-lo, func(i int) bool { return wl.word(lo+i) >= w })
	return i < hi && wl.word(i) == w
}

// inLexicon reports whether w is a British English word.
// The embedded list is checked by tests; a broken build panics here.
func inLexicon(w string) bool {
	wl, err := loadWordList()
	if err != nil {
		panic(err)
	}
	return wl.contains(w)
}
