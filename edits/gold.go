package edits

import (
	"cmp"
	"slices"
)

// Detection-only types of M2: the annotator marked a span without
// correcting it. ERRANT keeps such edits as they are and calls them UNK.
func isDetection(t string) bool { return t == "UNK" || t == "Um" }

// ApplyEdits applies one annotator's edits to the source tokens and
// returns the corrected tokens and the edits with their correction spans
// (CStart, CEnd) filled in, sorted by source span. Detection-only edits
// (type UNK or Um) leave their source tokens in place but keep their
// pseudo-correction in C. This is how errant_m2 rebuilds a correction
// from gold edits; overlapping edits are applied in order as it does, with
// spans clipped to the sentence instead of failing.
//
// Edits whose spans lie in the sentence and do not overlap, the usual
// case, are applied in one pass, in time linear in the sentence (one
// replacement after another would be quadratic: a joined document of
// 187,000 tokens and 40,000 edits took seconds).
func ApplyEdits(src []string, es []Edit) ([]string, []Edit) {
	es = slices.Clone(es)
	slices.SortStableFunc(es, bySourceSpan)
	if disjoint(src, es) {
		return applyDisjoint(src, es), es
	}
	return applyInOrder(src, es), es
}

// disjoint reports whether the sorted edits es lie in src and do not
// overlap (noops aside).
func disjoint(src []string, es []Edit) bool {
	prev := 0
	for i := range es {
		e := &es[i]
		if e.IsNoop() {
			continue
		}
		if e.OStart < prev || e.OEnd < e.OStart || e.OEnd > len(src) {
			return false
		}
		prev = e.OEnd
	}
	return true
}

// applyDisjoint is applyInOrder for disjoint edits, in one pass.
func applyDisjoint(src []string, es []Edit) []string {
	cor := make([]string, 0, len(src))
	prev, offset := 0, 0
	for i := range es {
		e := &es[i]
		if e.IsNoop() {
			continue
		}
		repl := e.C
		if isDetection(e.Type) {
			repl = src[e.OStart:e.OEnd]
		}
		cor = append(cor, src[prev:e.OStart]...)
		cor = append(cor, repl...)
		e.CStart = e.OStart + offset
		e.CEnd = e.CStart + len(repl)
		offset += len(repl) - (e.OEnd - e.OStart)
		prev = e.OEnd
	}
	return append(cor, src[prev:]...)
}

// applyInOrder applies the sorted edits es to src one after another,
// filling in their correction spans.
func applyInOrder(src []string, es []Edit) []string {
	cor := slices.Clone(src)
	offset := 0
	for i := range es {
		e := &es[i]
		if e.IsNoop() {
			continue
		}
		repl := e.C
		if isDetection(e.Type) {
			repl = src[clip(e.OStart, len(src)):clip(e.OEnd, len(src))]
		}
		start := clip(e.OStart+offset, len(cor))
		end := max(start, clip(e.OEnd+offset, len(cor)))
		cor = slices.Replace(cor, start, end, repl...)
		e.CStart = e.OStart + offset
		e.CEnd = e.CStart + len(repl)
		offset += len(repl) - (e.OEnd - e.OStart)
	}
	return cor
}

// bySourceSpan orders edits by source start, then source end.
func bySourceSpan(a, b Edit) int {
	return cmp.Or(cmp.Compare(a.OStart, b.OStart), cmp.Compare(a.OEnd, b.OEnd))
}

func clip(i, n int) int { return max(0, min(i, n)) }

// Minimise drops the tokens that e's two sides share at its start and end
// ("has eaten" → "was eaten" becomes "has" → "was"), as ERRANT does with
// gold edits. Tokens are compared by exact text.
func Minimise(e Edit) Edit {
	for len(e.O) > 0 && len(e.C) > 0 && e.O[0] == e.C[0] {
		e.O, e.C = e.O[1:], e.C[1:]
		e.OStart++
		e.CStart++
	}
	for len(e.O) > 0 && len(e.C) > 0 && e.O[len(e.O)-1] == e.C[len(e.C)-1] {
		e.O, e.C = e.O[:len(e.O)-1], e.C[:len(e.C)-1]
		e.OEnd--
		e.CEnd--
	}
	return e
}

