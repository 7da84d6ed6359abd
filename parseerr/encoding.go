package parseerr

import (
	"bytes"
	"fmt"
)

// An EncodingError says that a file is text in another Unicode encoding
// than UTF-8: UTF-16 or UTF-32, told by its byte order mark or, without
// one, by the NUL bytes that interleave ASCII text in those encodings.
// Every reader here reads UTF-8 alone; such a file must be converted
// first (Hint says how). It matches ErrInvalidUTF8 with errors.Is: the
// file is not valid UTF-8.
type EncodingError struct {
	Encoding string // "UTF-16LE", "UTF-16BE", "UTF-32LE" or "UTF-32BE"
	BOM      bool   // the file starts with the encoding's byte order mark
}

func (e *EncodingError) Error() string {
	how := "without a byte order mark, told by its NUL bytes"
	if e.BOM {
		how = "byte order mark " + bomOf(e.Encoding)
	}
	return fmt.Sprintf("the file is %s text (%s), not UTF-8", e.Encoding, how)
}

// Is makes errors.Is(err, ErrInvalidUTF8) hold.
func (e *EncodingError) Is(target error) bool { return target == ErrInvalidUTF8 }

// Hint returns the advice for the file named file: the iconv command that
// converts it to UTF-8 (iconv's UTF-16 and UTF-32 read the byte order
// mark; without one the byte order is named).
func (e *EncodingError) Hint(file string) string {
	from := e.Encoding
	if e.BOM {
		from = from[:len(from)-2] // iconv drops the mark only when told UTF-16 or UTF-32
	}
	return fmt.Sprintf("convert it to UTF-8 first, e.g. iconv -f %s -t UTF-8 %s > %s", from, file, utf8Name(file))
}

// utf8Name is the name suggested for the converted copy of file.
func utf8Name(file string) string {
	if file == "" || file == "-" || file == "<input>" {
		return "converted.txt"
	}
	return file + ".utf8"
}

var boms = []struct {
	enc  string
	mark []byte
}{
	// UTF-32LE's mark starts with UTF-16LE's: test it first.
	{"UTF-32LE", []byte{0xFF, 0xFE, 0, 0}},
	{"UTF-32BE", []byte{0, 0, 0xFE, 0xFF}},
	{"UTF-16LE", []byte{0xFF, 0xFE}},
	{"UTF-16BE", []byte{0xFE, 0xFF}},
}

func bomOf(enc string) string {
	for _, b := range boms {
		if b.enc == enc {
			return fmt.Sprintf("% X", b.mark)
		}
	}
	return ""
}

// DetectEncoding returns an *EncodingError when head, the first bytes of
// a file (a few hundred are plenty), is UTF-16 or UTF-32 text, else nil.
// With a byte order mark the mark decides; without one, the text must be
// at least 8 bytes, mostly ASCII, so that its code units' zero high bytes
// sit at a fixed place in each unit: in UTF-16LE at every odd offset, in
// UTF-16BE at every even one, in UTF-32 at three offsets of every four.
// Half or more of the bytes at each of those places must be zero and
// almost none (under a tenth) at the other places, which no UTF-8 text (it has no NUL bytes)
// and no binary file of varied bytes meets.
func DetectEncoding(head []byte) error {
	for _, b := range boms {
		if bytes.HasPrefix(head, b.mark) {
			return &EncodingError{Encoding: b.enc, BOM: true}
		}
	}
	if len(head) > 4096 {
		head = head[:4096]
	}
	if len(head) < 8 || bytes.IndexByte(head, 0) < 0 {
		return nil
	}
	// zero[k] counts the zero bytes at offsets ≡ k (mod 4), of n[k].
	var zero, n [4]int
	for i, c := range head {
		n[i%4]++
		if c == 0 {
			zero[i%4]++
		}
	}
	share := func(k int) float64 { return float64(zero[k]) / float64(n[k]) }
	zeroAt := func(zeros, others []int) bool {
		for _, k := range zeros {
			if share(k) < 0.5 {
				return false
			}
		}
		for _, k := range others {
			if share(k) >= 0.1 {
				return false
			}
		}
		return true
	}
	switch {
	case zeroAt([]int{1, 2, 3}, []int{0}):
		return &EncodingError{Encoding: "UTF-32LE"}
	case zeroAt([]int{0, 1, 2}, []int{3}):
		return &EncodingError{Encoding: "UTF-32BE"}
	case zeroAt([]int{1, 3}, []int{0, 2}):
		return &EncodingError{Encoding: "UTF-16LE"}
	case zeroAt([]int{0, 2}, []int{1, 3}):
		return &EncodingError{Encoding: "UTF-16BE"}
	}
	return nil
}

// Encoding returns err positioned at file's first line and column when
// head, the first bytes of file, is UTF-16 or UTF-32 text (see
// DetectEncoding), else nil. Readers call it when they meet invalid UTF-8
// or a NUL byte on the first line, so that the error names the encoding
// instead of the first byte that is not UTF-8.
func Encoding(file string, head []byte) *Error {
	err := DetectEncoding(head)
	if err == nil {
		return nil
	}
	return &Error{File: file, Line: 1, Column: 1, Err: err}
}
