package evidence

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/metrics/fluency"
	"github.com/gecmetric/gecmetric/metrics/ged"
	"github.com/gecmetric/gecmetric/metrics/lm"
)

func newExtractor(t testing.TB) *Extractor {
	fm, err := fluency.Default()
	if err != nil {
		t.Fatal(err)
	}
	m, err := lm.Default()
	if err != nil {
		t.Fatal(err)
	}
	d, err := ged.Default()
	if err != nil {
		t.Fatal(err)
	}
	return &Extractor{Lang: en.New(), Fluency: fm, LM: m, GED: d}
}

func sent(lang edits.Language, s string) *edits.Sentence { return lang.Annotate(strings.Fields(s)) }

func TestComputeForms(t *testing.T) {
	x := newExtractor(t)
	src := sent(x.Lang, "She go to the market every mornings .")
	ref := sent(x.Lang, "She goes to the market every morning .")
	tests := []struct {
		name string
		hyp  string
		want map[string]float64
	}{
		{"perfect", "She goes to the market every morning .", map[string]float64{
			"oc.edits": 2, "oc.unmatched": 0, "re.to_ref": 0, "re.missed": 0, "re.left": 0, "me.chrf_ref": 1,
			"oc.word_order": 0, "me.negation": 0, "re.patterns": 0,
		}},
		{"unchanged", "She go to the market every mornings .", map[string]float64{
			"oc.edits": 0, "oc.unmatched": 0, "re.to_ref": 2, "re.missed": 2, "re.left": 2, "re.left_rate": 1, "oc.ter": 0,
		}},
		// An error fixed another way: missed, but not left.
		{"other fix", "She went to the market every morning .", map[string]float64{
			"re.missed": 1, "re.missed_rate": 0.5, "re.left": 0, "re.left_rate": 0, "oc.outside": 0,
		}},
		{"half fixed", "She goes to the market every mornings .", map[string]float64{
			"re.missed": 1, "re.left": 1, "re.left_rate": 0.5,
		}},
		{"rewrite", "Every morning , she goes to the local market .", map[string]float64{
			"oc.unmatched": 3, "re.missed": 1, "oc.outside": 0,
		}},
		{"negated", "She does not go to the market every morning .", map[string]float64{
			"me.negation": 1, "oc.unmatched": 1,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, form := x.Compute(Input{Source: src, Hyp: sent(x.Lang, tt.hyp), Refs: []*edits.Sentence{ref}})
			if form != FormReference {
				t.Fatalf("form = %v", form)
			}
			for k, want := range tt.want {
				if got, ok := v[k]; !ok || math.Abs(got-want) > 1e-9 {
					t.Errorf("%s = %v, want %v", k, got, want)
				}
			}
			for _, n := range Names(FormReference) {
				if _, ok := v[n]; !ok {
					t.Errorf("feature %s missing", n)
				}
			}
		})
	}
}

// TestOutside: an edit where no reference changed anything counts as
// over-correction only with two references or more.
func TestOutside(t *testing.T) {
	x := newExtractor(t)
	src := sent(x.Lang, "She go to the market every mornings .")
	ref0 := sent(x.Lang, "She goes to the market every morning .")
	ref1 := sent(x.Lang, "She goes to the market each morning .")
	hyp := sent(x.Lang, "She went to the local market every morning .")
	tests := []struct {
		name string
		refs []*edits.Sentence
		want float64
	}{
		{"one reference", []*edits.Sentence{ref0}, 0},
		{"two references", []*edits.Sentence{ref0, ref1}, 1}, // "local": went and morning fix what both fixed
	}
	for _, tt := range tests {
		v, _ := x.Compute(Input{Source: src, Hyp: hyp, Refs: tt.refs})
		if v["oc.outside"] != tt.want {
			t.Errorf("%s: oc.outside = %v, want %v", tt.name, v["oc.outside"], tt.want)
		}
		if want := tt.want / v["oc.edits"]; math.Abs(v["oc.outside_rate"]-want) > 1e-12 {
			t.Errorf("%s: oc.outside_rate = %v, want %v", tt.name, v["oc.outside_rate"], want)
		}
	}
}

