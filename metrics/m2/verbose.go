package m2

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/metrics"
)

// WriteVerbose writes what the M2 scorer prints with -v: for every
// sentence and annotator the source, hypothesis, system edits (trimmed of
// unchanged words at either end), gold edits, correct edits and the
// running counts and scores, then the chosen annotator; at the end the
// corpus totals. Edits are printed as Python 2 tuples. gold and hyps must
// be the inputs of res. Matched edits next to an insertion or deletion are
// flagged as the scorer flags them ("!" when the neighbour is correct too,
// "&" or "*" otherwise).
//
// Differences: sentences are printed with single spaces between tokens,
// and an empty gold correction is always printed as ”.
//
// WriteVerbose is a [VerboseWriter] fed every sentence of res in order.
func (res *Result) WriteVerbose(w io.Writer, gold []Sentence, hyps [][]string) error {
	v := NewVerboseWriter(w, res.Beta)
	for i := range res.Sentences {
		if err := v.Sentence(&gold[i], hyps[i], &res.Sentences[i]); err != nil {
			return err
		}
	}
	return v.Close()
}

// A VerboseWriter writes the M2 scorer's -v report as sentences are
// scored, one sentence at a time in corpus order, for callers that stream
// (a [Comparer] and a [Chooser] give each sentence's SentenceResult): the
// running counts of the report are those of the sentences written before.
// Close writes the corpus totals. Its output is WriteVerbose's.
//
// The zero value is not usable; call NewVerboseWriter.
type VerboseWriter struct {
	bw         *bufio.Writer
	beta       float64
	sc, sp, sg float64
	line       int
	quiet      bool // no -v lines (--very_verbose alone)
	very       bool // the --very_verbose dumps
	maxUnch    int
}

// NewVerboseWriter returns a VerboseWriter of F_beta scores (0 means the
// default, 0.5) writing to w.
func NewVerboseWriter(w io.Writer, beta float64) *VerboseWriter {
	if beta == 0 {
		beta = Options{}.BetaValue()
	}
	return &VerboseWriter{bw: bufio.NewWriter(w), beta: beta}
}

// NewVeryVerboseWriter returns a VerboseWriter that also writes what the
// scorer prints with --very_verbose, for the options opts: before each
// sentence's annotators its two Levenshtein matrices, their back pointers,
// the edits before the transitive arcs and the trace of adding them; per
// annotator, before its -v lines, the trace of the weighting and then the
// graph (V, E, the edits with the transitive arcs, the weights) and the
// path found. Dicts print in Python 2.7's order. With verbose false the
// -v lines and the totals are left out, as when the scorer is run with
// --very_verbose alone.
//
// The dumps are made by following the scorer's construction over the whole
// matrices (see veryverbose.go): a sentence whose matrices have more than
// 4,194,304 cells is an error. Its path equals the lattice's.
func NewVeryVerboseWriter(w io.Writer, opts Options, verbose bool) *VerboseWriter {
	v := NewVerboseWriter(w, opts.Beta)
	v.very, v.quiet, v.maxUnch = true, !verbose, opts.MaxUnchanged()
	return v
}

// Sentence writes the report of the next sentence: gold is its gold, hyp
// the hypothesis tokens compared with it and s the result of the
// comparison, with its annotator chosen. The output is buffered; Close
// flushes it.
func (v *VerboseWriter) Sentence(gold *Sentence, hyp []string, s *SentenceResult) error {
	bw := v.bw
	if len(s.Annotators) != len(gold.Annotators) {
		return fmt.Errorf("m2: verbose: sentence %d has %d annotators' results, its gold %d", v.line+1, len(s.Annotators), len(gold.Annotators))
	}
	v.line++
	src, hy := strings.Join(gold.Source, " "), strings.Join(hyp, " ")
	var g *dumpGraph
	if v.very {
		var err error
		if g, err = newDumpGraph(bw, gold.Source, hyp, v.maxUnch); err != nil {
			return fmt.Errorf("m2: sentence %d: %w", v.line, err)
		}
	}
	for a, ar := range s.Annotators {
		golds := gold.Annotators[a].Edits
		var wt []pyNum
		if g != nil {
			wt = g.weights(bw, golds)
		}
		if !v.quiet {
			fmt.Fprintln(bw, ">> Annotator:", ar.ID)
		}
		if g != nil {
			g.writeGraph(bw, wt, g.path(wt))
		}
		if v.quiet {
			continue
		}
		writeAdjacencyFlags(bw, ar.Edits, golds)
		c, e, g := v.sc+ar.Stats[Correct], v.sp+ar.Stats[Proposed], v.sg+ar.Stats[Gold]
		p, r := 1.0, 1.0
		if e != 0 {
			p = c / e
		}
		if g != 0 {
			r = c / g
		}
		fmt.Fprintln(bw, "SOURCE        :", src)
		fmt.Fprintln(bw, "HYPOTHESIS    :", hy)
		fmt.Fprintln(bw, "EDIT SEQ      :", pyList(ar.Edits, func(e Edit) string { return pyEdit(shrinkEdit(e)) }))
		fmt.Fprintln(bw, "GOLD EDITS    :", pyList(golds, pyGold))
		fmt.Fprintln(bw, "CORRECT EDITS :", pyList(ar.Correct, pyEdit))
		fmt.Fprintln(bw, "# correct     :", int(c))
		fmt.Fprintln(bw, "# proposed    :", int(e))
		fmt.Fprintln(bw, "# gold        :", int(g))
		fmt.Fprintln(bw, "precision     :", pyFloat(p))
		fmt.Fprintln(bw, "recall        :", pyFloat(r))
		fmt.Fprintf(bw, "f_%.1f         : %s\n", v.beta, pyFloat(runningF(c, e, g, v.beta)))
		fmt.Fprintln(bw, "-------------------------------------------")
	}
	if !v.quiet {
		fmt.Fprintln(bw, ">> Chosen Annotator for line", v.line, ":", s.Annotators[s.Chosen].ID)
		fmt.Fprintln(bw)
	}
	st := s.Stats()
	v.sc, v.sp, v.sg = v.sc+st[Correct], v.sp+st[Proposed], v.sg+st[Gold]
	return nil
}

