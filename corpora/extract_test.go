package corpora

import (
	"context"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits/generic"
)

func TestExtractParallel(t *testing.T) {
	p := writeTestFiles(t, map[string]string{
		"src.txt": "a b c\n\nd e\nf g\n",
		"t0.txt":  "a b c\n\nd x\nf  g\n",
		"t1.txt":  "a c\n\nd e\nf g h\n",
	})
	opt := ExtractOptions{Lang: generic.New("xx"), Batch: 2}
	var out strings.Builder
	mw := NewM2Writer(&out)
	done := 0
	opt.Progress = func(n int) { done = n }
	err := ExtractParallel(context.Background(), p("src.txt"), []string{p("t0.txt"), p("t1.txt")}, opt, func(b *M2Block) error {
		mw.Write(b)
		return nil
	})
	if err != nil || mw.Flush() != nil {
		t.Fatal(err)
	}
	// The empty line gives no block; "f  g" differs from "f g" only in
	// spacing: no edit line; an unchanged target: noop.
	want := "S a b c\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\nA 1 2|||U:OTHER||||||REQUIRED|||-NONE-|||1\n\n" +
		"S d e\nA 1 2|||R:OTHER|||x|||REQUIRED|||-NONE-|||0\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n\n" +
		"S f g\nA 2 2|||M:OTHER|||h|||REQUIRED|||-NONE-|||1\n\n"
	if out.String() != want || done != 4 {
		t.Errorf("got (progress %d)\n%s\nwant\n%s", done, out.String(), want)
	}

	// Retyping keeps the spans; a line that comes out as read stays.
	m2 := writeTestFiles(t, map[string]string{"x.m2": want + "S u v\nA 0 1|||X|||w|||REQUIRED|||-NONE-|||3\n"})
	var again strings.Builder
	mw = NewM2Writer(&again)
	err = RedoM2(context.Background(), m2("x.m2"), true, opt, func(b *M2Block) error { mw.Write(b); return nil })
	if err != nil || mw.Flush() != nil {
		t.Fatal(err)
	}
	if w := want + "S u v\nA 0 1|||R:OTHER|||w|||REQUIRED|||-NONE-|||3\n"; again.String() != w {
		t.Errorf("reclassified:\n%s\nwant\n%s", again.String(), w)
	}
	err = RedoM2(context.Background(), m2("x.m2"), true, ExtractOptions{Lang: opt.Lang, MaxTokens: 1}, func(*M2Block) error { return nil })
	if err == nil || err.Error() != m2("x.m2")+":1: sentence too long: 3 tokens, more than the limit of 1" {
		t.Errorf("max tokens: %v", err)
	}
}
