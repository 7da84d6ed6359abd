package en

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/jdkato/prose/v3/tag"
)

var proseTagger = sync.OnceValues(func() (*tag.Tagger, error) { return tag.New(tag.WithLexicon(tag.Lexicon(lexicon))) })

// proseTags tags tokens with prose's own tagger and our lexicon: the
// oracle for perceptron.go.
func proseTags(t testing.TB, tokens []string) []string {
	t.Helper()
	tg, err := proseTagger()
	if err != nil {
		t.Fatal(err)
	}
	toks := make([]tag.Token, len(tokens))
	for i, w := range tokens {
		toks[i].Text = w
	}
	tg.TagTokens(toks)
	tags := make([]string, len(toks))
	for i := range toks {
		tags[i] = toks[i].Tag
	}
	return tags
}

func ourTags(t testing.TB, tokens []string) []string {
	t.Helper()
	m, err := model()
	if err != nil {
		t.Fatal(err)
	}
	return m.tagSentence(tokens)
}

// sameTags compares both taggers on one sentence and reports whether they
// agree.
func sameTags(t testing.TB, tokens []string) bool {
	t.Helper()
	want, got := proseTags(t, tokens), ourTags(t, tokens)
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%q: token %d %q tagged %q, prose %q", strings.Join(tokens, " "), i, tokens[i], got[i], want[i])
			return false
		}
	}
	return true
}

// corpusSentences reads the tokenised sentences of every CoNLL-2014 and
// JFLEG text file: sources, system outputs and references.
func corpusSentences(t testing.TB) [][]string {
	var files []string
	conll := testdata.Dir(t, "conll14-errant", "text")
	for _, f := range []string{"source", "AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "ref0", "ref1"} {
		files = append(files, filepath.Join(conll, f+".txt"))
	}
	jfleg := testdata.Dir(t, "jfleg")
	for _, split := range []string{"dev", "test"} {
		for _, f := range []string{"src", "spellchecked.src", "ref0", "ref1", "ref2", "ref3"} {
			files = append(files, filepath.Join(jfleg, split, split+"."+f))
		}
	}
	var sents [][]string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			sents = append(sents, strings.Fields(sc.Text()))
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return sents
}

// TestPerceptronMatchesProse tags every sentence of CoNLL-2014 (source,
// six systems, two references) and JFLEG (sources and four references,
// dev and test), and 20,000 sentences made by mutating them, with
// perceptron.go and with prose's tagger, and finds the same tag on every
// token.
func TestPerceptronMatchesProse(t *testing.T) {
	sents := corpusSentences(t)
	tokens := 0
	for _, s := range sents {
		tokens += len(s)
		if !sameTags(t, s) && t.Failed() {
			return
		}
	}
	// Mutations: words from the corpus in new orders and casings, with the
	// tokens prose passes through unscored and the ones its normalisation
	// rewrites.
	var vocab []string
	for _, s := range sents {
		vocab = append(vocab, s...)
	}
	odd := []string{"-", "--", ":-)", "xD", "@user", "@", "*", "*T*-1", "*-12", "*?*", "0", "00", "-LRB-",
		"-RRB-", "-NONE-", "1999", "+123", "-123", "12a", "well-known", "-x", "", " ", "a b", "ÅNGSTRÖM",
		"İstanbul", "ǅ", "ﬁ", "!HYPHEN", "-START-", "-END-", "NN", "i", "I", "Nowadays", "NOWADAYS",
		"His/Her", "é", "\xff", "ing", "s", "'s", "n't"}
	r := rand.New(rand.NewPCG(12, 2014))
	for range 20000 {
		n := 1 + r.IntN(30)
		s := make([]string, n)
		for i := range s {
			switch r.IntN(10) {
			case 0:
				s[i] = odd[r.IntN(len(odd))]
			case 1:
				s[i] = strings.ToUpper(vocab[r.IntN(len(vocab))])
			case 2:
				w := vocab[r.IntN(len(vocab))]
				s[i] = strings.ToUpper(w[:1]) + w[1:]
			default:
				s[i] = vocab[r.IntN(len(vocab))]
			}
		}
		tokens += n
		if !sameTags(t, s) && t.Failed() {
			return
		}
	}
	t.Logf("%d corpus sentences and 20,000 mutated ones, %d tokens: all tags identical", len(sents), tokens)
}

// FuzzPerceptron checks perceptron.go against prose's tagger on any
// space-separated tokens.
func FuzzPerceptron(f *testing.F) {
	for _, s := range []string{
		"The children were n't running to the shop .",
		"( “ quoted ” ) -- ... ?! .There $ 5 % & # :-) @x *T*-1 -LRB- 1999 well-known",
		"nowadays Towards THEMSELVES his/her",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sameTags(t, strings.Split(s, " "))
	})
}

// TestEmoticons checks that every emoticon in our copy of prose's
// set is tagged SYM by prose, whatever its context.
func TestEmoticons(t *testing.T) {
	for e := range emoticons {
		if got := proseTags(t, []string{"I", "am", e, "today"})[2]; got != "SYM" {
			t.Errorf("prose tags %q %q, not SYM: not one of its emoticons", e, got)
		}
	}
}

// TestLexiconTagsHaveNoSpaces: the perceptron's feature keys join a tag to
// the next part with a space, so a tag with one would be read wrongly.
func TestLexiconTagsHaveNoSpaces(t *testing.T) {
	for w, tg := range lexicon {
		if strings.ContainsAny(tg, " ") {
			t.Errorf("lexicon[%q] = %q has a space", w, tg)
		}
	}
}

