package textcheck

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/parseerr"
)

func TestReader(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"ascii", "a,b\n1,2\n", ""},
		{"utf-8", "\xef\xbb\xbfsystem,ö,€,𝄞\n", ""},
		{"replacement char written out", "a\uFFFDb\n", ""},
		{"empty", "", ""},
		{"bad byte", "item,system\n2,A\xff,x\n", "f.csv:2:4: invalid UTF-8: byte 0xff"},
		{"lone continuation", "\x80", "f.csv:1:1: invalid UTF-8: byte 0x80"},
		{"overlong", "ab\xc0\xaf", "f.csv:1:3: invalid UTF-8: byte 0xc0"},
		{"surrogate", "x\xed\xa0\x80", "f.csv:1:2: invalid UTF-8: byte 0xed"},
		{"cut at the end", "ok\n\xe2\x82", "f.csv:2:1: invalid UTF-8: byte 0xe2"},
		{"lead then ascii", "\xe2(\n", "f.csv:1:1: invalid UTF-8: byte 0xe2"},
		{"latin-1 after multibyte", "ö\nöx\xf6y", "f.csv:2:4: invalid UTF-8: byte 0xf6"},
		{"NUL", "item,system\n1,A\x00,x\n", "f.csv:2:4: NUL byte"},
		{"NUL first", "\x00", "f.csv:1:1: NUL byte"},
		{"CRLF counts lines by LF", "a\r\nb\r\n\xff", "f.csv:3:1: invalid UTF-8: byte 0xff"},
		{"UTF-16LE with BOM", "\xff\xfei\x00t\x00e\x00m\x00,\x00s\x00\n\x00", "f.csv:1:1: the file is UTF-16LE text (byte order mark FF FE), not UTF-8"},
		{"UTF-16BE", "\x00i\x00t\x00e\x00m\x00,\x00s\x00y\x00s\x00\n", "f.csv:1:1: the file is UTF-16BE text (without a byte order mark, told by its NUL bytes), not UTF-8"},
		{"NUL late on line 1 of UTF-8", "item,system,a longer line\x00", "f.csv:1:26: NUL byte"},
	} {
		for rname, wrap := range map[string]func(io.Reader) io.Reader{
			"whole": func(r io.Reader) io.Reader { return r }, "one byte": iotest.OneByteReader, "half": iotest.HalfReader,
		} {
			t.Run(tc.name+"/"+rname, func(t *testing.T) {
				got, err := io.ReadAll(Reader(wrap(strings.NewReader(tc.in)), "f.csv"))
				if tc.want == "" {
					if err != nil || string(got) != tc.in {
						t.Errorf("got %q, %v; want the input back", got, err)
					}
					return
				}
				if err == nil || err.Error() != tc.want {
					t.Errorf("error %v, want %s", err, tc.want)
				}
				if _, ok := errors.AsType[*parseerr.Error](err); !ok {
					t.Errorf("%T is not a *parseerr.Error", err)
				}
			})
		}
	}
}

// TestReaderLongInput crosses the internal buffer's edge with a sequence
// cut in two and a bad byte far into the input.
func TestReaderLongInput(t *testing.T) {
	line := strings.Repeat("x", bufSize-1) + "€\n" // "€" is cut by the first read
	in := line + line + "ab\xffc"
	got, err := io.ReadAll(Reader(strings.NewReader(in), "big"))
	if want := "big:3:3: invalid UTF-8: byte 0xff"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	if string(got) != line+line { // not the start of the bad line
		t.Errorf("passed on %d bytes, want %d", len(got), len(line)*2)
	}
}

func TestReaderPassesOnReadErrors(t *testing.T) {
	boom := errors.New("disk gone")
	_, err := io.ReadAll(Reader(io.MultiReader(strings.NewReader("ok"), iotest.ErrReader(boom)), "f"))
	if !errors.Is(err, boom) {
		t.Errorf("error %v, want %v", err, boom)
	}
}

// FuzzReader checks Reader against a plain scan of the whole input: the
// lines before the first bad byte pass, and the error names its position.
func FuzzReader(f *testing.F) {
	f.Add([]byte("a,b\n1,\xff\n"), uint8(1))
	f.Add([]byte("ö€𝄞\x00"), uint8(3))
	f.Fuzz(func(t *testing.T, in []byte, chunk uint8) {
		r := io.Reader(bytes.NewReader(in))
		if chunk > 0 {
			r = &chunked{r, int(chunk)}
		}
		got, err := io.ReadAll(Reader(r, "f"))
		bad := firstBad(in)
		if bad < 0 {
			if err != nil || !bytes.Equal(got, in) {
				t.Fatalf("good input: got %q, %v", got, err)
			}
			return
		}
		if lines := in[:bytes.LastIndexByte(in[:bad], '\n')+1]; !bytes.Equal(got, lines) {
			t.Fatalf("passed on %q, want %q", got, lines)
		}
		line := 1 + bytes.Count(in[:bad], []byte("\n"))
		col := bad - bytes.LastIndexByte(in[:bad], '\n')
		pe, ok := errors.AsType[*parseerr.Error](err)
		if !ok || pe.Line != line || pe.Column != col {
			t.Fatalf("error %v, want at %d:%d", err, line, col)
		}
	})
}

// firstBad is the offset of the first NUL or invalid UTF-8 byte, -1 if none.
func firstBad(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == 0 || r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// chunked returns at most n bytes a read.
type chunked struct {
	r io.Reader
	n int
}

func (c *chunked) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// TestLineParsersSeeWholeLines: bufio.Scanner and encoding/csv hand out
// the partial line before a read error; Reader never gives them the good
// start of a bad line, so the error they return is Reader's.
func TestLineParsersSeeWholeLines(t *testing.T) {
	in := "item,system\n1,A\n2,B\xff,x\n"
	sc := bufio.NewScanner(iotest.OneByteReader(Reader(strings.NewReader(in), "f.csv")))
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if want := []string{"item,system", "1,A"}; !slices.Equal(lines, want) || sc.Err() == nil || sc.Err().Error() != "f.csv:3:4: invalid UTF-8: byte 0xff" {
		t.Errorf("scanner: %q, %v", lines, sc.Err())
	}
	cr := csv.NewReader(Reader(strings.NewReader(in), "f.csv"))
	cr.FieldsPerRecord = -1
	var recs [][]string
	var err error
	for err == nil {
		var rec []string
		if rec, err = cr.Read(); err == nil {
			recs = append(recs, rec)
		}
	}
	if len(recs) != 2 || err == nil || err.Error() != "f.csv:3:4: invalid UTF-8: byte 0xff" {
		t.Errorf("csv: %q, %v", recs, err)
	}
}
