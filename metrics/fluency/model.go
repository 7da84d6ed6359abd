package fluency

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sync"

	"github.com/gecmetric/gecmetric/metrics/fluency/internal/browndata"
	"github.com/jdkato/prose/v3/tag"
)

// discount is the absolute discount of Kneser-Ney smoothing.
const discount = 0.75

// An ngramModel is an interpolated Kneser-Ney model of one order.
type ngramModel struct {
	order, bits int
	ids         map[string]uint64
	vocab       int
	// levels[k] holds the counts of packed (k+1)-grams (raw for the
	// highest order, continuation counts below) and, per packed k-gram
	// history, the sum of those counts and the number of distinct
	// continuations. Index 0 is the unigram level (history: empty, key 0).
	levels []level
}

// A level is one order's counts as sorted arrays, searched by binary
// search: a third of the memory of maps, and allocated once.
type level struct {
	keys   []uint64 // packed n-grams, ascending
	counts []uint32
	hists  []uint64 // packed histories, ascending
	totals []uint32 // sum of the counts of each history's n-grams
	types  []uint32 // number of each history's n-grams
}

// count returns the count of the packed n-gram key (0 if unseen).
func (l *level) count(key uint64) float64 {
	if i, ok := slices.BinarySearch(l.keys, key); ok {
		return float64(l.counts[i])
	}
	return 0
}

// history returns the total count and the number of continuations of the
// packed history h (0, 0 if unseen).
func (l *level) history(h uint64) (total, types float64) {
	if i, ok := slices.BinarySearch(l.hists, h); ok {
		return float64(l.totals[i]), float64(l.types[i])
	}
	return 0, 0
}

// histories fills in the level's history sums from its sorted keys: a
// key's history is the key without its last word (its low bits), so the
// histories arrive in order.
func (l *level) histories(bits int) error {
	for i, key := range l.keys {
		h := key >> uint(bits)
		if n := len(l.hists); n == 0 || l.hists[n-1] != h {
			l.hists = append(l.hists, h)
			l.totals = append(l.totals, 0)
			l.types = append(l.types, 0)
		}
		n := len(l.hists) - 1
		t := uint64(l.totals[n]) + uint64(l.counts[i])
		if t > math.MaxUint32 {
			return fmt.Errorf("history %#x: total count beyond 32 bits", h)
		}
		l.totals[n] = uint32(t)
		l.types[n]++
	}
	l.hists, l.totals, l.types = slices.Clip(l.hists), slices.Clip(l.totals), slices.Clip(l.types)
	return nil
}

const (
	idStart = 0
	idEnd   = 1
	idUnk   = 2
)

