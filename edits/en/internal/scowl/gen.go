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
	britishLarge = "/usr/share/dict/british-english-large"
	scowlDir     = "/usr/share/dict/scowl"
	maxSize      = 70 // SCOWL size of "large"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("scowl gen: ")
	words := map[string]bool{}
	if err := addFile(words, britishLarge); err != nil {
		log.Fatalf("%v (install Debian package wbritish-large)", err)
	}
	base := len(words)
	zFiles, err := filepath.Glob(filepath.Join(scowlDir, "british_z-*.*"))
	if err != nil || len(zFiles) == 0 {
		log.Fatalf("no %s/british_z-* lists (install Debian package scowl)", scowlDir)
	}
	used := 0
	for _, f := range zFiles {
		kind, size, ok := parseName(filepath.Base(f))
		if !ok || size > maxSize || kind == "proper-names" {
			continue
		}
		if err := addFile(words, f); err != nil {
			log.Fatal(err)
		}
		used++
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
	fmt.Fprintf(os.Stderr, "scowl gen: %d words (%d from %s, %d added from %d british_z lists), %d bytes\n",
		len(list), base, britishLarge, len(list)-base, used, buf.Len())
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
