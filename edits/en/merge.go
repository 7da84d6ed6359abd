package en

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/edits"
)

// Merge groups the non-match steps of an alignment into edits by ERRANT's
// English merging rules (errant/en/merger.py, ERRANT 2.3/3.x):
//
//   - matches separate edits and are never part of one;
//   - each transposition is an edit of its own;
//   - every maximal run of substitutions, insertions and deletions is
//     processed by mergeRun.
//
// The edits carry spans and tokens but no Type.
//
// Cost: ERRANT tries every sub-run of a run of n steps, O(n²) tests per
// decision and up to n decisions, O(n³) (an 8,000-step run of
// substitutions: about 20 minutes). Here each test takes constant time,
// and a decision inside a sub-run of a decided run skips the sub-runs its
// parent has already found no rule for (see mergeRun): O(n) per decision,
// O(n²) in all. A run longer than maxMergeRun (256) steps is cut into
// pieces of 256 merged separately, so that no sentence costs more than
// linear time; ERRANT would decide such a run as a whole, and the edits
// can differ at the cuts. No pair of CoNLL-2014 (any system or reference)
// has a run of more than 100 steps.
func (l *Language) Merge(o, c *edits.Sentence, ops []edits.AlignOp) []edits.Edit {
	m := merger{o: newTokenIndex(o.Tokens), c: newTokenIndex(c.Tokens)}
	var spans []span
	for i := 0; i < len(ops); {
		switch ops[i].Op {
		case edits.Match:
			i++
		case edits.Transpose:
			spans = append(spans, spanOf(ops[i:i+1]))
			i++
		default:
			j := i + 1
			for j < len(ops) && ops[j].Op != edits.Match && ops[j].Op != edits.Transpose {
				j++
			}
			for k := i; k < j; k += maxMergeRun {
				run := ops[k:min(j, k+maxMergeRun)]
				spans = m.mergeRun(run, spans, len(run))
			}
			i = j
		}
	}
	out := make([]edits.Edit, len(spans))
	for k, s := range spans {
		out[k] = edits.NewEdit(o, c, s.oStart, s.oEnd, s.cStart, s.cEnd)
	}
	return out
}

// maxMergeRun is the longest run of non-match steps merged as a whole
// (see Merge).
const maxMergeRun = 256

// A span is a candidate edit: source [oStart, oEnd), correction [cStart, cEnd).
type span struct{ oStart, oEnd, cStart, cEnd int }

// spanOf covers the steps of seq from the first to the last (merge_edits).
func spanOf(seq []edits.AlignOp) span {
	first, last := seq[0], seq[len(seq)-1]
	return span{first.OStart, last.OEnd, first.CStart, last.CEnd}
}

// A merger holds the two sentences of an alignment, indexed so that every
// sub-run test takes constant time: ERRANT's merger tries O(n²) sub-runs
// of a run of n steps, which must stay fast for long rewritten sentences.
type merger struct{ o, c tokenIndex }