func readModel(r *bufio.Reader) (*ngramModel, error) {
	get := func() (uint64, error) { return binary.ReadUvarint(r) }
	order, err := get()
	if err != nil {
		return nil, err
	}
	bits, err := get()
	if err != nil {
		return nil, err
	}
	if order < 1 || order > 4 || bits < 1 || bits*order > 64 {
		return nil, fmt.Errorf("bad order %d or width %d", order, bits)
	}
	nsym, err := get()
	if err != nil {
		return nil, err
	}
	if bits < 64 && nsym > 1<<bits || nsym > 1<<24 {
		return nil, fmt.Errorf("bad vocabulary size %d for %d-bit ids", nsym, bits)
	}
	m := &ngramModel{order: int(order), bits: int(bits), ids: make(map[string]uint64, min(nsym, 1<<16)), vocab: int(nsym)}
	for i := range nsym {
		n, err := get()
		if err != nil {
			return nil, err
		}
		if n > 1<<10 {
			return nil, fmt.Errorf("symbol %d: length %d", i, n)
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(r, b); err != nil {
			return nil, err
		}
		m.ids[string(b)] = i
	}
	n, err := get()
	if err != nil {
		return nil, err
	}
	m.levels = make([]level, order)
	// The highest order: keys as ascending differences, with raw counts.
	// Arrays grow as the data arrives (up to a first guess), so that a
	// corrupt count cannot allocate more than the input holds.
	top := &m.levels[order-1]
	top.keys = make([]uint64, 0, min(n, 1<<16))
	top.counts = make([]uint32, 0, min(n, 1<<16))
	key := uint64(0)
	for i := range n {
		d, err := get()
		if err != nil {
			return nil, err
		}
		c, err := get()
		if err != nil {
			return nil, err
		}
		if i > 0 && d == 0 {
			return nil, fmt.Errorf("n-gram %d: keys not ascending", i)
		}
		if c > math.MaxUint32 {
			return nil, fmt.Errorf("n-gram %d: count %d beyond 32 bits", i, c)
		}
		key += d
		top.keys = append(top.keys, key)
		top.counts = append(top.counts, uint32(c))
	}
	top.keys, top.counts = slices.Clip(top.keys), slices.Clip(top.counts)
	// Continuation counts: a k-gram's count at a lower level is the number
	// of distinct words seen before it, that is of the (k+1)-grams it ends.
	for k := int(order) - 1; k >= 1; k-- {
		lowMask := uint64(1)<<(uint(m.bits)*uint(k)) - 1
		ends := make([]uint64, len(m.levels[k].keys))
		for i, key := range m.levels[k].keys {
			ends[i] = key & lowMask
		}
		slices.Sort(ends)
		low := &m.levels[k-1]
		for i, e := range ends {
			if i == 0 || e != ends[i-1] {
				low.keys = append(low.keys, e)
				low.counts = append(low.counts, 0)
			}
			low.counts[len(low.counts)-1]++
		}
		low.keys, low.counts = slices.Clip(low.keys), slices.Clip(low.counts)
	}
	for k := range m.levels {
		if err := m.levels[k].histories(m.bits); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// id returns the id of sym, or that of "<unk>".
func (m *ngramModel) id(sym string) uint64 {
	if v, ok := m.ids[sym]; ok {
		return v
	}
	return idUnk
}

// prob returns P(w | hist), hist holding the most recent ids last; only the
// last order-1 are used.
func (m *ngramModel) prob(hist []uint64, w uint64) float64 {
	if len(hist) > m.order-1 {
		hist = hist[len(hist)-(m.order-1):]
	}
	// Unigram level: add-one over continuation counts, so that "<unk>" and
	// every symbol has a non-zero probability.
	total0, _ := m.levels[0].history(0)
	p := (m.levels[0].count(w) + 1) / (total0 + float64(m.vocab))
	for k := 1; k <= len(hist); k++ {
		h := uint64(0)
		for _, v := range hist[len(hist)-k:] {
			h = h<<uint(m.bits) | v
		}
		t, types := m.levels[k].history(h)
		if t == 0 {
			continue
		}
		c := m.levels[k].count(h<<uint(m.bits) | w)
		p = (math.Max(c-discount, 0) + discount*types*p) / t
	}
	return p
}

// A Model scores sentences for fluency.
type Model struct {
	words, tags *ngramModel
	tagger      *tag.Tagger
}

// Default returns the embedded Brown Corpus model, decoding it on first use.
var Default = sync.OnceValues(func() (*Model, error) {
	return Decode(browndata.Model)
})

// modelMagic opens a model file (browndata's generator writes it).
const modelMagic = "GECLM1\n"

// Decode reads a model in the format written by the browndata generator.
func Decode(data []byte) (*Model, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("fluency: model: %w", err)
	}
	r := bufio.NewReader(zr)
	magic := make([]byte, len(modelMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != modelMagic {
		return nil, errors.New("fluency: model: not a GECLM1 file")
	}
	words, err := readModel(r)
	if err != nil {
		return nil, fmt.Errorf("fluency: model: word table: %w", err)
	}
	tags, err := readModel(r)
	if err != nil {
		return nil, fmt.Errorf("fluency: model: tag table: %w", err)
	}
	tagger, err := tag.New()
	if err != nil {
		return nil, fmt.Errorf("fluency: tagger: %w", err)
	}
	return &Model{words: words, tags: tags, tagger: tagger}, nil
}

// A Score is the fluency evidence for one sentence. Log probabilities are
// natural logarithms per predicted symbol, the end of the sentence
// included.
type Score struct {
	Tokens         int     // tokens after clitic splitting
	WordLogProb    float64 // mean log P(word | previous word)
	MinWordLogProb float64 // the least likely word's log probability
	TagLogProb     float64 // mean log P(tag | three previous tags)
	MinTagLogProb  float64 // the least likely tag's log probability
	Unknown        int     // alphabetic words the model has never seen
}

// Score returns the fluency evidence for a tokenised sentence.
func (m *Model) Score(tokens []string) Score {
	toks := Split(tokens)
	s := Score{Tokens: len(toks), MinWordLogProb: 0, MinTagLogProb: 0}
	hist := make([]uint64, 0, len(toks)+4)
	hist = append(hist, idStart)
	sum := 0.0
	for _, t := range toks {
		w := Word(t)
		id := m.words.id(w)
		if id == idUnk && isAlpha(w) {
			s.Unknown++
		}
		lp := math.Log(m.words.prob(hist, id))
		sum += lp
		s.MinWordLogProb = math.Min(s.MinWordLogProb, lp)
		hist = append(hist, id)
	}
	lp := math.Log(m.words.prob(hist, idEnd))
	sum += lp
	s.MinWordLogProb = math.Min(s.MinWordLogProb, lp)
	s.WordLogProb = sum / float64(len(toks)+1)

	tagged := m.tagger.Tag(toks)
	hist = append(hist[:0], idStart, idStart, idStart)
	sum = 0
	for _, t := range tagged {
		id := m.tags.id(t.Tag)
		lp := math.Log(m.tags.prob(hist, id))
		sum += lp
		s.MinTagLogProb = math.Min(s.MinTagLogProb, lp)
		hist = append(hist, id)
	}
	lp = math.Log(m.tags.prob(hist, idEnd))
	sum += lp
	s.MinTagLogProb = math.Min(s.MinTagLogProb, lp)
	s.TagLogProb = sum / float64(len(tagged)+1)
	return s
}

func isAlpha(w string) bool {
	if w == "" || w[0] == '<' {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r == '-' || r == '\'' || r > 127) {
			return false
		}
	}
	return true
}
