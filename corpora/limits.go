package corpora

import (
	"errors"
	"fmt"
	"io"
)

// Default limits of the readers (see Limits).
const (
	// DefaultMaxBytes is the most a reader reads of one file or stream:
	// 2 GiB, thousands of times a GEC test set (CoNLL-2014's gold M2 is
	// under 1 MB), yet an endless stream (/dev/zero, `yes`) is refused
	// after a few seconds of reading instead of filling memory or disk.
	DefaultMaxBytes = 2 << 30
	// DefaultMaxLineBytes is the longest line a reader accepts: 16 MiB,
	// over a hundred times a line of DefaultMaxTokens tokens. A longer
	// line is a *ParseError naming the line, never an allocation without
	// bound; reading up to it costs a few times its size in memory (the
	// line buffer grows by doubling), so /dev/zero given as a file is
	// refused within about 100 MB.
	DefaultMaxLineBytes = 16 << 20
	// DefaultMaxEdits is the most A lines an M2 sentence (block) may
	// hold, every annotator's together: 10,000. The busiest sentence of
	// the CoNLL-2014 and BEA-2019 references has a few dozen; a block of
	// a million edits takes over a gigabyte to read and score, ten
	// million 16 GB and 100 s, so a runaway block is refused at its
	// 10,001st A line, with its file and line.
	DefaultMaxEdits = 10000
)

// Sentinel errors of the limits, wrapped by the *ParseError that reports
// them.
var (
	ErrTooBig       = errors.New("input too large")
	ErrTooManyEdits = errors.New("too many edits")
)

// Limits bound what a reader accepts, so that no input (a wrong file, an
// endless stream, a hostile M2) costs more memory or time than its bound.
// A zero field means its default; a negative one, no limit.
type Limits struct {
	// MaxBytes bounds the bytes read of one file or stream
	// (DefaultMaxBytes); past it the reader stops with ErrTooBig.
	MaxBytes int64
	// MaxLineBytes bounds a line's length (DefaultMaxLineBytes); a
	// longer line is ErrLineTooLong.
	MaxLineBytes int
	// MaxEdits bounds the A lines of one M2 block (DefaultMaxEdits); more
	// is ErrTooManyEdits.
	MaxEdits int
}

func (l Limits) maxBytes() int64 {
	switch {
	case l.MaxBytes == 0:
		return DefaultMaxBytes
	case l.MaxBytes < 0:
		return -1
	}
	return l.MaxBytes
}

func (l Limits) maxLine() int {
	switch {
	case l.MaxLineBytes == 0:
		return DefaultMaxLineBytes
	case l.MaxLineBytes < 0:
		// bufio.Scanner needs a bound: the largest slice an int holds.
		return int(^uint(0)>>2) - 1
	}
	return l.MaxLineBytes
}

func (l Limits) maxEdits() int {
	switch {
	case l.MaxEdits == 0:
		return DefaultMaxEdits
	case l.MaxEdits < 0:
		return -1
	}
	return l.MaxEdits
}

// limitedReader reads r and fails with errTooBig once more than max bytes
// came through (max < 0: no limit). Unlike io.LimitReader, it tells a
// file that ends at the limit from one that goes on.
type limitedReader struct {
	r    io.Reader
	max  int64
	read int64
}

// errTooBig is what limitedReader returns past its limit; the readers
// turn it into a positioned ErrTooBig.
type errTooBig struct{ max int64 }

func (e errTooBig) Error() string {
	return fmt.Sprintf("%v: more than %d bytes", ErrTooBig, e.max)
}
func (e errTooBig) Unwrap() error { return ErrTooBig }

func limitReader(r io.Reader, max int64) io.Reader {
	if max < 0 {
		return r
	}
	return &limitedReader{r: r, max: max}
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.read > l.max {
		return 0, errTooBig{l.max}
	}
	// One byte past the limit tells a file of exactly max bytes (EOF
	// next) from a longer one.
	if rest := l.max - l.read + 1; int64(len(p)) > rest {
		p = p[:rest]
	}
	n, err := l.r.Read(p)
	l.read += int64(n)
	if l.read > l.max {
		return n - int(l.read-l.max), errTooBig{l.max}
	}
	return n, err
}