// Close writes the corpus totals of the sentences written (the chosen
// annotators' counts, precision, recall and F) and flushes the output.
func (v *VerboseWriter) Close() error {
	bw := v.bw
	if v.quiet {
		return bw.Flush()
	}
	t := metrics.Stats{v.sc, v.sp, v.sg}
	p, r, f := PRF(t, v.beta)
	fmt.Fprintln(bw, "CORRECT EDITS  :", int(v.sc))
	fmt.Fprintln(bw, "PROPOSED EDITS :", int(v.sp))
	fmt.Fprintln(bw, "GOLD EDITS     :", int(v.sg))
	fmt.Fprintln(bw, "P =", pyFloat(p))
	fmt.Fprintln(bw, "R =", pyFloat(r))
	fmt.Fprintf(bw, "F_%.1f = %s\n", v.beta, pyFloat(f))
	return bw.Flush()
}

// writeAdjacencyFlags prints the scorer's flags for matched edits that
// touch an insertion (for a deletion or substitution) or a deletion (for
// an insertion), re-running its matching loop.
func writeAdjacencyFlags(w io.Writer, sys []Edit, gold []GoldEdit) {
	match := func(e Edit, g *GoldEdit) bool {
		return e.Start == g.Start && e.End == g.End && e.Original == g.Original && slices.Contains(g.Corrections, e.Correction)
	}
	anyGold := func(list []Edit) bool {
		for _, e := range list {
			for i := range gold {
				if match(e, &gold[i]) {
					return true
				}
			}
		}
		return false
	}
	last := 0
	for _, e := range sys {
		from := last
		for i := from; i < len(gold); i++ {
			if !match(e, &gold[i]) {
				continue
			}
			last = i + 1
			var next, prev []Edit
			for _, x := range sys {
				if e.End == x.Start {
					next = append(next, shrinkEdit(x))
				}
				if e.Start == x.End {
					prev = append(prev, shrinkEdit(x))
				}
			}
			keep := func(x Edit) bool { return x.Start != x.End }
			if e.Start == e.End {
				keep = func(x Edit) bool { return !(x.Start < x.End && x.Correction == "") }
			}
			next, prev = slices.DeleteFunc(next, keep), slices.DeleteFunc(prev, keep)
			adjacent := len(next) > 0 || len(prev) > 0
			flag := ""
			switch {
			case e.Start < e.End && pyStrip(e.Correction) == "" && adjacent:
				flag = "&"
			case e.Start == e.End && adjacent:
				flag = "*"
			}
			if flag != "" {
				if anyGold(next) || anyGold(prev) {
					flag = "!"
				}
				fmt.Fprintln(w, flag, pyEdit(e))
			}
		}
	}
}

// shrinkEdit trims the unchanged tokens at both ends of an edit, as the
// scorer does before printing it.
func shrinkEdit(e Edit) Edit {
	o, c := Tokenize(e.Original), Tokenize(e.Correction)
	n := min(len(o), len(c))
	i := 0
	for i < n && o[i] == c[i] {
		i++
	}
	j := 1
	for j <= n-i && o[len(o)-j] == c[len(c)-j] {
		j++
	}
	return Edit{
		Start:      e.Start + i,
		End:        e.End - (j - 1),
		Original:   strings.Join(o[i:len(o)-(j-1)], " "),
		Correction: strings.Join(c[i:len(c)-(j-1)], " "),
	}
}

func pyList[T any](xs []T, f func(T) string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = f(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func pyEdit(e Edit) string {
	return fmt.Sprintf("(%d, %d, %s, %s)", e.Start, e.End, pyRepr(e.Original), pyRepr(e.Correction))
}

func pyGold(g GoldEdit) string {
	corr := make([]string, len(g.Corrections))
	for i, c := range g.Corrections {
		switch {
		case c != "":
			corr[i] = pyRepr(c)
		case i < 64 && g.none&(1<<i) != 0:
			corr[i] = "''" // "-NONE-" became a str ''
		default:
			corr[i] = "u''" // an empty field stripped: a unicode u''
		}
	}
	return fmt.Sprintf("(%d, %d, %s, [%s])", g.Start, g.End, pyRepr(g.Original), strings.Join(corr, ", "))
}

// pyRepr is Python 2's repr of a unicode string, or of the empty str the
// scorer builds for empty strings.
func pyRepr(s string) string {
	if s == "" {
		return "''"
	}
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteString("u")
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
		case r < 0x20 || (r >= 0x7f && r < 0x100):
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x100 && r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r >= 0x10000:
			fmt.Fprintf(&b, `\U%08x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// pyFloat is Python 2's str of a float: 12 significant digits, with ".0"
// added to a whole number.
func pyFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	s := strconv.FormatFloat(f, 'g', 12, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}
