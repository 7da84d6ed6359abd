package fluency

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"math"
	"strings"
	"testing"
)

func TestSplitWord(t *testing.T) {
	tests := []struct{ in, want string }{
		{"I don't know", "i do n't know"},
		{"She can't go", "she can n't go"},
		{"John's book costs 12 dollars", "john 's book costs <num> dollars"},
		{"`` Yes '' , they'll say", `" yes " , they 'll say`},
		{"It ca n't be", "it can n't be"},
	}
	for _, tt := range tests {
		var got []string
		for _, w := range Split(strings.Fields(tt.in)) {
			got = append(got, Word(w))
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%q → %q, want %q", tt.in, g, tt.want)
		}
	}
}

// TestModelPrefersFluent checks on pairs written for this test that a
// grammatical sentence scores higher than a scrambled or broken one.
func TestModelPrefersFluent(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	pairs := []struct{ good, bad string }{
		{"He has been working here for three years .", "He have been work here since three year ."},
		{"The children were playing in the garden .", "The garden in playing were children the ."},
		{"I agree with this opinion .", "I am agree with this opinion ."},
		{"There are many reasons why people move .", "There is many reason why people moves ."},
		{"She is interested in music .", "She interested is music in ."},
	}
	for _, p := range pairs {
		g := m.Score(strings.Fields(p.good))
		b := m.Score(strings.Fields(p.bad))
		if !(g.WordLogProb > b.WordLogProb) {
			t.Errorf("word model: %q (%.3f) should beat %q (%.3f)", p.good, g.WordLogProb, p.bad, b.WordLogProb)
		}
		if g.Tokens != len(strings.Fields(p.good)) {
			t.Errorf("%q: %d tokens", p.good, g.Tokens)
		}
	}
	s := m.Score(strings.Fields("The xyzzyq frobnicated ."))
	if s.Unknown != 2 {
		t.Errorf("unknown words = %d, want 2", s.Unknown)
	}
	if s.WordLogProb >= 0 || math.IsNaN(s.TagLogProb) || s.MinTagLogProb > s.TagLogProb {
		t.Errorf("bad score %+v", s)
	}
}

// TestProbabilitiesSumToOne checks that the smoothed distributions are
// proper: summed over the vocabulary, P(w | h) is 1 for seen and unseen
// histories.
func TestProbabilitiesSumToOne(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range [][]uint64{{idStart}, {m.words.id("the")}, {m.words.id("<unk>")}} {
		sum := 0.0
		for id := range uint64(m.words.vocab) {
			if id == idStart {
				continue
			}
			sum += m.words.prob(h, id)
		}
		if math.Abs(sum-1) > 0.02 {
			t.Errorf("history %v: probabilities sum to %v", h, sum)
		}
	}
}

func BenchmarkScore(b *testing.B) {
	m, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	toks := strings.Fields("The children were playing in the garden when it started to rain .")
	b.ResetTimer()
	for range b.N {
		m.Score(toks)
	}
}

func BenchmarkDecode(b *testing.B) {
	for range b.N {
		if _, err := Decode(browndataModel()); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzReadModel checks that a corrupt model table is an error, never a
// panic or an allocation beyond the input's size.
func FuzzReadModel(f *testing.F) {
	zr, err := gzip.NewReader(bytes.NewReader(browndataModel()))
	if err != nil {
		f.Fatal(err)
	}
	head := make([]byte, 4096)
	if _, err := io.ReadFull(zr, head); err != nil {
		f.Fatal(err)
	}
	f.Add(head[len(modelMagic):]) // the word table's start
	f.Add([]byte{2, 3, 4, 1, 'a', 1, 'b', 1, 'c', 1, 'd', 2, 1, 5, 1, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := readModel(bufio.NewReader(bytes.NewReader(data)))
		if err == nil {
			m.prob([]uint64{0, 1, 2}, 3)
		}
	})
}
