package corpora

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

const sample = `S This are a tests .
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0
A 3 4|||R:NOUN:NUM|||test|||REQUIRED|||-NONE-|||0
A 1 2|||R:VERB:SVA|||is||was|||REQUIRED|||-NONE-|||1
A 2 3|||U:DET|||-NONE-|||REQUIRED|||-NONE-|||1


S Fine .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 1 1|||M:ADV|||indeed|||REQUIRED|||-NONE-|||1

`

func TestReadM2(t *testing.T) {
	blocks, err := ReadM2(strings.NewReader(sample), "sample.m2")
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 2 {
		t.Fatalf("got %d blocks, want 2", len(blocks))
	}
	b := blocks[0]
	if got := strings.Join(b.Source, " "); got != "This are a tests ." || b.Line != 1 {
		t.Errorf("block 0 = %q line %d", got, b.Line)
	}
	if got := b.Coders(); len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Errorf("coders = %v", got)
	}
	alt := b.Edits[2]
	if len(alt.Alternatives) != 2 || alt.Alternatives[1] != "was" || strings.Join(alt.C, " ") != "is" || alt.Line != 4 {
		t.Errorf("alternatives edit = %+v", alt)
	}
	del := b.Edits[3]
	if len(del.C) != 0 || strings.Join(del.O, " ") != "a" || del.Correction() != "-NONE-" {
		t.Errorf("deletion edit = %+v", del)
	}
	noop := blocks[1].Edits[0]
	if !noop.IsNoop() || noop.O != nil || noop.OStart != -1 {
		t.Errorf("noop edit = %+v", noop)
	}
	if got := len(blocks[1].CoderEdits(1)); got != 1 {
		t.Errorf("coder 1 has %d edits in block 1, want 1", got)
	}
}

func TestM2RoundTrip(t *testing.T) {
	var buf bytes.Buffer
	blocks, err := ReadM2(strings.NewReader("\n"+sample), "s")
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteM2(&buf, blocks); err != nil {
		t.Fatal(err)
	}
	if buf.String() != "\n"+sample {
		t.Errorf("round trip changed the file:\n%s", buf.String())
	}
	// A changed edit is written in canonical form; the rest stays as read.
	blocks[0].Edits[0].Type = "R:VERB"
	buf.Reset()
	WriteM2(&buf, blocks)
	want := strings.Replace("\n"+sample, "R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0", "R:VERB|||is|||REQUIRED|||-NONE-|||0", 1)
	if buf.String() != want {
		t.Errorf("after a change got:\n%s", buf.String())
	}
}

func TestWriteM2New(t *testing.T) {
	b := M2Block{Source: []string{"a", "b"}}
	e := NewM2Edit(edits0(), 0)
	b.Edits = append(b.Edits, e)
	var buf bytes.Buffer
	WriteM2(&buf, []M2Block{b, {Source: []string{"c"}}})
	want := "S a b\nA 1 2|||U:NOUN|||-NONE-|||REQUIRED|||-NONE-|||0\n\nS c\n\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

func TestReadM2Errors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"A before S", "A 0 1|||X|||y|||REQUIRED|||-NONE-|||0\n", "bad.m2:1:1: malformed M2: A line before any S line"},
		{"few fields", "S a b\nA 0 1|||X|||y\n", "bad.m2:2:3: malformed M2: A line has 3 |||-separated fields"},
		{"span reversed", "S a b\nA 2 1|||X|||y|||REQUIRED|||-NONE-|||0\n", "bad.m2:2:3: malformed M2: span 2 1 is not a valid token range"},
		{"bad coder", "S a b\nA 0 1|||X|||y|||REQUIRED|||-NONE-|||x\n", "bad.m2:2:37: malformed M2: coder \"x\" is not an integer"},
		{"unknown line", "S a\nB x\n", "bad.m2:2:1: malformed M2: line starts with \"B x\""},
		{"bad target", "S a\nT0-B1 a\n", "bad.m2:2:1: malformed M2: target line"},
		{"utf8", "S a\xff\n", "bad.m2:1:4: invalid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadM2(strings.NewReader(tt.in), "bad.m2")
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a *ParseError", err)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got %q, want prefix %q", err.Error(), tt.want)
			}
		})
	}
}

// TestM2RoundTripShared reads every shared M2 file and writes it back.
func TestM2RoundTripShared(t *testing.T) {
	root := testdata.Dir(t)
	paths, _ := filepath.Glob(filepath.Join(root, "conll14-errant", "m2", "*.m2"))
	more, _ := filepath.Glob(filepath.Join(root, "jfleg", "EACL_exp", "m2converter", "*.m2"))
	paths = append(paths, more...)
	if len(paths) < 9 {
		t.Fatalf("found %d M2 files, want 9", len(paths))
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := ReadM2(bytes.NewReader(data), p)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteM2(&buf, blocks); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), data) {
			t.Errorf("%s: round trip differs", p)
		}
	}
}

