package lm

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/gecmetric/gecmetric/metrics/lm/internal/cmulm"
)

// An ID is a word of the model's vocabulary; NoWord stands for a missing
// history word (the start of a history, or one cut by an unknown word).
type ID uint32

// NoWord is the ID of no word: a history slot that is empty.
const NoWord ID = math.MaxUint32

// Magic opens the embedded model file (see the generator for its layout).
const Magic = "GECTRI1\n"

// maxTable is the largest number of centres in a quantisation table
// (indices are 16 bits).
const maxTable = 1 << 16

// A Model is a back-off trigram model stored as a reverse trie: the
// children of a word w are the words v seen before it (bigrams "v w"), and
// the children of a bigram node the words u seen before v (trigrams
// "u v w"); children are sorted by ID. A bigram node also holds the
// back-off weight of the history "v w". A Model is safe for concurrent use.
type Model struct {
	words []string
	ids   map[string]ID

	uniP, uniBO []float32 // natural logs, per word
	biNext      []uint32  // children of word w: bigram nodes biNext[w]..biNext[w+1]
	biWord      []uint32
	biP, biBO   []uint16 // indices into biPT, biBOT
	triNext     []uint32 // children of bigram node i: triNext[i]..triNext[i+1]
	triWord     []uint32
	triP        []uint16 // indices into triPT
	biPT        []float32
	biBOT       []float32
	triPT       []float32

	start, end ID
	oov        float64 // log probability given to a word outside the vocabulary
}

// Default returns the embedded CMU model, decoding it on first use
// (see the package doc for its cost).
var Default = sync.OnceValues(func() (*Model, error) {
	return Decode(cmulm.Model)
})

// Decode reads a model in the format written by the cmulm generator.
func Decode(data []byte) (*Model, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("lm: %w", err)
	}
	// The whole file is inflated first (about 30 MB) and parsed from the
	// slice, which is several times faster than reading varints through a
	// bufio.Reader. The gzip trailer's ISIZE (RFC 1952: the inflated size
	// modulo 2³²) sizes the buffer, so that it is allocated once rather
	// than grown by doubling.
	size := 0
	if len(data) >= 4 {
		size = int(binary.LittleEndian.Uint32(data[len(data)-4:]))
	}
	buf := bytes.NewBuffer(make([]byte, 0, min(size, maxInflated)+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(zr, maxInflated+1)); err != nil {
		return nil, fmt.Errorf("lm: %w", err)
	}
	raw := buf.Bytes()
	if len(raw) > maxInflated {
		return nil, fmt.Errorf("lm: model: larger than %d bytes", maxInflated)
	}
	m, err := decode(&sliceReader{raw})
	if err != nil {
		return nil, fmt.Errorf("lm: model: %w", err)
	}
	return m, nil
}

// maxInflated bounds the inflated model file.
const maxInflated = 1 << 27

// A sliceReader reads the inflated model file.
type sliceReader struct{ b []byte }

// next returns the next count items of size bytes, in place, or
// io.ErrUnexpectedEOF when fewer are left (a count beyond the input is
// corrupt rather than a reason to allocate).
func (r *sliceReader) next(count, size uint64) ([]byte, error) {
	if count > uint64(len(r.b))/size {
		return nil, io.ErrUnexpectedEOF
	}
	n := count * size
	b := r.b[:n]
	r.b = r.b[n:]
	return b, nil
}

func (r *sliceReader) uvarint() (uint64, error) {
	x, n := binary.Uvarint(r.b)
	if n <= 0 {
		return 0, io.ErrUnexpectedEOF
	}
	r.b = r.b[n:]
	return x, nil
}

