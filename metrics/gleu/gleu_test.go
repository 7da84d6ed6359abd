package gleu

import (
	"crypto/md5"
	"fmt"
	"math"
	"strings"
	"testing"
)

// The expected draws were printed by CPython 2.7.18 and 3.11.7.
func TestPythonRandom(t *testing.T) {
	tests := []struct {
		name    string
		seed    int64
		n       int
		sampler Sampler
		want    string
	}{
		{"py2 seed 0", 0, 2, Python2, "[1 1 0 0 1 0 1 0 0 1 1 1 0 1 1 0 1 1 1 1]"},
		{"py2 seed 101 of 4", 101, 4, Python2, "[2 0 3 3 1 2 0 0 1 2]"},
		{"py2 seed 101 of 3", 101, 3, Python2, "[1 0 2 2 1 1 0 0 0 2]"},
		{"py3 seed 0", 0, 2, Python3, "[1 1 0 1 1 1 1 1 1 0 0 1 0 0 1 0 1 0 0 1]"},
		{"py3 seed 101 of 4", 101, 4, Python3, "[1 2 3 0 1 1 2 3 1 2]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m mt19937
			m.seed(tt.seed)
			k := 20
			if tt.n > 2 {
				k = 10
			}
			got := make([]int, k)
			for i := range got {
				got[i] = m.below(tt.n, tt.sampler)
			}
			if s := fmt.Sprint(got); s != tt.want {
				t.Errorf("draws = %s, want %s", s, tt.want)
			}
		})
	}
}

func TestPythonRandomFloat(t *testing.T) {
	var m mt19937
	m.seed(101)
	// random.seed(101); random.random() under Python 2.7 (the first of the
	// seed-101 draws above, before any randint).
	if got := m.random(); got != 0.5811521325045647 {
		t.Errorf("seed 101: random() = %v", got)
	}
	m.seed(1<<40 + 5) // a seed of two 32-bit words
	if got := m.random(); got != 0.5043802970418443 {
		t.Errorf("seed 2**40+5: random() = %v", got)
	}
	if got := m.uint32(); got != 1153647273 {
		t.Errorf("seed 2**40+5: getrandbits(32) after random() = %v", got)
	}
	m.seed(-7) // the absolute value is used
	if got := m.random(); got != 0.32383276483316237 {
		t.Errorf("seed -7: random() = %v", got)
	}
}

func TestDrawIndices(t *testing.T) {
	idx := drawIndices(3, 5, 2, Python2)
	// Iteration 0 is seed 0, whose first draws are 1 1 0 0 1.
	var first []uint8
	for i := range idx {
		first = append(first, idx[i][0])
	}
	if got := fmt.Sprint(first); got != "[1 1 0 0 1]" {
		t.Errorf("iteration 0 = %s", got)
	}
	if one := drawIndices(2, 4, 1, Python3); fmt.Sprint(one) != "[[0 0] [0 0] [0 0] [0 0]]" {
		t.Errorf("one reference: %v", one)
	}
}

func toks(lines ...string) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Fields(l)
	}
	return out
}

