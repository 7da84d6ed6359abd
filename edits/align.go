package edits

import (
	"hash/maphash"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Options configure extraction.
type Options struct {
	// Merge is how alignment steps are grouped into edits; the zero
	// value is MergeRules, the language's rules.
	Merge MergeStrategy
	// Lev aligns with plain Levenshtein costs (substitution 1, no
	// transpositions) instead of ERRANT's linguistic costs.
	Lev bool
	// MaxCells bounds the alignment matrix of one pair in AlignBounded
	// and ExtractBounded (see DefaultMaxCells); 0 means DefaultMaxCells, a
	// negative value no limit. Align and Extract ignore it.
	MaxCells int
}

// openPOS are the content-word POS tags: substituting one for another
// costs 0.25 instead of 0.5.
func openPOS(pos string) bool {
	switch pos {
	case "ADJ", "ADV", "NOUN", "VERB":
		return true
	}
	return false
}

// SubstitutionCost is ERRANT's linguistic cost of substituting token c for
// token o, between 0 and 2:
//
//   - 0 if the tokens differ in case only;
//   - else lemma cost (0 for equal lemmas, 0.499 otherwise)
//   - plus POS cost (0 for equal POS, 0.25 if both are content words
//     ADJ/ADV/NOUN/VERB, 0.5 otherwise)
//   - plus character cost 1 - CharRatio(o.Text, c.Text).
//
// The terms are added in this order so that the float64 result is bit for
// bit ERRANT's, which matters where alignments tie.
func SubstitutionCost(o, c *Token) float64 {
	return subCost(o, c, lowerOf(o), lowerOf(c))
}

func subCost(o, c *Token, ol, cl string) float64 {
	if ol == cl {
		return 0
	}
	lp := lemmaPOSCost(o.Lemma == c.Lemma, o.POS == c.POS, openPOS(o.POS) && openPOS(c.POS))
	return lp + (1 - CharRatio(o.Text, c.Text))
}

// lemmaPOSCost is the lemma cost plus the POS cost of a substitution (see
// SubstitutionCost), summed in ERRANT's order.
func lemmaPOSCost(sameLemma, samePOS, bothOpen bool) float64 {
	lemma := 0.499
	if sameLemma {
		lemma = 0
	}
	pos := 0.5
	if samePOS {
		pos = 0
	} else if bothOpen {
		pos = 0.25
	}
	return lemma + pos
}

func lowerOf(t *Token) string {
	if t.Lower != "" || t.Text == "" {
		return t.Lower
	}
	return strings.ToLower(t.Text)
}

// CharRatio is the character similarity of a and b in [0, 1]:
// (len(a)+len(b)-d) / (len(a)+len(b)) over Unicode code points, where d is
// the insertion/deletion edit distance (a substitution counts 2). It is
// python-Levenshtein's ratio, which ERRANT 2.x uses (ERRANT 3 uses
// rapidfuzz's fuzz.ratio, the same quantity computed as 1-d/len). Two empty
// strings have ratio 1.
func CharRatio(a, b string) float64 {
	var buf [128]int32
	return charRatio(a, b, buf[:0])
}

func charRatio(a, b string, buf []int32) float64 {
	la, lb, d := indelDistance(a, b, buf)
	sum := la + lb
	if sum == 0 {
		return 1
	}
	return float64(sum-d) / float64(sum)
}

// indelDistance returns the lengths in code points of a and b and their
// insertion/deletion distance, la+lb-2*LCS.
func indelDistance(a, b string, buf []int32) (la, lb, d int) {
	ascii := isASCII(a) && isASCII(b)
	if !ascii {
		ra, rb := []rune(a), []rune(b)
		lcs := lcsLenRunes(ra, rb, buf)
		return len(ra), len(rb), len(ra) + len(rb) - 2*lcs
	}
	lcs := lcsLen(a, b, buf)
	return len(a), len(b), len(a) + len(b) - 2*lcs
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// lcsLen is the length of the longest common subsequence of the bytes of
// a and b, in one row of O(len(b)) memory.
func lcsLen(a, b string, buf []int32) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	row := slices.Grow(buf[:0], len(b)+1)[:len(b)+1]
	clear(row)
	for i := 0; i < len(a); i++ {
		ai := a[i]
		diag := int32(0)
		for j := 0; j < len(b); j++ {
			up := row[j+1]
			if ai == b[j] {
				row[j+1] = diag + 1
			} else if row[j] > up {
				row[j+1] = row[j]
			}
			diag = up
		}
	}
	return int(row[len(b)])
}

// lcsLenRunes is lcsLen over code points.
func lcsLenRunes(a, b []rune, buf []int32) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	row := slices.Grow(buf[:0], len(b)+1)[:len(b)+1]
	clear(row)
	for i := range a {
		diag := int32(0)
		for j := range b {
			up := row[j+1]
			if a[i] == b[j] {
				row[j+1] = diag + 1
			} else if row[j] > up {
				row[j+1] = row[j]
			}
			diag = up
		}
	}
	return int(row[len(b)])
}

