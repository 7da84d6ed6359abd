package en

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// tok annotates s (space-separated tokens) and returns token i.
func annotated(t *testing.T, s string) []edits.Token {
	t.Helper()
	return New().Annotate(strings.Fields(s)).Tokens
}

func TestAnnotateKeepsTokens(t *testing.T) {
	in := []string{"Hello", "WORLD", "(", "n't", "", "x"}
	s := New().Annotate(in)
	if s.Len() != len(in) {
		t.Fatalf("Len = %d, want %d", s.Len(), len(in))
	}
	for i, tk := range s.Tokens {
		if tk.Text != in[i] {
			t.Errorf("token %d = %q, want %q", i, tk.Text, in[i])
		}
		if tk.Tag == "" || tk.POS == "" || tk.Dep == "" {
			t.Errorf("token %d %q not fully annotated: %+v", i, in[i], tk)
		}
	}
	if s.Tokens[1].Lower != "world" {
		t.Errorf("Lower = %q, want world", s.Tokens[1].Lower)
	}
	if got := New().Annotate(nil); got.Len() != 0 {
		t.Errorf("Annotate(nil) has %d tokens", got.Len())
	}
}

func TestCoarsePOS(t *testing.T) {
	tests := []struct {
		tag, word, want string
	}{
		{"VBZ", "runs", "VERB"},
		{"VBZ", "is", "AUX"},
		{"VBZ", "Is", "AUX"}, // title case matches spaCy's rules
		{"VBZ", "IS", "VERB"},
		{"VBD", "was", "AUX"},
		{"VBD", "went", "VERB"},
		{"VB", "have", "AUX"},
		{"VB", "get", "AUX"},
		{"VBZ", "has", "AUX"},
		{"MD", "will", "AUX"},
		{"PRP$", "their", "DET"},
		{"WP$", "whose", "DET"},
		{"PRP", "they", "PRON"},
		{"DT", "the", "DET"},
		{"DT", "this", "PRON"},
		{"WDT", "which", "PRON"},
		{"IN", "of", "ADP"},
		{"IN", "during", "ADP"},
		{"RB", "n't", "PART"},
		{"RB", "not", "PART"},
		{"RB", "very", "ADV"},
		{"TO", "to", "PART"},
		{"POS", "'s", "PART"},
		{"RP", "up", "ADP"},
		{"NNP", "John", "PROPN"},
		{"NN", "nothing", "PRON"},
		{"NN", "house", "NOUN"},
		{"CC", "and", "CCONJ"},
		{"CD", "10", "NUM"},
		{"-LRB-", "(", "PUNCT"},
		{"HYPH", "-", "PUNCT"},
		{"EX", "there", "PRON"},
		{"UH", "oh", "INTJ"},
		{"BOGUS", "x", "X"},
	}
	for _, tt := range tests {
		if got := coarsePOS(tt.tag, tt.word, lower(tt.word)); got != tt.want {
			t.Errorf("coarsePOS(%s, %q) = %s, want %s", tt.tag, tt.word, got, tt.want)
		}
	}
}