func BenchmarkPerceptron(b *testing.B) {
	sents := corpusSentences(b)[:1312] // the CoNLL-2014 source
	m, err := model()
	if err != nil {
		b.Fatal(err)
	}
	tokens := 0
	for _, s := range sents {
		tokens += len(s)
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for b.Loop() {
		for _, s := range sents {
			m.tagSentence(s)
		}
	}
	b.ReportMetric(float64(tokens*b.N)/b.Elapsed().Seconds(), "tokens/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(tokens*b.N)/cpu.Seconds(), "tokens/cpu-s")
	}
}

func BenchmarkProseTagger(b *testing.B) {
	sents := corpusSentences(b)[:1312]
	tg, err := tag.New(tag.WithLexicon(tag.Lexicon(lexicon)))
	if err != nil {
		b.Fatal(err)
	}
	tokens := 0
	for _, s := range sents {
		tokens += len(s)
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for b.Loop() {
		for _, s := range sents {
			tg.Tag(s)
		}
	}
	b.ReportMetric(float64(tokens*b.N)/b.Elapsed().Seconds(), "tokens/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(tokens*b.N)/cpu.Seconds(), "tokens/cpu-s")
	}
}

// TestAnnotateCorrection checks that AnnotateCorrection(src, hyp), which
// copies tags from the source, is Annotate(hyp) field for field, raw tags
// included: on every CoNLL-2014 source with each of six systems and two
// references, every JFLEG source with each of its four references, and
// 30,000 random edits of CoNLL-2014 sources (insertions, deletions,
// replacements and swaps anywhere, several per sentence).
func TestAnnotateCorrection(t *testing.T) {
	l := New()
	pairs := 0
	check := func(src *edits.Sentence, hyp []string) bool {
		pairs++
		got, want := l.AnnotateCorrection(src, hyp), l.Annotate(hyp)
		gr, wr := got.Private.(*rawTags), want.Private.(*rawTags)
		if !slices.Equal(got.Tokens, want.Tokens) || !slices.Equal(gr.tags, wr.tags) || !slices.Equal(gr.ids, wr.ids) {
			t.Errorf("%q → %q:\n got %v\nwant %v", strings.Join(src.Texts(), " "), strings.Join(hyp, " "), got.Tokens, want.Tokens)
			return false
		}
		return true
	}
	type set struct {
		src  string
		hyps []string
	}
	conll := testdata.Dir(t, "conll14-errant", "text")
	jfleg := testdata.Dir(t, "jfleg")
	sets := []set{{filepath.Join(conll, "source.txt"), nil}}
	for _, f := range []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "ref0", "ref1"} {
		sets[0].hyps = append(sets[0].hyps, filepath.Join(conll, f+".txt"))
	}
	for _, split := range []string{"dev", "test"} {
		s := set{src: filepath.Join(jfleg, split, split+".src")}
		for _, f := range []string{"ref0", "ref1", "ref2", "ref3"} {
			s.hyps = append(s.hyps, filepath.Join(jfleg, split, split+"."+f))
		}
		sets = append(sets, s)
	}
	var vocab []string
	var conllSrc []*edits.Sentence
	for k, st := range sets {
		srcs := readSentences(t, st.src)
		annotated := make([]*edits.Sentence, len(srcs))
		for i, s := range srcs {
			annotated[i] = l.Annotate(s)
			vocab = append(vocab, s...)
		}
		if k == 0 {
			conllSrc = annotated
		}
		for _, h := range st.hyps {
			hyps := readSentences(t, h)
			if len(hyps) != len(srcs) {
				t.Fatalf("%s: %d lines, source %d", h, len(hyps), len(srcs))
			}
			for i := range hyps {
				if !check(annotated[i], hyps[i]) {
					return
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(12, 3))
	for range 30000 {
		src := conllSrc[r.IntN(len(conllSrc))]
		hyp := src.Texts()
		for range 1 + r.IntN(3) {
			k := r.IntN(len(hyp) + 1)
			switch r.IntN(4) {
			case 0:
				hyp = slices.Insert(hyp, k, vocab[r.IntN(len(vocab))])
			case 1:
				if k < len(hyp) {
					hyp = slices.Delete(hyp, k, k+1)
				}
			case 2:
				if k < len(hyp) {
					hyp[k] = vocab[r.IntN(len(vocab))]
				}
			default:
				if k+1 < len(hyp) {
					hyp[k], hyp[k+1] = hyp[k+1], hyp[k]
				}
			}
		}
		if !check(src, hyp) {
			return
		}
	}
	if !check(l.Annotate(nil), []string{"A"}) || !check(l.Annotate([]string{"A"}), nil) {
		return
	}
	t.Logf("%d pairs: AnnotateCorrection = Annotate", pairs)
}

// FuzzAnnotateCorrection checks AnnotateCorrection against Annotate on any
// source and correction.
func FuzzAnnotateCorrection(f *testing.F) {
	f.Add("The opposite is also true .", "The opposite is true .")
	f.Add("he go to school every days", "He goes to school every day .")
	f.Add("a a a b", "a b a a")
	f.Add("", "x")
	l := New()
	f.Fuzz(func(t *testing.T, a, b string) {
		src, hyp := strings.Fields(a), strings.Fields(b)
		got, want := l.AnnotateCorrection(l.Annotate(src), hyp), l.Annotate(hyp)
		gr, wr := got.Private.(*rawTags), want.Private.(*rawTags)
		if !slices.Equal(got.Tokens, want.Tokens) || !slices.Equal(gr.tags, wr.tags) || !slices.Equal(gr.ids, wr.ids) {
			t.Fatalf("%q → %q:\n got %v\nwant %v", a, b, got.Tokens, want.Tokens)
		}
	})
}