// tokenIDs are a token's annotations as small integers, so that the inner
// loop compares integers instead of strings.
type tokenIDs struct {
	text, lemma, pos int32
	open             bool
}

// workspace holds the buffers of one alignment; workspaces are pooled so
// that Align allocates little and is safe for concurrent use.
type workspace struct {
	cost  []float64
	op    []byte
	tlen  []int32
	oid   []int32 // lower-case token ids of the source
	cid   []int32 // and of the correction
	ohash []uint64
	chash []uint64
	otok  []tokenIDs // interned annotations of the source tokens
	ctok  []tokenIDs // and of the correction tokens
	ids   internTable
	lastO []int32
	sortA []int32
	// The pair being aligned, the matrices' width, the common prefix.
	o, c  *Sentence
	lev   bool
	w, p  int
	sortB []int32
	chars []int32
}

var workspaces = sync.Pool{New: func() any {
	return &workspace{chars: make([]int32, 0, 64)}
}}

// Align aligns the tokens of o and c and returns the cheapest sequence of
// steps turning o into c, left to right.
//
// The costs are ERRANT's (see SubstitutionCost): a token whose text is
// identical matches at cost 0; insertion and deletion cost 1; a
// transposition of n ≥ 2 tokens whose lower-cased forms are the same
// multiset costs n-1 and is searched for only back along a diagonal of
// non-matches. Among equally cheap steps ERRANT's order decides:
// transposition, then substitution, then insertion, then deletion; the
// path is read back from the end of both sentences. With opts.Lev the
// substitution cost is 1 and there are no transpositions.
//
// A pair whose matrix has more than 65,536 cells is aligned in a band of
// diagonals, with the same result (see align_band.go), in memory and time
// that grow with the sentence length times the edit distance; a long
// correction unrelated to its source still takes the whole matrix
// (AlignBounded bounds it).
//
// Align is safe for concurrent use.
func Align(o, c *Sentence, opts Options) []AlignOp {
	ws := workspaces.Get().(*workspace)
	var ops []AlignOp
	if (len(o.Tokens)+1)*(len(c.Tokens)+1) > bandMinCells {
		ops, _ = ws.alignBand(o, c, opts.Lev, bandStartW, math.MaxInt)
	} else {
		ops = ws.align(o, c, opts.Lev)
	}
	workspaces.Put(ws)
	return ops
}

const (
	opOrigin byte = 'O'
	opM           = byte(Match)
	opS           = byte(Substitute)
	opI           = byte(Insert)
	opD           = byte(Delete)
	opT           = byte(Transpose)
)

