package compare

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"github.com/gecmetric/gecmetric/edits"
)

// A spill keeps a streamed system's output lines and edits in a temporary
// file, 8 bytes of memory per sentence (its offset), so that comparing
// corpora of millions of sentences keeps no sentence in memory; the worst
// sentences of a report, the only ones shown, are read back.
//
// A record is the line, then the number of edits and each edit's OStart,
// OEnd, CStart, CEnd (varints), O, C and Alternatives (a count, then
// strings) and Type; a string is its length (uvarint) and its bytes.
type spill struct {
	f     *os.File
	w     *bufio.Writer
	off   []int64 // record i is [off[i], off[i+1])
	buf   []byte
	dirty bool // written since the last flush
	// unlinked: the file was removed from its folder when created.
	unlinked bool
}

func newSpill() (*spill, error) {
	f, err := os.CreateTemp("", "gecmetric-compare-*")
	if err != nil {
		return nil, fmt.Errorf("compare: a temporary file for the output lines: %w", err)
	}
	// Removed from its folder at once, the file lives while it is open
	// and vanishes with the process however it ends (an interrupt, a
	// termination, a panic, kill -9). Where an open file cannot be
	// removed (Windows), close removes it.
	unlinked := os.Remove(f.Name()) == nil
	return &spill{f: f, w: bufio.NewWriterSize(f, 1<<16), off: []int64{0}, unlinked: unlinked}, nil
}

func (s *spill) len() int { return len(s.off) - 1 }

// add appends sentence len()'s line and edits.
func (s *spill) add(line string, es []edits.Edit) error {
	b := appendString(s.buf[:0], line)
	b = binary.AppendUvarint(b, uint64(len(es)))
	for _, e := range es {
		for _, v := range []int{e.OStart, e.OEnd, e.CStart, e.CEnd} {
			b = binary.AppendVarint(b, int64(v))
		}
		for _, ss := range [][]string{e.O, e.C, e.Alternatives} {
			b = binary.AppendUvarint(b, uint64(len(ss)))
			for _, x := range ss {
				b = appendString(b, x)
			}
		}
		b = appendString(b, e.Type)
	}
	s.buf = b
	if _, err := s.w.Write(b); err != nil {
		return fmt.Errorf("compare: writing %s: %w", s.f.Name(), err)
	}
	s.off = append(s.off, s.off[len(s.off)-1]+int64(len(b)))
	s.dirty = true
	return nil
}

func appendString(b []byte, x string) []byte {
	b = binary.AppendUvarint(b, uint64(len(x)))
	return append(b, x...)
}

// read returns sentence i's line and edits.
func (s *spill) read(i int) (string, []edits.Edit, error) {
	if s.dirty {
		if err := s.w.Flush(); err != nil {
			return "", nil, fmt.Errorf("compare: writing %s: %w", s.f.Name(), err)
		}
		s.dirty = false
	}
	b := make([]byte, s.off[i+1]-s.off[i])
	if _, err := s.f.ReadAt(b, s.off[i]); err != nil {
		return "", nil, fmt.Errorf("compare: reading %s: %w", s.f.Name(), err)
	}
	r := &recordReader{b: b}
	line := r.string()
	var es []edits.Edit
	for range r.count() {
		var e edits.Edit
		for _, v := range []*int{&e.OStart, &e.OEnd, &e.CStart, &e.CEnd} {
			*v = int(r.varint())
		}
		for _, ss := range []*[]string{&e.O, &e.C, &e.Alternatives} {
			for range r.count() {
				*ss = append(*ss, r.string())
			}
		}
		e.Type = r.string()
		es = append(es, e)
	}
	if r.err != nil || len(r.b) != 0 {
		return "", nil, fmt.Errorf("compare: %s: record %d is damaged", s.f.Name(), i+1)
	}
	return line, es, nil
}

func (s *spill) close() error {
	err := s.f.Close()
	if s.unlinked {
		return err
	}
	if rerr := os.Remove(s.f.Name()); err == nil {
		err = rerr
	}
	return err
}

// A recordReader decodes a spill record; the first problem sticks.
type recordReader struct {
	b   []byte
	err error
}

var errRecord = errors.New("damaged record")

func (r *recordReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err, r.b = errRecord, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

// count reads a number of items, each at least a byte long, so at most
// as many as there are bytes left.
func (r *recordReader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.err, r.b = errRecord, nil
		return 0
	}
	return int(n)
}

func (r *recordReader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.err, r.b = errRecord, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

// string reads a length, bounded like count's, and that many bytes.
func (r *recordReader) string() string {
	n := r.count()
	x := string(r.b[:n])
	r.b = r.b[n:]
	return x
}
