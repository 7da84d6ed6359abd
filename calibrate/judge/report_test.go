package judge

import (
	"context"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

func split(lines ...string) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Fields(l)
	}
	return out
}

// reportSet is six sentences with one reference and three systems: one
// that leaves every source as it is, the reference itself, and one that
// cuts every sentence short.
func reportSet() (*eval.TestSet, []eval.System) {
	src := split("He go to school every days .", "The cat sat on mat .", "I has a book about the history of Rome .",
		"She do n't like apples .", "We was happy to see them again .", "This are my friend from school .")
	ref := split("He goes to school every day .", "The cat sat on the mat .", "I have a book about the history of Rome .",
		"She does n't like apples .", "We were happy to see them again .", "This is my friend from school .")
	cut := split("He go .", "The cat .", "I has a book .", "She do .", "We was happy .", "This are .")
	set := &eval.TestSet{Source: src, Refs: []eval.Reference{{Name: "ref", Tokens: ref}}}
	return set, []eval.System{{Name: "copy", Tokens: src}, {Name: "ref", Tokens: ref}, {Name: "cut", Tokens: cut}}
}

func TestReport(t *testing.T) {
	j, err := New("en")
	if err != nil {
		t.Fatal(err)
	}
	set, hyps := reportSet()
	names := []string{"copy", "ref", "cut"}
	run := func(worst int) *Report {
		t.Helper()
		rep, err := j.Report(context.Background(), set.Sentences(hyps...), names, ReportOptions{Seed: 3, Worst: worst, Version: "test"})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	rep := run(2)
	if rep.Sentences != 6 || len(rep.Systems) != 4 || !rep.Systems[0].Input || rep.Systems[0].Name != InputName || rep.Systems[3].Name != "cut" {
		t.Fatalf("report: %d sentences, systems %v", rep.Sentences, rep.Systems)
	}
	if want := []EvidenceCount{{Form: "reference", Sentences: 6, MinRefs: 1, MaxRefs: 1}}; !reflect.DeepEqual(rep.Evidence, want) {
		t.Errorf("evidence %+v, want %+v", rep.Evidence, want)
	}
	want := "judge:en|models:" + rep.ModelsHash + "|evidence:reference|refs:1|gecmetric:test|bootstrap:poisson,n=1000,seed=3"
	if rep.Signature != want {
		t.Errorf("signature %q, want %q", rep.Signature, want)
	}

	in, cp := rep.Systems[0], rep.Systems[1]
	for _, q := range rep.Shown() {
		// The system that copies the source is the input, sentence by
		// sentence.
		if cp.Scores[q] != in.Scores[q] || in.VsInput[q] != (Mean{}) || cp.VsInput[q] != (Mean{}) || !reflect.DeepEqual(cp.OverallBins, in.OverallBins) {
			t.Errorf("%s: input %+v, copy %+v, differences %+v and %+v; want equal means and 0 [0, 0]", q, in.Scores[q], cp.Scores[q], in.VsInput[q], cp.VsInput[q])
		}
		for _, s := range rep.Systems {
			for _, m := range []Mean{s.Scores[q], s.VsInput[q]} {
				if !(m.CI[0] <= m.Mean && m.Mean <= m.CI[1]) {
					t.Errorf("%s %s: %+v, the mean outside its interval", s.Name, q, m)
				}
			}
			if shares, ok := s.Labels[q]; ok || q != Overall {
				sum := 0.0
				for _, l := range shares {
					sum += l.Share
				}
				if math.Abs(sum-1) > 1e-12 {
					t.Errorf("%s %s: shares %+v sum to %v", s.Name, q, shares, sum)
				}
			}
		}
	}
	// Cutting every sentence short loses meaning and the overall score
	// against the input; the reference gains overall.
	cut := rep.Systems[3]
	if !(cut.VsInput[Meaning].CI[1] < 0) || !(cut.VsInput[Overall].CI[1] < 0) || !(rep.Systems[2].VsInput[Overall].CI[0] > 0) {
		t.Errorf("cut − input: meaning %+v, overall %+v; ref − input overall %+v", cut.VsInput[Meaning], cut.VsInput[Overall], rep.Systems[2].VsInput[Overall])
	}

	// Scales: one per quantity shown, in order, each model among the
	// judge's models (or the mean, for overall).
	var scaled []string
	var models []string
	for _, m := range rep.Models {
		models = append(models, m.Name)
	}
	for _, s := range rep.Scales {
		scaled = append(scaled, s.Quantity)
		for _, m := range s.Models {
			if !slices.Contains(models, m) {
				t.Errorf("%s: model %s is not among the judge's %v", s.Quantity, m, models)
			}
		}
		if s.HigherIsBetter == (s.Quantity == Overcorrection || s.Quantity == RemainingErrors) {
			t.Errorf("%s: higher is better %v", s.Quantity, s.HigherIsBetter)
		}
		if s.Quantity != Overall && (len(s.Labels) < 3 || len(s.Labels) != len(s.Values) || s.Low != s.Values[0] || s.High != s.Values[len(s.Values)-1]) {
			t.Errorf("scale %+v", s)
		}
	}
	if !slices.Equal(scaled, rep.Shown()) {
		t.Errorf("scales of %v, quantities shown %v", scaled, rep.Shown())
	}
	if g, _ := rep.Scale(Grammaticality); g.String() != "grammaticality 1-4 (1 = Incomprehensible, 4 = Perfect), higher is better" {
		t.Errorf("grammaticality reads %q", g.String())
	}

	// The sentences that pull a system down: below the input, worst
	// first, and the two kept are the head of the whole list.
	all := run(100)
	for k, s := range rep.Systems {
		full := all.Systems[k].Worst
		if len(s.Worst) > 2 || (len(full) >= 2 && len(s.Worst) != 2) {
			t.Errorf("%s: %d sentences kept of %d", s.Name, len(s.Worst), len(full))
		}
		if !reflect.DeepEqual(s.Worst, full[:len(s.Worst)]) {
			t.Errorf("%s: kept %+v, the head of all is %+v", s.Name, s.Worst, full[:len(s.Worst)])
		}
		for i, w := range full {
			if !(w.Delta < 0) || w.InputJudgement == nil || math.Abs(w.Delta-(w.Judgement.Overall-w.InputJudgement.Overall)) > 1e-12 {
				t.Errorf("%s line %d: delta %v, overall %v, input %+v", s.Name, w.Line, w.Delta, w.Judgement.Overall, w.InputJudgement)
			}
			if i > 0 && before(w.Delta, w.Line, full[i-1].Delta, full[i-1].Line) {
				t.Errorf("%s: line %d listed after line %d", s.Name, w.Line, full[i-1].Line)
			}
			if w.Source != strings.Join(set.Source[w.Line-1], " ") || len(w.Refs) != 1 {
				t.Errorf("%s line %d: source %q, refs %q", s.Name, w.Line, w.Source, w.Refs)
			}
		}
	}
	if n := len(all.Systems[3].Worst); n != 6 {
		t.Errorf("cut: %d sentences below the input, want all 6", n)
	}
	if n := len(all.Systems[1].Worst); n != 0 {
		t.Errorf("copy: %d sentences below the input, want none", n)
	}

	// Without the input, the systems' means and intervals are the same
	// (a sentence's resample weights do not depend on the columns), and
	// nothing is compared with the input.
	alone, err := j.Report(context.Background(), set.Sentences(hyps...), names, ReportOptions{Seed: 3, Worst: 2, NoInput: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(alone.Systems) != 3 || alone.Input() != nil {
		t.Fatalf("without the input: systems %+v", alone.Systems)
	}
	for k, s := range alone.Systems {
		if !reflect.DeepEqual(s.Scores, rep.Systems[k+1].Scores) || s.VsInput != nil || !reflect.DeepEqual(s.Labels, rep.Systems[k+1].Labels) {
			t.Errorf("%s without the input: %+v, with it %+v", s.Name, s.Scores, rep.Systems[k+1].Scores)
		}
		if len(s.Worst) != 2 || s.Worst[0].InputJudgement != nil || s.Worst[0].Delta != s.Worst[0].Judgement.Overall {
			t.Errorf("%s without the input: worst %+v", s.Name, s.Worst)
		}
	}

	// The same seed gives the same report.
	a, _ := json.Marshal(rep)
	b, _ := json.Marshal(run(2))
	if string(a) != string(b) {
		t.Error("two runs with one seed differ")
	}
}

// TestReportInputJudgement: the unchanged input, judged with the source's
// own annotation, is what Judge says of the source as an output.
func TestReportInputJudgement(t *testing.T) {
	j, err := New("en")
	if err != nil {
		t.Fatal(err)
	}
	set, hyps := reportSet()
	n := 0
	err = j.stream(context.Background(), set.Sentences(hyps[1:]...), StreamOptions{Batch: 2}, true, func(i int, s *eval.Sentence, js []Judgement) error {
		n++
		if len(js) != 3 {
			t.Fatalf("%d judgements, want the input's and two systems'", len(js))
		}
		want := j.Judge(Input{Source: set.Source[i], Hyp: set.Source[i], Refs: [][]string{set.Refs[0].Tokens[i]}})
		if !reflect.DeepEqual(js[0], want) {
			t.Errorf("sentence %d: input %+v, want %+v", i+1, js[0], want)
		}
		if !slices.Equal(s.Source, set.Source[i]) {
			t.Errorf("sentence %d handed on as %v", i+1, s.Source)
		}
		return nil
	})
	if err != nil || n != 6 {
		t.Fatalf("%v after %d sentences", err, n)
	}
}

// TestReportWithoutSources: outputs alone have no input to compare with,
// and no overall score (it compares an output with its source), so no
// sentence is listed as pulling a system down.
func TestReportWithoutSources(t *testing.T) {
	j, err := New("en")
	if err != nil {
		t.Fatal(err)
	}
	_, hyps := reportSet()
	rep, err := j.Report(context.Background(), outputsAlone(hyps[2].Tokens), []string{"cut"}, ReportOptions{Worst: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Systems) != 1 || rep.Input() != nil || rep.Systems[0].VsInput != nil || rep.Sentences != 6 {
		t.Fatalf("systems %+v", rep.Systems)
	}
	if rep.Evidence[0].Form != "alone" || !strings.Contains(rep.Signature, "|evidence:alone|refs:0|") {
		t.Errorf("evidence %+v, signature %s", rep.Evidence, rep.Signature)
	}
	if w := rep.Systems[0].Worst; len(w) != 0 {
		t.Errorf("worst %+v, want none", w)
	}
	if _, ok := rep.Scale(Overall); ok || slices.Contains(rep.Shown(), Overall) {
		t.Errorf("overall without sources: scales %+v, shown %v", rep.Scales, rep.Shown())
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil || !strings.Contains(text.String(), "\n"+NoSourceReading+"\n") {
		t.Errorf("text (%v) without %q:\n%s", err, NoSourceReading, text.String())
	}
	if _, err := j.Report(context.Background(), outputsAlone(hyps[2].Tokens), []string{InputName}, ReportOptions{}); err == nil {
		t.Errorf("a system named %s: no error", InputName)
	}
}

// TestModelInfos: the hash of the models is the same for the same models,
// and changes when one is replaced; a replaced model is named by its file.
func TestModelInfos(t *testing.T) {
	a, err := New("en")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := New("en")
	infos, hash := a.ModelInfos(nil)
	if _, again := b.ModelInfos(nil); again != hash || len(hash) != 12 {
		t.Errorf("hashes %q and %q of the same models", hash, again)
	}
	for _, m := range infos {
		if !m.Embedded || !strings.HasPrefix(m.Name, "en-") || len(m.SHA256) != 12 {
			t.Errorf("model %+v", m)
		}
	}
	m := *b.Models[Grammaticality][evidence.FormAlone]
	m.Thresholds = slices.Clone(m.Thresholds)
	m.Thresholds[0] += 0.01
	b.Models[Grammaticality][evidence.FormAlone] = &m
	infos2, hash2 := b.ModelInfos(map[*calibrate.Model]string{&m: "mine.json"})
	if hash2 == hash {
		t.Error("a replaced model, the same hash")
	}
	k := slices.IndexFunc(infos2, func(i ModelInfo) bool { return i.Name == "mine.json" })
	if k < 0 || infos2[k].Embedded || infos2[k].Quantity != Grammaticality {
		t.Errorf("models %+v, want mine.json, not embedded", infos2)
	}
	if g := b.Scales([]evidence.Form{evidence.FormReference}, map[*calibrate.Model]string{&m: "mine.json"}); g[0].Models[0] != "mine.json" {
		t.Errorf("grammaticality models %v, want mine.json", g[0].Models)
	}
}

// aloneSentences streams one system's outputs without sources, as
// `gecmetric judge --hyp` reads them.
type aloneSentences struct {
	outs [][]string
	i    int
	cur  eval.Sentence
}

func outputsAlone(outs [][]string) *aloneSentences { return &aloneSentences{outs: outs, i: -1} }

func (a *aloneSentences) Scan() bool {
	a.i++
	if a.i >= len(a.outs) {
		return false
	}
	a.cur = eval.Sentence{Hyps: []eval.Correction{{Tokens: a.outs[a.i]}}}
	return true
}
func (a *aloneSentences) Sentence() *eval.Sentence { return &a.cur }
func (a *aloneSentences) Err() error               { return nil }

// TestWriteText checks the table's layout on a report made by hand: the
// evidence of two forms, a quantity one system lacks ("-"), a difference
// that rounds to zero printed without a minus, labels in the scale's
// order, overall's tenths.
func TestWriteText(t *testing.T) {
	m := func(mean, lo, hi, sd float64) Mean { return Mean{Mean: mean, CI: [2]float64{lo, hi}, SD: sd} }
	bins := make([]Bin, OverallBins)
	for b := range bins {
		bins[b] = Bin{Lo: float64(b) / 10, Hi: float64(b+1) / 10}
	}
	bins[7].Count, bins[7].Share = 4, 1
	rep := &Report{
		Signature: "judge:sv|models:0123456789ab|evidence:reference+source|refs:1-2|bootstrap:poisson,n=1000,seed=1", Sentences: 4, Resamples: 1000,
		Evidence: []EvidenceCount{{Form: "reference", Sentences: 3, MinRefs: 1, MaxRefs: 2}, {Form: "source", Sentences: 1}},
		Scales: []Scale{{Quantity: Fluency, Low: 1, High: 4, Labels: []string{"a", "b", "c", "d"}, Values: []float64{1, 2, 3, 4}, HigherIsBetter: true, Models: []string{"sv-fluency-reference.json", "sv-fluency-source.json"}},
			{Quantity: Overall, Low: 0, High: 1, HigherIsBetter: true, Models: []string{"sv-overall-reference.json"}}},
		Systems: []SystemSummary{
			{Name: InputName, Input: true, Sentences: 4, Scores: map[string]Mean{Fluency: m(2, 1.5, 2.5, 0.5), Overall: m(0.5, 0.4, 0.6, 0.1)},
				VsInput: map[string]Mean{Fluency: {}, Overall: {}}, Labels: map[string][]LabelShare{Fluency: {{Label: "b", Count: 4, Share: 1}}}},
			{Name: "sys", Sentences: 4, Scores: map[string]Mean{Overall: m(0.75, 0.7, 0.8, 0.05)},
				VsInput: map[string]Mean{Overall: m(-0.0004, -0.001, 0.3, 0.2)}, OverallBins: bins},
		},
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `evidence: the source and references (1-2 per sentence): 3 sentences; the source only (no references): 1 sentence
scales (and the models that judge them):
  fluency  1-4  1 = a, 4 = d  higher is better    sv-fluency-reference.json, sv-fluency-source.json
  overall  0-1                higher is better    sv-overall-reference.json

system   sentences  fluency               overall
(input)  4          2.000 [1.500, 2.500]  0.500 [0.400, 0.600]
sys      4          -                     0.750 [0.700, 0.800]

spread: the standard deviation over outputs
system   fluency  overall
(input)  0.500    0.100
sys      -        0.050

difference from the unchanged input (the (input) row): system − input, paired by sentence
system  fluency  overall
sys     -        +0.000 [-0.001, +0.300]

label shares, % of outputs whose most likely label it is (overall: whose score is in the bin)
fluency    a      b        c        d
  (input)  -      100.0    -        -
  sys      -      -        -        -
overall    0-0.1  0.1-0.2  0.2-0.3  0.3-0.4  0.4-0.5  0.5-0.6  0.6-0.7  0.7-0.8  0.8-0.9  0.9-1
  (input)  -      -        -        -        -        -        -        -        -        -
  sys      0.0    0.0      0.0      0.0      0.0      0.0      0.0      100.0    0.0      0.0

signature: judge:sv|models:0123456789ab|evidence:reference+source|refs:1-2|bootstrap:poisson,n=1000,seed=1
means over sentences with 95% Poisson-bootstrap intervals (1000 resamples, systems paired by sentence); --json adds
label-share intervals and the sentences that pull each system down, --html a report, --jsonl every sentence
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
