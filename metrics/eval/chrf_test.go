package eval

import (
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/metrics/chrf"
)

// TestChrF checks that eval's chrF is package chrf's corpus score of the
// same sentences, with one and with two references, that it is computed
// only when named, and that its signature part names sacreBLEU's options.
func TestChrF(t *testing.T) {
	split := func(lines ...string) [][]string {
		out := make([][]string, len(lines))
		for i, l := range lines {
			out[i] = strings.Fields(l)
		}
		return out
	}
	src := split("He go to school .", "She like apples .", "This is fine .")
	ref0 := split("He goes to school .", "She likes apples .", "This is fine .")
	ref1 := split("He went to school .", "She likes the apples .", "This is fine .")
	hyp := split("He goes to the school .", "She like apples .", "This is fine !")
	for _, tc := range []struct {
		name string
		refs [][][]string
	}{{"one reference", [][][]string{ref0}}, {"two references", [][][]string{ref0, ref1}}} {
		t.Run(tc.name, func(t *testing.T) {
			set := &TestSet{Source: src}
			for k, r := range tc.refs {
				set.Refs = append(set.Refs, Reference{Name: string(rune('a' + k)), Tokens: r})
			}
			ev, err := New(Config{Metrics: []string{ChrF}}, set)
			if err != nil {
				t.Fatal(err)
			}
			res, err := ev.Score(System{Name: "sys", Tokens: hyp})
			if err != nil {
				t.Fatal(err)
			}
			want := chrf.Corpus(hyp, tc.refs...).Total()
			if res.ChrF == nil || res.ChrF.Score != want {
				t.Fatalf("chrF %v, want %v", res.ChrF, want)
			}
			if want <= 0.5 || want >= 1 {
				t.Errorf("chrF %v: want a score between 0.5 and 1 for these near misses", want)
			}
			if got := res.ChrF.Corpus().Total(); got != want {
				t.Errorf("Corpus().Total() %v, want %v", got, want)
			}
			if res.M2 != nil || res.ERRANT != nil || res.GLEU != nil {
				t.Errorf("metrics not named were scored: %+v", res)
			}
			if sig := ev.Signature(); !strings.HasSuffix(sig, "|chrf:nc=6,nw=0,beta=2,space=no") {
				t.Errorf("signature %q", sig)
			}
		})
	}
	// Not named (the default set): not computed.
	set := &TestSet{Source: src, Refs: []Reference{{Name: "a", Tokens: ref0}}}
	ev, err := New(Config{Metrics: []string{GLEU}}, set)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ev.Score(System{Name: "sys", Tokens: hyp})
	if err != nil {
		t.Fatal(err)
	}
	if res.ChrF != nil || strings.Contains(ev.Signature(), "chrf") {
		t.Errorf("chrF computed without being named: %v %q", res.ChrF, ev.Signature())
	}
	if (&Config{}).Has(ChrF) {
		t.Error("an empty Config.Metrics includes chrF")
	}
	if _, err := ParseMetrics("m2,chrf"); err != nil {
		t.Error(err)
	}
}
