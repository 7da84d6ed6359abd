package errant

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Category levels of Result.Categories and WriteTable, as compare_m2.py's
// -cat option.
const (
	ByOperation = 1 // M, R, U (and UNK)
	ByMainType  = 2 // NOUN, VERB:SVA, ... without the operation
	ByFullType  = 3 // R:NOUN, M:VERB:SVA, ...
)

// Categories returns the corpus counts grouped at the given level
// (ByOperation, ByMainType or ByFullType). "UNK" stays a category of its
// own at every level.
func (r *Result) Categories(level int) map[string]Counts {
	out := make(map[string]Counts, len(r.Types))
	for t, c := range r.Types {
		k := t
		if t != "UNK" {
			switch level {
			case ByOperation:
				_, n := utf8.DecodeRuneInString(t)
				k = t[:n]
			case ByMainType:
				k = dropRunes(t, 2)
			}
		}
		out[k] = out[k].Add(c)
	}
	return out
}

func dropRunes(s string, n int) string {
	for ; n > 0 && s != ""; n-- {
		_, size := utf8.DecodeRuneInString(s)
		s = s[size:]
	}
	return s
}

// WriteTable prints r as compare_m2.py does: with cat 1, 2 or 3 first the
// table by category (ByOperation, ByMainType, ByFullType), then the overall
// table. cat 0 prints the overall table only.
func (r *Result) WriteTable(w io.Writer, cat int) error {
	bw := bufio.NewWriter(w)
	beta := r.Options.beta()
	title := r.Options.Mode.title()
	fname := "F" + pyFloat(beta)
	if cat != 0 {
		cats := r.Categories(cat)
		names := make([]string, 0, len(cats))
		for k := range cats {
			names = append(names, k)
		}
		slices.Sort(names)
		fmt.Fprintf(bw, "\n%s\n", center(title, 66))
		fmt.Fprintln(bw, ljust("Category", 14), ljust("TP", 8), ljust("FP", 8), ljust("FN", 8),
			ljust("P", 8), ljust("R", 8), fname)
		for _, k := range names {
			c := cats[k]
			p, rec, f := Score(c, beta)
			fmt.Fprintln(bw, ljust(k, 14), ljust(strconv.Itoa(c.TP), 8), ljust(strconv.Itoa(c.FP), 8),
				ljust(strconv.Itoa(c.FN), 8), ljust(pyFloat(round4(p)), 8), ljust(pyFloat(round4(rec)), 8),
				pyFloat(round4(f)))
		}
	}
	p, rec, f := Score(r.Counts, beta)
	fmt.Fprintf(bw, "\n%s\n", center(title, 46))
	fmt.Fprintln(bw, strings.Join([]string{"TP", "FP", "FN", "Prec", "Rec", fname}, "\t"))
	fmt.Fprintln(bw, strings.Join([]string{strconv.Itoa(r.Counts.TP), strconv.Itoa(r.Counts.FP),
		strconv.Itoa(r.Counts.FN), pyFloat(round4(p)), pyFloat(round4(rec)), pyFloat(round4(f))}, "\t"))
	fmt.Fprintf(bw, "%s\n\n", strings.Repeat("=", 46))
	return bw.Flush()
}

// center centres s in a field of width n filled with "=", extra fill on
// the right, like Python's '{:=^n}'.format(s).
func center(s string, n int) string {
	pad := n - utf8.RuneCountInString(s)
	if pad <= 0 {
		return s
	}
	return strings.Repeat("=", pad/2) + s + strings.Repeat("=", pad-pad/2)
}

// ljust pads s with spaces to n characters, like Python's str.ljust.
func ljust(s string, n int) string {
	if pad := n - utf8.RuneCountInString(s); pad > 0 {
		return s + strings.Repeat(" ", pad)
	}
	return s
}

// pyFloat formats x as Python's str(float): the shortest decimal that reads
// back as x, with ".0" on whole numbers and an exponent outside [1e-4, 1e16).
func pyFloat(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case x == 0:
		if math.Signbit(x) {
			return "-0.0"
		}
		return "0.0"
	}
	e := strconv.FormatFloat(x, 'e', -1, 64)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	if exp < -4 || exp >= 16 {
		return e
	}
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if !strings.ContainsRune(s, '.') {
		s += ".0"
	}
	return s
}
