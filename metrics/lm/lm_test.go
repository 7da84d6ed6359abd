package lm

import (
	"math"
	"strings"
	"testing"
)

func model(tb testing.TB) *Model {
	tb.Helper()
	m, err := Default()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func sentence(m *Model, s string) Score {
	sc, _ := m.Score(strings.Fields(s), nil)
	return sc
}

// TestPairs checks that a grammatical sentence scores higher than the same
// sentence with one learner error (whole-sentence log probability: the
// pairs have the same number of words).
func TestPairs(t *testing.T) {
	m := model(t)
	pairs := []struct{ good, bad string }{
		{"he goes home", "he go home"},
		{"i have a book", "i has a book"},
		{"it depends on the weather", "it depends of the weather"},
		{"there are many people", "there is many people"},
		{"She has lived here for three years .", "She has lived here since three years ."},
		{"I am interested in music .", "I am interesting in music ."},
		{"They did n't go to school yesterday .", "They did n't went to school yesterday ."},
		{"He is an honest man .", "He is a honest man ."},
		{"We discussed the problem .", "We discussed about the problem ."},
		{"I look forward to hearing from you .", "I look forward to hear from you ."},
		{"The children were playing outside .", "The childs were playing outside ."},
		{"She can swim very well .", "She can swims very well ."},
		{"This is the best book I have ever read .", "This is the most good book I have ever read ."},
		{"Where do you live ?", "Where you do live ?"},
	}
	for _, p := range pairs {
		g, b := sentence(m, p.good), sentence(m, p.bad)
		if !(g.LogProb > b.LogProb) {
			t.Errorf("%q (%.2f) should beat %q (%.2f)", p.good, g.LogProb, p.bad, b.LogProb)
		}
	}
}

// TestSphinxValues checks log probabilities against sphinxbase's own
// sphinx_lm_eval (units of log 1.0001, rounded to integers by the tool).
func TestSphinxValues(t *testing.T) {
	m := model(t)
	tests := []struct {
		u, v, w string
		want    float64
	}{
		{"", "", "he", -52977},
		{"", "he", "goes", -52921},
		{"he", "goes", "home", -42612},
		{"i", "has", "a", -22350},
		{"it", "depends", "of", -61089},
		{"", "<s>", "he", -39791},
		{"goes", "home", "</s>", -17545},
	}
	id := func(w string) ID {
		if w == "" {
			return NoWord
		}
		return m.Lookup(w)
	}
	for _, tt := range tests {
		got := m.LogProb(id(tt.u), id(tt.v), id(tt.w)) / math.Log(1.0001)
		if math.Abs(got-tt.want) > 1.5 {
			t.Errorf("log P(%s | %s %s) = %.1f, sphinx_lm_eval %.0f", tt.w, tt.u, tt.v, got, tt.want)
		}
	}
	// "he goes home" between <s> and </s>: sphinx_lm_eval's -154503 plus
	// P(</s>|goes home) is all of it.
	s := sentence(m, "He goes home .")
	if got := s.LogProb / math.Log(1.0001); math.Abs(got-(-154503)) > 4 {
		t.Errorf("<s> he goes home </s> = %.1f, sphinx_lm_eval -154503", got)
	}
}

func TestNormalization(t *testing.T) {
	m := model(t)
	tests := []struct {
		in         string
		words, oov int
		scored     []bool // per token: a non-zero log probability
	}{
		{"I do n't know .", 3, 0, []bool{true, true, false, true, false}},
		{"It 's 5 o'clock", 2, 0, []bool{true, false, false, true}},
		{"A well-written xyzzyq essay", 5, 1, []bool{true, true, true, true}},
		{"Mr. Smith ca n't come", 4, 0, []bool{true, true, true, false, true}},
		{"Don’t WORRY", 2, 0, []bool{true, true}},
	}
	for _, tt := range tests {
		toks := strings.Fields(tt.in)
		s, lp := m.Score(toks, nil)
		if s.Words != tt.words || s.OOV != tt.oov {
			t.Errorf("%q: %d words, %d OOV; want %d, %d", tt.in, s.Words, s.OOV, tt.words, tt.oov)
		}
		sum := s.End
		for i, x := range lp {
			sum += x
			if (x != 0) != tt.scored[i] {
				t.Errorf("%q: token %q log prob %v", tt.in, toks[i], x)
			}
		}
		if math.Abs(sum-s.LogProb) > 1e-9 || s.MinLogProb > s.Mean() || s.Unigram >= 0 {
			t.Errorf("%q: token log probs sum to %v, score %+v", tt.in, sum, s)
		}
	}
	if w, ok := m.Normalize("Weather"); w != "weather" || !ok {
		t.Errorf("Normalize(Weather) = %q, %v", w, ok)
	}
	if w, ok := m.Normalize(","); w != "" || ok {
		t.Errorf("Normalize(,) = %q, %v", w, ok)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, data := range [][]byte{nil, []byte("not gzip"), gz([]byte("GECTRI0\n")), gz([]byte(Magic + "\x05"))} {
		if _, err := Decode(data); err == nil {
			t.Errorf("Decode(%q): no error", data)
		}
	}
}

func BenchmarkScore25(b *testing.B) {
	m := model(b)
	toks := strings.Fields("In my opinion , the government should spend more money on public transport because many people can not afford to buy a car in the city .")
	var lp []float64
	b.ReportAllocs()
	for b.Loop() {
		_, lp = m.Score(toks, lp)
	}
}

func BenchmarkDecode(b *testing.B) {
	for b.Loop() {
		if _, err := Decode(embedded()); err != nil {
			b.Fatal(err)
		}
	}
}

func TestWords(t *testing.T) {
	m := model(t)
	toks := strings.Fields("I do n't know , 5 xyzzyq cats")
	ids := m.Words(toks, nil)
	want := []string{"i", "don't", "", "know", "", "#", "#", "cats"}
	for i, id := range ids {
		got := ""
		switch id {
		case Skip:
		case NoWord:
			got = "#"
		default:
			got = m.Word(id)
		}
		if got != want[i] {
			t.Errorf("token %d %q: %q, want %q", i, toks[i], got, want[i])
		}
	}
}

// TestOOVLogProb checks that a word outside the vocabulary costs what the
// least likely word does, not the placeholder -99 (log10) that ARPA files
// give <s>: with it, one misspelling weighed as much as ten unlikely words
// and swamped every mean over the sentence.
func TestOOVLogProb(t *testing.T) {
	m := model(t)
	oov := m.OOVLogProb()
	if oov < -30 || oov > -15 {
		t.Errorf("OOV log prob %.3f, want the least likely word's (-21.805 for the CMU model)", oov)
	}
	// "xyzzyq" is an OOV; "home" is a word the model has at the same
	// place. The OOV's cost stays within that of a very unlikely word.
	in, out := sentence(m, "he goes home today"), sentence(m, "he goes xyzzyq today")
	if out.OOV != 1 || out.MinLogProb != oov || in.LogProb-out.LogProb > 30 {
		t.Errorf("OOV sentence %+v against %+v: want one OOV at %.3f costing under 30 nats", out, in, oov)
	}
}