// mergeRun appends to out the edits of a run of substitutions, insertions
// and deletions (ERRANT's process_seq):
//
//  1. a single step is an edit; a run of only deletions or only insertions
//     is one edit (95% of human multi-token edits contain a substitution);
//  2. otherwise every sub-run [start, end] containing a substitution is
//     tried, longest first (equal lengths left to right), and the first
//     merge rule that fires decides how the run is cut; the parts outside
//     the decided piece are processed recursively;
//  3. if no rule fires, the run is merged into one edit when any tried
//     sub-run touched a content word (ADJ, AUX, ADV, NOUN, VERB), and split
//     into single steps otherwise.
//
// The rules, in ERRANT's order, for a sub-run with source tokens so and
// correction tokens co:
//
//   - possessive first: at the start of the run, so[0] or co[0] tagged POS:
//     split off the first step;
//   - possessive last: so[-1] or co[-1] tagged POS: merge the last two
//     steps of the sub-run ([friends -> friend 's]);
//   - case change (so[-1] and co[-1] equal ignoring case): at the start of
//     the run, a one-token side opposite a capitalised first token merges
//     the sub-run ([Cat -> The big cat]); a punctuation token before the
//     last token on either side merges the last two steps ([, we -> . We]);
//   - same text ignoring case, spaces, apostrophes and hyphens: merge
//     ([acat -> a cat], [sub - way -> subway]);
//   - sides of different lengths with one POS throughout, or only AUX,
//     PART and VERB: merge ([to eat -> eating], [watch -> look at]);
//   - for sub-runs of two steps: two tokens each side splits after the
//     first step; a substitution at either end with character similarity
//     above 0.75 splits; a final determiner (deleted, inserted or
//     substituted, at the end of the run) is split off.
//
// quiet says what the caller knows: no sub-run of seq with quiet or more
// steps beyond its first fires a rule that does not depend on where the
// run starts or ends (all but possessive first, the case change at the
// start of the run, and the two-step rules). A run cut out of a run
// whose decision fell on a sub-run of width w has quiet w+1; there only
// the sub-runs at its start need testing at those widths, and only for
// the two rules that look at the start. The whole run's content flag is
// whether any of its tokens is a content word, as every sub-run with a
// substitution is tried before the flag is used.
func (m *merger) mergeRun(seq []edits.AlignOp, out []span, quiet int) []span {
	if len(seq) == 0 {
		return out
	}
	if len(seq) == 1 {
		return append(out, spanOf(seq))
	}
	if allOps(seq, edits.Delete) || allOps(seq, edits.Insert) {
		return append(out, spanOf(seq))
	}
	n := len(seq)
	// subs[i] counts the substitutions in seq[:i].
	subs := make([]int, n+1)
	for i, s := range seq {
		subs[i+1] = subs[i]
		if s.Op == edits.Substitute {
			subs[i+1]++
		}
	}
	for width := n - 1; width >= 1; width-- {
		inner := min(quiet, width+1) // what a run cut out of seq at this width knows
		if width >= quiet {
			if subs[width+1] == subs[0] {
				continue // no substitution
			}
			so, co := m.o.toks[seq[0].OStart:seq[width].OEnd], m.c.toks[seq[0].CStart:seq[width].CEnd]
			if so[0].Tag == "POS" || co[0].Tag == "POS" {
				out = append(out, spanOf(seq[:1]))
				return m.mergeRun(seq[1:], out, inner)
			}
			if lowerOf(so[len(so)-1]) == lowerOf(co[len(co)-1]) && ((len(so) == 1 && startsUpper(co[0].Text)) ||
				(len(co) == 1 && startsUpper(so[0].Text))) {
				out = append(out, spanOf(seq[:width+1]))
				return m.mergeRun(seq[width+1:], out, inner)
			}
			continue
		}
		for start := 0; start+width < n; start++ {
			end := start + width
			if subs[end+1] == subs[start] {
				continue // no substitution
			}
			oFrom, oTo := seq[start].OStart, seq[end].OEnd
			cFrom, cTo := seq[start].CStart, seq[end].CEnd
			so, co := m.o.toks[oFrom:oTo], m.c.toks[cFrom:cTo]
			// Possessive suffix first: split it off.
			if start == 0 && (so[0].Tag == "POS" || co[0].Tag == "POS") {
				out = append(out, spanOf(seq[:1]))
				return m.mergeRun(seq[1:], out, inner)
			}
			// Possessive suffix last: merge it with the token before.
			if so[len(so)-1].Tag == "POS" || co[len(co)-1].Tag == "POS" {
				return m.mergeAround(seq, end-1, end, out, inner)
			}
			// Case change of the last token.
			if lowerOf(so[len(so)-1]) == lowerOf(co[len(co)-1]) {
				if start == 0 && ((len(so) == 1 && startsUpper(co[0].Text)) ||
					(len(co) == 1 && startsUpper(so[0].Text))) {
					out = append(out, spanOf(seq[start:end+1]))
					return m.mergeRun(seq[end+1:], out, inner)
				}
				if (len(so) > 1 && isPunct(so[len(so)-2])) || (len(co) > 1 && isPunct(co[len(co)-2])) {
					return m.mergeAround(seq, end-1, end, out, inner)
				}
			}
			// Same text ignoring spaces, case, apostrophes and hyphens.
			if m.o.joinedLen(oFrom, oTo) == m.c.joinedLen(cFrom, cTo) && sameJoined(so, co) {
				return m.mergeAround(seq, start, end, out, inner)
			}
			// One POS, or auxiliaries, particles and verbs only.
			pos := m.o.posRange(oFrom, oTo) | m.c.posRange(cFrom, cTo)
			if len(so) != len(co) && (pos.single() || pos&^(posAUX|posPART|posVERB) == 0) {
				return m.mergeAround(seq, start, end, out, inner)
			}
			if end-start < 2 {
				// Split adjacent substitutions.
				if len(so) == 2 && len(co) == 2 {
					return m.splitAfter(seq, start, out, inner)
				}
				// Split similar substitutions at the ends.
				if (seq[start].Op == edits.Substitute && edits.CharRatio(so[0].Text, co[0].Text) > 0.75) ||
					(seq[end].Op == edits.Substitute && edits.CharRatio(so[len(so)-1].Text, co[len(co)-1].Text) > 0.75) {
					return m.splitAfter(seq, start, out, inner)
				}
				// Split a final determiner.
				last := seq[n-1].Op
				if end == n-1 && (((last == edits.Delete || last == edits.Substitute) && so[len(so)-1].POS == "DET") ||
					((last == edits.Insert || last == edits.Substitute) && co[len(co)-1].POS == "DET")) {
					out = m.mergeRun(seq[:n-1], out, inner)
					return append(out, spanOf(seq[n-1:]))
				}
			}
		}
	}
	if subs[n] > 0 && (m.o.posRange(seq[0].OStart, seq[n-1].OEnd)|m.c.posRange(seq[0].CStart, seq[n-1].CEnd))&posOpen != 0 {
		return append(out, spanOf(seq))
	}
	for i := range seq {
		out = append(out, spanOf(seq[i:i+1]))
	}
	return out
}