// Reclassify types one annotator's existing edits of the source o the way
// `errant_m2 -gold` does: it rebuilds the annotator's correction
// (ApplyEdits), annotates it with lang, minimises each edit (Minimise)
// and classifies it. Detection-only edits (UNK, Um) keep their span and
// pseudo-correction and become UNK. A noop list (a single noop edit) is
// returned unchanged. The result is sorted by source span.
func Reclassify(lang Language, o *Sentence, gold []Edit) []Edit {
	if len(gold) == 0 || gold[0].IsNoop() {
		return gold
	}
	src := o.Texts()
	corToks, es := ApplyEdits(src, gold)
	c := AnnotateCorrection(lang, o, corToks)
	out := es[:0]
	for _, e := range es {
		switch {
		case e.IsNoop():
			// A noop among real edits says nothing; ERRANT would choke on it.
			continue
		case isDetection(e.Type):
			e.Type = "UNK"
		default:
			e.OStart, e.OEnd = clip(e.OStart, len(src)), clip(e.OEnd, len(src))
			e.OEnd = max(e.OStart, e.OEnd)
			e.O = src[e.OStart:e.OEnd]
			e.CStart, e.CEnd = clip(e.CStart, len(corToks)), clip(e.CEnd, len(corToks))
			e.CEnd = max(e.CStart, e.CEnd)
			e.C = corToks[e.CStart:e.CEnd]
			e.Alternatives = nil
			e = Minimise(e)
			e.Type = lang.Classify(o, c, e)
		}
		out = append(out, e)
	}
	return out
}

// Reextract replaces one annotator's edits of the source o by edits
// extracted automatically from the annotator's correction, the way
// `errant_m2 -auto` does: the correction is rebuilt from the edits
// (ApplyEdits), annotated with lang and compared with o by Extract;
// detection-only edits (UNK, Um) are kept as UNK with their span and
// pseudo-correction. The result is sorted by source span. A noop list is
// returned unchanged. An annotator whose edits overlap (EstGEC) is read
// as its outer edits (SplitOverlapping).
func Reextract(lang Language, o *Sentence, gold []Edit, opts Options) []Edit {
	if len(gold) == 0 || gold[0].IsNoop() {
		return gold
	}
	if outer, _, ok := SplitOverlapping(gold); ok {
		gold = outer // the outer edits hold the whole correction
	}
	corToks, es := ApplyEdits(o.Texts(), gold)
	var out []Edit
	for _, e := range es {
		if isDetection(e.Type) {
			e.Type = "UNK"
			out = append(out, e)
		}
	}
	out = append(out, Extract(lang, o, AnnotateCorrection(lang, o, corToks), opts)...)
	slices.SortStableFunc(out, bySourceSpan)
	return out
}

// Overlap reports whether the source spans of a and b (neither a noop)
// share a token, or one is an insertion strictly inside the other's span.
func Overlap(a, b Edit) bool {
	switch {
	case a.OStart == a.OEnd && b.OStart == b.OEnd:
		return false // two insertions at one point are two insertions
	case a.OStart == a.OEnd:
		return b.OStart < a.OStart && a.OStart < b.OEnd
	case b.OStart == b.OEnd:
		return a.OStart < b.OStart && b.OStart < a.OEnd
	}
	return a.OStart < b.OEnd && b.OStart < a.OEnd
}

// SplitOverlapping splits one annotator's edits whose source spans
// overlap into two consistent sets, as TartuNLP's M2_scorer_est splits
// such an annotator into two pseudo-annotators. EstGEC's M2 has them: a
// word-order edit over "kutsuda sulle" → "sind kutsuda" and, inside it,
// "sulle" → "sind". outer keeps every edit that overlaps no wider edit
// (the word-order edit, which already holds the inner corrections);
// inner keeps every edit that overlaps no narrower one (the word
// corrections without the reordering). Of two overlapping edits of equal
// width, outer keeps the first and inner the second. Edits that overlap
// nothing are in both; noops are left out. ok is false, and outer and
// inner nil, when no two edits overlap.
func SplitOverlapping(es []Edit) (outer, inner []Edit, ok bool) {
	if !anyOverlap(es) {
		return nil, nil, false
	}
	width := func(e Edit) int { return e.OEnd - e.OStart }
	dropOuter := make([]bool, len(es))
	dropInner := make([]bool, len(es))
	for i := range es {
		if es[i].IsNoop() {
			dropOuter[i], dropInner[i] = true, true
			continue
		}
		for j := range es {
			if i == j || es[j].IsNoop() || !Overlap(es[i], es[j]) {
				continue
			}
			ok = true
			wi, wj := width(es[i]), width(es[j])
			if wj > wi || (wj == wi && j < i) {
				dropOuter[i] = true
			}
			if wj < wi || (wj == wi && j > i) {
				dropInner[i] = true
			}
		}
	}
	if !ok {
		return nil, nil, false
	}
	for i, e := range es {
		if !dropOuter[i] {
			outer = append(outer, e)
		}
		if !dropInner[i] {
			inner = append(inner, e)
		}
	}
	return outer, inner, true
}

// anyOverlap reports whether two of es overlap, in O(n log n): sorted by
// source span, an edit overlaps an earlier one exactly when it starts
// before the furthest end seen so far.
func anyOverlap(es []Edit) bool {
	sorted := make([]Edit, 0, len(es))
	for _, e := range es {
		if !e.IsNoop() {
			sorted = append(sorted, e)
		}
	}
	slices.SortFunc(sorted, bySourceSpan)
	maxEnd := -1
	for _, e := range sorted {
		if e.OStart < maxEnd {
			return true
		}
		maxEnd = max(maxEnd, e.OEnd)
	}
	return false
}
