package pipeline

import (
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
)

// scanM2 cuts a file into the blocks corpora.ReadM2 reads, with their S
// lines' numbers and annotator ids.
func TestScanM2(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		at       []int64
		coders   [][]int
		err      string
	}{
		{"two blocks", "S a b\nA 0 1|||R:NOUN|||c|||REQUIRED|||-NONE-|||0\nA 0 1|||R:NOUN|||d|||REQUIRED|||-NONE-|||3\n\nS c\n\n", []int64{1, 5}, [][]int{{0, 3}, nil}, ""},
		{"leading blanks, CRLF", "\n\r\nS a\r\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\r\n", []int64{3}, [][]int{{1}}, ""},
		{"no blank before S", "S a\nS b\n", nil, nil, "f.m2:2:"},
		{"text before S", "x\nS a\n", nil, nil, "f.m2:1:"},
		{"bad UTF-8", "S a\xff\n", nil, nil, "f.m2:1:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var at []int64
			var coders [][]int
			err := scanM2(strings.NewReader(tc.in), "f.m2", func(a int64, text string, cs []int) {
				at = append(at, a)
				coders = append(coders, append([]int(nil), cs...))
				if _, err := corpora.ReadM2(strings.NewReader(text), "f.m2"); err != nil {
					t.Errorf("block at %d does not parse: %v", a, err)
				}
			})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one naming %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(at) != len(tc.at) {
				t.Fatalf("blocks at %v, want %v", at, tc.at)
			}
			for i := range at {
				if at[i] != tc.at[i] || len(coders[i]) != len(tc.coders[i]) {
					t.Errorf("block %d at %d coders %v, want at %d coders %v", i, at[i], coders[i], tc.at[i], tc.coders[i])
				}
			}
		})
	}
}

// FuzzScanM2: on any input scanM2 either fails or cuts exactly the blocks
// corpora.ReadM2 finds, and never panics.
func FuzzScanM2(f *testing.F) {
	f.Add("S a b\nA 0 1|||R:NOUN|||c|||REQUIRED|||-NONE-|||0\n\nS c\n\n")
	f.Add("\nS a\r\n\r\nS b")
	f.Fuzz(func(t *testing.T, in string) {
		want, werr := corpora.ReadM2(strings.NewReader(in), "f")
		n := 0
		err := scanM2(strings.NewReader(in), "f", func(int64, string, []int) { n++ })
		if err == nil && werr == nil && n != len(want) {
			t.Fatalf("%d blocks, ReadM2 %d", n, len(want))
		}
	})
}

// scanText reads lines as corpora.ReadText does.
func TestScanText(t *testing.T) {
	in := "\xef\xbb\xbfa b\r\n\nc"
	var got []string
	if err := scanText(strings.NewReader(in), "f", func(_ int64, l string) { got = append(got, l) }); err != nil {
		t.Fatal(err)
	}
	want, _ := corpora.ReadText(strings.NewReader(in), "f")
	if strings.Join(got, "|") != strings.Join(want.Lines, "|") {
		t.Errorf("lines %q, ReadText %q", got, want.Lines)
	}
	if err := scanText(strings.NewReader("ok\nbad \xff\n"), "f.txt", func(int64, string) {}); err == nil || !strings.Contains(err.Error(), "f.txt:2") {
		t.Errorf("invalid UTF-8: error %v, want one at f.txt:2", err)
	}
}