// mergeAround processes seq[:from], merges seq[from:to+1] into one edit
// and processes seq[to+1:]. (The possessive and punctuation rules merge
// the last two steps of a sub-run, from = end-1, and process everything
// before them, including steps left of the sub-run, as ERRANT does.)
func (m *merger) mergeAround(seq []edits.AlignOp, from, to int, out []span, quiet int) []span {
	out = m.mergeRun(seq[:from], out, quiet)
	out = append(out, spanOf(seq[from:to+1]))
	return m.mergeRun(seq[to+1:], out, quiet)
}

// splitAfter processes seq[:at+1] and seq[at+1:] separately.
func (m *merger) splitAfter(seq []edits.AlignOp, at int, out []span, quiet int) []span {
	out = m.mergeRun(seq[:at+1], out, quiet)
	return m.mergeRun(seq[at+1:], out, quiet)
}

func allOps(seq []edits.AlignOp, op edits.Op) bool {
	for _, s := range seq {
		if s.Op != op {
			return false
		}
	}
	return true
}

// lowerOf returns the lower-cased text of t (Token.Lower when set).
func lowerOf(t edits.Token) string {
	if t.Lower != "" || t.Text == "" {
		return t.Lower
	}
	return lower(t.Text)
}

// startsUpper reports whether s begins with an upper-case letter.
func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// asciiPunct is Python's string.punctuation. ERRANT tests "text in
// punctuation", a substring test: "(" and "()" are punctuation, "--" is not.
const asciiPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// isPunct reports whether t is punctuation, by POS or by text.
func isPunct(t edits.Token) bool {
	return t.POS == "PUNCT" || strings.Contains(asciiPunct, t.Text)
}

// sameJoined reports whether the lower-cased tokens of a and b, joined
// without spaces and with apostrophes and hyphens removed, are equal.
func sameJoined(a, b []edits.Token) bool {
	ia, ib := joinedRunes{toks: a}, joinedRunes{toks: b}
	for {
		ra, oka := ia.next()
		rb, okb := ib.next()
		if oka != okb || ra != rb {
			return false
		}
		if !oka {
			return true
		}
	}
}

