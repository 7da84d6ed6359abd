package errant

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A VerboseWriter writes compare_m2.py's -v report, one sentence at a time
// in corpus order, for callers that stream: for each sentence a line of 40
// dashes and the original sentence; for every (hypothesis coder, reference
// coder) pair the two coders' edit keys as Python tuples (sorted, each with
// the type of its first edit appended; a coder with a noop edit, or none,
// shows []), the pair's own TP/FP/FN and P/R/F and the corpus TP/FP/FN and
// P/R/F it would give; then the pair chosen and its counts by error type in
// compare_m2.py's right-aligned table. Floats are Python's str of the
// 4-decimal rounding. The running counts are those of the sentences
// written before, so the writer must see every sentence, in order.
//
// Its output followed by [Result.WriteTable] is compare_m2.py -v's output
// byte for byte when source is the hypothesis M2's S line.
//
// The zero value is not usable; call NewVerboseWriter.
type VerboseWriter struct {
	bw     *bufio.Writer
	opt    Options
	beta   float64
	line   int
	counts Counts
	hk, rk [][]key
	cats   []typeCount
}

// NewVerboseWriter returns a VerboseWriter for the options of Compare
// writing to w.
func NewVerboseWriter(w io.Writer, opt Options) *VerboseWriter {
	return &VerboseWriter{bw: bufio.NewWriter(w), opt: opt, beta: opt.beta()}
}

// Sentence writes the report of the next sentence: source is the original
// sentence as printed (compare_m2.py prints the hypothesis M2's S line),
// hyp and ref its annotations. If c is not nil, it is the sentence's
// outcome as a Stream with the same options returned it, and Sentence
// returns an error when its own choice differs (the sentences were not
// given in order, or not all of them). The output is buffered; Flush
// writes it.
func (v *VerboseWriter) Sentence(source string, hyp, ref Sentence, c *Choice) error {
	v.hk = prepare(v.hk[:0], hyp, &v.opt)
	v.rk = prepare(v.rk[:0], ref, &v.opt)
	id := strconv.Itoa(v.line)
	bw := v.bw
	dashes := strings.Repeat("-", 40)
	fmt.Fprintln(bw, dashes)
	fmt.Fprintln(bw, "Original sentence "+id+": "+source)
	beta := pyFloat(v.beta)
	for hi := range v.hk {
		for ri := range v.rk {
			n := compareCounts(v.hk[hi], v.rk[ri])
			g := v.counts.Add(n)
			fmt.Fprintln(bw, dashes)
			fmt.Fprintln(bw, "SENTENCE "+id+" - HYP "+strconv.Itoa(coderAt(hyp, hi))+" - REF "+strconv.Itoa(coderAt(ref, ri)))
			fmt.Fprintln(bw, "HYPOTHESIS EDITS :", v.keyList(v.hk[hi]))
			fmt.Fprintln(bw, "REFERENCE EDITS  :", v.keyList(v.rk[ri]))
			fmt.Fprintln(bw, "Local TP/FP/FN   :", n.TP, n.FP, n.FN)
			fmt.Fprintln(bw, "Local P/R/F"+beta+"  :", v.prf(n))
			fmt.Fprintln(bw, "Global TP/FP/FN  :", g.TP, g.FP, g.FN)
			fmt.Fprintln(bw, "Global P/R/F"+beta+"  :", v.prf(g))
		}
	}
	best := choose(v.hk, v.rk, v.counts, v.beta)
	hc, rc := coderAt(hyp, best.Hyp), coderAt(ref, best.Ref)
	if c != nil && (c.Hyp != hc || c.Ref != rc || c.Counts != best.Counts) {
		return fmt.Errorf("errant: verbose: sentence %d: chose HYP %d, REF %d %+v, the stream HYP %d, REF %d %+v (sentences out of order?)",
			v.line+1, hc, rc, best.Counts, c.Hyp, c.Ref, c.Counts)
	}
	fmt.Fprintln(bw, dashes)
	fmt.Fprintln(bw, "^^ HYP "+strconv.Itoa(hc)+", REF "+strconv.Itoa(rc)+" chosen for sentence "+id)
	fmt.Fprintln(bw, "Local results:")
	v.cats = orderedTypes(v.cats[:0], v.hk[best.Hyp], v.rk[best.Ref])
	writeTypeTable(bw, v.cats)
	v.counts = v.counts.Add(best.Counts)
	v.line++
	return nil
}

// Flush writes the buffered report.
func (v *VerboseWriter) Flush() error { return v.bw.Flush() }

