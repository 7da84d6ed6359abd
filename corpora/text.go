package corpora

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/parseerr"
)

// A TextFile is a file of one tokenised sentence per line, read whole.
type TextFile struct {
	Name   string     // the path as given
	Lines  []string   // each line without its line break (and without \r)
	Tokens [][]string // each line split on white space
}

// A TextReader reads one sentence per line, streamed, in the manner of
// bufio.Scanner:
//
//	r := corpora.NewTextReader(f, path)
//	for r.Scan() {
//		use(r.Text(), r.Line())
//	}
//	if err := r.Err(); err != nil { ... }
//
// Lines end in \n or \r\n; a final line without a line break counts as a
// line, a trailing empty line does not. A UTF-8 byte order mark at the
// start is dropped. Invalid UTF-8 and NUL bytes are a *ParseError with the
// line and column, and so is input past the Limits.
type TextReader struct {
	// Limits bound the bytes read and a line's length (MaxEdits does
	// not apply). Set them before the first Scan.
	Limits

	name string
	r    io.Reader
	sc   *bufio.Scanner
	line int
	text string
	err  error
}

// NewTextReader returns a reader of r; name is used in errors.
func NewTextReader(r io.Reader, name string) *TextReader {
	return &TextReader{name: name, r: r}
}

// Scan advances to the next line, false at the end or on an error.
func (r *TextReader) Scan() bool {
	if r.err != nil {
		return false
	}
	if r.sc == nil {
		r.sc = newScanner(r.r, r.Limits)
	}
	if !r.sc.Scan() {
		if err := r.sc.Err(); err != nil {
			r.err = scanError(r.name, r.line+1, err, r.Limits)
		}
		return false
	}
	r.line++
	b := r.sc.Bytes()
	if r.line == 1 {
		b = bytes.TrimPrefix(b, bom)
	}
	b = bytes.TrimSuffix(b, []byte("\r"))
	if err := checkBytes(b, r.name, r.line, "text line"); err != nil {
		r.err = err
		return false
	}
	r.text = string(b)
	return true
}

// Text returns the current line without its line break.
func (r *TextReader) Text() string { return r.text }

// Line returns the 1-based number of the current line.
func (r *TextReader) Line() int { return r.line }

// Err returns the first error met, nil at a clean end.
func (r *TextReader) Err() error { return r.err }

var bom = []byte("\xef\xbb\xbf") // UTF-8 byte order mark

// checkBytes rejects invalid UTF-8 and NUL bytes in one line; on the
// first line, a file in UTF-16 or UTF-32 is named as such
// (parseerr.Encoding).
func checkBytes(b []byte, name string, line int, what string) error {
	if line == 1 && (bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b)) {
		if err := parseerr.Encoding(name, b); err != nil {
			return err
		}
	}
	if i := bytes.IndexByte(b, 0); i >= 0 {
		if !utf8.Valid(b[:i]) {
			return parseErr(name, line, invalidUTF8Col(string(b)), ErrInvalidUTF8, "in %s", what)
		}
		return parseErr(name, line, i+1, ErrNUL, "in %s", what)
	}
	if !utf8.Valid(b) {
		return parseErr(name, line, invalidUTF8Col(string(b)), ErrInvalidUTF8, "in %s", what)
	}
	return nil
}

// newScanner returns a line scanner of r within the limits: at most
// l.maxBytes() bytes read, lines of at most l.maxLine() bytes.
func newScanner(r io.Reader, l Limits) *bufio.Scanner {
	sc := bufio.NewScanner(limitReader(r, l.maxBytes()))
	// Room for the line and its "\n", which the scanner must see.
	limit := l.maxLine() + 1
	sc.Buffer(make([]byte, 0, min(64*1024, limit)), limit)
	return sc
}

// scanError turns a bufio.Scanner error into a positioned one.
func scanError(name string, line int, err error, l Limits) error {
	if err == bufio.ErrTooLong {
		return parseErr(name, line, 0, ErrLineTooLong, "the line is longer than %d bytes", l.maxLine())
	}
	if big, ok := err.(errTooBig); ok {
		// No line: the scanner hands on the line the limit cut short
		// as if it were whole before it reports the error.
		return parseErr(name, 0, 0, ErrTooBig, "the file goes on past %d bytes", big.max)
	}
	return &ParseError{File: name, Line: line, Err: err}
}

// ReadText reads one sentence per line from r. name is used in errors.
// Lines are split on white space into tokens; a final line without a line
// break counts as a line, a trailing empty line does not.
func ReadText(r io.Reader, name string) (*TextFile, error) {
	tf := &TextFile{Name: name}
	tr := NewTextReader(r, name)
	for tr.Scan() {
		tf.Lines = append(tf.Lines, tr.Text())
		tf.Tokens = append(tf.Tokens, strings.Fields(tr.Text()))
	}
	if err := tr.Err(); err != nil {
		return nil, err
	}
	return tf, nil
}

// ReadTextFile reads the text file at path.
func ReadTextFile(path string) (*TextFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadText(f, path)
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

// lineCountError reports that file has n sentences where the other has
// want; line is the first missing or extra line.
func lineCountError(file string, line, n int, what, other string, want int) error {
	return &ParseError{File: file, Line: line,
		Err: fmt.Errorf("%w: %d %s, but the source %s has %d", ErrLineCount, n, what, other, want)}
}