func FuzzReadM2(f *testing.F) {
	f.Add(sample)
	f.Add("S a\n\n\nS b\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n")
	f.Fuzz(func(t *testing.T, in string) {
		blocks, err := ReadM2(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WriteM2(&buf, blocks); err != nil {
			t.Fatal(err)
		}
		again, err := ReadM2(&buf, "again")
		if err != nil {
			t.Fatalf("re-reading written M2: %v", err)
		}
		if len(again) != len(blocks) {
			t.Fatalf("%d blocks, then %d", len(blocks), len(again))
		}
	})
}

func TestCorrectionField(t *testing.T) {
	in := "S a b c\nA 0 1|||U:X|||-NONE-|||REQUIRED|||-NONE-|||0\nA 1 2|||U:X||||||REQUIRED|||-NONE-|||0\nA 2 3|||R:X|||d  e||f|||REQUIRED|||-NONE-|||1\n\n"
	blocks, err := ReadM2(strings.NewReader(in), "t.m2")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range blocks[0].Edits {
		got = append(got, e.CorrectionField())
	}
	if want := []string{"-NONE-", "", "d  e||f"}; !slices.Equal(got, want) {
		t.Errorf("fields as read = %q, want %q", got, want)
	}
	e := blocks[0].Edits[1]
	e.C = []string{"g"}
	if f := e.CorrectionField(); f != "g" {
		t.Errorf("changed edit: field %q, want %q", f, "g")
	}
}

// M2 with CRLF line ends or a byte order mark reads as the same blocks as
// plain LF M2 (and writes back as read).
func TestM2LineEnds(t *testing.T) {
	lf := "S a b c\nA 1 2|||R:X|||B|||REQUIRED|||-NONE-|||0\nA 5 7|||R:X|||z|||REQUIRED|||-NONE-|||1\n\nS d\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
	want, err := ReadM2(strings.NewReader(lf), "lf.m2")
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]string{
		"crlf": strings.ReplaceAll(lf, "\n", "\r\n"),
		"bom":  "\xef\xbb\xbf" + lf,
		"both": "\xef\xbb\xbf" + strings.ReplaceAll(lf, "\n", "\r\n"),
	} {
		r := NewM2Reader(strings.NewReader(in), name)
		var got []M2Block
		for r.Scan() {
			got = append(got, *r.Block())
		}
		if r.Err() != nil || len(got) != len(want) {
			t.Fatalf("%s: %v, %d blocks", name, r.Err(), len(got))
		}
		for i := range got {
			if !slices.Equal(got[i].Source, want[i].Source) || len(got[i].Edits) != len(want[i].Edits) || got[i].SourceLine() != want[i].SourceLine() {
				t.Errorf("%s block %d: %+v, want %+v", name, i, got[i], want[i])
			}
			for j := range got[i].Edits {
				g, w := got[i].Edits[j], want[i].Edits[j]
				if g.CorrectionField() != w.CorrectionField() || g.OStart != w.OStart || g.OEnd != w.OEnd || g.Coder != w.Coder || g.Type != w.Type {
					t.Errorf("%s edit %d.%d: %+v, want %+v", name, i, j, g, w)
				}
			}
		}
		// One span passes the end of its 3-token sentence.
		if r.PastEnd != 1 || r.PastEndLine != 3 {
			t.Errorf("%s: %d spans past the end, first on line %d; want 1 on line 3", name, r.PastEnd, r.PastEndLine)
		}
		var back strings.Builder
		if err := WriteM2(&back, got); err != nil || back.String() != strings.TrimPrefix(in, "\xef\xbb\xbf") {
			t.Errorf("%s: written back as %q", name, back.String())
		}
	}
}

func TestM2ReaderErrors(t *testing.T) {
	tests := []struct{ in, msg string }{
		{"S a\x00b\n\n", "x.m2:1:4: NUL byte: in M2 line"},
		{"S a b\nA 0 1|||R|||c\x00|||REQUIRED|||-NONE-|||0\n", "x.m2:2:14: NUL byte: in M2 line"},
		{"S a\n\nS b\xff\n", "x.m2:3:4: invalid UTF-8: in M2 line"},
		{"S a\r\nX\r\n", `x.m2:2:1: malformed M2: line starts with "X", want "S ", "A ", a ChERRANT target "T0-A0 " or a blank line`},
	}
	for _, tt := range tests {
		_, err := ReadM2(strings.NewReader(tt.in), "x.m2")
		if err == nil || err.Error() != tt.msg {
			t.Errorf("%q: got %v, want %s", tt.in, err, tt.msg)
		}
	}
}