func TestLemma(t *testing.T) {
	tests := []struct {
		tag, word, want string
	}{
		{"VBD", "went", "go"},
		{"NNS", "children", "child"},
		{"NNS", "mice", "mouse"},
		{"VBG", "running", "run"},
		{"VBG", "making", "make"},
		{"VBD", "walked", "walk"},
		{"VBZ", "carries", "carry"},
		{"VBD", "was", "be"},
		{"VBD", "were", "be"},
		{"VBZ", "is", "be"},
		{"VBZ", "'s", "be"},
		{"VBP", "'m", "be"},
		{"VBN", "been", "be"},
		{"VBG", "being", "be"},
		{"VBZ", "has", "have"},
		{"VBD", "did", "do"},
		{"POS", "'s", "'s"},
		{"RB", "n't", "n't"}, // spaCy's tokenizer exceptions do not apply to given tokens
		{"MD", "ca", "ca"},
		{"MD", "Will", "will"},
		{"JJS", "best", "good"},
		{"JJR", "worse", "bad"},
		{"JJR", "better", "well"}, // spaCy puts the last exception first; ERRANT's good→better is R:ADJ
		{"JJR", "bigger", "big"},
		{"JJR", "happier", "happy"},
		{"JJ", "better", "better"}, // JJ is a base form: lower-cased, not lemmatised
		{"NN", "Mice", "mice"},
		{"NN", "Dogs", "dogs"},
		{"NNS", "Dogs", "dog"},
		{"NNS", "leaves", "leave"},
		{"NNS", "boxes", "box"},
		{"NNS", "xyzzies", "xyzzie"}, // unknown: the first rule's form
		{"NNS", "data", "datum"},
		{"NNP", "London", "London"},
		{"NNPS", "Americans", "Americans"},
		{"PRP", "I", pronLemma},
		{"PRP", "They", pronLemma},
		{"PRP", "THEY", "they"},
		{"PRP", "i", "i"},
		{"PRP$", "my", pronLemma},
		{"PRP$", "Their", pronLemma},
		{"DT", "The", "the"},
		{"RB", "Quickly", "quickly"},
		{"``", "“", `"`},
		{".", ".", "."},
		{"CD", "3", "3"},
		{"VBN", "co-operated", "co-operate"},
	}
	for _, tt := range tests {
		if got := lemmaOf(tt.tag, tt.word, lower(tt.word)); got != tt.want {
			t.Errorf("lemmaOf(%s, %q) = %q, want %q", tt.tag, tt.word, got, tt.want)
		}
	}
}

func TestTags(t *testing.T) {
	tests := []struct {
		sent string
		i    int
		tag  string
	}{
		{"He said ( really ) so .", 2, "-LRB-"},
		{"He said ( really ) so .", 4, "-RRB-"},
		{"He said -LRB- really -RRB- so .", 2, "-LRB-"},
		{`He said " yes " .`, 2, "``"},
		{`He said " yes " .`, 4, "''"},
		{"He said yes ... and no .", 3, ":"},
		{"a well - known fact", 2, "HYPH"},
		{"I do n't know .", 2, "RB"},
		{"It 's John 's car .", 1, "VBZ"},
		{"It 's John 's car .", 3, "POS"},
		{"We meet at 5 ** .", 4, "NFP"},
		{"Really ?!", 1, "."},
		{"It ended .There are more .", 2, "."},
	}
	for _, tt := range tests {
		toks := annotated(t, tt.sent)
		if got := toks[tt.i].Tag; got != tt.tag {
			t.Errorf("%q: token %d %q tagged %s, want %s", tt.sent, tt.i, toks[tt.i].Text, got, tt.tag)
		}
		if isPunctTag(tt.tag) && tt.tag != "$" && toks[tt.i].POS != "PUNCT" {
			t.Errorf("%q: token %d %q has POS %s, want PUNCT", tt.sent, tt.i, toks[tt.i].Text, toks[tt.i].POS)
		}
	}
}

func TestDecimalIsNotPunctuation(t *testing.T) {
	toks := annotated(t, "It costs .5 dollars .")
	if toks[2].POS == "PUNCT" {
		t.Errorf(".5 tagged %s (POS %s), want a number", toks[2].Tag, toks[2].POS)
	}
}

func TestDeps(t *testing.T) {
	tests := []struct {
		sent string
		deps string // one label per token
	}{
		{"The children were running to the shop .",
			"det nsubj aux ROOT prep det pobj punct"},
		{"It has been shown that this is true .",
			"nsubjpass aux auxpass ROOT mark nsubj ccomp acomp punct"},
		{"They wanted to eat their lunch quickly .",
			"nsubj ROOT aux xcomp poss dobj advmod punct"},
		{"I do n't think it 's John 's car .",
			"nsubj aux neg ROOT nsubj ccomp poss case attr punct"},
		{"She gave up the big red ball .",
			"nsubj ROOT prt det amod amod dobj punct"},
		{"The house was destroyed by them .",
			"det nsubjpass auxpass ROOT prep pobj punct"},
		{"He will go .",
			"nsubj aux ROOT punct"},
		{"Do you know him ?",
			"aux nsubj ROOT dobj punct"},
		{"The news got circulated .",
			"det nsubjpass auxpass ROOT punct"},
	}
	for _, tt := range tests {
		toks := annotated(t, tt.sent)
		want := strings.Fields(tt.deps)
		if len(want) != len(toks) {
			t.Fatalf("%q: %d labels for %d tokens", tt.sent, len(want), len(toks))
		}
		var got []string
		for _, tk := range toks {
			got = append(got, tk.Dep)
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%q:\n got %s\nwant %s", tt.sent, strings.Join(got, " "), tt.deps)
		}
	}
}

