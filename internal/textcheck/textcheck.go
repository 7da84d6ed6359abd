// Package textcheck guards the readers of text formats (CSV, TSV, JSON,
// JSON Lines, XML) against bytes that are not text: Reader passes its
// input through unchanged and stops, with a *parseerr.Error naming the
// file, line and column (1-based, in bytes), at the first byte of an
// invalid UTF-8 sequence (parseerr.ErrInvalidUTF8) or at a NUL byte
// (parseerr.ErrNUL).
//
// Without it encoding/csv keeps such bytes in a field (a system name
// "A\xff" becomes a system of its own), and encoding/json replaces them
// with U+FFFD: either way a file that is not what it claims to be is
// read as if it were. A reader that puts Reader under its parser and
// returns the parser's read errors as they are (encoding/csv,
// encoding/json, encoding/xml and bufio.Scanner all do) reports the
// position exactly.
//
// A UTF-8 byte order mark passes through (the readers drop it). A UTF-16
// or UTF-32 input (parseerr.DetectEncoding) is an error naming its
// encoding, at line 1, column 1. The cost
// is one copy and one utf8.Valid pass over the bytes.
package textcheck

import (
	"bytes"
	"io"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/parseerr"
)

const (
	bufSize = 32 << 10
	// maxHold bounds the bytes of one line held back: a longer line is
	// passed on as it is checked.
	maxHold = 64 << 20
)

type checker struct {
	r         io.Reader
	name      string
	line, col int    // position of buf[0] in the input (col 0-based)
	buf       []byte // buf[:pend] is read; buf[:pstart] was passed on last
	out       []byte // checked bytes not yet passed on (a slice of buf)
	pstart    int    // start of the bytes held back: the current line so far
	pend      int
	checked   int   // how many held bytes are checked (the rest may be a cut UTF-8 sequence)
	err       error // returned once out is empty: a bad byte, or r's own error
}

// Reader returns a reader of r's bytes that fails at the first invalid
// UTF-8 or NUL byte; name is the file name in its errors. It passes on
// whole lines only (but for a line longer than 64 MiB), so that a line
// parser (bufio.Scanner, encoding/csv), which hands out the partial line
// before a read error, never sees the good start of a bad line.
func Reader(r io.Reader, name string) io.Reader {
	return &checker{r: r, name: name, line: 1}
}

func (c *checker) Read(p []byte) (int, error) {
	for len(c.out) == 0 && c.err == nil {
		c.fill()
	}
	if len(c.out) > 0 {
		n := copy(p, c.out)
		c.out = c.out[n:]
		return n, nil
	}
	return 0, c.err
}

// fill reads more of r after the bytes held back and checks it.
func (c *checker) fill() {
	c.advance(c.buf[:c.pstart])
	c.pend = copy(c.buf, c.buf[c.pstart:c.pend])
	c.pstart = 0
	if c.pend == len(c.buf) {
		c.buf = append(c.buf, make([]byte, max(bufSize, len(c.buf)))...)
	}
	m, err := c.r.Read(c.buf[c.pend:])
	c.pend += m
	data := c.buf[:c.pend]
	good, bad := scan(data[c.checked:], err != nil)
	v := c.checked + good
	cut := bytes.LastIndexByte(data[:v], '\n') + 1
	switch {
	case bad:
		line, col := position(c.line, c.col, data[:v])
		if enc := c.encoding(data, line, err); enc != nil {
			c.err = enc // UTF-16 or UTF-32: say so, not where UTF-8 fails
		} else if data[v] == 0 {
			c.err = &parseerr.Error{File: c.name, Line: line, Column: col + 1, Err: parseerr.ErrNUL}
		} else {
			c.err = parseerr.At(c.name, line, col+1, parseerr.ErrInvalidUTF8, "byte 0x%02x", data[v])
		}
		c.pend = cut // the bad line is never passed on
	case err != nil:
		cut = v // at the end of the input, everything is checked
		c.err = err
	case v-cut > maxHold:
		cut = v
	}
	c.out = data[:cut]
	c.pstart = cut
	c.checked = v - cut
}

// encoding returns the *parseerr.Error of parseerr.Encoding when the bad
// byte is on the first line (line) of a UTF-16 or UTF-32 input: data is
// the input's start, topped up to headSize bytes (short reads) unless r
// has ended (err).
func (c *checker) encoding(data []byte, line int, err error) error {
	if line != 1 || c.line != 1 || c.col != 0 {
		return nil
	}
	head := data
	for err == nil && len(head) < headSize {
		buf := make([]byte, headSize-len(head))
		var m int
		m, err = c.r.Read(buf)
		head = append(head[:len(head):len(head)], buf[:m]...)
	}
	if enc := parseerr.Encoding(c.name, head); enc != nil {
		return enc
	}
	return nil
}

// headSize is how much of an input's start tells its encoding.
const headSize = 512

// position returns the position after b of a start at line, col.
func position(line, col int, b []byte) (int, int) {
	if k := bytes.LastIndexByte(b, '\n'); k >= 0 {
		return line + bytes.Count(b, []byte{'\n'}), len(b) - k - 1
	}
	return line, col + len(b)
}

// advance moves the position of buf[0] over b.
func (c *checker) advance(b []byte) { c.line, c.col = position(c.line, c.col, b) }

// scan returns the length of the longest prefix of data that is text, and
// whether a bad byte follows it; otherwise what follows it is the start
// of a UTF-8 sequence cut by the read (never at the end of the input).
func scan(data []byte, atEOF bool) (good int, bad bool) {
	end := len(data)
	if !atEOF {
		end -= cutTail(data)
	}
	body := data[:end]
	if bytes.IndexByte(body, 0) < 0 && utf8.Valid(body) {
		return end, false
	}
	for i := 0; i < len(body); {
		b := body[i]
		switch {
		case b == 0:
			return i, true
		case b < utf8.RuneSelf:
			i++
			continue
		}
		r, size := utf8.DecodeRune(body[i:])
		if r == utf8.RuneError && size == 1 {
			return i, true
		}
		i += size
	}
	return end, false
}

// cutTail returns how many bytes at the end of data start a UTF-8
// sequence that a longer input could complete.
func cutTail(data []byte) int {
	for n := 1; n < utf8.UTFMax && n <= len(data); n++ {
		b := data[len(data)-n]
		if b&0xC0 == 0x80 { // a continuation byte: look further back
			continue
		}
		if b >= 0xC0 && !utf8.FullRune(data[len(data)-n:]) {
			return n
		}
		return 0
	}
	return 0
}