func TestFormsNest(t *testing.T) {
	x := newExtractor(t)
	hyp := sent(x.Lang, "She go to the market every mornings .")
	v, form := x.Compute(Input{Hyp: hyp})
	if form != FormAlone || len(v) != len(AllNames(FormAlone)) {
		t.Errorf("alone: form %v with %d features, want %d", form, len(v), len(AllNames(FormAlone)))
	}
	v, form = x.Compute(Input{Source: hyp, Hyp: hyp})
	if form != FormSource || len(v) != len(AllNames(FormSource)) {
		t.Errorf("source: form %v with %d features, want %d", form, len(v), len(AllNames(FormSource)))
	}
	v, _ = x.Compute(Input{Source: hyp, Hyp: hyp, Refs: []*edits.Sentence{hyp}})
	if n := len(AllNames(FormReference)); n != len(features)+len(extraFeatures)+len(lossFeatures) || len(v) != n {
		t.Errorf("reference form has %d of %d features, computed %d", n, len(features)+len(extraFeatures)+len(lossFeatures), len(v))
	}
	if n := len(Names(FormReference)); n != len(features) {
		t.Errorf("reference form has %d of %d base features", n, len(features))
	}
}

// TestLMFeatures checks the language-model evidence on a correction, the
// source left as it was, and an edit that breaks a good sentence.
func TestLMFeatures(t *testing.T) {
	x := newExtractor(t)
	src := sent(x.Lang, "She go to the market every mornings .")
	ref := sent(x.Lang, "She goes to the market every morning .")
	refs := []*edits.Sentence{ref}
	good, _ := x.Compute(Input{Source: src, Hyp: ref, Refs: refs})
	same, _ := x.Compute(Input{Source: src, Hyp: src, Refs: refs})
	if !(good["lm.mean"] > same["lm.mean"] && good["lm.low3"] > same["lm.low3"] && good["lm.min"] >= same["lm.min"]) {
		t.Errorf("correction: lm.mean %.3f low3 %.3f min %.3f, source %.3f %.3f %.3f", good["lm.mean"], good["lm.low3"], good["lm.min"], same["lm.mean"], same["lm.low3"], same["lm.min"])
	}
	if !(good["lm.mean_diff_src"] > 0 && good["lm.sum_diff_src"] > 0 && good["lm.slor_diff_src"] > 0 && good["lm.edit_gain"] > 0 && good["lm.edit_worst"] > 0 && good["lm.slor"] > same["lm.slor"]) {
		t.Errorf("correction: %v", pick(good, "lm."))
	}
	if good["lm.mean_diff_ref"] != 0 || same["lm.sum_diff_ref"] >= 0 {
		t.Errorf("vs reference: correction %v, source %v", good["lm.mean_diff_ref"], same["lm.sum_diff_ref"])
	}
	for _, n := range []string{"lm.mean_diff_src", "lm.sum_diff_src", "lm.slor_diff_src", "lm.edit_gain", "lm.edit_worst"} {
		if same[n] != 0 {
			t.Errorf("unchanged: %s = %v", n, same[n])
		}
	}
	bad, _ := x.Compute(Input{Source: ref, Hyp: sent(x.Lang, "She goes at the market every morning .")})
	if !(bad["lm.edit_worst"] < 0 && bad["lm.edit_gain"] < 0) {
		t.Errorf("bad edit: %v", pick(bad, "lm."))
	}
	oov, _ := x.Compute(Input{Hyp: sent(x.Lang, "She gose to the markt .")})
	if oov["lm.oov_rate"] != 0.4 {
		t.Errorf("lm.oov_rate = %v, want 2/5", oov["lm.oov_rate"])
	}
}

// TestGEDFeatures checks the error-detector evidence on a correction and
// on the source left as it was.
func TestGEDFeatures(t *testing.T) {
	x := newExtractor(t)
	src := sent(x.Lang, "He go to school every days and he like it .")
	ref := sent(x.Lang, "He goes to school every day and he likes it .")
	refs := []*edits.Sentence{ref}
	good, _ := x.Compute(Input{Source: src, Hyp: ref, Refs: refs})
	same, _ := x.Compute(Input{Source: src, Hyp: src, Refs: refs})
	if !(good["ged.expected"] < same["ged.expected"] && good["ged.max"] < same["ged.max"] && good["ged.expected_diff_src"] < 0) {
		t.Errorf("correction %v\nsource %v", pick(good, "ged."), pick(same, "ged."))
	}
	if same["ged.fixed"] != 0 || same["ged.introduced"] != 0 || math.Abs(same["ged.left"]-same["ged.src_expected"]) > 1e-12 || same["ged.expected_diff_src"] != 0 {
		t.Errorf("unchanged: %v", pick(same, "ged."))
	}
	if !(good["ged.fixed"] > good["ged.left"] && good["ged.missed"] == 0 && same["ged.missed"] > 0.3) {
		t.Errorf("fixed %.3f left %.3f missed %.3f; unchanged missed %.3f", good["ged.fixed"], good["ged.left"], good["ged.missed"], same["ged.missed"])
	}
	if good["ged.expected_diff_ref"] != 0 || same["ged.expected_diff_ref"] <= 0 {
		t.Errorf("vs reference: correction %v, source %v", good["ged.expected_diff_ref"], same["ged.expected_diff_ref"])
	}
}

