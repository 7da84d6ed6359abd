// Command gen builds en-us.trie.gz, gecmetric's embedded English language
// model, from the CMU Sphinx trigram model en-us.lm.bin of Debian's
// pocketsphinx-en-us package.
//
// Usage:
//
//	go run ./gen [-bin en-us.lm.bin] -out en-us.trie.gz
//
// Without -bin it reads /usr/share/pocketsphinx/model/en-us/en-us.lm.bin
// when the package is installed, else fetches the package with
// `apt-get download pocketsphinx-en-us` into a temporary folder and unpacks
// it with dpkg-deb. The input's SHA-256 must be the one below.
//
// # The input: sphinxbase's trie binary
//
// Little-endian throughout (sphinxbase ngram_model_trie.c, lm_trie.c,
// lm_trie_quant.c, bitarr.c): the 19 bytes "Trie Language Model"; the order
// (1 byte, here 3); the n-gram counts (uint32 each); a uint32 to skip; the
// quantisation tables, 65,536 float32 centres each: bigram probabilities,
// bigram back-offs, trigram probabilities; V+1 unigrams {float32 prob,
// float32 back-off, uint32 first child}; the bit-packed bigram array, then
// the trigram array; a uint32 byte count and the V words, NUL-terminated.
// The n-gram arrays form a reverse trie: the children of unigram w are the
// bigrams "v w" (stored: v), sorted by v, and the children of that bigram
// the trigrams "u v w" (stored: u). A bigram entry packs, from its least
// significant bit, the word (bits to hold V), the back-off index (16), the
// probability index (16) and the index of its first child (bits to hold
// the trigram count); a trigram entry the word and the probability index.
// Entries are read from a little-endian 64-bit window at bit offset
// i × entry width; one entry more than the count ends the last child
// range. Values are logarithms to base 1.0001 (sphinxbase's logmath).
//
// # The output: GECTRI1
//
// gzip of: "GECTRI1\n"; uvarint V and V × (uvarint length, bytes), the
// words in the input's order (IDs); V float32 unigram log probabilities
// and V back-offs; uvarint T, the table size (65,536), and the three
// tables of T float32 centres (bigram probability, bigram back-off,
// trigram probability); the bigram level:
// uvarint count, per word uvarint number of children, per bigram its word
// as uvarint difference from its previous sibling (the first: the word
// itself); per bigram the uint16 probability index, then per bigram the
// uint16 back-off index; the trigram level in the same shape with the
// bigrams as parents, then per trigram its uint16 probability index. All
// log values are natural logarithms. The conversion is lossless: the same
// quantisation indices, the same centres, scaled by ln 1.0001.
//
// # Verification
//
// Before writing, the generator decodes its own output with package lm and
// checks that the unigram probabilities sum to 1, that P(w | h) sums to 1
// over the vocabulary for a few bigram and trigram histories, and that
// log probabilities equal those sphinxbase's own sphinx_lm_eval reports
// (Debian sphinxbase-utils 0.8+5prealpha+1-16, `sphinx_lm_eval -lm
// en-us.lm.bin -text "..." -verbose yes`, values in units of log 1.0001).
package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/internal/atomicfile"
	"github.com/gecmetric/gecmetric/metrics/lm"
)

const (
	installed = "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin"
	pkg       = "pocketsphinx-en-us=0.8+5prealpha+1-15"
	wantSHA   = "db21d0642286677699e6dbc859d2e5395570222361999387ce60f6e1d01995d6"
	header    = "Trie Language Model"
	tableSize = 1 << 16
)

// lnUnit converts sphinxbase's log-1.0001 values to natural logarithms.
var lnUnit = math.Log(1.0001)

