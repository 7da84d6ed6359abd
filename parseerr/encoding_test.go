package parseerr

import (
	"encoding/binary"
	"errors"
	"testing"
	"unicode/utf16"
)

// encode returns s in UTF-16 or UTF-32 (size 2 or 4) of the byte order
// order, with the byte order mark first when bom is set.
func encode(s string, size int, order binary.AppendByteOrder, bom bool) []byte {
	var out []byte
	if bom {
		s = "\uFEFF" + s
	}
	if size == 2 {
		for _, u := range utf16.Encode([]rune(s)) {
			out = order.AppendUint16(out, u)
		}
		return out
	}
	for _, r := range s {
		out = order.AppendUint32(out, uint32(r))
	}
	return out
}

func TestDetectEncoding(t *testing.T) {
	const text = "What is genetic risk ?\nIt is a risk .\n"
	for _, tc := range []struct {
		name string
		in   []byte
		want string // "" for no EncodingError
		bom  bool
	}{
		{"UTF-8", []byte(text), "", false},
		{"UTF-8 with BOM", []byte("\uFEFF" + text), "", false},
		{"UTF-8 non-ASCII", []byte("Füße , ça , 学生 .\n"), "", false},
		{"empty", nil, "", false},
		{"short NULs", []byte("a\x00b\x00"), "", false},
		{"one NUL in text", []byte("a line with one \x00 NUL byte in it\n"), "", false},
		{"invalid UTF-8", []byte("caf\xe9 au lait\n"), "", false},
		{"UTF-16LE BOM", encode(text, 2, binary.LittleEndian, true), "UTF-16LE", true},
		{"UTF-16BE BOM", encode(text, 2, binary.BigEndian, true), "UTF-16BE", true},
		{"UTF-32LE BOM", encode(text, 4, binary.LittleEndian, true), "UTF-32LE", true},
		{"UTF-32BE BOM", encode(text, 4, binary.BigEndian, true), "UTF-32BE", true},
		{"UTF-16LE", encode(text, 2, binary.LittleEndian, false), "UTF-16LE", false},
		{"UTF-16BE", encode(text, 2, binary.BigEndian, false), "UTF-16BE", false},
		{"UTF-32LE", encode(text, 4, binary.LittleEndian, false), "UTF-32LE", false},
		{"UTF-32BE", encode(text, 4, binary.BigEndian, false), "UTF-32BE", false},
		// A first line cut at its 0x0A byte, as a line reader hands it over.
		{"UTF-16LE first line", encode("What is genetic risk ?", 2, binary.LittleEndian, false), "UTF-16LE", false},
		{"UTF-16LE non-ASCII", encode("Füße , ça , wie geht's ?", 2, binary.LittleEndian, false), "UTF-16LE", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := DetectEncoding(tc.in)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("DetectEncoding = %v, want nil", err)
				}
				return
			}
			e, ok := err.(*EncodingError)
			if !ok || e.Encoding != tc.want || e.BOM != tc.bom {
				t.Fatalf("DetectEncoding = %#v, want %s (BOM %v)", err, tc.want, tc.bom)
			}
			if !errors.Is(err, ErrInvalidUTF8) {
				t.Error("errors.Is(err, ErrInvalidUTF8) = false")
			}
		})
	}
}

func TestEncodingErrorText(t *testing.T) {
	err := Encoding("amu.txt", encode("Hello , world .\n", 2, binary.LittleEndian, true))
	if got, want := err.Error(), "amu.txt:1:1: the file is UTF-16LE text (byte order mark FF FE), not UTF-8"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	enc := err.Err.(*EncodingError)
	if got, want := enc.Hint("amu.txt"), "convert it to UTF-8 first, e.g. iconv -f UTF-16 -t UTF-8 amu.txt > amu.txt.utf8"; got != want {
		t.Errorf("Hint = %q, want %q", got, want)
	}
	noBOM := &EncodingError{Encoding: "UTF-16BE"}
	if got, want := noBOM.Hint("-"), "convert it to UTF-8 first, e.g. iconv -f UTF-16BE -t UTF-8 - > converted.txt"; got != want {
		t.Errorf("Hint = %q, want %q", got, want)
	}
	if Encoding("a.txt", []byte("plain text\n")) != nil {
		t.Error("Encoding of UTF-8 text is not nil")
	}
}

// FuzzDetectEncoding: DetectEncoding never panics, and never calls valid
// UTF-8 without NUL bytes anything but UTF-8.
func FuzzDetectEncoding(f *testing.F) {
	f.Add([]byte("plain text\n"))
	f.Add(encode("some text", 2, binary.LittleEndian, false))
	f.Add([]byte{0xFF, 0xFE, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		err := DetectEncoding(b)
		if err != nil && isPlainUTF8(b) {
			t.Fatalf("DetectEncoding(%q) = %v for valid UTF-8", b, err)
		}
	})
}

func isPlainUTF8(b []byte) bool {
	for _, c := range b {
		if c == 0 {
			return false
		}
	}
	return len(b) < 2 || !(b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF)
}