// Counts returns the corpus counts of the sentences written.
func (v *VerboseWriter) Counts() Counts { return v.counts }

// prf is Python's print of the three rounded scores of c.
func (v *VerboseWriter) prf(c Counts) string {
	p, r, f := Score(c, v.beta)
	return pyFloat(round4(p)) + " " + pyFloat(round4(r)) + " " + pyFloat(round4(f))
}

// keyList is the Python list compare_m2.py prints for one coder's keys:
// sorted as tuples, each with its first type appended, and [] when the
// smallest key is a noop's (start -1) or there are none.
func (v *VerboseWriter) keyList(ks []key) string {
	if len(ks) == 0 {
		return "[]"
	}
	sorted := make([]*key, len(ks))
	for i := range ks {
		sorted[i] = &ks[i]
	}
	// The fields a mode leaves empty are equal in every key, so one order
	// serves every mode: (start, end, cor) for cs, (start, end, type, cor)
	// for cse, (start, end) for ds and dt.
	slices.SortFunc(sorted, func(a, b *key) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end),
			strings.Compare(a.typ, b.typ), strings.Compare(a.cor, b.cor))
	})
	if sorted[0].start == -1 {
		return "[]"
	}
	var b strings.Builder
	b.WriteByte('[')
	for i, k := range sorted {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		b.WriteString(strconv.Itoa(k.start))
		b.WriteString(", ")
		b.WriteString(strconv.Itoa(k.end))
		switch v.opt.Mode {
		case SpanCorrectionType:
			b.WriteString(", " + pyRepr(k.typ) + ", " + pyRepr(k.cor))
		case SpanCorrection:
			b.WriteString(", " + pyRepr(k.cor))
		}
		b.WriteString(", " + pyRepr(k.types[0]) + ")")
	}
	b.WriteByte(']')
	return b.String()
}

// typeCount is one row of a sentence's table by error type.
type typeCount struct {
	typ string
	n   [3]int // TP, FP, FN
}

// orderedTypes appends to dst the counts of compareTypes in the order
// compare_m2.py's dict first meets the types: hypothesis keys in order
// (true positives under the reference's types, false positives under the
// hypothesis's), then the reference keys' false negatives.
func orderedTypes(dst []typeCount, h, r []key) []typeCount {
	add := func(t string, k int) {
		for i := range dst {
			if dst[i].typ == t {
				dst[i].n[k]++
				return
			}
		}
		tc := typeCount{typ: t}
		tc.n[k] = 1
		dst = append(dst, tc)
	}
	for i := range h {
		if h[i].types[0] == "noop" {
			continue
		}
		if ref := find(r, &h[i]); ref != nil {
			for _, t := range ref.types {
				add(t, 0)
			}
		} else {
			for _, t := range h[i].types {
				add(t, 1)
			}
		}
	}
	for i := range r {
		if r[i].types[0] == "noop" {
			continue
		}
		if find(h, &r[i]) == nil {
			for _, t := range r[i].types {
				add(t, 2)
			}
		}
	}
	return dst
}

// writeTypeTable prints the header Category TP FP FN and the rows, every
// column right-aligned to its longest cell plus 3, as compare_m2.py's
// print_table.
func writeTypeTable(w io.Writer, rows []typeCount) {
	cells := make([][4]string, 0, len(rows)+1)
	cells = append(cells, [4]string{"Category", "TP", "FP", "FN"})
	for _, r := range rows {
		cells = append(cells, [4]string{r.typ, strconv.Itoa(r.n[0]), strconv.Itoa(r.n[1]), strconv.Itoa(r.n[2])})
	}
	var width [4]int
	for _, row := range cells {
		for i, c := range row {
			width[i] = max(width[i], utf8.RuneCountInString(c)+3)
		}
	}
	var b strings.Builder
	for _, row := range cells {
		b.Reset()
		for i, c := range row {
			b.WriteString(strings.Repeat(" ", width[i]-utf8.RuneCountInString(c)))
			b.WriteString(c)
		}
		fmt.Fprintln(w, b.String())
	}
}

// pyRepr is Python 3's repr of a str: single quotes unless the string has
// a single quote and no double quote; backslash, the quote, \t, \n and \r
// escaped; other characters that are not printable as \xhh, \uhhhh or
// \Uhhhhhhhh.
func pyRepr(s string) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == ' ' || (r < utf8.RuneSelf && r >= 0x21 && r < 0x7f):
			b.WriteRune(r)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(q)
	return b.String()
}
