package lm

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

// tiny is a four-word model written in the GECTRI1 layout by hand:
// unigrams <s> </s> a b; bigrams "<s> a" (P .3, back-off .6) and "a b"
// (P .5, back-off .8); the trigram "<s> a b" (P .9).
func tiny() []byte {
	var b bytes.Buffer
	b.WriteString(Magic)
	uv := func(x uint64) { b.Write(binary.AppendUvarint(nil, x)) }
	f32 := func(xs ...float64) {
		for _, x := range xs {
			binary.Write(&b, binary.LittleEndian, float32(x))
		}
	}
	u16 := func(xs ...uint16) { binary.Write(&b, binary.LittleEndian, xs) }
	uv(4)
	for _, w := range []string{"<s>", "</s>", "a", "b"} {
		uv(uint64(len(w)))
		b.WriteString(w)
	}
	ln := math.Log
	f32(-99, ln(0.3), ln(0.4), ln(0.3)) // unigram P (<s> is never predicted)
	f32(ln(0.5), 0, ln(0.7), ln(0.9))   // unigram back-offs
	uv(2)                               // table size
	table := func(vals ...float64) { f32(vals...) }
	table(ln(0.5), ln(0.3)) // bigram P: index 0 .5, index 1 .3
	table(ln(0.8), ln(0.6)) // bigram back-offs
	table(ln(0.9), 0)       // trigram P
	// Bigrams, children of each word: a ← <s>; b ← a.
	uv(2)
	uv(0)
	uv(0)
	uv(1)
	uv(1)
	uv(0) // child of a: <s>
	uv(2) // child of b: a
	u16(1, 0)
	u16(1, 0)
	// Trigrams, children of each bigram node: "<s> a" none; "a b" ← <s>.
	uv(1)
	uv(0)
	uv(1)
	uv(0)
	u16(0)
	return gz(b.Bytes())
}

func TestKatzBackoff(t *testing.T) {
	m, err := Decode(tiny())
	if err != nil {
		t.Fatal(err)
	}
	s, e, a, bb := m.Lookup("<s>"), m.Lookup("</s>"), m.Lookup("a"), m.Lookup("b")
	tests := []struct {
		name    string
		u, v, w ID
		want    float64
	}{
		{"trigram", s, a, bb, 0.9},
		{"bigram, history without back-off", bb, a, bb, 0.5},
		{"bigram alone", NoWord, s, a, 0.3},
		{"unigram", NoWord, NoWord, a, 0.4},
		{"unigram times bo(b)", NoWord, bb, a, 0.4 * 0.9},
		{"unigram times bo(a) and bo(<s> a)", s, a, a, 0.4 * 0.7 * 0.6},
		{"end of sentence after b", a, bb, e, 0.3 * 0.9 * 0.8},
	}
	for _, tt := range tests {
		if got := math.Exp(m.LogProb(tt.u, tt.v, tt.w)); math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("%s: P = %.6f, want %.6f", tt.name, got, tt.want)
		}
	}
	sc, tok := m.Score([]string{"A", "b"}, nil)
	want := math.Log(0.3) + math.Log(0.9) + math.Log(0.3*0.9*0.8)
	if math.Abs(sc.LogProb-want) > 1e-6 || len(tok) != 2 || sc.Words != 2 {
		t.Errorf("Score(A b) = %+v %v, want log P %.6f", sc, tok, want)
	}
	uni := math.Log(0.4) + math.Log(0.3) + math.Log(0.3) // a, b, </s>
	if math.Abs(sc.Unigram-uni) > 1e-6 || math.Abs(sc.SLOR()-(want-uni)/3) > 1e-6 {
		t.Errorf("Score(A b): unigram %.6f, SLOR %.6f; want %.6f, %.6f", sc.Unigram, sc.SLOR(), uni, (want-uni)/3)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(tiny())
	f.Add(gz([]byte(Magic)))
	f.Add(gz([]byte(Magic + "\x04\x03<s>")))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			return
		}
		// A model that decodes scores any sentence without panicking.
		m.Score([]string{"a", "b", "xyzzy", ",", "b"}, nil)
	})
}
