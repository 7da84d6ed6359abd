package errant

import (
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics"
)

// Mode selects what makes a hypothesis edit match a reference edit.
type Mode int

// The evaluation modes of compare_m2.py.
const (
	SpanCorrection     Mode = iota // same span and correction (-cs, the default)
	SpanCorrectionType             // same span, correction and error type (-cse)
	SpanDetection                  // same span (-ds)
	TokenDetection                 // same source token touched (-dt)
)

var modeNames = [...]string{"cs", "cse", "ds", "dt"}

// String returns the mode's compare_m2.py flag without the dash: "cs",
// "cse", "ds" or "dt".
func (m Mode) String() string {
	if m < 0 || int(m) >= len(modeNames) {
		return "Mode(" + strconv.Itoa(int(m)) + ")"
	}
	return modeNames[m]
}

// ParseMode returns the Mode named by s ("cs", "cse", "ds" or "dt", with
// or without a leading dash).
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if strings.TrimLeft(s, "-") == n {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("errant: unknown mode %q (want cs, cse, ds or dt)", s)
}

// title is the heading compare_m2.py prints for the mode.
func (m Mode) title() string {
	switch m {
	case TokenDetection:
		return " Token-Based Detection "
	case SpanDetection:
		return " Span-Based Detection "
	case SpanCorrectionType:
		return " Span-Based Correction + Classification "
	}
	return " Span-Based Correction "
}

func (m Mode) detection() bool { return m == SpanDetection || m == TokenDetection }

// Options configure Compare. The zero value is compare_m2.py's default:
// span-based correction, F0.5, every edit.
type Options struct {
	Mode Mode
	// Beta weighs recall against precision in F; 0 means 0.5.
	Beta float64
	// Single keeps only edits of at most one source token and at most one
	// correction word (compare_m2.py -single).
	Single bool
	// Multi keeps only edits of two or more source tokens or two or more
	// correction words (-multi).
	Multi bool
	// Filter lists error types to leave out (-filt).
	Filter []string
}

func (o Options) beta() float64 {
	if o.Beta == 0 {
		return 0.5
	}
	return o.Beta
}

// An Annotation is one coder's edits of a sentence.
type Annotation struct {
	Coder int
	Edits []edits.Edit
	// Fields optionally holds the M2 correction field of each edit as
	// written in the file ("-NONE-", "", "a||b"). compare_m2.py compares
	// corrections as this text, so a deletion written "-NONE-" does not
	// match one written as an empty field. When Fields is nil, the field
	// is rebuilt from each edit as ERRANT writes it: alternatives joined by
	// "||", the tokens, an empty field for a deletion, "-NONE-" for noop.
	Fields []string
}

// A Sentence is the annotations of one sentence, in the order in which the
// coders first appear; the order breaks ties between references.
type Sentence []Annotation

// Group returns the Sentence of edits es, where coders[i] is the coder of
// es[i] and fields[i], if fields is not nil, its M2 correction field as
// written (see Annotation.Fields). Coders keep the order of their first
// edit, and each coder's edits keep their order.
func Group(es []edits.Edit, coders []int, fields []string) Sentence {
	var s Sentence
	for i, e := range es {
		c := coders[i]
		j := 0
		for j < len(s) && s[j].Coder != c {
			j++
		}
		if j == len(s) {
			s = append(s, Annotation{Coder: c})
		}
		s[j].Edits = append(s[j].Edits, e)
		if fields != nil {
			s[j].Fields = append(s[j].Fields, fields[i])
		}
	}
	return s
}

// Counts are true positives, false positives and false negatives.
type Counts struct{ TP, FP, FN int }

// Add returns c + o.
func (c Counts) Add(o Counts) Counts { return Counts{c.TP + o.TP, c.FP + o.FP, c.FN + o.FN} }

// Stats returns c as a metrics.Stats row {TP, FP, FN}.
func (c Counts) Stats() metrics.Stats {
	return metrics.Stats{float64(c.TP), float64(c.FP), float64(c.FN)}
}

// Score returns precision, recall and F-beta of c by compare_m2.py's
// conventions: precision is 1 when FP is 0, recall is 1 when FN is 0, F is 0
// when both are 0. The values are not rounded.
func Score(c Counts, beta float64) (p, r, f float64) {
	p, r = 1.0, 1.0
	if c.FP != 0 {
		p = float64(c.TP) / float64(c.TP+c.FP)
	}
	if c.FN != 0 {
		r = float64(c.TP) / float64(c.TP+c.FN)
	}
	if p+r != 0 {
		// The conversions round each product as Python does and keep the
		// compiler from fusing multiply-adds (which the Go spec allows).
		b2 := float64(beta * beta)
		f = float64(float64((1+b2)*p)*r) / (float64(b2*p) + r)
	}
	return p, r, f
}

