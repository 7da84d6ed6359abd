// Package agreement measures how closely one set of edits matches another
// over the same source sentences, typically gecmetric's extraction against
// ERRANT's M2 for the same corrections.
//
// Two edits are the same edit when they have the same source span and the
// same correction string (ERRANT's Edit equality); noop edits are ignored.
// Precision, recall and F1 of the edits measure span agreement; among the
// edits both sides have, the share with identical type measures type
// agreement, and a confusion count of (want type, got type) shows where
// types differ.
package agreement

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/edits"
)

// A Result sums the comparison of edits over sentences. The zero value is
// an empty result; Add accumulates sentences.
type Result struct {
	Sentences int
	// TP counts edits in both, FP edits only in got, FN edits only in want.
	TP, FP, FN int
	// SameType counts the TP edits whose types are equal.
	SameType int
	// Confusion counts TP edits by (want type, got type).
	Confusion map[[2]string]int
	// Examples keeps, per differing (want, got) pair, the first few
	// disagreements as readable strings (source span → correction).
	Examples map[[2]string][]string
	// Missed and Extra keep the first few span disagreements.
	Missed, Extra []string
}

type key struct {
	start, end int
	corr       string
}

func keyOf(e edits.Edit) key {
	return key{e.OStart, e.OEnd, strings.Join(e.C, " ")}
}

const keepExamples = 5

// Add compares the edits of one sentence: got (e.g. extracted) against
// want (e.g. ERRANT's). src is the source tokens, used for examples.
func (r *Result) Add(src []string, got, want []edits.Edit) {
	r.Sentences++
	if r.Confusion == nil {
		r.Confusion = map[[2]string]int{}
		r.Examples = map[[2]string][]string{}
	}
	wantType := map[key]string{}
	for _, e := range want {
		if !e.IsNoop() {
			wantType[keyOf(e)] = e.Type
		}
	}
	seen := map[key]bool{}
	for _, e := range got {
		if e.IsNoop() {
			continue
		}
		k := keyOf(e)
		wt, ok := wantType[k]
		if !ok || seen[k] {
			r.FP++
			if len(r.Extra) < 50 {
				r.Extra = append(r.Extra, describe(src, e, e.Type))
			}
			continue
		}
		seen[k] = true
		r.TP++
		pair := [2]string{wt, e.Type}
		r.Confusion[pair]++
		if wt == e.Type {
			r.SameType++
		} else if len(r.Examples[pair]) < keepExamples {
			r.Examples[pair] = append(r.Examples[pair], describe(src, e, ""))
		}
	}
	for _, e := range want {
		if !e.IsNoop() && !seen[keyOf(e)] {
			r.FN++
			seen[keyOf(e)] = true
			if len(r.Missed) < 50 {
				r.Missed = append(r.Missed, describe(src, e, e.Type))
			}
		}
	}
}

func describe(src []string, e edits.Edit, typ string) string {
	lo, hi := max(0, e.OStart-3), min(len(src), e.OEnd+3)
	var b strings.Builder
	if typ != "" {
		fmt.Fprintf(&b, "%s ", typ)
	}
	fmt.Fprintf(&b, "%d-%d %q → %q in %q", e.OStart, e.OEnd,
		strings.Join(src[min(e.OStart, len(src)):min(e.OEnd, len(src))], " "),
		strings.Join(e.C, " "), strings.Join(src[lo:hi], " "))
	return b.String()
}

// Merge adds the counts of s to r.
func (r *Result) Merge(s Result) {
	r.Sentences += s.Sentences
	r.TP += s.TP
	r.FP += s.FP
	r.FN += s.FN
	r.SameType += s.SameType
	if r.Confusion == nil {
		r.Confusion = map[[2]string]int{}
		r.Examples = map[[2]string][]string{}
	}
	for k, v := range s.Confusion {
		r.Confusion[k] += v
	}
	for k, v := range s.Examples {
		r.Examples[k] = append(r.Examples[k], v...)
	}
	r.Missed = append(r.Missed, s.Missed...)
	r.Extra = append(r.Extra, s.Extra...)
}

// Precision is TP/(TP+FP), 1 when nothing was got.
func (r *Result) Precision() float64 { return ratio(r.TP, r.TP+r.FP) }

// Recall is TP/(TP+FN), 1 when nothing was wanted.
func (r *Result) Recall() float64 { return ratio(r.TP, r.TP+r.FN) }

// F1 is the harmonic mean of Precision and Recall.
func (r *Result) F1() float64 {
	p, q := r.Precision(), r.Recall()
	if p+q == 0 {
		return 0
	}
	return 2 * p * q / (p + q)
}

// TypeAgreement is SameType/TP, 1 when TP is 0.
func (r *Result) TypeAgreement() float64 { return ratio(r.SameType, r.TP) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// WriteSummary writes one line: sentences, TP/FP/FN, P, R, F1 and type
// agreement.
func (r *Result) WriteSummary(w io.Writer, name string) error {
	_, err := fmt.Fprintf(w, "%-8s sentences %5d  TP %5d  FP %4d  FN %4d  P %.4f  R %.4f  F1 %.4f  type %.4f (%d/%d)\n",
		name, r.Sentences, r.TP, r.FP, r.FN, r.Precision(), r.Recall(), r.F1(), r.TypeAgreement(), r.SameType, r.TP)
	return err
}

// WriteConfusion writes the type disagreements, most frequent first: want
// type, got type, count and examples; then how often each want type
// agreed.
func (r *Result) WriteConfusion(w io.Writer) error {
	type row struct {
		pair [2]string
		n    int
	}
	var diff []row
	total := map[string]int{}
	same := map[string]int{}
	for k, n := range r.Confusion {
		total[k[0]] += n
		if k[0] == k[1] {
			same[k[0]] += n
		} else {
			diff = append(diff, row{k, n})
		}
	}
	slices.SortFunc(diff, func(a, b row) int {
		return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.pair[0], b.pair[0]), cmp.Compare(a.pair[1], b.pair[1]))
	})
	fmt.Fprintf(w, "type disagreements (want → got: count):\n")
	for _, d := range diff {
		fmt.Fprintf(w, "  %-14s → %-14s %5d\n", d.pair[0], d.pair[1], d.n)
		for _, ex := range r.Examples[d.pair] {
			fmt.Fprintf(w, "      %s\n", ex)
		}
	}
	types := make([]string, 0, len(total))
	for t := range total {
		types = append(types, t)
	}
	slices.SortFunc(types, func(a, b string) int { return cmp.Or(cmp.Compare(total[b], total[a]), cmp.Compare(a, b)) })
	fmt.Fprintf(w, "per want type (agree/total):\n")
	for _, t := range types {
		fmt.Fprintf(w, "  %-14s %5d/%-5d %.3f\n", t, same[t], total[t], ratio(same[t], total[t]))
	}
	_, err := fmt.Fprintf(w, "span disagreements: %d missed (in want only), %d extra (in got only)\n", r.FN, r.FP)
	return err
}

// WriteSpanExamples writes the first kept missed and extra edits.
func (r *Result) WriteSpanExamples(w io.Writer, n int) error {
	for _, s := range r.Missed[:min(n, len(r.Missed))] {
		fmt.Fprintf(w, "  missed %s\n", s)
	}
	for _, s := range r.Extra[:min(n, len(r.Extra))] {
		fmt.Fprintf(w, "  extra  %s\n", s)
	}
	return nil
}
