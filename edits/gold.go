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
// returned unchanged.
func Reextract(lang Language, o *Sentence, gold []Edit, opts Options) []Edit {
	if len(gold) == 0 || gold[0].IsNoop() {
		return gold
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
