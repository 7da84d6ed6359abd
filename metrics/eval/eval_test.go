package eval

import (
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/generic"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

func toks(lines ...string) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Fields(l)
	}
	return out
}

func TestParseMetrics(t *testing.T) {
	tests := []struct {
		in   string
		want string
		err  bool
	}{
		{"m2,errant,gleu", "m2 errant gleu", false},
		{" GLEU , errant,gleu", "gleu errant", false},
		{"bleu", "", true},
		{",", "", true},
	}
	for _, tt := range tests {
		got, err := ParseMetrics(tt.in)
		if (err != nil) != tt.err || strings.Join(got, " ") != tt.want {
			t.Errorf("ParseMetrics(%q) = %v, %v", tt.in, got, err)
		}
	}
}

func TestSignature(t *testing.T) {
	set := &TestSet{Source: toks("a b"), Refs: []Reference{{Name: "r", Tokens: toks("a c")}, {Name: "r2", Tokens: toks("a b")}}}
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{Version: "1.2.3", Lang: generic.New("xx")},
			"gecmetric:1.2.3|refs:2,text|tok:none|edits:xx+errant+rules|m2:3.2,beta=0.5,max-unchanged=2|errant:cs,beta=0.5|gleu:n=4,iter=500,sampler=py2"},
		{Config{Version: "1.2.3", Metrics: []string{GLEU, ERRANT}, Beta: 1, Lang: generic.New("xx"), Extract: edits.Options{Lev: true, Merge: edits.MergeAllSplit},
			ERRANT: errant.Options{Mode: errant.TokenDetection, Single: true, Filter: []string{"R:SPELL", "UNK"}},
			GLEU:   gleu.Options{Iterations: 20, Sampler: gleu.Python3}},
			"gecmetric:1.2.3|refs:2,text|tok:none|edits:xx+lev+all-split|errant:dt,beta=1,single,filt=R:SPELL+UNK|gleu:n=4,iter=20,sampler=py3"},
		// Edits are not extracted for GLEU alone.
		{Config{Version: "1.2.3", Metrics: []string{GLEU}, Lang: generic.New("xx")},
			"gecmetric:1.2.3|refs:2,text|tok:none|gleu:n=4,iter=500,sampler=py2"},
		// The kinds of the files, as the CLI knows them: an M2 reference
		// and text hypotheses score differently from text references.
		{Config{Version: "1.2.3", Metrics: []string{M2}, Lang: generic.New("xx"), RefKind: "m2", HypKind: "text",
			M2: m2.Options{MaxUnchangedWords: 3, IgnoreWhitespaceCasing: true}, Tokenization: "conll14"},
			"gecmetric:1.2.3|refs:2,m2|hyp:text|tok:conll14|edits:xx+errant+rules|m2:3.2,beta=0.5,max-unchanged=3,ignore-ws-case"},
	}
	for _, tt := range tests {
		ev, err := New(tt.cfg, set)
		if err != nil {
			t.Fatal(err)
		}
		if got := ev.Signature(); got != tt.want {
			t.Errorf("signature\n got %s\nwant %s", got, tt.want)
		}
	}
}

func TestCheckTokens(t *testing.T) {
	source := toks("He said it was fine .", "See the U.S. and Mr. Smith .", "Go ( now ) .")
	ref := toks("He said it was fine .", "See the U.S. and Mr. Smith .", "Go ( now ) .")
	tests := []struct {
		name string
		hyp  [][]string
		line int
		tok  string
		n    int
	}{
		{"tokenised", toks("He said it was fine .", "See the U.S. and Mr. Smith .", "Go ( now ) ."), 0, "", 0},
		// Abbreviations found in the source or references are fine.
		{"abbreviations", toks("He said it was fine .", "See the U.S. and Mr. Smith .", "Go now ."), 0, "", 0},
		{"attached", toks("He said it was fine.", "See the U.S. and Mr. Smith.", "Go (now) ."), 1, "fine.", 3},
		{"comma", toks("He said , it was fine .", "See the U.S., and Mr. Smith .", "Go ( now ) ."), 0, "", 0},
		{"comma word", toks("He said, it was fine .", "See the U.S. and Mr. Smith .", "Go ( now ) ."), 1, "said,", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ok := CheckTokens(tt.hyp, source, ref)
			if ok != (tt.n == 0) || w.Line != tt.line || w.Token != tt.tok || w.Lines != tt.n {
				t.Errorf("CheckTokens = %+v, %v; want line %d token %q lines %d", w, ok, tt.line, tt.tok, tt.n)
			}
		})
	}
}

func TestEvaluator(t *testing.T) {
	set := &TestSet{
		Source: toks("the cat sit on mat", "a dog barks"),
		Refs: []Reference{
			{Name: "r0", Tokens: toks("the cat sits on the mat", "a dog barks")},
			{Name: "r1", Tokens: toks("the cat sat on the mat", "a dog barks")},
		},
	}
	ev, err := New(Config{Lang: generic.New("xx"), Metrics: []string{ERRANT, GLEU}}, set)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ev.Score(System{Name: "sys", Tokens: toks("the cat sits on mat", "a dog barks")})
	if err != nil {
		t.Fatal(err)
	}
	// sit → sits matches r0; the missing "the" is a false negative.
	if got := res.ERRANT.Counts; got != (errant.Counts{TP: 1, FN: 1}) {
		t.Errorf("ERRANT counts %+v", got)
	}
	if res.Edits[1] != nil {
		t.Errorf("unchanged sentence has edits %v", res.Edits[1])
	}
	if res.GLEU == nil || len(res.GLEU.Iterations) != 500 {
		t.Errorf("GLEU result %+v", res.GLEU)
	}
	// Given edits are used as they are.
	given := [][]edits.Edit{{{OStart: 2, OEnd: 3, O: []string{"sit"}, C: []string{"sat"}, Type: "R:VERB:TENSE"}}, nil}
	res, err = ev.Score(System{Name: "m2", Tokens: toks("the cat sat on mat", "a dog barks"), Edits: given})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.ERRANT.Counts; got != (errant.Counts{TP: 1, FN: 1}) || res.ERRANT.Sentences[0].Ref != 1 {
		t.Errorf("given edits: %+v, ref %d", got, res.ERRANT.Sentences[0].Ref)
	}
	if _, err := ev.Score(System{Name: "short", Tokens: toks("x")}); err == nil {
		t.Error("short system: no error")
	}
	if _, err := New(Config{}, &TestSet{Source: toks("a"), Refs: []Reference{{Name: "r", Tokens: toks("a", "b")}}}); err == nil {
		t.Error("long reference: no error")
	}
	if _, err := New(Config{Metrics: []string{ERRANT}}, &TestSet{Source: toks("a"), Refs: []Reference{{Name: "r", Tokens: toks("b")}}}); err == nil {
		t.Error("text reference without a language: no error")
	}
}