// TestRefMetrics checks the reference-metric features at their ends: the
// reference itself, the source left as it was, and a partial correction.
func TestRefMetrics(t *testing.T) {
	x := newExtractor(t)
	src := sent(x.Lang, "He go to school every days .")
	refs := []*edits.Sentence{sent(x.Lang, "He goes to school every day ."), sent(x.Lang, "He went to school every day .")}
	tests := []struct {
		hyp            string
		gleuLo, gleuHi float64
		f, p, r        float64
	}{
		{"He goes to school every day .", 0.6, 1, 1, 1, 1},
		{"He go to school every days .", 0, 0.5, 0, 1, 0},
		{"He goes to school every days .", 0.2, 0.8, 0.5 * 1.25 / (0.25 + 0.5), 1, 0.5},
	}
	for _, tt := range tests {
		v, _ := x.Compute(Input{Source: src, Hyp: sent(x.Lang, tt.hyp), Refs: refs})
		if g := v["ref.gleu"]; g < tt.gleuLo || g > tt.gleuHi {
			t.Errorf("%q: ref.gleu %.3f, want in [%v, %v]", tt.hyp, g, tt.gleuLo, tt.gleuHi)
		}
		if math.Abs(v["ref.errant_f"]-tt.f) > 1e-9 || v["ref.errant_p"] != tt.p || v["ref.errant_r"] != tt.r {
			t.Errorf("%q: ERRANT F %.3f P %.3f R %.3f, want %.3f %.3f %.3f", tt.hyp, v["ref.errant_f"], v["ref.errant_p"], v["ref.errant_r"], tt.f, tt.p, tt.r)
		}
	}
}

func pick(v Values, prefix string) Values {
	out := Values{}
	for k, x := range v {
		if strings.HasPrefix(k, prefix) {
			out[k] = x
		}
	}
	return out
}

func TestPatterns(t *testing.T) {
	lang := en.New()
	tests := []struct {
		s    string
		want int
	}{
		{"She goes to the market every morning .", 0},
		{"she goes to the the market", 3}, // lower-case start, doubled word, no final punctuation
		{"He have a apple .", 2},          // agreement, a/an
		{"I am agree with these opinion .", 2},
		{"An university is a honest place .", 2},
		{"They can went home .", 1},
		{"He called it \" Oxbridge .\"", 0}, // the period inside the quote, one token
		{"He sang \" Wonderful World. \"", 0},
		{"He listed these :", 0},
		{"He sang \" Wonderful World \"", 0}, // a closing quote stops it too
		{"He sang", 1},
	}
	for _, tt := range tests {
		s := sent(lang, tt.s)
		if got := Patterns(s); got != tt.want {
			t.Errorf("%q: %d hits %v, want %d", tt.s, got, PatternHits(s), tt.want)
		}
	}
}

func TestChrF(t *testing.T) {
	if got := ChrF([]string{"a", "cat"}, []string{"a", "cat"}); got != 1 {
		t.Errorf("identical: %v", got)
	}
	if got := ChrF([]string{"xyz"}, []string{"abc"}); got != 0 {
		t.Errorf("disjoint: %v", got)
	}
	// "ab" vs "abc": unigrams P 2/2 R 2/3, bigrams P 1/1 R 1/2; orders 3+
	// skipped for the hypothesis. P = 1, R = 7/12, F2 = 5·(7/12)/(4+7/12).
	want := 5 * (7.0 / 12) / (4 + 7.0/12)
	if got := ChrF([]string{"ab"}, []string{"abc"}); math.Abs(got-want) > 1e-12 {
		t.Errorf("partial: %v, want %v", got, want)
	}
}