func TestCounts(t *testing.T) {
	src := toks("a b c d")
	ref := toks("a b x d")
	sc, err := New(src, ref)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		hyp  string
		want Counts
	}{
		// Copying the source: a, b, d match; c is in the source but not the
		// reference, so it is taken off; bigrams: "a b" matches, "b c" and
		// "c d" are penalised; trigrams: "a b c", "b c d" penalised.
		{"a b c d", Counts{4, 4, 2, 4, 0, 3, 0, 2, 0, 1}},
		{"a b x d", Counts{4, 4, 4, 4, 3, 3, 2, 2, 1, 1}},
		// Unknown tokens neither match nor are penalised.
		{"a b y d", Counts{4, 4, 3, 4, 1, 3, 0, 2, 0, 1}},
		// Clipping: "a" twice in the hypothesis, once in the reference.
		{"a a", Counts{2, 4, 1, 2, 0, 1, 0, 0, 0, 0}},
		{"", Counts{0, 4, 0, 0, 0, 0, 0, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.hyp, func(t *testing.T) {
			res, err := sc.Score(toks(tt.hyp), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Sentences[0].Refs[0]; got != tt.want {
				t.Errorf("counts = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestScore(t *testing.T) {
	c := Counts{4, 4, 4, 4, 3, 3, 2, 2, 1, 1}
	if got := Score(c); got != 1 {
		t.Errorf("perfect = %v", got)
	}
	// Brevity: reference longer than the hypothesis.
	c = Counts{4, 8, 4, 4, 3, 3, 2, 2, 1, 1}
	if got, want := Score(c), math.Exp(-1); got != want {
		t.Errorf("short = %v, want %v", got, want)
	}
	// A hypothesis longer than the reference is not penalised.
	c = Counts{8, 4, 4, 8, 3, 7, 2, 6, 1, 5}
	want := math.Exp((math.Log(4.0/8) + math.Log(3.0/7) + math.Log(2.0/6) + math.Log(1.0/5)) / 4)
	if got := Score(c); got != want {
		t.Errorf("long = %v, want %v", got, want)
	}
	if got := Score(Counts{4, 4, 2, 4, 0, 3, 0, 2, 0, 1}); got != 0 {
		t.Errorf("zero matches = %v", got)
	}
	// Smoothing turns the zeros into ones.
	want = math.Exp((math.Log(2.0/4) + math.Log(1.0/3) + math.Log(1.0/2) + math.Log(1.0/1)) / 4)
	if got := Smoothed(Counts{4, 4, 2, 4, 0, 3, 0, 2, 0, 1}); got != want {
		t.Errorf("smoothed = %v, want %v", got, want)
	}
}

func TestSummarize(t *testing.T) {
	s := Summarize([]float64{0.5, 0.5})
	if s.Mean != 0.5 || s.Std != 0 || !math.IsNaN(s.CI[0]) || !math.IsNaN(s.CI[1]) {
		t.Errorf("equal values: %+v", s)
	}
	s = Summarize([]float64{1, 3})
	if s.Mean != 2 || s.Std != 1 {
		t.Errorf("mean, std = %v, %v; want 2, 1", s.Mean, s.Std)
	}
	// scipy.stats.norm.interval(0.95, loc=2, scale=1)
	if math.Abs(s.CI[0]-0.040036015459946) > 1e-12 || math.Abs(s.CI[1]-3.959963984540054) > 1e-12 {
		t.Errorf("CI = %v", s.CI)
	}
	if got := formatSummary(s); got != "2.000000 1.000000 (0.040,3.960)" {
		t.Errorf("format = %q", got)
	}
}

func TestIterations(t *testing.T) {
	src := toks("a b c", "d e f", "g h i")
	r0 := toks("a b x", "d e f", "g y i")
	r1 := toks("a b c", "d z f", "g h i")
	sc, err := New(src, r0, r1)
	if err != nil {
		t.Fatal(err)
	}
	hyp := toks("a b x", "d z f", "g h i")
	res, err := sc.Score(hyp, Options{Iterations: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Iterations) != 7 {
		t.Fatalf("%d iterations", len(res.Iterations))
	}
	// Recompute every iteration from the draws.
	idx := drawIndices(7, 3, 2, Python2)
	var mean Counts
	for j := 0; j < 7; j++ {
		var sum Counts
		for i := range hyp {
			sum = sum.Add(res.Sentences[i].Refs[idx[i][j]])
		}
		if got := Score(sum); got != res.Iterations[j] {
			t.Errorf("iteration %d = %v, want %v", j, res.Iterations[j], got)
		}
		mean = mean.Add(sum)
	}
	c := res.Corpus()
	sum := c.Total()
	var m [len(Counts{})]float64
	for i, v := range mean {
		m[i] = float64(v) / 7
	}
	if want := scoreFloat(m[:]); math.Abs(sum-want) > 1e-12 {
		t.Errorf("Corpus().Total() = %v, want GLEU of the mean counts %v", sum, want)
	}
	if _, err := sc.Score(hyp[:2], Options{}); err == nil {
		t.Error("Score of 2 sentences for 3 sources: no error")
	}
	if _, err := New(src, r0[:1]); err == nil {
		t.Error("New with a short reference: no error")
	}
	if _, err := New(src); err == nil {
		t.Error("New with no reference: no error")
	}
}

func TestWriteSentences(t *testing.T) {
	sc, err := New(toks("a b c d"), toks("a b x d"), toks("a b c d"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Score(toks("a b x d"), Options{Iterations: 3})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteSentences(&b, res); err != nil {
		t.Fatal(err)
	}
	// Against ref0 the hypothesis is perfect (1); against ref1 (the source
	// itself) x is unmatched: smoothed counts 4 4 3 4 1 3 1 2 1 1.
	s1 := math.Exp((math.Log(3.0/4) + math.Log(1.0/3) + math.Log(1.0/2)) / 4)
	mean := (0 + 1 + s1) / 2
	lines := strings.Split(b.String(), "\n")
	if want := fmt.Sprintf("0 %.6f %.6f", mean, (1-s1)/2); !strings.HasPrefix(lines[3], want) {
		t.Errorf("sentence line %q, want prefix %q", lines[3], want)
	}
	if lines[1] != "===== Sentence-level scores =====" || lines[5] != "==== Overall score =====" {
		t.Errorf("layout:\n%s", b.String())
	}
}

// TestDrawsMatchCPython compares whole draw matrices (500 iterations) with
// CPython's: the MD5 of the draws as digits, iteration by iteration, as
// printed by CPython 2.7.18 (random.seed(j*101); randint(0, refs-1) per
// sentence) and by CPython 3.11.7 for the Python3 sampler.
func TestDrawsMatchCPython(t *testing.T) {
	tests := []struct {
		s       Sampler
		refs, n int
		want    string
	}{
		{Python2, 2, 1312, "28fcbf481fd48b7f005b90714ed13a2f"},
		{Python2, 4, 754, "f52134266f886e837e9f906a39e7c2e1"},
		{Python2, 3, 100, "32f06576927838209b3d8f2b0207c6b2"},
		{Python3, 2, 1312, "acf13217a3b296ee23b16b2fa7c8a3f5"},
		{Python3, 4, 754, "0bebe67b8c3fe52f24550eeccf195996"},
		{Python3, 3, 100, "f87f8a853306255e3cf1527183018e97"},
	}
	for _, tt := range tests {
		idx := drawIndices(500, tt.n, tt.refs, tt.s)
		h := md5.New()
		row := make([]byte, tt.n)
		for j := 0; j < 500; j++ {
			for i := range row {
				row[i] = '0' + idx[i][j]
			}
			h.Write(row)
		}
		if got := fmt.Sprintf("%x", h.Sum(nil)); got != tt.want {
			t.Errorf("%v, %d refs, %d sentences: draws hash to %s, CPython's to %s", tt.s, tt.refs, tt.n, got, tt.want)
		}
	}
}
