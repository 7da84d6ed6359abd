package corpora

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

func edits0() edits.Edit {
	return edits.Edit{OStart: 1, OEnd: 2, CStart: 1, CEnd: 1, O: []string{"b"}, Type: "U:NOUN"}
}

func TestReadText(t *testing.T) {
	tf, err := ReadText(strings.NewReader("\xef\xbb\xbfa  b\r\nc\n\nd"), "t.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(tf.Lines) != 4 || tf.Lines[0] != "a  b" || strings.Join(tf.Tokens[0], "|") != "a|b" || tf.Lines[3] != "d" || len(tf.Tokens[2]) != 0 {
		t.Errorf("got %q %q", tf.Lines, tf.Tokens)
	}
	if _, err := ReadText(strings.NewReader("ok\nbad\xc3\n"), "u.txt"); err == nil || err.Error() != "u.txt:2:4: invalid UTF-8: in text line" {
		t.Errorf("invalid UTF-8: got %v", err)
	}
}

func TestReadParallelMismatch(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.txt")
	hyp := filepath.Join(dir, "hyp.txt")
	os.WriteFile(src, []byte("a\nb\nc\n"), 0o644)
	os.WriteFile(hyp, []byte("a\nb\n"), 0o644)
	_, err := ReadParallel(src, hyp)
	if !errors.Is(err, ErrLineCount) {
		t.Fatalf("got %v, want ErrLineCount", err)
	}
	want := hyp + ":3: line counts differ: " + hyp + " has 2 lines but " + src + " has 3"
	if err.Error() != want {
		t.Errorf("got %q\nwant %q", err.Error(), want)
	}
}

func TestTextReader(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		lines    []string
		msg      string
	}{
		{"lf", "a b\nc\n", 0, []string{"a b", "c"}, ""},
		{"crlf and bom", "\xef\xbb\xbfa b\r\nc\r\n\r\n", 0, []string{"a b", "c", ""}, ""},
		{"no final break", "a\nb", 0, []string{"a", "b"}, ""},
		{"NUL", "a\nb\x00c\n", 0, []string{"a"}, "t.txt:2:2: NUL byte: in text line"},
		{"invalid", "a\n\xffb\x00\n", 0, []string{"a"}, "t.txt:2:1: invalid UTF-8: in text line"},
		{"too long", "a\nbcdefgh\n", 4, []string{"a"}, "t.txt:2: line too long: the line is longer than 4 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewTextReader(strings.NewReader(tt.in), "t.txt")
			r.MaxLineBytes = tt.max
			var got []string
			for r.Scan() {
				got = append(got, r.Text())
				if r.Line() != len(got) {
					t.Errorf("Line %d at line %d", r.Line(), len(got))
				}
			}
			msg := ""
			if r.Err() != nil {
				msg = r.Err().Error()
			}
			if strings.Join(got, "|") != strings.Join(tt.lines, "|") || msg != tt.msg {
				t.Errorf("got %q, %q; want %q, %q", got, msg, tt.lines, tt.msg)
			}
		})
	}
}

// TestTextReaderUTF16 names the encoding of a UTF-16 file at 1:1, for
// text and M2 alike, instead of its first byte that is not UTF-8.
func TestTextReaderUTF16(t *testing.T) {
	le := []byte("\xff\xfe")
	for _, r := range "S A cat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n" {
		le = append(le, byte(r), 0)
	}
	be := []byte{}
	for _, r := range "A cat .\nA dog .\n" {
		be = append(be, 0, byte(r))
	}
	for _, tc := range []struct {
		name string
		read func() error
		want string
	}{
		{"text, BOM", func() error { _, err := ReadText(bytes.NewReader(le), "a.txt"); return err },
			"a.txt:1:1: the file is UTF-16LE text (byte order mark FF FE), not UTF-8"},
		{"text, no BOM", func() error { _, err := ReadText(bytes.NewReader(be), "b.txt"); return err },
			"b.txt:1:1: the file is UTF-16BE text (without a byte order mark, told by its NUL bytes), not UTF-8"},
		{"M2, BOM", func() error { _, err := ReadM2(bytes.NewReader(le), "g.m2"); return err },
			"g.m2:1:1: the file is UTF-16LE text (byte order mark FF FE), not UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.read()
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error %v, want %s", err, tc.want)
			}
			if !errors.Is(err, ErrInvalidUTF8) {
				t.Error("errors.Is(err, ErrInvalidUTF8) = false")
			}
		})
	}
}
