package corpora

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// A TextFile is a file of one tokenised sentence per line.
type TextFile struct {
	Name   string     // the path as given
	Lines  []string   // each line without its line break (and without \r)
	Tokens [][]string // each line split on white space
}

// ReadText reads one sentence per line from r. name is used in errors.
// Lines are split on white space into tokens; a final line without a line
// break counts as a line, a trailing empty line does not.
func ReadText(r io.Reader, name string) (*TextFile, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return parseText(data, name)
}

// ReadTextFile reads the text file at path.
func ReadTextFile(path string) (*TextFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseText(data, path)
}

func parseText(data []byte, name string) (*TextFile, error) {
	tf := &TextFile{Name: name}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // UTF-8 byte order mark
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), len(data)+1)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSuffix(sc.Text(), "\r")
		if !utf8.ValidString(line) {
			return nil, parseErr(name, n, invalidUTF8Col(line), ErrInvalidUTF8, "in text line")
		}
		tf.Lines = append(tf.Lines, line)
		tf.Tokens = append(tf.Tokens, strings.Fields(line))
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: n + 1, Err: err}
	}
	return tf, nil
}

// ReadParallel reads several text files that must have the same number of
// lines (a source and its corrections, say). A mismatch is a *ParseError
// naming both files and both counts.
func ReadParallel(paths ...string) ([]*TextFile, error) {
	files := make([]*TextFile, len(paths))
	for i, p := range paths {
		tf, err := ReadTextFile(p)
		if err != nil {
			return nil, err
		}
		files[i] = tf
	}
	if err := CheckParallel(files...); err != nil {
		return nil, err
	}
	return files, nil
}

// CheckParallel returns an error if the files do not all have as many
// lines as the first.
func CheckParallel(files ...*TextFile) error {
	for _, f := range files[min(1, len(files)):] {
		if len(f.Lines) != len(files[0].Lines) {
			line := min(len(f.Lines), len(files[0].Lines)) + 1
			return parseErr(f.Name, line, 0, ErrLineCount,
				"%s has %d lines but %s has %d", f.Name, len(f.Lines), files[0].Name, len(files[0].Lines))
		}
	}
	return nil
}
