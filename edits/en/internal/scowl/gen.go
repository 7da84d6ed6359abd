//go:build ignore

// gen builds words.txt.gz from Debian's SCOWL word lists; see doc.go.
//
//	apt-get install -y wbritish-large scowl
//	go generate ./edits/en/internal/scowl
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

const (
	// selection names the SCOWL lists behind Debian's wbritish-large.
	selection = "/usr/share/doc/wbritish-large/wbritish-large.scowl-word-lists-used"
	scowlDir  = "/usr/share/dict/scowl"
	maxSize   = 70 // SCOWL size of "large"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("scowl gen: ")
	lists, err := selectedLists()
	if err != nil {
		log.Fatalf("%v (install Debian packages wbritish-large and scowl)", err)
	}
	words := map[string]bool{}
	for _, name := range lists {
		if err := addFile(words, filepath.Join(scowlDir, name)); err != nil {
			log.Fatalf("%v (install Debian package scowl)", err)
		}
	}
	// Hunspell's en_GB-large keeps accented words with and without their
	// accents (SCOWL's "accents both"): ERRANT's list has "ole" beside
	// "olé", "cafes" beside "cafés".
	for w := range words {
		if s, ok := stripAccents(w); ok && s != w {
			words[s] = true
		}
	}
	list := make([]string, 0, len(words))
	for w := range words {
		list = append(list, w)
	}
	slices.Sort(list)

	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		log.Fatal(err)
	}
	// No name or modification time in the header: the output depends on
	// the input lists only.
	for _, w := range list {
		zw.Write([]byte(w))
		zw.Write([]byte{'\n'})
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	tmp := "words.txt.gz.tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.Rename(tmp, "words.txt.gz"); err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "scowl gen: %d words from %d SCOWL lists, %d bytes\n", len(list), len(lists), buf.Len())
}

// selectedLists returns the SCOWL list files to read: Debian's selection
// for wbritish-large without the variant_2 lists, plus the british_z
// (-ize) lists of the same sizes.
func selectedLists() ([]string, error) {
	data, err := os.ReadFile(selection)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range strings.Fields(string(data)) {
		if _, size, ok := parseName(f); !ok || size > maxSize || strings.Contains(f, "variant_2") {
			continue
		}
		out = append(out, f)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s names no SCOWL lists", selection)
	}
	z, err := filepath.Glob(filepath.Join(scowlDir, "british_z-*.*"))
	if err != nil {
		return nil, err
	}
	for _, f := range z {
		name := filepath.Base(f)
		if kind, size, ok := parseName(name); ok && size <= maxSize && kind != "proper-names" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out, nil
}

// unaccented maps the accented letters of SCOWL's lists to ASCII.
var unaccented = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'æ': "ae",
	'ç': "c", 'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ì': "i", 'í': "i",
	'î': "i", 'ï': "i", 'ñ': "n", 'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o",
	'ö': "o", 'ø': "o", 'œ': "oe", 'ù': "u", 'ú': "u", 'û': "u", 'ü': "u",
	'ý': "y", 'ÿ': "y", 'À': "A", 'Á': "A", 'Â': "A", 'Ã': "A", 'Ä': "A",
	'Å': "A", 'Æ': "AE", 'Ç': "C", 'È': "E", 'É': "E", 'Ê': "E", 'Ë': "E",
	'Ì': "I", 'Í': "I", 'Î': "I", 'Ï': "I", 'Ñ': "N", 'Ò': "O", 'Ó': "O",
	'Ô': "O", 'Õ': "O", 'Ö': "O", 'Ø': "O", 'Œ': "OE", 'Ù': "U", 'Ú': "U",
	'Û': "U", 'Ü': "U", 'Ý': "Y",
}

// stripAccents returns w in ASCII, or false if it has a letter with no
// ASCII form in unaccented.
func stripAccents(w string) (string, bool) {
	var b strings.Builder
	for _, r := range w {
		if r < utf8.RuneSelf {
			b.WriteRune(r)
			continue
		}
		a, ok := unaccented[r]
		if !ok {
			return "", false
		}
		b.WriteString(a)
	}
	return b.String(), true
}

// parseName splits "british_z-words.70" into ("words", 70).
func parseName(name string) (kind string, size int, ok bool) {
	dot := strings.LastIndexByte(name, '.')
	dash := strings.IndexByte(name, '-')
	if dot < 0 || dash < 0 || dash > dot {
		return "", 0, false
	}
	size, err := strconv.Atoi(name[dot+1:])
	if err != nil {
		return "", 0, false
	}
	return name[dash+1 : dot], size, true
}

// addFile adds the words of one list, one a line. Lines that are not UTF-8
// are read as ISO-8859-1, the encoding of older SCOWL files.
func addFile(words map[string]bool, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if !utf8.ValidString(line) {
			r := make([]rune, 0, len(line))
			for i := 0; i < len(line); i++ {
				r = append(r, rune(line[i]))
			}
			line = string(r)
		}
		words[line] = true
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
