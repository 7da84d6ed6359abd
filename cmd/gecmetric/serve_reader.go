package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// defaultMaxRequest is serve's bound on one request line, in bytes (16
// MiB, serve --max-request's default), and so on the memory one request
// takes: the answer to an annotate_batch request takes about 26 times its
// size at the peak (1M pairs of 5 and 6 tokens, a 70 MB line: 1.8 GB).
// One annotate_batch of the Python package's chunk of 20,000 pairs takes
// 1.4 MB with such pairs, 16 MiB with pairs of about 70 tokens each side;
// a run request takes a few hundred bytes (inputs travel as files).
// --max-request raises it, to 1 TiB (sizeFlags).
const defaultMaxRequest = 16 << 20

// requestReader reads serve's requests: lines ended by "\n" (a last line
// may lack it), each held in memory only when at most max bytes long.
// Reading is linear in the input: each byte is examined once (a
// bufio.Scanner re-scans its whole buffer for the line break after every
// read from a pipe, which is quadratic in the line's length).
type requestReader struct {
	r    *bufio.Reader
	max  int64
	buf  []byte
	line int64 // lines read so far
}

func newRequestReader(r io.Reader, max int64) *requestReader {
	return newRequestReaderSize(r, max, 1<<16)
}

// newRequestReaderSize reads through a buffer of size bytes (at least
// 16): the tests make lines cross many buffers.
func newRequestReaderSize(r io.Reader, max int64, size int) *requestReader {
	return &requestReader{r: bufio.NewReaderSize(r, size), max: max}
}

// errTooLong is the answer to a line over the bound: its length, the
// bound and the id found at its start (0 when none), which the answer
// carries so that the client stays in step.
type errTooLong struct {
	line, size, max, id int64
}

func (e *errTooLong) Error() string {
	limit := strconv.FormatInt(e.max, 10) + " bytes"
	if s := sizeString(e.max); s != limit {
		limit += " (" + s + ")"
	}
	return fmt.Sprintf("request on line %d is %d bytes, over serve's limit of %s: "+
		"raise it with gecmetric serve --max-request SIZE (from Python: the environment variable GECMETRIC_MAX_REQUEST)",
		e.line, e.size, limit)
}

// sizeString is n bytes in the largest binary unit that divides it, or
// in bytes.
func sizeString(n int64) string {
	for _, u := range []struct {
		name  string
		shift uint
	}{{"GiB", 30}, {"MiB", 20}, {"KiB", 10}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// next returns the next line without its line break (and a "\r" before
// it). A line over the bound is read to its end without being kept and
// returned as an *errTooLong; at the end of the input next returns io.EOF.
// The line is valid until the next call.
func (q *requestReader) next() ([]byte, error) {
	if cap(q.buf) > 4<<20 {
		q.buf = nil // a large request's memory goes back after its answer
	}
	q.buf = q.buf[:0]
	var size int64
	var head []byte // the first bytes of a line over the bound, for its id
	read := false
	for {
		frag, err := q.r.ReadSlice('\n')
		if len(frag) > 0 {
			read = true
		}
		size += int64(len(frag))
		switch {
		case head != nil:
			// over the bound already: discard
		case size <= q.max+1: // +1: the line break does not count
			q.buf = append(q.buf, frag...)
		default:
			head = append(q.buf, frag...)
			if len(head) > 64 {
				head = head[:64]
			}
			q.buf = q.buf[:0]
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && (err != io.EOF || !read) {
			return nil, err
		}
		q.line++
		if head != nil || (err == io.EOF && size > q.max) {
			if head == nil {
				head = q.buf
			}
			if bytes.HasSuffix(frag, []byte("\n")) {
				size--
			}
			return nil, &errTooLong{line: q.line, size: size, max: q.max, id: leadingID(head)}
		}
		return bytes.TrimSuffix(bytes.TrimSuffix(q.buf, []byte("\n")), []byte("\r")), nil
	}
}

// leadingID is N of a line that starts {"id": N (white space allowed
// where JSON allows it), else 0.
func leadingID(b []byte) int64 {
	b = bytes.TrimLeft(b, " \t\r")
	if !bytes.HasPrefix(b, []byte("{")) {
		return 0
	}
	b = bytes.TrimLeft(b[1:], " \t\r\n")
	if !bytes.HasPrefix(b, []byte(`"id"`)) {
		return 0
	}
	b = bytes.TrimLeft(b[4:], " \t\r\n")
	if !bytes.HasPrefix(b, []byte(":")) {
		return 0
	}
	b = bytes.TrimLeft(b[1:], " \t\r\n")
	end := 0
	if end < len(b) && b[end] == '-' {
		end++
	}
	for end < len(b) && b[end] >= '0' && b[end] <= '9' {
		end++
	}
	if end == len(b) {
		return 0 // cut short: the number may go on
	}
	id, err := strconv.ParseInt(string(b[:end]), 10, 64)
	if err != nil {
		return 0
	}
	return id
}