func (ws *workspace) align(o, c *Sentence, lev bool) []AlignOp {
	// A common suffix is read back first, as matches: a cell whose tokens
	// are the same is a match whatever its neighbours cost, and no cell
	// before it reads one after it. So the suffix is left out of the
	// matrices and appended to the path.
	n, m := len(o.Tokens), len(c.Tokens)
	s := 0
	for s < n && s < m && o.Tokens[n-1-s].Text == c.Tokens[m-1-s].Text {
		s++
	}
	n, m = n-s, m-s
	// With a common prefix of p tokens, a cell (i, j) with min(i, j) ≤ p
	// costs exactly |i-j|: no path costs less (each of |i-j| insertions or
	// deletions costs 1, every other step ≥ 0), and matching the first
	// min(i, j) tokens, which the shorter side shares with the other, then
	// inserting or deleting, costs that. These cells' costs are written
	// so, not computed; their steps are worked out only where the path
	// read back enters them (see resolve). Only the cells after the prefix
	// on both sides are computed.
	p := 0
	for p < n && p < m && o.Tokens[p].Text == c.Tokens[p].Text {
		p++
	}
	w := m + 1
	size := (n + 1) * w
	ws.cost = slices.Grow(ws.cost[:0], size)[:size]
	ws.op = slices.Grow(ws.op[:0], size)[:size]
	cost, op := ws.cost, ws.op
	if !lev {
		ws.tlen = slices.Grow(ws.tlen[:0], size)[:size]
	}
	ws.intern(&Sentence{Tokens: o.Tokens[:n]}, &Sentence{Tokens: c.Tokens[:m]})
	ws.o, ws.c, ws.lev, ws.w, ws.p = o, c, lev, w, p
	// lastO[j] is the last source token so far whose lower-cased form is
	// correction token j's (-1: none); lastC, in the row loop, the last
	// correction token so far that is the source token's. A transposition
	// ending at (i, j) needs both within its span (see transposition).
	ws.lastO = slices.Grow(ws.lastO[:0], m)[:m]
	for j := range ws.lastO {
		ws.lastO[j] = -1
	}
	cost[0], op[0] = 0, opOrigin
	for i := 1; i <= n; i++ {
		cost[i*w] = cost[(i-1)*w] + 1
		op[i*w] = opD
	}
	for j := 1; j <= m; j++ {
		cost[j] = cost[j-1] + 1
		op[j] = opI
	}
	for i := 1; i <= n; i++ {
		end := m
		if i > p {
			end = p
		}
		for j := 1; j <= end; j++ {
			cost[i*w+j] = float64(max(i-j, j-i))
			op[i*w+j] = opUnknown
		}
	}
	for i := 0; i < n; i++ {
		oid := ws.oid[i]
		lastC := -1
		start := p
		if i < p {
			start = m // nothing to compute in this row
		}
		for j := 0; j < start; j++ {
			if ws.cid[j] == oid {
				lastC, ws.lastO[j] = j, int32(i)
			}
		}
		for j := start; j < m; j++ {
			if ws.cid[j] == oid {
				lastC, ws.lastO[j] = j, int32(i)
			}
			kmin := -1 // no transposition can end here
			if lastC >= 0 && ws.lastO[j] >= 0 {
				kmin = max(j-lastC, i-int(ws.lastO[j]))
			}
			ws.step(i, j, kmin)
		}
	}
	out := ws.backtrack(n, m, s)
	for k := range s {
		out = append(out, AlignOp{Op: Match, OStart: n + k, OEnd: n + k + 1, CStart: m + k, CEnd: m + k + 1})
	}
	ws.o, ws.c = nil, nil
	return out
}

// opUnknown marks a cell beside the common prefix whose step has not been
// worked out.
const opUnknown byte = 0

// step fills the cell after source token i and correction token j: its
// cost, its step and, for a transposition, its length. A transposition
// is looked for only when kmin ≥ 0, from spans of kmin+1 tokens.
func (ws *workspace) step(i, j, kmin int) {
	w, cost := ws.w, ws.cost
	row, next := i*w, (i+1)*w
	cell := next + j + 1
	if ws.otok[i].text == ws.ctok[j].text {
		cost[cell] = cost[row+j]
		ws.op[cell] = opM
		return
	}
	del := cost[row+j+1] + 1
	ins := cost[next+j] + 1
	var sub float64
	if ws.lev {
		sub = cost[row+j] + 1
	} else {
		sub = ws.subBounded(&ws.o.Tokens[i], &ws.c.Tokens[j], i, j, cost[row+j], min(ins, del))
		if kmin >= 0 {
			if k, tc, ok := ws.transposition(i, j, w, kmin, min(sub, ins, del)); ok && tc <= sub && tc <= ins && tc <= del {
				cost[cell] = tc
				ws.op[cell] = opT
				ws.tlen[cell] = int32(k + 1)
				return
			}
		}
	}
	switch {
	case sub <= ins && sub <= del:
		cost[cell], ws.op[cell] = sub, opS
	case ins <= del:
		cost[cell], ws.op[cell] = ins, opI
	default:
		cost[cell], ws.op[cell] = del, opD
	}
}

