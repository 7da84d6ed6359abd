package corpora

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// zeros is an endless stream of NUL bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// endless repeats a line forever, like `yes`.
type endless struct {
	line string
	off  int
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.line[e.off]
		e.off = (e.off + 1) % len(e.line)
	}
	return len(p), nil
}

// TestLimits: each limit of the readers refuses its input with a
// *ParseError naming the file, the line and the limit, and input within
// the limits reads as without them.
func TestLimits(t *testing.T) {
	m2Edits := func(n int) string {
		var b strings.Builder
		b.WriteString("S a b c\n")
		for i := range n {
			fmt.Fprintf(&b, "A 0 1|||R:OTHER|||x%d|||REQUIRED|||-NONE-|||0\n", i)
		}
		return b.String() + "\n"
	}
	tests := []struct {
		name   string
		m2     bool
		in     io.Reader
		limits Limits
		want   error
		msg    string // the error's text, "" for no error
	}{
		{"text: /dev/zero, default limits", false, zeros{}, Limits{}, ErrLineTooLong, "in.txt:1: line too long: the line is longer than 16777216 bytes"},
		{"text: endless lines past MaxBytes", false, &endless{line: "a b c\n"}, Limits{MaxBytes: 1 << 20}, ErrTooBig, "in.txt: input too large: the file goes on past 1048576 bytes"},
		{"text: a line past MaxLineBytes", false, strings.NewReader("ok\n" + strings.Repeat("x", 101) + "\n"), Limits{MaxLineBytes: 100}, ErrLineTooLong, "in.txt:2: line too long: the line is longer than 100 bytes"},
		{"text: exactly MaxBytes", false, strings.NewReader("a b\nc d\n"), Limits{MaxBytes: 8}, nil, ""},
		{"text: one byte past MaxBytes", false, strings.NewReader("a b\nc d\ne"), Limits{MaxBytes: 8}, ErrTooBig, "in.txt: input too large: the file goes on past 8 bytes"},
		{"m2: /dev/zero", true, zeros{}, Limits{}, ErrLineTooLong, "in.m2:1: line too long: the line is longer than 16777216 bytes"},
		{"m2: MaxEdits A lines", true, strings.NewReader(m2Edits(5)), Limits{MaxEdits: 5}, nil, ""},
		{"m2: one A line past MaxEdits", true, strings.NewReader(m2Edits(6)), Limits{MaxEdits: 5}, ErrTooManyEdits, "in.m2:7:1: too many edits: the sentence of line 1 has more edits than the limit of 5"},
		{"m2: default MaxEdits", true, strings.NewReader(m2Edits(DefaultMaxEdits + 1)), Limits{}, ErrTooManyEdits, "in.m2:10002:1: too many edits: the sentence of line 1 has more edits than the limit of 10000"},
		{"m2: no limit", true, strings.NewReader(m2Edits(DefaultMaxEdits + 1)), Limits{MaxEdits: -1}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.m2 {
				r := NewM2Reader(tt.in, "in.m2")
				r.Limits = tt.limits
				for r.Scan() {
				}
				err = r.Err()
			} else {
				r := NewTextReader(tt.in, "in.txt")
				r.Limits = tt.limits
				for r.Scan() {
				}
				err = r.Err()
			}
			if tt.want == nil {
				if err != nil {
					t.Fatalf("err %v, want none", err)
				}
				return
			}
			var pe *ParseError
			if !errors.Is(err, tt.want) || !errors.As(err, &pe) || err.Error() != tt.msg {
				t.Fatalf("err %v, want %q wrapping %v", err, tt.msg, tt.want)
			}
		})
	}
}

// TestRepeatedEdits: the same A line twice in a block is counted (the M2
// scorer counts such a gold edit twice, giving precision 2) and warned
// about with the file and line; the same edit in another block, or by
// another annotator, is not a repeat.
func TestRepeatedEdits(t *testing.T) {
	m2 := "S a b c\n" +
		"A 0 1|||R:OTHER|||x|||REQUIRED|||-NONE-|||0\n" +
		"A 0 1|||R:OTHER|||x|||REQUIRED|||-NONE-|||1\n" +
		"A 0 1|||R:OTHER|||x|||REQUIRED|||-NONE-|||0\n" + // line 4: a repeat
		"\n" +
		"S a b c\n" +
		"A 0 1|||R:OTHER|||x|||REQUIRED|||-NONE-|||0\n" +
		"A 0  1|||R:OTHER|||x|||REQUIRED|||-NONE-|||0\n" + // line 8: a repeat, spaced otherwise
		"A 0 1|||R:OTHER|||x|||REQUIRED|||-NONE-|||0\n\n" // line 9
	r := NewM2Reader(strings.NewReader(m2), "gold.m2")
	n := 0
	for r.Scan() {
		n++
		if len(r.Block().Edits) != 3 {
			t.Errorf("block %d: %d edits, want 3 (repeats kept)", n, len(r.Block().Edits))
		}
	}
	if r.Err() != nil || r.Repeated != 3 || r.RepeatedLine != 4 {
		t.Fatalf("err %v, Repeated %d at line %d; want 3 at line 4", r.Err(), r.Repeated, r.RepeatedLine)
	}
	dir := t.TempDir()
	gold, hyp := filepath.Join(dir, "gold.m2"), filepath.Join(dir, "hyp.txt")
	os.WriteFile(gold, []byte(m2), 0o644)
	os.WriteFile(hyp, []byte("x b c\nx b c\n"), 0o644)
	ts, _, err := readAll(t, TestSetOptions{Refs: []string{gold}, Hyps: []string{hyp}})
	if err != nil {
		t.Fatal(err)
	}
	w := ts.Warnings()
	if len(w) != 1 || !strings.HasPrefix(w[0], gold+":4: 3 edits repeat an edit of the same annotator on the same sentence") {
		t.Errorf("warnings %q", w)
	}
}