// A Choice is the outcome of one sentence: the counts of the chosen
// (hypothesis coder, reference coder) pair and their split by error type.
type Choice struct {
	Counts
	Hyp, Ref int // the chosen coders
	// Types holds the counts by error type (true positives under the
	// reference's type, false positives under the hypothesis's); nil when
	// the sentence has no counts.
	Types map[string]Counts
}

// A Result is the outcome of Compare over a corpus.
type Result struct {
	Options   Options
	Counts    Counts            // corpus totals
	Types     map[string]Counts // corpus totals by full error type
	Sentences []Choice          // one per sentence, in input order
}

// Score returns the corpus precision, recall and F-beta (unrounded).
func (r *Result) Score() (p, rec, f float64) { return Score(r.Counts, r.Options.beta()) }

// Corpus returns the per-sentence {TP, FP, FN} rows of r and the F-beta of
// their sum, for significance tests and shards.
func (r *Result) Corpus() *metrics.Corpus {
	c := NewCorpus(r.Options.beta())
	for _, s := range r.Sentences {
		c.Add(s.Counts.Stats())
	}
	return c
}

// NewCorpus returns an empty corpus of {TP, FP, FN} rows whose score is
// the F-beta of their sum, to be filled sentence by sentence.
func NewCorpus(beta float64) *metrics.Corpus {
	return metrics.NewCorpus("errant", 3, func(sum metrics.Stats) float64 {
		_, _, f := Score(Counts{int(sum[0]), int(sum[1]), int(sum[2])}, beta)
		return f
	})
}

// ErrLength is returned by Compare when hypothesis and reference differ in
// their number of sentences.
var ErrLength = errors.New("errant: hypothesis and reference have different numbers of sentences")

// Compare scores the hypothesis sentences against the reference sentences,
// which must be as many.
func Compare(hyp, ref []Sentence, opt Options) (*Result, error) {
	if len(hyp) != len(ref) {
		return nil, fmt.Errorf("%w (%d and %d)", ErrLength, len(hyp), len(ref))
	}
	st := NewStream(opt)
	sents := make([]Choice, len(hyp))
	for i := range hyp {
		sents[i] = st.Add(hyp[i], ref[i])
	}
	res := st.Result()
	res.Sentences = sents
	return res, nil
}

// A Stream compares sentence by sentence in corpus order, as Compare does
// (the reference chosen for a sentence depends on the counts of the
// sentences before it), keeping only the running totals.
type Stream struct {
	opt    Options
	beta   float64
	hk, rk [][]key // reused per sentence
	counts Counts
	types  map[string]Counts
}

// NewStream returns a Stream with the options of Compare.
func NewStream(opt Options) *Stream {
	return &Stream{opt: opt, beta: opt.beta(), types: map[string]Counts{}}
}

// Add compares the next sentence and returns its outcome.
func (st *Stream) Add(hyp, ref Sentence) Choice {
	st.hk = prepare(st.hk[:0], hyp, &st.opt)
	st.rk = prepare(st.rk[:0], ref, &st.opt)
	c := choose(st.hk, st.rk, st.counts, st.beta)
	if c.Counts != (Counts{}) {
		c.Types = compareTypes(st.hk[c.Hyp], st.rk[c.Ref])
		for t, n := range c.Types {
			st.types[t] = st.types[t].Add(n)
		}
	}
	c.Hyp, c.Ref = coderAt(hyp, c.Hyp), coderAt(ref, c.Ref)
	st.counts = st.counts.Add(c.Counts)
	return c
}

// Result returns the totals so far, without per-sentence outcomes.
func (st *Stream) Result() *Result {
	return &Result{Options: st.opt, Counts: st.counts, Types: maps.Clone(st.types)}
}

// A key is a group of one coder's edits that match the same way, with
// their types in order. Fields the mode ignores are left empty.
type key struct {
	start, end int
	typ, cor   string
	types      []string
}

func (k *key) same(o *key) bool {
	return k.start == o.start && k.end == o.end && k.typ == o.typ && k.cor == o.cor
}

// prepare appends to dst one key list per coder of s (one empty coder 0 if
// s has none).
func prepare(dst [][]key, s Sentence, opt *Options) [][]key {
	if len(s) == 0 {
		return append(dst, nil)
	}
	for _, a := range s {
		var ks []key
		for i, e := range a.Edits {
			var cor string
			var words int
			if i < len(a.Fields) {
				cor = a.Fields[i]
				words = len(strings.Fields(cor))
			} else {
				cor, words = correctionField(e), correctionWords(e)
			}
			ks = addEdit(ks, e, cor, words, opt)
		}
		dst = append(dst, ks)
	}
	return dst
}

