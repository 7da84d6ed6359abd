package langs_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/agreement"
	"github.com/gecmetric/gecmetric/edits/langs"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// category is the category shared by every tool's tagset that a type
// names (SPELL, ORTH, PUNCT, WO), or "". ERRANT-CZ's ORTH:CASING and
// ORTH:WSPACE, EstGEC's CASE and WS count as ORTH; JP-ERRANT's
// "R:PUNCT -> PUNCT" and "M:PUNCT" as PUNCT.
func category(t string) string {
	_, rest, ok := strings.Cut(t, ":")
	if !ok {
		return ""
	}
	if strings.Contains(rest, "->") || !strings.Contains(rest, ":") {
		tags := strings.Fields(strings.ReplaceAll(rest, "->", " "))
		if len(tags) > 0 && !strings.Contains(rest, ":") {
			all := true
			for _, x := range tags {
				all = all && x == "PUNCT"
			}
			if all {
				return "PUNCT"
			}
		}
	}
	switch rest {
	case "SPELL", "WO", "PUNCT":
		return rest
	case "ORTH", "ORTH:CASING", "ORTH:WSPACE", "CASE", "WS":
		return "ORTH"
	}
	return ""
}

// TestSpanAgreement extracts the edits of every coder's correction in a
// golden M2 again (as errant_m2 -auto does, on the file's own tokens) and
// compares them with the file's: P/R/F of edits (span and correction)
// and of spans alone, and, among the shared edits whose golden type is
// SPELL, ORTH, PUNCT or WO, the share typed alike. A coder whose edits
// overlap (EstGEC) is compared by its outer edits, which its correction
// is made of. Floors sit below the values measured (in comments) by the
// margin given.
func TestSpanAgreement(t *testing.T) {
	for _, tt := range []struct {
		name, lang, file string
		// Measured edit F1 and span F1; the floors are 0.01 below.
		edit, span float64
		// Measured type agreement on the shared categories; floor 0.02
		// below (-1: fewer than ten such edits in the golden file).
		shared float64
	}{
		{"uk JP-ERRANT", "uk", "uk/jp-errant/0108-jp-errant.m2", 0.9620, 0.9620, -1},
		{"zh JP-ERRANT", "zh", "zh/jp-errant/zh_output.m2", 0.8222, 0.9000, -1},
		{"de JP-ERRANT", "de", "de/jp-errant/fm-dev-jp-errant.m2", 0.9572, 0.9748, 0.9989},
		{"cs JP-ERRANT", "cs", "cs/jp-errant/sentence_small_set-jp-errant.m2", 0.9155, 0.9370, 0.9978},
		{"cs ERRANT-CZ demo", "cs", "cs/errant-czech-demo/out.m2", 0.7027, 0.8649, -1},
		{"de Falko-MERLIN dev", "de", "de/falko-merlin/fm-dev.m2", 0.9186, 0.9520, 0.9861},
		{"et EstGEC-L2 test", "et", "et/estgec-l2/source_gold_test.txt", 0.7304, 0.7631, 0.8606},
		{"et EstGEC-L2 dev", "et", "et/estgec-l2/source_gold_dev.txt", 0.7610, 0.7985, 0.8040},
		{"et Tartu L1 test", "et", "et/tartu-l1/test_m2.txt", 0.8959, 0.9175, 0.9233},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := testdata.Dir(t, "multilingual", tt.file)
			lang, _ := langs.For(tt.lang)
			if note := langs.Missing(lang); note != "" {
				testdata.SkipComparison(t, "%s", note)
			}
			gold, err := corpora.ReadM2File(path)
			if err != nil {
				t.Fatal(err)
			}
			var editR, spanR agreement.Result
			shared, sharedSame := 0, 0
			i := 0
			opt := corpora.ExtractOptions{Lang: lang, MaxTokens: -1}
			err = corpora.RedoM2(context.Background(), path, false, opt, func(b *corpora.M2Block) error {
				g := &gold[i]
				i++
				for _, k := range g.Coders() {
					want := g.CoderEdits(k)
					if outer, _, ok := edits.SplitOverlapping(want); ok {
						want = outer
					}
					got := b.CoderEdits(k)
					editR.Add(g.Source, got, want)
					spanR.Add(g.Source, spansOnly(got), spansOnly(want))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for pair, n := range editR.Confusion {
				if c := category(pair[0]); c != "" {
					shared += n
					if category(pair[1]) == c {
						sharedSame += n
					}
				}
			}
			agree := float64(sharedSame) / float64(max(shared, 1))
			t.Logf("%s: edits P %.4f R %.4f F1 %.4f; spans P %.4f R %.4f F1 %.4f; shared categories %d/%d = %.4f",
				tt.name, editR.Precision(), editR.Recall(), editR.F1(), spanR.Precision(), spanR.Recall(), spanR.F1(), sharedSame, shared, agree)
			if editR.F1() < tt.edit-0.01 || spanR.F1() < tt.span-0.01 {
				t.Errorf("edit F1 %.4f, span F1 %.4f; measured %.4f, %.4f", editR.F1(), spanR.F1(), tt.edit, tt.span)
			}
			if tt.shared >= 0 && agree < tt.shared-0.02 {
				t.Errorf("type agreement on SPELL/ORTH/PUNCT/WO %.4f, measured %.4f", agree, tt.shared)
			}
		})
	}
}

// spansOnly returns es with the corrections dropped, so that agreement
// compares source spans alone.
func spansOnly(es []edits.Edit) []edits.Edit {
	out := make([]edits.Edit, len(es))
	for i, e := range es {
		e.C = nil
		out[i] = e
	}
	return out
}