func decode(r *sliceReader) (*Model, error) {
	if magic, err := r.next(uint64(len(Magic)), 1); err != nil || string(magic) != Magic {
		return nil, errors.New("not a " + Magic[:len(Magic)-1] + " file")
	}
	uv := r.uvarint
	v, err := uv()
	if err != nil {
		return nil, err
	}
	if v == 0 || v >= 1<<25 {
		return nil, fmt.Errorf("bad vocabulary size %d", v)
	}
	// Every word takes at least a byte, so a count beyond the input left
	// is corrupt; within it, the tables are allocated once at their size.
	if v > uint64(len(r.b)) {
		return nil, io.ErrUnexpectedEOF
	}
	m := &Model{ids: make(map[string]ID, v), words: make([]string, 0, v)}
	for i := range int(v) {
		n, err := uv()
		if err != nil {
			return nil, err
		}
		if n > 1<<10 {
			return nil, fmt.Errorf("word %d: length %d", i, n)
		}
		b, err := r.next(n, 1)
		if err != nil {
			return nil, err
		}
		m.words = append(m.words, string(b))
		m.ids[m.words[i]] = ID(i)
	}
	var ok1, ok2 bool
	m.start, ok1 = m.ids["<s>"]
	m.end, ok2 = m.ids["</s>"]
	if !ok1 || !ok2 {
		return nil, errors.New("vocabulary lacks <s> or </s>")
	}
	if m.uniP, err = readFloats(r, int(v)); err != nil {
		return nil, err
	}
	if m.uniBO, err = readFloats(r, int(v)); err != nil {
		return nil, err
	}
	ts, err := uv()
	if err != nil {
		return nil, err
	}
	if ts == 0 || ts > maxTable {
		return nil, fmt.Errorf("bad table size %d", ts)
	}
	for _, t := range []*[]float32{&m.biPT, &m.biBOT, &m.triPT} {
		if *t, err = readFloats(r, int(ts)); err != nil {
			return nil, err
		}
	}
	if m.biNext, m.biWord, err = readLevel(r, int(v), int(v)); err != nil {
		return nil, fmt.Errorf("bigrams: %w", err)
	}
	if m.biP, err = readIndices(r, len(m.biWord)); err != nil {
		return nil, err
	}
	if m.biBO, err = readIndices(r, len(m.biWord)); err != nil {
		return nil, err
	}
	if m.triNext, m.triWord, err = readLevel(r, len(m.biWord), int(v)); err != nil {
		return nil, fmt.Errorf("trigrams: %w", err)
	}
	if m.triP, err = readIndices(r, len(m.triWord)); err != nil {
		return nil, err
	}
	for _, idx := range [][]uint16{m.biP, m.biBO, m.triP} {
		for _, i := range idx {
			if uint64(i) >= ts {
				return nil, fmt.Errorf("quantisation index %d beyond the %d-entry table", i, ts)
			}
		}
	}
	// The least likely word: <s> is never predicted, and ARPA files give
	// it the placeholder log10 probability -99, which would make one OOV
	// weigh as much as ten unlikely words.
	m.oov = math.Inf(1)
	for id, p := range m.uniP {
		if ID(id) != m.start {
			m.oov = math.Min(m.oov, float64(p))
		}
	}
	return m, nil
}

func readFloats(r *sliceReader, n int) ([]float32, error) {
	b, err := r.next(uint64(n), 4)
	if err != nil {
		return nil, err
	}
	out := make([]float32, n)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out, nil
}