// TestCheckCorrection: corrections M2 cannot hold are refused, others
// pass; each refused one, written by FormatA, would not read back as
// written.
func TestCheckCorrection(t *testing.T) {
	tests := []struct {
		c  []string
		ok bool
	}{
		{[]string{"a", "b"}, true},
		{nil, true},
		{[]string{"a|b"}, true},
		{[]string{"a", "|", "b"}, true},
		{[]string{"a|||b"}, false},
		{[]string{"a||b"}, false},
		{[]string{"x", "a|"}, false},
		{[]string{"|a"}, true},
		{[]string{"|"}, false},
	}
	for _, tt := range tests {
		err := CheckCorrection(tt.c)
		if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrUnwritable)) {
			t.Errorf("CheckCorrection(%q) = %v, want ok %v", tt.c, err, tt.ok)
		}
		line := FormatA(NewM2Edit(editWithC(tt.c), 0))
		blocks, rerr := ReadM2(strings.NewReader("S a b\n"+line+"\n\n"), "x.m2")
		same := rerr == nil && len(blocks[0].Edits) == 1 && strings.Join(blocks[0].Edits[0].C, " ") == strings.Join(tt.c, " ") && len(blocks[0].Edits[0].Alternatives) == 0
		if same != tt.ok {
			t.Errorf("%q written as %q reads back the same: %v (err %v), want %v", tt.c, line, same, rerr, tt.ok)
		}
	}
}

// TestPipeHeadLimits: a text pipe keeps only its first lines for the
// sample; an overlong first line stops the head with bufio.ErrTooLong
// before it holds much more than the limit.
func TestPipeHeadLimits(t *testing.T) {
	head, err := readHead(bufio.NewReader(strings.NewReader("a\nb\nc\nd\n")), 2, 10)
	if err != nil || string(head) != "a\nb\n" {
		t.Errorf("head %q, err %v; want \"a\\nb\\n\"", head, err)
	}
	head, err = readHead(bufio.NewReader(io.LimitReader(zeros{}, 1<<30)), 2, 1<<20)
	if err != bufio.ErrTooLong || len(head) != 0 {
		t.Errorf("zeros: %d bytes, err %v; want 0 and ErrTooLong", len(head), err)
	}
}

// editWithC is a replacement of the first token by c.
func editWithC(c []string) edits.Edit {
	return edits.Edit{OStart: 0, OEnd: 1, CStart: 0, CEnd: len(c), O: []string{"a"}, C: c, Type: "R:OTHER"}
}

// FuzzM2ReaderLimits: under any limits, the M2 reader never returns a
// block past MaxEdits, and it refuses by a limit exactly when the input
// passes it: ErrTooBig only for more than MaxBytes bytes, ErrLineTooLong
// only for a longer line, ErrTooManyEdits only for a block with more A
// lines, each a *ParseError naming the file (and, for the edits, the
// line of the A line past the limit).
func FuzzM2ReaderLimits(f *testing.F) {
	f.Add([]byte("S a b\nA 0 1|||R:X|||c|||REQUIRED|||-NONE-|||0\nA 0 1|||R:X|||d|||REQUIRED|||-NONE-|||1\n\n"), uint16(100), uint8(20), uint8(1))
	f.Add([]byte("S a\n\nS b\nA 0 1|||R:X|||c|||REQUIRED|||-NONE-|||0\n"), uint16(10), uint8(40), uint8(5))
	f.Add([]byte(strings.Repeat("\x00", 300)), uint16(1000), uint8(50), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, maxBytes uint16, maxLine, maxEdits uint8) {
		l := Limits{MaxBytes: int64(maxBytes) + 1, MaxLineBytes: int(maxLine) + 1, MaxEdits: int(maxEdits) + 1}
		r := NewM2Reader(strings.NewReader(string(data)), "f.m2")
		r.Limits = l
		for r.Scan() {
			if n := len(r.Block().Edits); n > l.MaxEdits {
				t.Fatalf("a block of %d edits passed MaxEdits %d", n, l.MaxEdits)
			}
		}
		err := r.Err()
		if err == nil {
			return
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.File != "f.m2" {
			t.Fatalf("error %v is not a *ParseError naming f.m2", err)
		}
		// What the input holds, read as the reader reads it: lines split
		// at "\n", A lines counted per block.
		longest, mostEdits, edits := 0, 0, 0
		for i, line := range strings.Split(string(data), "\n") {
			if i == 0 {
				line = strings.TrimPrefix(line, "\xef\xbb\xbf")
			}
			longest = max(longest, len(line))
			switch {
			case strings.HasPrefix(line, "S"):
				edits = 0
			case strings.HasPrefix(line, "A "):
				edits++
				mostEdits = max(mostEdits, edits)
			}
		}
		switch {
		case errors.Is(err, ErrTooBig):
			if int64(len(data)) <= l.MaxBytes {
				t.Fatalf("%v for %d bytes, limit %d", err, len(data), l.MaxBytes)
			}
		case errors.Is(err, ErrLineTooLong):
			if longest <= l.MaxLineBytes {
				t.Fatalf("%v, longest line %d bytes, limit %d", err, longest, l.MaxLineBytes)
			}
		case errors.Is(err, ErrTooManyEdits):
			if mostEdits <= l.MaxEdits || pe.Line < 1 {
				t.Fatalf("%v, most A lines in a block %d, limit %d", err, mostEdits, l.MaxEdits)
			}
		}
	})
}