func main() {
	bin := flag.String("bin", "", "en-us.lm.bin; default: the installed package's, else apt-get download "+pkg)
	out := flag.String("out", "en-us.trie.gz", "output file")
	flag.Parse()
	log.SetFlags(0)
	data, err := readInput(*bin)
	if err != nil {
		log.Fatalf("gen: %v", err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != wantSHA {
		log.Fatalf("gen: input SHA-256 %s, want %s (the model of %s)", got, wantSHA, pkg)
	}
	t, err := parse(data)
	if err != nil {
		log.Fatalf("gen: en-us.lm.bin: %v", err)
	}
	enc := t.encode()
	m, err := lm.Decode(enc)
	if err != nil {
		log.Fatalf("gen: decoding the output: %v", err)
	}
	if err := verify(m); err != nil {
		log.Fatalf("gen: verification failed: %v", err)
	}
	if err := atomicfile.Write(*out, func(w io.Writer) error { _, err := w.Write(enc); return err }); err != nil {
		log.Fatalf("gen: %v", err)
	}
	v, b, tr := m.Size()
	log.Printf("%d words, %d bigrams, %d trigrams; %d bytes", v, b, tr, len(enc))
}

func readInput(path string) ([]byte, error) {
	if path != "" {
		return os.ReadFile(path)
	}
	if data, err := os.ReadFile(installed); err == nil {
		return data, nil
	}
	tmp, err := os.MkdirTemp("", "cmulm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("apt-get", "download", pkg)
	cmd.Dir, cmd.Stderr = tmp, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("no %s, and `apt-get download %s` failed (%v); install the package or give -bin", installed, pkg, err)
	}
	debs, _ := filepath.Glob(filepath.Join(tmp, "*.deb"))
	if len(debs) != 1 {
		return nil, fmt.Errorf("apt-get download %s: no .deb", pkg)
	}
	if err := exec.Command("dpkg-deb", "-x", debs[0], filepath.Join(tmp, "x")).Run(); err != nil {
		return nil, fmt.Errorf("dpkg-deb -x %s: %v", debs[0], err)
	}
	return os.ReadFile(filepath.Join(tmp, "x", installed))
}

// A trie is the input model, its values converted to natural logarithms.
type trie struct {
	words              []string
	uniP, uniBO        []float32
	uniNext            []uint32 // V+1
	biWord             []uint32
	biP, biBO          []uint16
	biNext             []uint32 // bigrams+1
	triWord            []uint32
	triP               []uint16
	biPT, biBOT, triPT []float32
}

func bitsFor(v uint32) uint {
	n := uint(0)
	for ; v > 0; v >>= 1 {
		n++
	}
	return n
}

// bits reads width bits at bit offset off of mem (bitarr_read_int57).
func bits(mem []byte, off uint64, width uint) uint32 {
	var w [8]byte
	copy(w[:], mem[off>>3:])
	return uint32(binary.LittleEndian.Uint64(w[:])>>(off&7)) & (1<<width - 1)
}

func parse(data []byte) (*trie, error) {
	r := bytes.NewReader(data)
	h := make([]byte, len(header)+1)
	if _, err := io.ReadFull(r, h); err != nil || string(h[:len(header)]) != header {
		return nil, errors.New("not a sphinxbase trie model")
	}
	if h[len(header)] != 3 {
		return nil, fmt.Errorf("order %d, want 3", h[len(header)])
	}
	var counts [3]uint32
	var skip uint32
	if err := binary.Read(r, binary.LittleEndian, &counts); err != nil {
		return nil, err
	}
	if err := binary.Read(r, binary.LittleEndian, &skip); err != nil {
		return nil, err
	}
	v, nb, nt := counts[0], counts[1], counts[2]
	t := &trie{}
	tables := make([]float32, 3*tableSize)
	if err := binary.Read(r, binary.LittleEndian, tables); err != nil {
		return nil, fmt.Errorf("quantisation tables: %w", err)
	}
	for i := range tables {
		tables[i] = float32(float64(tables[i]) * lnUnit)
	}
	t.biPT, t.biBOT, t.triPT = tables[:tableSize], tables[tableSize:2*tableSize], tables[2*tableSize:]
	uni := make([]struct {
		P, BO float32
		Next  uint32
	}, v+1)
	if err := binary.Read(r, binary.LittleEndian, uni); err != nil {
		return nil, fmt.Errorf("unigrams: %w", err)
	}
	for _, u := range uni {
		t.uniP = append(t.uniP, float32(float64(u.P)*lnUnit))
		t.uniBO = append(t.uniBO, float32(float64(u.BO)*lnUnit))
		t.uniNext = append(t.uniNext, u.Next)
	}
	t.uniP, t.uniBO = t.uniP[:v], t.uniBO[:v]
	wb, nextBits := bitsFor(v), bitsFor(nt)
	midBits := uint64(wb + 32 + nextBits)
	midSize := ((1+uint64(nb))*midBits+7)/8 + 8
	longBits := uint64(wb + 16)
	longSize := ((1+uint64(nt))*longBits+7)/8 + 8
	mem := make([]byte, midSize+longSize)
	if _, err := io.ReadFull(r, mem); err != nil {
		return nil, fmt.Errorf("n-gram arrays: %w", err)
	}
	mid, long := mem[:midSize], mem[midSize:]
	// The header's counts include entries the writer reserved but never
	// filled (sphinxbase's lm_trie_fix_counts overcounts the dummy entries
	// it adds for unreachable n-grams; that is why sphinx_lm_convert fails
	// its assertion when writing ARPA): the last unigram's first child gives
	// the number of bigrams written, the entry after the last bigram that
	// of trigrams.
	realB := t.uniNext[v]
	if realB > nb {
		return nil, fmt.Errorf("unigrams point at bigram %d of %d", realB, nb)
	}
	for i := uint64(0); i <= uint64(realB); i++ {
		off := i * midBits
		if i < uint64(realB) {
			t.biWord = append(t.biWord, bits(mid, off, wb))
			t.biBO = append(t.biBO, uint16(bits(mid, off+uint64(wb), 16)))
			t.biP = append(t.biP, uint16(bits(mid, off+uint64(wb)+16, 16)))
		}
		t.biNext = append(t.biNext, bits(mid, off+uint64(wb)+32, nextBits))
	}
	realT := t.biNext[realB]
	if realT > nt {
		return nil, fmt.Errorf("bigrams point at trigram %d of %d", realT, nt)
	}
	for i := uint64(0); i < uint64(realT); i++ {
		off := i * longBits
		t.triWord = append(t.triWord, bits(long, off, wb))
		t.triP = append(t.triP, uint16(bits(long, off+uint64(wb), 16)))
	}
	log.Printf("header: %d bigrams, %d trigrams; written: %d, %d", nb, nt, realB, realT)
	// Two trigram sibling pairs (under bigrams ending in "and") are out of
	// order in the input; the output keeps every sibling list sorted.
	if n, err := sortSiblings(t.biNext, t.triWord, t.triP); err != nil {
		return nil, err
	} else if n > 0 {
		log.Printf("sorted %d trigram sibling lists that were out of order", n)
	}
	var k uint32
	if err := binary.Read(r, binary.LittleEndian, &k); err != nil {
		return nil, err
	}
	ws := make([]byte, k)
	if _, err := io.ReadFull(r, ws); err != nil {
		return nil, fmt.Errorf("words: %w", err)
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%d bytes after the words", r.Len())
	}
	t.words = strings.Split(strings.TrimSuffix(string(ws), "\x00"), "\x00")
	if len(t.words) != int(v) {
		return nil, fmt.Errorf("%d words, header says %d", len(t.words), v)
	}
	// The child ranges must tile each level, in order.
	if t.uniNext[0] != 0 || t.biNext[0] != 0 {
		return nil, errors.New("child ranges do not start at 0")
	}
	for _, next := range [][]uint32{t.uniNext, t.biNext} {
		for i := 1; i < len(next); i++ {
			if next[i] < next[i-1] {
				return nil, fmt.Errorf("child ranges decrease at %d", i)
			}
		}
	}
	return t, nil
}

// sortSiblings sorts each child range next[p]..next[p+1] of word (and
// prob alongside) by word, returning how many ranges were out of order; two
// children with one word are an error.
func sortSiblings(next, word []uint32, prob []uint16) (int, error) {
	n := 0
	for p := 0; p+1 < len(next); p++ {
		lo, hi := next[p], next[p+1]
		sorted := true
		for i := lo + 1; i < hi; i++ {
			if word[i] <= word[i-1] {
				sorted = false
			}
		}
		if sorted {
			continue
		}
		n++
		idx := make([]uint32, 0, hi-lo)
		for i := lo; i < hi; i++ {
			idx = append(idx, i)
		}
		slices.SortFunc(idx, func(a, b uint32) int { return cmp.Compare(word[a], word[b]) })
		ws := make([]uint32, len(idx))
		ps := make([]uint16, len(idx))
		for k, i := range idx {
			ws[k], ps[k] = word[i], prob[i]
		}
		for k := range ws {
			if k > 0 && ws[k] == ws[k-1] {
				return 0, fmt.Errorf("parent %d has two children with word %d", p, ws[k])
			}
			word[lo+uint32(k)], prob[lo+uint32(k)] = ws[k], ps[k]
		}
	}
	return n, nil
}

func (t *trie) encode() []byte {
	var b bytes.Buffer
	b.WriteString(lm.Magic)
	uv := func(x uint64) { b.Write(binary.AppendUvarint(nil, x)) }
	uv(uint64(len(t.words)))
	for _, w := range t.words {
		uv(uint64(len(w)))
		b.WriteString(w)
	}
	for _, fs := range [][]float32{t.uniP, t.uniBO} {
		binary.Write(&b, binary.LittleEndian, fs)
	}
	uv(tableSize)
	for _, fs := range [][]float32{t.biPT, t.biBOT, t.triPT} {
		binary.Write(&b, binary.LittleEndian, fs)
	}
	level := func(next, word []uint32) {
		uv(uint64(len(word)))
		for p := 0; p+1 < len(next); p++ {
			uv(uint64(next[p+1] - next[p]))
		}
		for p := 0; p+1 < len(next); p++ {
			prev := uint32(0)
			for i := next[p]; i < next[p+1]; i++ {
				uv(uint64(word[i] - prev))
				prev = word[i]
			}
		}
	}
	level(t.uniNext, t.biWord)
	binary.Write(&b, binary.LittleEndian, t.biP)
	binary.Write(&b, binary.LittleEndian, t.biBO)
	level(t.biNext, t.triWord)
	binary.Write(&b, binary.LittleEndian, t.triP)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(b.Bytes())
	zw.Close()
	return gz.Bytes()
}

// sphinxValues are log probabilities as sphinxbase's sphinx_lm_eval
// reports them (units of log 1.0001): words u v w, "" for no word.
var sphinxValues = []struct {
	u, v, w string
	want    float64
}{
	{"", "", "he", -52977},
	{"", "he", "goes", -52921},
	{"he", "goes", "home", -42612},
	{"", "he", "go", -75793},
	{"he", "go", "home", -45395},
	{"", "", "i", -37302},
	{"", "i", "have", -30685},
	{"i", "have", "a", -17359},
	{"have", "a", "book", -69667},
	{"", "i", "has", -104216},
	{"i", "has", "a", -22350},
	{"has", "a", "book", -64361},
	{"", "it", "depends", -60179},
	{"it", "depends", "on", -3421},
	{"it", "depends", "of", -61089},
	{"depends", "on", "the", -11999},
	{"depends", "of", "the", -22447},
	{"on", "the", "weather", -74044},
	{"of", "the", "weather", -76655},
	{"", "there", "are", -19043},
	{"there", "are", "many", -33007},
	{"there", "is", "many", -75569},
	{"are", "many", "people", -23847},
	{"is", "many", "people", -25169},
	{"", "<s>", "he", -39791},
	{"<s>", "he", "goes", -54555},
	{"goes", "home", "</s>", -17545},
}

func verify(m *lm.Model) error {
	id := func(w string) (lm.ID, error) {
		if w == "" {
			return lm.NoWord, nil
		}
		if x := m.Lookup(w); x != lm.NoWord {
			return x, nil
		}
		return 0, fmt.Errorf("%q is not in the vocabulary", w)
	}
	for _, c := range sphinxValues {
		u, err1 := id(c.u)
		v, err2 := id(c.v)
		w, err3 := id(c.w)
		if err := errors.Join(err1, err2, err3); err != nil {
			return err
		}
		got := m.LogProb(u, v, w) / lnUnit
		// sphinx_lm_eval rounds each value to an integer.
		if math.Abs(got-c.want) > 1.5 {
			return fmt.Errorf("log P(%s | %s %s) = %.1f, sphinx_lm_eval says %.0f", c.w, c.u, c.v, got, c.want)
		}
	}
	nw, _, _ := m.Size()
	for _, h := range [][2]string{{"", ""}, {"", "the"}, {"", "<s>"}, {"", "depends"}, {"<s>", "i"}, {"it", "depends"}, {"there", "are"}} {
		u, _ := id(h[0])
		v, _ := id(h[1])
		sum := 0.0
		for w := range nw {
			if lm.ID(w) == m.Start() {
				continue // <s> is never predicted; its unigram is a placeholder
			}
			sum += math.Exp(m.LogProb(u, v, lm.ID(w)))
		}
		// Quantised values: a sum within 2% of 1.
		if math.Abs(sum-1) > 0.02 {
			return fmt.Errorf("P(w | %q %q) sums to %.4f over the vocabulary", h[0], h[1], sum)
		}
		log.Printf("P(w | %q %q) sums to %.5f", h[0], h[1], sum)
	}
	return nil
}