func readIndices(r *sliceReader, n int) ([]uint16, error) {
	b, err := r.next(uint64(n), 2)
	if err != nil {
		return nil, err
	}
	out := make([]uint16, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return out, nil
}

// readLevel reads one trie level: the total number of nodes, the number of
// children of each of the parents, then every child's word as the
// difference from its previous sibling (the first: the word itself).
func readLevel(r *sliceReader, parents, vocab int) (next, word []uint32, err error) {
	n, err := r.uvarint()
	if err != nil {
		return nil, nil, err
	}
	if n >= 1<<30 {
		return nil, nil, fmt.Errorf("bad node count %d", n)
	}
	next = make([]uint32, parents+1)
	total := uint64(0)
	for i := range parents {
		c, err := r.uvarint()
		if err != nil {
			return nil, nil, err
		}
		next[i] = uint32(total)
		total += c
		if total > n {
			return nil, nil, fmt.Errorf("parent %d: children beyond the %d nodes", i, n)
		}
	}
	if total != n {
		return nil, nil, fmt.Errorf("children of all parents: %d, want %d", total, n)
	}
	next[parents] = uint32(n)
	// Every word takes at least a byte, so a count beyond the input left
	// is corrupt rather than a reason to allocate.
	if n > uint64(len(r.b)) {
		return nil, nil, io.ErrUnexpectedEOF
	}
	word = make([]uint32, 0, n)
	for p := range parents {
		w := uint64(0)
		for i := next[p]; i < next[p+1]; i++ {
			d, err := r.uvarint()
			if err != nil {
				return nil, nil, err
			}
			if i > next[p] && d == 0 {
				return nil, nil, fmt.Errorf("parent %d: children not ascending", p)
			}
			w += d
			if w >= uint64(vocab) {
				return nil, nil, fmt.Errorf("parent %d: word %d beyond the vocabulary", p, w)
			}
			word = append(word, uint32(w))
		}
	}
	return next, word, nil
}

// Size returns the number of words, bigrams and trigrams of the model.
func (m *Model) Size() (words, bigrams, trigrams int) {
	return len(m.words), len(m.biWord), len(m.triWord)
}

// Lookup returns the ID of a word of the vocabulary (lower case, as the
// model spells it), or NoWord.
func (m *Model) Lookup(word string) ID {
	if id, ok := m.ids[word]; ok {
		return id
	}
	return NoWord
}

// Word returns the spelling of id.
func (m *Model) Word(id ID) string { return m.words[id] }

// Start and End return the IDs of the sentence boundaries <s> and </s>.
func (m *Model) Start() ID { return m.start }
func (m *Model) End() ID   { return m.end }

// OOVLogProb is the log probability the scorer gives a word outside the
// vocabulary: the unigram log probability of the least likely word of the
// vocabulary (<s>, never predicted, left out).
func (m *Model) OOVLogProb() float64 { return m.oov }

// find returns the index of the child with word w among words[lo:hi], or -1.
func find(words []uint32, lo, hi uint32, w ID) int {
	for lo < hi {
		mid := (lo + hi) / 2
		switch x := words[mid]; {
		case x < uint32(w):
			lo = mid + 1
		case x > uint32(w):
			hi = mid
		default:
			return int(mid)
		}
	}
	return -1
}

// LogProb returns the natural log of P(w | u v) by Katz back-off as ARPA
// models define it (what sphinxbase's lm_trie_score computes): the trigram
// if the model has it, else the bigram times the back-off weight of "u v",
// else the unigram times the weights of "u v" and "v". u or v may be
// NoWord for a shorter history (v NoWord: a unigram). w must be a word of
// the vocabulary.
func (m *Model) LogProb(u, v, w ID) float64 {
	if v == NoWord {
		return float64(m.uniP[w])
	}
	bi := find(m.biWord, m.biNext[w], m.biNext[w+1], v)
	if bi < 0 {
		return float64(m.uniP[w]) + float64(m.uniBO[v]) + m.backoff(u, v)
	}
	if u != NoWord {
		if tri := find(m.triWord, m.triNext[bi], m.triNext[bi+1], u); tri >= 0 {
			return float64(m.triPT[m.triP[tri]])
		}
	}
	return float64(m.biPT[m.biP[bi]]) + m.backoff(u, v)
}

// backoff returns the log back-off weight of the history "u v" (0 when the
// model has no such bigram).
func (m *Model) backoff(u, v ID) float64 {
	if u == NoWord {
		return 0
	}
	if bi := find(m.biWord, m.biNext[v], m.biNext[v+1], u); bi >= 0 {
		return float64(m.biBOT[m.biBO[bi]])
	}
	return 0
}