// BenchmarkCompute measures the evidence of one output in the reference
// form with every model (fluency, language model, error detector), their
// results for the three sentences cached (an output several systems
// share, or left as its source); BenchmarkComputeUncached with nothing
// cached (every sentence new); BenchmarkComputeBase without the lm.* and
// ged.* models.
func BenchmarkCompute(b *testing.B) { benchmarkCompute(b, newExtractor(b)) }

func BenchmarkComputeUncached(b *testing.B) {
	cacheOn = false
	defer func() { cacheOn = true }()
	benchmarkCompute(b, newExtractor(b))
}

func BenchmarkComputeBase(b *testing.B) {
	x := newExtractor(b)
	x.LM, x.GED = nil, nil
	benchmarkCompute(b, x)
}

func benchmarkCompute(b *testing.B, x *Extractor) {
	src := sent(x.Lang, "The childrens was playing in the garden when it start to rain .")
	hyp := sent(x.Lang, "The children were playing in the garden when it start to rain .")
	refs := []*edits.Sentence{sent(x.Lang, "The children were playing in the garden when it started to rain .")}
	b.ResetTimer()
	for range b.N {
		x.Compute(Input{Source: src, Hyp: hyp, Refs: refs})
	}
}

// BenchmarkLMFeatures measures the lm.* features alone (three sentences
// scored: hypothesis, source, reference), uncached.
func BenchmarkLMFeatures(b *testing.B) {
	cacheOn = false
	defer func() { cacheOn = true }()
	x := newExtractor(b)
	src := sent(x.Lang, "The childrens was playing in the garden when it start to rain .")
	hyp := sent(x.Lang, "The children were playing in the garden when it start to rain .")
	ref := sent(x.Lang, "The children were playing in the garden when it started to rain .")
	es := edits.Extract(x.Lang, src, hyp, x.Options)
	v := Values{}
	b.ResetTimer()
	for range b.N {
		h := x.lmAlone(v, hyp)
		x.lmSource(v, src, h, es)
		x.lmReference(v, ref, h)
	}
}

// charsOf returns the characters of tokens without white space.
func charsOf(tokens []string) []rune {
	return []rune(strings.Join(strings.Fields(strings.Join(tokens, " ")), ""))
}

// chrfStrings is ChrF as first written, with string n-grams: the packed
// keys must give the same values.
func chrfStrings(hyp, ref []string) float64 {
	h, r := charsOf(hyp), charsOf(ref)
	ngrams := func(s []rune, n int) map[string]int {
		m := map[string]int{}
		for i := 0; i+n <= len(s); i++ {
			m[string(s[i:i+n])]++
		}
		return m
	}
	var sumP, sumR float64
	orders := 0
	for n := 1; n <= 6; n++ {
		if len(h) < n || len(r) < n {
			continue
		}
		hc, rc := ngrams(h, n), ngrams(r, n)
		match := 0
		for g, c := range hc {
			match += min(c, rc[g])
		}
		sumP += float64(match) / float64(len(h)-n+1)
		sumR += float64(match) / float64(len(r)-n+1)
		orders++
	}
	if orders == 0 {
		if len(h) == 0 && len(r) == 0 {
			return 1
		}
		return 0
	}
	p, rc := sumP/float64(orders), sumR/float64(orders)
	if p+rc == 0 {
		return 0
	}
	return 5 * p * rc / (4*p + rc)
}

func TestChrFPackedKeys(t *testing.T) {
	words := []string{"the", "cat", "sat", "on", "mat", "ät", "på", "日本", "a", "aa", "aaa", "\u0000", "\U0010ffff", "x"}
	rng := uint64(1)
	next := func(n int) int {
		rng = rng*6364136223846793005 + 1442695040888963407
		return int(rng>>33) % n
	}
	for range 2000 {
		var h, r []string
		for range next(8) {
			h = append(h, words[next(len(words))])
		}
		for range next(8) {
			r = append(r, words[next(len(words))])
		}
		if got, want := ChrF(h, r), chrfStrings(h, r); got != want {
			t.Fatalf("ChrF(%q, %q) = %v, want %v", h, r, got, want)
		}
	}
}

