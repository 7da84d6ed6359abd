package langs_test

import (
	"os"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/langs"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// readPairs reads a source and a target file of tokenised lines.
func readPairs(b *testing.B, src, tgt string) (o, c [][]string, tokens int) {
	read := func(p string) [][]string {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		var out [][]string
		for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			out = append(out, strings.Fields(l))
		}
		return out
	}
	o, c = read(src), read(tgt)
	if len(o) != len(c) {
		b.Fatalf("%s has %d lines, %s %d", src, len(o), tgt, len(c))
	}
	for _, s := range o {
		tokens += len(s)
	}
	return o, c, tokens
}

// benchExtract annotates every source and target with lang and extracts
// the edits, on one core, reporting nanoseconds per source token.
func benchExtract(b *testing.B, code, src, tgt string) {
	lang, _ := langs.For(code)
	if note := langs.Missing(lang); note != "" {
		b.Skip(note)
	}
	o, c, tokens := readPairs(b, src, tgt)
	lang.Annotate([]string{"warm", "up"}) // the word list is read once, outside the timing
	if len(o) > 0 {
		lang.Classify(lang.Annotate(o[0]), lang.Annotate(o[0]), edits.Edit{OStart: 0, OEnd: 1, CStart: 0, CEnd: 1})
	}
	b.ResetTimer()
	for b.Loop() {
		for i := range o {
			s := lang.Annotate(o[i])
			edits.Extract(lang, s, edits.AnnotateCorrection(lang, s, c[i]), edits.Options{})
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tokens), "ns/token")
}

// BenchmarkExtractEnglish is CoNLL-2014's test source against its first
// reference, English rules (tagger included).
func BenchmarkExtractEnglish(b *testing.B) {
	d := testdata.Dir(b, "conll14-errant", "text")
	benchExtract(b, "en", d+"/source.txt", d+"/ref0.txt")
}

// BenchmarkExtractUkrainian is UA-GEC gec-only test against annotator 0.
func BenchmarkExtractUkrainian(b *testing.B) {
	d := testdata.Dir(b, "multilingual", "uk", "gec-only")
	benchExtract(b, "uk", d+"/gec-only.test.src", d+"/gec-only.test.ref0")
}

// BenchmarkExtractGerman is Falko-MERLIN dev.
func BenchmarkExtractGerman(b *testing.B) {
	d := testdata.Dir(b, "multilingual", "de", "falko-merlin")
	benchExtract(b, "de", d+"/fm-dev.src", d+"/fm-dev.trg")
}