// resolve works out the step of cell (i, j) beside the common prefix
// (min(i, j) ≤ p), which align left unknown. The cells it reads are all
// beside the prefix too, with exact costs, and it recomputes the cell's
// own cost to the same value.
func (ws *workspace) resolve(i, j int) byte {
	if ws.op[i*ws.w+j] == opUnknown {
		ws.step(i-1, j-1, 0)
	}
	return ws.op[i*ws.w+j]
}

// subBounded returns base plus the substitution cost of source token i
// for correction token j. When even a zero character cost would make the
// substitution dearer than bound (the cheaper of insertion and deletion),
// the substitution cannot win and the character cost is not computed: the
// result is then only a number greater than bound.
func (ws *workspace) subBounded(o, c *Token, i, j int, base, bound float64) float64 {
	if ws.oid[i] == ws.cid[j] {
		return base // differ in case only
	}
	a, b := &ws.otok[i], &ws.ctok[j]
	lp := lemmaPOSCost(a.lemma == b.lemma, a.pos == b.pos, a.open && b.open)
	if lb := base + lp; lb > bound {
		return lb
	}
	return base + (lp + (1 - charRatio(o.Text, c.Text, ws.chars[:0])))
}

// transposition looks back along the diagonal ending at source token i and
// correction token j for the shortest k ≥ 1 such that the lower-cased
// tokens o[i-k..i] and c[j-k..j] are the same multiset, walking only while
// the diagonal holds no cost-free step. It returns k and the cost.
//
// Two shortcuts leave the result of the cell unchanged. Spans shorter than
// kmin cannot be the same multiset (o[i] or c[j] is missing from the other
// side), so they are not compared. And a cell on the diagonal of (i, j)
// costs at least |i-j| (a path must insert or delete that many tokens),
// so a transposition of k+1 tokens costs at least |i-j|+k: once that
// exceeds bound, the cheapest of the other steps, no longer span can be
// taken and the walk stops, reporting none, as the cell would refuse it.
func (ws *workspace) transposition(i, j, w, kmin int, bound float64) (int, float64, bool) {
	cost := ws.cost
	d := i - j
	if d < 0 {
		d = -d
	}
	var ho, hc uint64 = ws.ohash[i], ws.chash[j]
	for k := 1; i-k >= 0 && j-k >= 0; k++ {
		if float64(d+k) > bound {
			return 0, 0, false
		}
		if cost[(i-k+1)*w+j-k+1] == cost[(i-k)*w+j-k] {
			return 0, 0, false
		}
		ho += ws.ohash[i-k]
		hc += ws.chash[j-k]
		if k >= kmin && ho == hc && ws.sameMultiset(i-k, i+1, j-k, j+1) {
			return k, cost[(i-k)*w+j-k] + float64(k), true
		}
	}
	return 0, 0, false
}

func (ws *workspace) sameMultiset(os, oe, cs, ce int) bool {
	a := append(ws.sortA[:0], ws.oid[os:oe]...)
	b := append(ws.sortB[:0], ws.cid[cs:ce]...)
	slices.Sort(a)
	slices.Sort(b)
	ws.sortA, ws.sortB = a, b
	return slices.Equal(a, b)
}

// intern numbers the distinct strings of the tokens of o and c (text,
// lower-cased form, lemma; POS apart) and gives each lower-cased form a
// random-looking 64-bit hash, so that the inner loop and the multiset
// tests of transpositions compare integers. Most tokens' text and lemma
// equal their lower-cased form, which is then looked up once.
func (ws *workspace) intern(o, c *Sentence) {
	ot, ct := o.Tokens, c.Tokens
	// At most three strings a token, and a POS tag outside the table.
	ws.ids.reset(4 * (len(ot) + len(ct)))
	ids := func(t *Token) (tokenIDs, int32) {
		low := lowerOf(t)
		lid := ws.ids.id(low)
		ti := tokenIDs{text: lid, lemma: lid, pos: ws.posID(t.POS), open: openPOS(t.POS)}
		if t.Text != low {
			ti.text = ws.ids.id(t.Text)
		}
		switch t.Lemma {
		case low:
		case t.Text:
			ti.lemma = ti.text
		default:
			ti.lemma = ws.ids.id(t.Lemma)
		}
		return ti, lid
	}
	ws.otok, ws.ctok = ws.otok[:0], ws.ctok[:0]
	ws.oid, ws.ohash = ws.oid[:0], ws.ohash[:0]
	ws.cid, ws.chash = ws.cid[:0], ws.chash[:0]
	for i := range ot {
		ti, lid := ids(&ot[i])
		ws.otok = append(ws.otok, ti)
		ws.oid = append(ws.oid, lid)
		ws.ohash = append(ws.ohash, mix(uint64(lid)))
	}
	for i := range ct {
		ti, lid := ids(&ct[i])
		ws.ctok = append(ws.ctok, ti)
		ws.cid = append(ws.cid, lid)
		ws.chash = append(ws.chash, mix(uint64(lid)))
	}
}