// joinedRunes iterates over the runes of lower-cased tokens, skipping
// apostrophes and hyphens.
type joinedRunes struct {
	toks []edits.Token
	cur  string
	i    int
}

func (j *joinedRunes) next() (rune, bool) {
	for {
		for j.cur == "" {
			if j.i >= len(j.toks) {
				return 0, false
			}
			j.cur = lowerOf(j.toks[j.i])
			j.i++
		}
		r, n := utf8.DecodeRuneInString(j.cur)
		j.cur = j.cur[n:]
		if r != '\'' && r != '-' {
			return r, true
		}
	}
}

// A posBits is a set of coarse POS tags (Token.POS, spaCy's UD tags).
type posBits uint32

const (
	posADJ posBits = 1 << iota
	posADP
	posADV
	posAUX
	posCCONJ
	posDET
	posINTJ
	posNOUN
	posNUM
	posPART
	posPRON
	posPROPN
	posPUNCT
	posSCONJ
	posSYM
	posVERB
	posX
	posSPACE
	posEmpty
	posUnknown // any other tag; distinct unknown tags share this bit

	// posOpen are the merger's content-word tags.
	posOpen = posADJ | posAUX | posADV | posNOUN | posVERB
)

var posByName = map[string]posBits{
	"ADJ": posADJ, "ADP": posADP, "ADV": posADV, "AUX": posAUX,
	"CCONJ": posCCONJ, "CONJ": posCCONJ, "DET": posDET, "INTJ": posINTJ,
	"NOUN": posNOUN, "NUM": posNUM, "PART": posPART, "PRON": posPRON,
	"PROPN": posPROPN, "PUNCT": posPUNCT, "SCONJ": posSCONJ, "SYM": posSYM,
	"VERB": posVERB, "X": posX, "SPACE": posSPACE, "": posEmpty,
}

func posOf(t edits.Token) posBits {
	if b, ok := posByName[t.POS]; ok {
		return b
	}
	return posUnknown
}

// A tokenIndex answers range questions about a sentence's tokens in
// constant time: the set of POS tags of a range (a sparse table of ORs,
// built on first use for long ranges) and the length of the range's
// lower-cased text without apostrophes and hyphens (prefix sums).
type tokenIndex struct {
	toks   []edits.Token
	pos    [][]posBits // pos[k][i]: OR of the tags of toks[i : i+2^k]
	joined []int       // joined[i]: runes of toks[:i] that sameJoined compares
}

func newTokenIndex(toks []edits.Token) tokenIndex { return tokenIndex{toks: toks} }

// posRange returns the POS tags of toks[from:to].
func (x *tokenIndex) posRange(from, to int) posBits {
	if to-from <= 16 {
		var s posBits
		for _, t := range x.toks[from:to] {
			s |= posOf(t)
		}
		return s
	}
	if x.pos == nil {
		level := make([]posBits, len(x.toks))
		for i, t := range x.toks {
			level[i] = posOf(t)
		}
		x.pos = append(x.pos, level)
		for w := 2; w <= len(x.toks); w *= 2 {
			prev := x.pos[len(x.pos)-1]
			next := make([]posBits, len(x.toks)-w+1)
			for i := range next {
				next[i] = prev[i] | prev[i+w/2]
			}
			x.pos = append(x.pos, next)
		}
	}
	k := bits.Len(uint(to-from)) - 1
	return x.pos[k][from] | x.pos[k][to-(1<<k)]
}

// joinedLen returns the number of runes sameJoined reads from toks[from:to].
func (x *tokenIndex) joinedLen(from, to int) int {
	if x.joined == nil {
		x.joined = make([]int, len(x.toks)+1)
		for i, t := range x.toks {
			n := 0
			for _, r := range lowerOf(t) {
				if r != '\'' && r != '-' {
					n++
				}
			}
			x.joined[i+1] = x.joined[i] + n
		}
	}
	return x.joined[to] - x.joined[from]
}

// single reports whether the set holds exactly one tag.
func (p posBits) single() bool { return p != 0 && p&(p-1) == 0 }
