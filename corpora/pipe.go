package corpora

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
)

// A pipe is an input of a TestSet that is not a regular file (a pipe as
// in `eval --hyp <(zcat out.gz)`, a FIFO, a device such as /dev/zero): it
// can be read only once, yet a TestSet reads the first lines of a text
// file twice (the raw-text sample of TestSetOptions.Policy) and an M2 file
// twice (its coder ids, then its blocks). So a text pipe is streamed, its
// first RawSample lines kept in memory for the sample, and an M2 pipe is
// copied to a temporary file, removed from its folder as soon as it is
// created (it lives while open and vanishes on any exit, a signal or a
// crash included). Both copies stop at the Limits.
type pipe struct {
	head  []byte   // text: the first RawSample lines
	spool *os.File // M2: the whole stream
	size  int64    // M2: its length
}

// input opens path for the TestSet: a regular file as it is; a pipe
// (opened once per TestSet and its samplers) streamed or spooled. It
// returns the reader of the file and, for a pipe, its pipe.
func (ts *TestSet) input(path string) (io.Reader, *pipe, error) {
	if p := ts.piped[path]; p != nil {
		// A sampler (see sample and sampleM2): the copy, not the stream.
		if p.spool != nil {
			return p.m2(), p, nil
		}
		return bytes.NewReader(p.head), p, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	ts.closers = append(ts.closers, f)
	if fi, err := f.Stat(); err != nil || fi.Mode().IsRegular() {
		return f, nil, nil
	}
	l := ts.opt.Limits
	br := bufio.NewReaderSize(limitReader(f, l.maxBytes()), 64*1024)
	peek, _ := br.Peek(1 << 16)
	p := &pipe{}
	var in io.Reader
	if IsM2(path, peek) {
		if err := ts.spool(p, br, path); err != nil {
			return nil, nil, err
		}
		in = p.m2()
	} else {
		head, err := readHead(br, RawSample, l.maxLine())
		if err != nil {
			return nil, nil, scanError(path, bytes.Count(head, []byte("\n"))+1, err, l)
		}
		p.head = head
		in = io.MultiReader(bytes.NewReader(head), br)
	}
	if ts.piped == nil {
		ts.piped = map[string]*pipe{}
	}
	ts.piped[path] = p
	return in, p, nil
}

// m2 returns a reader of the whole spooled M2 stream.
func (p *pipe) m2() io.Reader { return io.NewSectionReader(p.spool, 0, p.size) }

// spool copies the M2 stream br to a temporary file that is removed from
// its folder at once.
func (ts *TestSet) spool(p *pipe, br io.Reader, path string) error {
	f, err := os.CreateTemp("", "gecmetric-pipe-*.m2")
	if err != nil {
		return fmt.Errorf("%s: a temporary copy of the stream: %w", path, err)
	}
	// Unlinked now, the file lives until it is closed (on Unix). Where it
	// cannot be (Windows), Close removes it.
	if os.Remove(f.Name()) == nil {
		ts.closers = append(ts.closers, f)
	} else {
		ts.closers = append(ts.closers, removeOnClose{f})
	}
	p.spool = f
	p.size, err = io.Copy(f, br)
	if err != nil {
		var big errTooBig
		if errors.As(err, &big) {
			return parseErr(path, 0, 0, ErrTooBig, "the stream goes on past %d bytes", big.max)
		}
		return &ParseError{File: path, Err: err}
	}
	return nil
}

// removeOnClose is a temporary file removed when closed.
type removeOnClose struct{ f *os.File }

func (r removeOnClose) Close() error {
	err := r.f.Close()
	if rerr := os.Remove(r.f.Name()); err == nil {
		err = rerr
	}
	return err
}

// readHead returns the first n lines of br ("\n" included), fewer at
// the end of the input. It stops with bufio.ErrTooLong inside a line
// longer than maxLine bytes, and with the reader's error otherwise, the
// lines read so far returned with either.
func readHead(br *bufio.Reader, n, maxLine int) ([]byte, error) {
	var head []byte
	for range n {
		start := len(head)
		for {
			chunk, err := br.ReadSlice('\n')
			head = append(head, chunk...)
			if len(head)-start > maxLine+1 {
				return head[:start], bufio.ErrTooLong
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err == io.EOF {
				return head, nil
			}
			if err != nil {
				return head[:start], err
			}
			break
		}
	}
	return head, nil
}
