package judge

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

func englishJudge(t testing.TB) *Judge {
	x, err := EnglishExtractor()
	if err != nil {
		t.Fatal(err)
	}
	m, err := Defaults("en")
	if err != nil {
		t.Fatal(err)
	}
	return &Judge{Evidence: x, Models: m}
}

func TestDefaultsComplete(t *testing.T) {
	for lang, want := range map[string][]string{
		"en": {ErrorCount3, Fluency, Grammaticality, Meaning, Overcorrection, Semantics5},
		"sv": {Fluency, Grammaticality, Meaning, Overcorrection, RemainingErrors},
	} {
		s, err := Defaults(lang)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Quantities(); !slices.Equal(got, want) {
			t.Errorf("%s quantities = %v, want %v", lang, got, want)
		}
	}
	if _, err := Defaults("de"); err == nil || !strings.Contains(err.Error(), `no default models for language "de"`) {
		t.Errorf("unknown language: %v", err)
	}
}

// TestJudgeOrders checks, on sentences written for this test, that the
// judgements order outputs as a rater would.
func TestJudgeOrders(t *testing.T) {
	j := englishJudge(t)
	src := strings.Fields("He have been working here since three years .")
	ref := [][]string{strings.Fields("He has been working here for three years .")}
	good := j.Judge(Input{Source: src, Hyp: ref[0], Refs: ref})
	same := j.Judge(Input{Source: src, Hyp: src, Refs: ref})
	rewrite := j.Judge(Input{Source: src, Hyp: strings.Fields("For three years , this man has held a job in this place ."), Refs: ref})
	if !(good.RemainingErrors < same.RemainingErrors) {
		t.Errorf("remaining errors: corrected %.2f, unchanged %.2f", good.RemainingErrors, same.RemainingErrors)
	}
	if !(rewrite.Overcorrection > good.Overcorrection+1) {
		t.Errorf("over-correction: rewrite %.2f, minimal %.2f", rewrite.Overcorrection, good.Overcorrection)
	}
	if !(good.Meaning > rewrite.Meaning) {
		t.Errorf("meaning: minimal %.2f, rewrite %.2f", good.Meaning, rewrite.Meaning)
	}
	if !(good.Overall > same.Overall && good.Overall > rewrite.Overall) {
		t.Errorf("overall: corrected %.3f, unchanged %.3f, rewrite %.3f", good.Overall, same.Overall, rewrite.Overall)
	}
	for _, g := range []Judgement{good, same, rewrite} {
		if g.Form != evidence.FormReference || g.Grammaticality < 1 || g.Grammaticality > 4 || g.Overall < 0 || g.Overall > 1 {
			t.Errorf("out of range: %+v", g)
		}
		if len(g.Labels) != 5 {
			t.Errorf("labels %v", g.Labels)
		}
	}
	alone := j.Judge(Input{Hyp: src})
	if alone.Form != evidence.FormAlone || !math.IsNaN(alone.Overcorrection) || math.IsNaN(alone.Grammaticality) {
		t.Errorf("hypothesis alone: %+v", alone)
	}
	b, _ := json.Marshal(alone)
	if !strings.Contains(string(b), `"overcorrection":null`) || !strings.HasPrefix(string(b), `{"grammaticality":`) {
		t.Errorf("JSON %s", b)
	}
}

// TestOverallPrefersOverSource: with its rankers, the judge's overall is
// the chance raters prefer the output to its source: the source itself is
// even, a correction preferred, each the ranker's Prefer of the output's
// score and the source's (judged apart), and without a source there is
// none.
func TestOverallPrefersOverSource(t *testing.T) {
	j, err := New("en")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Fields("He have been working here since three years .")
	ref := [][]string{strings.Fields("He has been working here for three years .")}
	good := j.Judge(Input{Source: src, Hyp: ref[0], Refs: ref})
	same := j.Judge(Input{Source: src, Hyp: src, Refs: ref})
	if same.Overall != 0.5 || !(good.Overall > 0.5 && good.Overall < 1) {
		t.Errorf("overall: unchanged %v, corrected %v; want 0.5 and above", same.Overall, good.Overall)
	}
	r := j.Rankers.best(evidence.FormReference)
	if r.Preference <= 0 {
		t.Errorf("embedded ranker's preference slope %v, want fitted (> 0)", r.Preference)
	}
	if want := r.Prefer(good.score, same.score); math.Abs(good.Overall-want) > 1e-12 {
		t.Errorf("overall %v, Prefer(%v, %v) = %v", good.Overall, good.score, same.score, want)
	}
	alone := j.Judge(Input{Hyp: src})
	if !math.IsNaN(alone.Overall) {
		t.Errorf("hypothesis alone: overall %v, want none (it needs the source)", alone.Overall)
	}
	if b, _ := json.Marshal(alone); !strings.Contains(string(b), `"overall":null`) {
		t.Errorf("JSON %s", b)
	}
}

func TestAnswerLLM(t *testing.T) {
	j := englishJudge(t)
	lang := j.Evidence.Lang
	src := lang.Annotate(strings.Fields("I wentt at Rome for my birthday ."))
	ref := lang.Annotate(strings.Fields("I went to Rome for my birthday ."))
	refs := []*edits.Sentence{ref}
	good, err := j.AnswerLLM(evidence.Input{Source: src, Hyp: ref, Refs: refs})
	if err != nil {
		t.Fatal(err)
	}
	bad, err := j.AnswerLLM(evidence.Input{Source: src, Hyp: lang.Annotate(strings.Fields("I decided to go to Rome for my anniversary .")), Refs: refs})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []LLMAnswer{good, bad} {
		if a.Semantics < 1 || a.Semantics > 5 {
			t.Errorf("semantics %d", a.Semantics)
		}
		if _, _, err := human.ErrorCount3.Index(a.Grammaticality); err != nil {
			t.Error(err)
		}
		if _, _, err := human.Overcorrection4.Index(a.Overcorrection); err != nil {
			t.Error(err)
		}
	}
	if good.Overcorrection != "No" || bad.Overcorrection == "No" || good.Semantics < bad.Semantics {
		t.Errorf("minimal %+v, rewrite %+v", good, bad)
	}
}
