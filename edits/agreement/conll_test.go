package agreement_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/agreement"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/edits/generic"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// english is the language measured against ERRANT.
func english() edits.Language { return en.New() }

var systems = []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"}

// Thresholds met by the current rules, a little below the measured
// values (span F1 0.9990-1, type agreement 0.9315-0.9818 per system, gold
// 0.9629 at 22:58 UTC on 2026-11-21): a regression gate. The targets are
// span F1 ≥ 0.99 (met) and type agreement ≥ 0.95 (met by every system but
// IPN, by all systems together, and by gold).
const (
	minSpanF1      = 0.995
	minTypeAgree   = 0.91
	minGoldTypeAgr = 0.955
)

// conll reads the CoNLL-2014 source, one system's text and ERRANT's M2 of
// it.
func conll(t testing.TB, sys string) (src, hyp *corpora.TextFile, m2 []corpora.M2Block) {
	dir := testdata.Dir(t, "conll14-errant")
	files, err := corpora.ReadParallel(filepath.Join(dir, "text", "source.txt"), filepath.Join(dir, "text", sys+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	m2, err = corpora.ReadM2File(filepath.Join(dir, "m2", sys+".m2"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m2) != len(files[0].Lines) {
		t.Fatalf("%s: %d M2 blocks for %d lines", sys, len(m2), len(files[0].Lines))
	}
	return files[0], files[1], m2
}

// TestAgreementCoNLL14 re-extracts every system's edits from the source
// and the system's text and compares them with ERRANT's M2.
func TestAgreementCoNLL14(t *testing.T) {
	lang := english()
	var all agreement.Result
	var report strings.Builder
	for _, sys := range systems {
		src, hyp, m2 := conll(t, sys)
		srcs := edits.AnnotateAll(lang, src.Tokens)
		var r agreement.Result
		for i := range src.Lines {
			var got []edits.Edit
			if strings.Join(src.Tokens[i], " ") != strings.TrimSpace(hyp.Lines[i]) {
				got = edits.Extract(lang, srcs[i], edits.AnnotateCorrection(lang, srcs[i], hyp.Tokens[i]), edits.Options{})
			}
			r.Add(src.Tokens[i], got, m2[i].CoderEdits(0))
		}
		r.WriteSummary(&report, sys)
		if r.F1() < minSpanF1 {
			t.Errorf("%s: span F1 %.4f < %.2f", sys, r.F1(), minSpanF1)
		}
		if r.TypeAgreement() < minTypeAgree {
			t.Errorf("%s: type agreement %.4f < %.2f", sys, r.TypeAgreement(), minTypeAgree)
		}
		all.Merge(r)
	}
	all.WriteSummary(&report, "all")
	all.WriteConfusion(&report)
	all.WriteSpanExamples(&report, 30)
	t.Log("\n" + report.String())
	writeReport(t, "conll14-systems", report.String())
}

// TestReclassifyGoldCoNLL14 keeps the spans of ERRANT's gold.m2 and types
// them again, as errant_m2 -gold did to make the file.
func TestReclassifyGoldCoNLL14(t *testing.T) {
	lang := english()
	dir := testdata.Dir(t, "conll14-errant")
	gold, err := corpora.ReadM2File(filepath.Join(dir, "m2", "gold.m2"))
	if err != nil {
		t.Fatal(err)
	}
	var r agreement.Result
	for _, b := range gold {
		src := lang.Annotate(b.Source)
		for _, coder := range b.Coders() {
			want := b.CoderEdits(coder)
			r.Add(b.Source, edits.Reclassify(lang, src, want), want)
		}
	}
	var report strings.Builder
	r.WriteSummary(&report, "gold")
	r.WriteConfusion(&report)
	t.Log("\n" + report.String())
	writeReport(t, "conll14-gold", report.String())
	if r.TypeAgreement() < minGoldTypeAgr {
		t.Errorf("gold: type agreement %.4f < %.2f", r.TypeAgreement(), minGoldTypeAgr)
	}
	if r.F1() < 0.99 {
		t.Errorf("gold: spans changed: F1 %.4f", r.F1())
	}
}

// writeReport saves a report when GECMETRIC_AGREEMENT_DIR names a folder.
func writeReport(t *testing.T, name, text string) {
	if d := os.Getenv("GECMETRIC_AGREEMENT_DIR"); d != "" {
		if err := os.WriteFile(filepath.Join(d, name+".txt"), []byte(text), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// BenchmarkExtractCoNLL14 extracts the edits of all six systems from the
// CoNLL-2014 source, as `gecmetric edits` does: each source is annotated
// once, when a system first changes it, and every distinct changed
// system sentence is annotated (AnnotateCorrection, from its source) and
// extracted (a system sentence equal to an earlier system's takes its
// edits; 190 of the 3,240 changed pairs). It reports sentence pairs per second on one goroutine, all
// pairs (unchanged ones cost a string comparison) and the changed pairs
// that were tagged and extracted, per wall-clock and per CPU second (the
// latter stays meaningful when other work shares the machine). One
// iteration is 7,872 pairs, 3,240 of them changed. With -cpu 1 on the
// 2-core development machine at load 4.5-5.5, five runs interleaved with
// the code before 2026-11-24's tagger, alignment and annotation reuse:
// 48,000-60,000 pairs per CPU-second, median 53,000 (20,000-25,000
// changed), against 17,700-21,300 (7,300-8,800 changed) before.
func BenchmarkExtractCoNLL14(b *testing.B) {
	lang := english()
	var src *corpora.TextFile
	var hyps []*corpora.TextFile
	for _, sys := range systems {
		s, h, _ := conll(b, sys)
		src = s
		hyps = append(hyps, h)
	}
	pairs, changed := 0, 0
	b.ResetTimer()
	cpu0 := cpuTime()
	done := make([][]edits.Edit, len(hyps))
	for b.Loop() {
		for i := range src.Lines {
			var o *edits.Sentence
			srcText := strings.Join(src.Tokens[i], " ")
			for k, h := range hyps {
				pairs++
				done[k] = nil
				if srcText == strings.TrimSpace(h.Lines[i]) {
					continue
				}
				changed++
				if d := slices.IndexFunc(hyps[:k], func(e *corpora.TextFile) bool { return slices.Equal(e.Tokens[i], h.Tokens[i]) }); d >= 0 && done[d] != nil {
					done[k] = done[d]
					continue
				}
				if o == nil {
					o = lang.Annotate(src.Tokens[i])
				}
				done[k] = edits.Extract(lang, o, edits.AnnotateCorrection(lang, o, h.Tokens[i]), edits.Options{})
				if done[k] == nil {
					done[k] = []edits.Edit{}
				}
			}
		}
	}
	b.ReportMetric(float64(pairs)/b.Elapsed().Seconds(), "pairs/s")
	b.ReportMetric(float64(changed)/b.Elapsed().Seconds(), "changed-pairs/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(pairs)/cpu.Seconds(), "pairs/cpu-s")
		b.ReportMetric(float64(changed)/cpu.Seconds(), "changed-pairs/cpu-s")
	}
}

func ExampleResult() {
	lang := generic.New("xx")
	src := lang.Annotate(strings.Fields("He go to school ."))
	got := edits.Extract(lang, src, lang.Annotate(strings.Fields("He goes to school .")), edits.Options{})
	want := []edits.Edit{{OStart: 1, OEnd: 2, C: []string{"goes"}, Type: "R:VERB:SVA"}}
	var r agreement.Result
	r.Add(src.Texts(), got, want)
	fmt.Printf("F1 %.2f, same type %d of %d\n", r.F1(), r.SameType, r.TP)
	// Output: F1 1.00, same type 0 of 1
}

// BenchmarkExtractAnnotatedCoNLL14 is BenchmarkExtractCoNLL14 without the
// tagging: alignment, merging and classification of the 3,240
// pre-annotated changed pairs: 54,000-63,000 per CPU-second in the runs
// above, against 18,000-27,000 per second before.
func BenchmarkExtractAnnotatedCoNLL14(b *testing.B) {
	lang := english()
	var os, cs []*edits.Sentence
	for _, sys := range systems {
		src, hyp, _ := conll(b, sys)
		for i := range src.Lines {
			if strings.Join(src.Tokens[i], " ") != strings.TrimSpace(hyp.Lines[i]) {
				os = append(os, lang.Annotate(src.Tokens[i]))
				cs = append(cs, edits.AnnotateCorrection(lang, os[len(os)-1], hyp.Tokens[i]))
			}
		}
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for b.Loop() {
		for i := range os {
			edits.Extract(lang, os[i], cs[i], edits.Options{})
		}
	}
	b.ReportMetric(float64(len(os)*b.N)/b.Elapsed().Seconds(), "changed-pairs/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(os)*b.N)/cpu.Seconds(), "changed-pairs/cpu-s")
	}
}