// An internTable numbers distinct strings 0, 1, 2... in the order first
// seen. It is an open-addressed hash table whose slots carry the
// generation that filled them, so that reset empties it without touching
// the slots.
type internTable struct {
	slots []internSlot // a power of two, at most half full
	gen   uint32
	n     int32
	seed  maphash.Seed
}

type internSlot struct {
	s   string
	id  int32
	gen uint32
}

// reset empties t for at most n strings.
func (t *internTable) reset(n int) {
	size := 64
	for size < 2*n {
		size *= 2
	}
	t.gen++
	if len(t.slots) < size || len(t.slots) > 64*size || t.gen == 0 {
		if t.seed == (maphash.Seed{}) {
			t.seed = maphash.MakeSeed()
		}
		t.slots, t.gen = make([]internSlot, size), 1
	}
	t.n = 0
}

// id returns the number of s.
func (t *internTable) id(s string) int32 {
	mask := len(t.slots) - 1
	for i := int(maphash.String(t.seed, s)) & mask; ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.gen != t.gen {
			sl.s, sl.id, sl.gen = s, t.n, t.gen
			t.n++
			return sl.id
		}
		if sl.s == s {
			return sl.id
		}
	}
}

// posID numbers a POS tag: the Universal POS tags by a fixed table, any
// other tag through the workspace's ids (as a negative number, apart from
// the table's).
func (ws *workspace) posID(p string) int32 {
	switch p {
	case "":
		return 0
	case "ADJ":
		return 1
	case "ADP":
		return 2
	case "ADV":
		return 3
	case "AUX":
		return 4
	case "CCONJ":
		return 5
	case "DET":
		return 6
	case "INTJ":
		return 7
	case "NOUN":
		return 8
	case "NUM":
		return 9
	case "PART":
		return 10
	case "PRON":
		return 11
	case "PROPN":
		return 12
	case "PUNCT":
		return 13
	case "SCONJ":
		return 14
	case "SYM":
		return 15
	case "VERB":
		return 16
	case "X":
		return 17
	case "SPACE":
		return 18
	}
	return -1 - ws.ids.id("\x00pos "+p)
}

// mix is the splitmix64 finaliser.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// backtrack reads the cheapest path from the bottom-right cell back to the
// origin and returns it left to right, with room for extra more steps.
func (ws *workspace) backtrack(n, m, extra int) []AlignOp {
	w := m + 1
	out := make([]AlignOp, 0, max(n, m)+extra)
	i, j := n, m
	for i+j != 0 {
		op := ws.op[i*w+j]
		if op == opUnknown {
			op = ws.resolve(i, j)
		}
		k := 0
		if op == opT {
			k = int(ws.tlen[i*w+j])
		}
		step := stepTo(op, i, j, k)
		out = append(out, step)
		i, j = step.OStart, step.CStart
	}
	slices.Reverse(out)
	return out
}

// stepTo is the alignment step op that ends at cell (i, j); k is the
// length of a transposition (op opT), unused otherwise. The step starts at
// cell (OStart, CStart).
func stepTo(op byte, i, j, k int) AlignOp {
	switch op {
	case opM, opS:
		return AlignOp{Op: Op(op), OStart: i - 1, OEnd: i, CStart: j - 1, CEnd: j}
	case opD:
		return AlignOp{Op: Delete, OStart: i - 1, OEnd: i, CStart: j, CEnd: j}
	case opI:
		return AlignOp{Op: Insert, OStart: i, OEnd: i, CStart: j - 1, CEnd: j}
	}
	return AlignOp{Op: Transpose, OStart: i - k, OEnd: i, CStart: j - k, CEnd: j}
}
