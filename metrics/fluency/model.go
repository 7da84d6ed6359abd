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
	// counts[k] maps a packed (k+1)-gram to its count (raw for the highest
	// order, continuation counts below); totals[k] and types[k] map a packed
	// k-gram history to the sum of counts and the number of distinct
	// continuations. Index 0 is the unigram level (history: empty, key 0).
	counts []map[uint64]float64
	totals []map[uint64]float64
	types  []map[uint64]float64
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
	if order < 1 || order > 4 || bits*order > 64 {
		return nil, fmt.Errorf("bad order %d or width %d", order, bits)
	}
	nsym, err := get()
	if err != nil {
		return nil, err
	}
	m := &ngramModel{order: int(order), bits: int(bits), ids: make(map[string]uint64, nsym), vocab: int(nsym)}
	for i := range nsym {
		n, err := get()
		if err != nil {
			return nil, err
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
	m.counts = make([]map[uint64]float64, order)
	m.totals = make([]map[uint64]float64, order)
	m.types = make([]map[uint64]float64, order)
	for k := range m.counts {
		m.counts[k] = map[uint64]float64{}
		m.totals[k] = map[uint64]float64{}
		m.types[k] = map[uint64]float64{}
	}
	top := m.counts[order-1]
	key := uint64(0)
	for range n {
		d, err := get()
		if err != nil {
			return nil, err
		}
		c, err := get()
		if err != nil {
			return nil, err
		}
		key += d
		top[key] = float64(c)
	}
	// Continuation counts: a k-gram's count at a lower level is the number
	// of distinct words seen before it.
	for k := int(order) - 1; k >= 1; k-- {
		lowMask := uint64(1)<<(uint(m.bits)*uint(k)) - 1
		for key := range m.counts[k] {
			m.counts[k-1][key&lowMask]++
		}
	}
	for k := range m.counts {
		for key, c := range m.counts[k] {
			h := key >> uint(m.bits)
			m.totals[k][h] += c
			m.types[k][h]++
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
	p := (m.counts[0][w] + 1) / (m.totals[0][0] + float64(m.vocab))
	for k := 1; k <= len(hist); k++ {
		h := uint64(0)
		for _, v := range hist[len(hist)-k:] {
			h = h<<uint(m.bits) | v
		}
		t := m.totals[k][h]
		if t == 0 {
			continue
		}
		c := m.counts[k][h<<uint(m.bits)|w]
		p = (math.Max(c-discount, 0) + discount*m.types[k][h]*p) / t
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

// Decode reads a model in the format written by the browndata generator.
func Decode(data []byte) (*Model, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("fluency: model: %w", err)
	}
	r := bufio.NewReader(zr)
	magic := make([]byte, 7)
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != "GECLM1\n" {
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