func TestInvertedAuxiliary(t *testing.T) {
	toks := annotated(t, "What are you going to do ?")
	if toks[1].Dep != "aux" {
		t.Errorf("are in \"are you going\" labelled %s, want aux", toks[1].Dep)
	}
	toks = annotated(t, "The feeling of are you going to leave .")
	if toks[3].Dep != "aux" {
		t.Errorf("are in \"of are you going\" labelled %s, want aux", toks[3].Dep)
	}
}

func TestAuxHeads(t *testing.T) {
	s := New().Annotate(strings.Fields("It has not been shown yet and it will be ."))
	// It has not been shown yet and it will be .
	// 0  1   2   3    4     5   6   7  8    9  10
	if h := auxHead(s, 1); h != 4 {
		t.Errorf("auxHead(has) = %d, want 4", h)
	}
	if h := auxHead(s, 3); h != 4 {
		t.Errorf("auxHead(been) = %d, want 4", h)
	}
	if got := auxChildren(s, 4); len(got) != 2 || got[0] != 1 || got[1] != 3 {
		t.Errorf("auxChildren(shown) = %v, want [1 3]", got)
	}
	if h := auxHead(s, 4); h != -1 {
		t.Errorf("auxHead(shown) = %d, want -1 (not an auxiliary)", h)
	}
	if h := auxHead(s, 8); h != 9 {
		t.Errorf("auxHead(will) = %d, want 9", h)
	}
	if got := auxChildren(s, 0); got != nil {
		t.Errorf("auxChildren(It) = %v, want none", got)
	}
}

func TestPyTitle(t *testing.T) {
	for in, want := range map[string]string{"they": "They", "n't": "N'T", "i'd": "I'D", "w/out": "W/Out", "": ""} {
		if got := pyTitle(in); got != want {
			t.Errorf("pyTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAnnotateConcurrent(t *testing.T) {
	sents := []string{"The cats sat on the mat .", "I was n't there ."}
	want := make([]*edits.Sentence, len(sents))
	for i, s := range sents {
		want[i] = New().Annotate(strings.Fields(s))
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			for k := 0; k < 50; k++ {
				i := k % len(sents)
				got := New().Annotate(strings.Fields(sents[i]))
				// A correction of the other sentence, annotated from it
				// (AnnotateCorrection), shared by all goroutines.
				corr := New().AnnotateCorrection(want[1-i], strings.Fields(sents[i]))
				for j := range got.Tokens {
					if got.Tokens[j] != want[i].Tokens[j] || corr.Tokens[j] != want[i].Tokens[j] {
						t.Errorf("concurrent Annotate differs at %d: %+v, %+v vs %+v", j, got.Tokens[j], corr.Tokens[j], want[i].Tokens[j])
					}
				}
			}
			done <- true
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}

// readSentences reads a tokenised text file, one sentence a line.
func readSentences(tb testing.TB, path string) [][]string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		out = append(out, strings.Fields(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// BenchmarkAnnotate annotates the CoNLL-2014 test sources on one
// goroutine. sent/s is wall-clock throughput; sent/cpu-s divides by the CPU
// time the process used, which stays meaningful when other work shares the
// machine (run with -cpu 1 so the garbage collector stays on the same core
// budget).
func BenchmarkAnnotate(b *testing.B) {
	sents := readSentences(b, testdata.Dir(b, "conll14-errant", "text", "source.txt"))
	l := New()
	l.Annotate(sents[0]) // load the model and tables outside the timing
	b.ResetTimer()
	n := 0
	cpu0 := cpuTime()
	for b.Loop() {
		for _, s := range sents {
			l.Annotate(s)
		}
		n += len(sents)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "sent/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), "sent/cpu-s")
	}
}

func ExampleLanguage_Annotate() {
	s := New().Annotate([]string{"The", "children", "went", "home", "."})
	for _, t := range s.Tokens {
		fmt.Println(t.Text, t.Tag, t.POS, t.Lemma, t.Dep)
	}
	// Output:
	// The DT DET the det
	// children NNS NOUN child nsubj
	// went VBD VERB go ROOT
	// home NN NOUN home dobj
	// . . PUNCT . punct
}