// addEdit adds edit e, whose correction field is cor of the given number
// of words, to the keys ks.
func addEdit(ks []key, e edits.Edit, cor string, words int, opt *Options) []key {
	switch {
	case !opt.Mode.detection() && e.Type == "UNK":
		return ks
	case opt.Single && (e.OEnd-e.OStart >= 2 || words >= 2):
		return ks
	case opt.Multi && e.OEnd-e.OStart < 2 && words < 2:
		return ks
	}
	for _, t := range opt.Filter {
		if e.Type == t {
			return ks
		}
	}
	add := func(k key) []key {
		for i := range ks {
			if ks[i].same(&k) {
				ks[i].types = append(ks[i].types, e.Type)
				return ks
			}
		}
		k.types = []string{e.Type}
		return append(ks, k)
	}
	switch opt.Mode {
	case TokenDetection:
		switch {
		case e.OStart == -1:
			ks = add(key{start: -1, end: -1})
		case e.OStart == e.OEnd && e.OStart >= 0:
			ks = add(key{start: e.OStart, end: e.OStart + 1})
		default:
			for t := e.OStart; t < e.OEnd; t++ {
				ks = add(key{start: t, end: t + 1})
			}
		}
	case SpanDetection:
		ks = add(key{start: e.OStart, end: e.OEnd})
	case SpanCorrectionType:
		ks = add(key{start: e.OStart, end: e.OEnd, typ: e.Type, cor: cor})
	default:
		ks = add(key{start: e.OStart, end: e.OEnd, cor: cor})
	}
	return ks
}

// correctionField is the M2 correction field of e as ERRANT writes it:
// alternatives joined by "||", the correction tokens, an empty field for a
// deletion, "-NONE-" for the noop edit.
func correctionField(e edits.Edit) string {
	switch {
	case len(e.Alternatives) > 0:
		return strings.Join(e.Alternatives, "||")
	case e.IsNoop():
		return "-NONE-"
	case len(e.C) == 0:
		// ERRANT writes the deletions it extracts as an empty field, so an
		// extracted deletion matches those of ERRANT-made references.
		return ""
	}
	return strings.Join(e.C, " ")
}

// correctionWords is the number of white-space separated words of the
// correction field, as compare_m2.py counts them for -single and -multi.
func correctionWords(e edits.Edit) int { return len(strings.Fields(correctionField(e))) }

func find(ks []key, k *key) *key {
	for i := range ks {
		if ks[i].same(k) {
			return &ks[i]
		}
	}
	return nil
}

// compareCounts counts one hypothesis coder against one reference coder.
func compareCounts(h, r []key) (c Counts) {
	for i := range h {
		if h[i].types[0] == "noop" {
			continue
		}
		if m := find(r, &h[i]); m != nil {
			c.TP += len(m.types)
		} else {
			c.FP += len(h[i].types)
		}
	}
	for i := range r {
		if r[i].types[0] == "noop" {
			continue
		}
		if find(h, &r[i]) == nil {
			c.FN += len(r[i].types)
		}
	}
	return c
}

// compareTypes is compareCounts split by error type.
func compareTypes(h, r []key) map[string]Counts {
	m := map[string]Counts{}
	for i := range h {
		if h[i].types[0] == "noop" {
			continue
		}
		if ref := find(r, &h[i]); ref != nil {
			for _, t := range ref.types {
				m[t] = m[t].Add(Counts{TP: 1})
			}
		} else {
			for _, t := range h[i].types {
				m[t] = m[t].Add(Counts{FP: 1})
			}
		}
	}
	for i := range r {
		if r[i].types[0] == "noop" {
			continue
		}
		if find(h, &r[i]) == nil {
			for _, t := range r[i].types {
				m[t] = m[t].Add(Counts{FN: 1})
			}
		}
	}
	return m
}

// choose picks the best coder pair given the corpus counts so far. Hyp and
// Ref of the result are indices into h and r.
func choose(h, r [][]key, sofar Counts, beta float64) Choice {
	var best Choice
	bestF := -1.0
	for hi := range h {
		for ri := range r {
			c := compareCounts(h[hi], r[ri])
			if f, ok := better(c, sofar, beta, best.Counts, bestF); ok {
				best = Choice{Counts: c, Hyp: hi, Ref: ri}
				bestF = f
			}
		}
	}
	return best
}

// better reports whether the counts c of a coder pair beat best, whose
// F-beta with the corpus counts sofar (rounded to 4 decimals) is bestF
// (-1 before the first pair), and returns c's rounded F.
func better(c, sofar Counts, beta float64, best Counts, bestF float64) (float64, bool) {
	_, _, f := Score(sofar.Add(c), beta)
	f = round4(f)
	return f, f > bestF ||
		f == bestF && (c.TP > best.TP ||
			c.TP == best.TP && (c.FP < best.FP ||
				c.FP == best.FP && c.FN < best.FN))
}

// coderAt returns the coder id at index i of s (coder 0 for an empty s).
func coderAt(s Sentence, i int) int {
	if len(s) == 0 {
		return 0
	}
	return s[i].Coder
}

// round4 rounds x to 4 decimals as Python 3's round(x, 4): the exact
// binary value is rounded, halves to even.
func round4(x float64) float64 {
	var buf [32]byte
	v, _ := strconv.ParseFloat(string(strconv.AppendFloat(buf[:0], x, 'f', 4, 64)), 64)
	return v
}
