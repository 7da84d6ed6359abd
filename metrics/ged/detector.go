package ged

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/metrics/ged/internal/gedweights"
	"github.com/gecmetric/gecmetric/metrics/lm"
)

// A Lexicon tells whether a word is a known word of the language.
type Lexicon interface {
	InLexicon(word string) bool
}

// A Detector gives each token of an English sentence the probability that
// it is part of an error. It is safe for concurrent use.
type Detector struct {
	LM  *lm.Model
	Lex Lexicon // may be nil
	// Bits is the width of the hashed feature space; W its 1<<Bits weights.
	Bits uint
	W    []float32
}

// Magic opens an encoded Detector.
const Magic = "GECGED1\n"

// Default returns the embedded detector (see package gedweights for how
// it was trained), with the embedded language model and English lexicon,
// decoding them on first use.
var Default = sync.OnceValues(func() (*Detector, error) {
	m, err := lm.Default()
	if err != nil {
		return nil, err
	}
	d, err := Decode(gedweights.Weights)
	if err != nil {
		return nil, err
	}
	d.LM, d.Lex = m, en.New()
	return d, nil
})

// Probs returns in dst (grown to s.Len()) each token's error probability.
// s must be annotated by package edits/en (tags and lemmas).
func (d *Detector) Probs(s *edits.Sentence, dst []float64) []float64 {
	dst = dst[:0]
	f := newFeaturizer(d.LM, d.Lex, s)
	for i := range s.Tokens {
		f.feats = f.feats[:0]
		f.token(i, d.Bits)
		z := 0.0
		for _, h := range f.feats {
			z += float64(d.W[h])
		}
		dst = append(dst, sigmoid(z))
	}
	return dst
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// An Example is one training sentence: Labels[i] is the probability (the
// share of annotators) that token i is part of an error.
type Example struct {
	Sentence *edits.Sentence
	Labels   []float64
	Weight   float64 // 0 means 1
}

// TrainOptions configure Train. Zero values take the defaults.
type TrainOptions struct {
	Bits   uint    // hashed feature space width; default 20
	Epochs int     // passes over the data; default 5
	Rate   float64 // AdaGrad learning rate; default 0.1
	L2     float64 // L2 penalty per example; default 1e-6
	Seed   uint64  // shuffling seed
}

// Train fits a logistic regression over the hashed features of every
// token by AdaGrad, visiting the examples in a seeded random order: the
// same examples and options give the same weights.
func Train(m *lm.Model, lex Lexicon, data []Example, opt TrainOptions) (*Detector, error) {
	if len(data) == 0 {
		return nil, errors.New("ged: no training examples")
	}
	if opt.Bits == 0 {
		opt.Bits = 20
	}
	if opt.Epochs == 0 {
		opt.Epochs = 5
	}
	if opt.Rate == 0 {
		opt.Rate = 0.1
	}
	if opt.L2 == 0 {
		opt.L2 = 1e-6
	}
	// Features are extracted once: per example, per token, its hashes.
	type tok struct {
		feats []uint32
		y, w  float64
	}
	var toks []tok
	for k, ex := range data {
		if len(ex.Labels) != ex.Sentence.Len() {
			return nil, fmt.Errorf("ged: example %d: %d labels for %d tokens", k, len(ex.Labels), ex.Sentence.Len())
		}
		w := ex.Weight
		if w == 0 {
			w = 1
		}
		f := newFeaturizer(m, lex, ex.Sentence)
		for i := range ex.Sentence.Tokens {
			f.feats = nil
			f.token(i, opt.Bits)
			toks = append(toks, tok{f.feats, ex.Labels[i], w})
		}
	}
	W := make([]float64, 1<<opt.Bits)
	G := make([]float64, 1<<opt.Bits)
	rng := rand.New(rand.NewPCG(opt.Seed, 0x9e3779b97f4a7c15))
	order := make([]int, len(toks))
	for i := range order {
		order[i] = i
	}
	for range opt.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, k := range order {
			t := toks[k]
			z := 0.0
			for _, h := range t.feats {
				z += W[h]
			}
			g := (sigmoid(z) - t.y) * t.w
			for _, h := range t.feats {
				gh := g + opt.L2*W[h]
				G[h] += gh * gh
				W[h] -= opt.Rate * gh / (1e-8 + math.Sqrt(G[h]))
			}
		}
	}
	d := &Detector{LM: m, Lex: lex, Bits: opt.Bits, W: make([]float32, len(W))}
	for i, w := range W {
		d.W[i] = float32(w)
	}
	return d, nil
}

// Encode returns the detector's weights in the format Decode reads: gzip
// of Magic, uvarint Bits, then 1<<Bits float32 weights, little-endian.
func (d *Detector) Encode() []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write([]byte(Magic))
	zw.Write(binary.AppendUvarint(nil, uint64(d.Bits)))
	binary.Write(zw, binary.LittleEndian, d.W)
	zw.Close()
	return b.Bytes()
}

// Decode reads weights written by Encode; the caller sets LM and Lex.
func Decode(data []byte) (*Detector, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("ged: %w", err)
	}
	r := bufio.NewReader(zr)
	magic := make([]byte, len(Magic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != Magic {
		return nil, errors.New("ged: not a " + Magic[:len(Magic)-1] + " file")
	}
	bits, err := binary.ReadUvarint(r)
	if err != nil || bits < 8 || bits > 22 {
		return nil, fmt.Errorf("ged: bad feature width %d", bits)
	}
	d := &Detector{Bits: uint(bits), W: make([]float32, 1<<bits)}
	if err := binary.Read(r, binary.LittleEndian, d.W); err != nil {
		return nil, fmt.Errorf("ged: weights: %w", err)
	}
	return d, nil
}