// TestM2ChangeDetected changes each field of a read edit, in place or by
// assignment, and expects the edit written in canonical form (FormatA)
// rather than as read; an edit set back to what was read, or whose
// correction tokens join to the same text, is written as read.
func TestM2ChangeDetected(t *testing.T) {
	in := "S a b  c\nA 0 1|||R:X|||d  e||f|||REQUIRED|||-NONE-|||0\nA 1 2|||U:X|||-NONE-|||REQUIRED|||-NONE-|||1\nA 2 3|||R:Y|||p  q|||REQUIRED|||-NONE-|||0\n\n"
	for _, tc := range []struct {
		name   string
		change func(b *M2Block)
		want   string // the block written back
	}{
		{"none", func(*M2Block) {}, in},
		{"start", func(b *M2Block) { b.Edits[0].OStart = 1 }, "S a b  c\nA 1 1|||R:X|||d  e||f|||REQUIRED|||-NONE-|||0\n"},
		{"end", func(b *M2Block) { b.Edits[1].OEnd = 3 }, "A 1 3|||U:X|||-NONE-|||REQUIRED|||-NONE-|||1\n"},
		{"coder", func(b *M2Block) { b.Edits[1].Coder = 2 }, "A 1 2|||U:X|||-NONE-|||REQUIRED|||-NONE-|||2\n"},
		{"type", func(b *M2Block) { b.Edits[1].Type = "U:Y" }, "A 1 2|||U:Y|||-NONE-|||REQUIRED|||-NONE-|||1\n"},
		{"required", func(b *M2Block) { b.Edits[1].Required = "-" }, "A 1 2|||U:X|||-NONE-|||-|||-NONE-|||1\n"},
		{"comment", func(b *M2Block) { b.Edits[1].Comment = "x" }, "A 1 2|||U:X|||-NONE-|||REQUIRED|||x|||1\n"},
		{"correction in place", func(b *M2Block) { b.Edits[2].C[1] = "r" }, "A 2 3|||R:Y|||p r|||REQUIRED|||-NONE-|||0\n"},
		// Tokens that join to the same correction are the same edit.
		{"correction joined alike", func(b *M2Block) { b.Edits[2].C = []string{"p q"} }, in},
		{"alternative in place", func(b *M2Block) { b.Edits[0].Alternatives[1] = "h" }, "A 0 1|||R:X|||d  e||h|||REQUIRED|||-NONE-|||0\n"},
		{"alternatives dropped", func(b *M2Block) { b.Edits[0].Alternatives = nil }, "A 0 1|||R:X|||d e|||REQUIRED|||-NONE-|||0\n"},
		{"deletion gets a token", func(b *M2Block) { b.Edits[1].C = []string{"z"} }, "A 1 2|||U:X|||z|||REQUIRED|||-NONE-|||1\n"},
		{"changed and back", func(b *M2Block) { b.Edits[1].Type = "U:Y"; b.Edits[1].Type = "U:X" }, in},
		{"source in place", func(b *M2Block) { b.Source[2] = "C" }, "S a b C\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blocks, err := ReadM2(strings.NewReader(in), "t.m2")
			if err != nil {
				t.Fatal(err)
			}
			tc.change(&blocks[0])
			var buf bytes.Buffer
			if err := WriteM2(&buf, blocks); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), tc.want) {
				t.Errorf("wrote\n%s\nwant it to hold\n%s", buf.String(), tc.want)
			}
		})
	}
}

func TestJoinedEqual(t *testing.T) {
	for _, tc := range []struct {
		parts []string
		sep   string
		s     string
	}{
		{nil, " ", ""}, {nil, " ", "a"}, {[]string{""}, " ", ""}, {[]string{"a"}, " ", "a"}, {[]string{"a"}, " ", "a "},
		{[]string{"a", "b"}, " ", "a b"}, {[]string{"a", "b"}, " ", "ab"}, {[]string{"a b"}, " ", "a b"},
		{[]string{"a", "", "b"}, "||", "a||||b"}, {[]string{"a", "b"}, "||", "a|b"}, {[]string{"ab", "c"}, "\x00", "a\x00bc"},
	} {
		if got, want := joinedEqual(tc.parts, tc.sep, tc.s), strings.Join(tc.parts, tc.sep) == tc.s; got != want {
			t.Errorf("joinedEqual(%q, %q, %q) = %v, want %v", tc.parts, tc.sep, tc.s, got, want)
		}
	}
}