// TestCacheNotStale checks that a source Sentence reused for other text
// is scored again, not served from the cache of source scores.
func TestCacheNotStale(t *testing.T) {
	x := newExtractor(t)
	src := sent(x.Lang, "He go to school .")
	hyp := sent(x.Lang, "He goes to school .")
	a, _ := x.Compute(Input{Source: src, Hyp: hyp})
	*src = *sent(x.Lang, "He goes to the school every day .")
	b, _ := x.Compute(Input{Source: src, Hyp: hyp})
	fresh, _ := x.Compute(Input{Source: sent(x.Lang, "He goes to the school every day ."), Hyp: hyp})
	for _, n := range []string{"lm.sum_diff_src", "ged.src_expected"} {
		if b[n] != fresh[n] || a[n] == b[n] {
			t.Errorf("%s: first %v, after reuse %v, fresh %v", n, a[n], b[n], fresh[n])
		}
	}
}

// TestOddInputs checks that every feature is finite for empty and
// word-less sentences in every form.
func TestOddInputs(t *testing.T) {
	x := newExtractor(t)
	for _, pair := range [][2]string{{"", ""}, {"", "He goes ."}, {"He goes .", ""}, {". ,", "! ?"}, {"1990", "1991"}} {
		src, hyp := sent(x.Lang, pair[0]), sent(x.Lang, pair[1])
		v, _ := x.Compute(Input{Source: src, Hyp: hyp, Refs: []*edits.Sentence{src}})
		for _, n := range AllNames(FormReference) {
			if val, ok := v[n]; !ok || math.IsNaN(val) || math.IsInf(val, 0) {
				t.Errorf("source %q, output %q: %s = %v", pair[0], pair[1], n, val)
			}
		}
	}
}

// TestConcurrentCompute checks that goroutines sharing an Extractor and
// its cache get the values one goroutine gets (run with -race).
func TestConcurrentCompute(t *testing.T) {
	x := newExtractor(t)
	src := sent(x.Lang, "He go to school every days .")
	refs := []*edits.Sentence{sent(x.Lang, "He goes to school every day .")}
	hyps := []string{"He goes to school every days .", "He go to school every day .", "He goes to school every day .", "He go to school every days ."}
	want := make([]Values, len(hyps))
	for i, h := range hyps {
		want[i], _ = x.Compute(Input{Source: src, Hyp: sent(x.Lang, h), Refs: refs})
	}
	done := make(chan error, 8)
	for g := range 8 {
		go func() {
			for k := range 20 {
				i := (g + k) % len(hyps)
				v, _ := x.Compute(Input{Source: src, Hyp: sent(x.Lang, hyps[i]), Refs: refs})
				for n, w := range want[i] {
					if v[n] != w {
						done <- fmt.Errorf("goroutine %d, %q: %s = %v, want %v", g, hyps[i], n, v[n], w)
						return
					}
				}
			}
			done <- nil
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// BenchmarkChrFGrams measures the character n-grams of a sentence as the
// sentence cache keeps them for chrF.
func BenchmarkChrFGrams(b *testing.B) {
	s := strings.Fields("The children were playing in the garden when it started to rain , so they ran inside .")
	for range b.N {
		charGramsOf(s)
	}
}

// BenchmarkChrFCompare measures chrF of two sentences whose n-grams are
// made.
func BenchmarkChrFCompare(b *testing.B) {
	h := charGramsOf(strings.Fields("The children were playing in the garden when it start to rain , so they run inside ."))
	r := charGramsOf(strings.Fields("The children were playing in the garden when it started to rain , so they ran inside ."))
	for range b.N {
		chrfOf(h, r)
	}
}

func TestFormOf(t *testing.T) {
	for _, c := range []struct {
		name string
		form Form
		ok   bool
	}{
		{"lm.mean", FormAlone, true},          // extraFeatures
		{"oc.edits", FormSource, true},        // features
		{"ref.gleu", FormReference, true},     // extraFeatures
		{"oc.outside", FormReference, true},   // extraFeatures, last
		{"ls.added_ref", FormReference, true}, // lossFeatures
		{"no.such", 0, false},
	} {
		f, ok := FormOf(c.name)
		if f != c.form || ok != c.ok {
			t.Errorf("FormOf(%q) = %v, %v; want %v, %v", c.name, f, ok, c.form, c.ok)
		}
	}
	// Every name of a form is computed by that form, and the reference
	// form's names beyond the source form's are exactly those FormOf
	// says need references.
	src := AllNames(FormSource)
	for _, n := range AllNames(FormReference) {
		f, ok := FormOf(n)
		if !ok || (f == FormReference) == slices.Contains(src, n) {
			t.Errorf("FormOf(%q) = %v, %v, in the source form: %v", n, f, ok, slices.Contains(src, n))
		}
	}
}
