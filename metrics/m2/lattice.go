package m2

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/internal/band"
)

// The edit lattice of one source/hypothesis pair.
//
// Vertices are the cells (i, j) of the Levenshtein matrix (i source tokens
// and j hypothesis tokens consumed) that lie on a cheapest alignment,
// numbered 0, 1, ... in (i, j) order, the scorer's tuple order, so that
// every edge goes from a lower to a higher number. An arc from (i1, j1) to
// (i2, j2) stands for the edit that rewrites source tokens [i1, i2) as
// hypothesis tokens [j1, j2); its original and correction strings are
// those tokens joined by spaces, so an arc needs no strings of its own.
//
// The scorer's edge list E matters beyond its set of edges: its length is
// the gold weight, its duplicates add epsilons twice, and its order decides
// Bellman-Ford's ties. entries reproduces it: the base edges of both
// Levenshtein lattices sorted (an edge found in both appears twice), then
// every arc the transitive closure adds or shortens, in the order the
// scorer appends them, minus the noop arcs its removal loop removes.
//
// Memory. Only the Levenshtein matrices are indexed by cell, and only
// within a band of diagonals (see band): two bytes a cell (back pointers
// and the cheapest-path marks) plus two rows of costs. Everything after
// them is indexed by vertex or arc, and a hypothesis close to its source
// has few of either (about one vertex per token, plus a block per
// rewritten span), so the memory of a long sentence grows with its length
// times the width of the band, and the band's width with the edit
// distance, not with the length.

// Directions of a base edge, as bits of a cell's back pointers.
const (
	dirDiag = 1 << iota // (i-1, j-1) -> (i, j): substitution or noop
	dirDel              // (i-1, j) -> (i, j)
	dirIns              // (i, j-1) -> (i, j)
)

const epsilon = 0.001

var errTooLarge = errors.New("edit lattice too large")

// errTooLarge's message when the lattice has more arcs than allowed.
const arcsMessage = "more arcs than the limit of %d"

type arc struct {
	src, dst int32 // vertices
	dist     int32 // number of base edges merged
	unch     int32 // unchanged (noop) words merged
	mult     int32 // occurrences in entries
	noop     bool
	base     bool
	removed  bool
}

type lattice struct {
	n, m    int
	src     []string
	hyp     []string
	arcs    []arc
	vi, vj  []int32 // row and column of every vertex, in ascending (i, j) order
	entries []int32 // the scorer's E: arc ids in list order
	// in-edges of every vertex as positions in entries, ascending
	inStart []int32
	inPos   []int32
}

func (l *lattice) row(v int32) int { return int(l.vi[v]) }
func (l *lattice) col(v int32) int { return int(l.vj[v]) }

// original and correction return the strings the scorer compares for an
// arc.
func (l *lattice) original(a *arc) string {
	return strings.Join(l.src[l.row(a.src):l.row(a.dst)], " ")
}

func (l *lattice) correction(a *arc) string {
	return strings.Join(l.hyp[l.col(a.src):l.col(a.dst)], " ")
}

// The alignment matrices are filled in a band of diagonals (band.Band).
//
// Why a band suffices. Insertions and deletions cost 1 and move a path
// one diagonal; substitutions and noops keep the diagonal. Take the band
// of the diagonals from min(0, m-n)-w to max(0, m-n)+w. A path from (0, 0)
// (diagonal 0) to (n, m) (diagonal m-n) that leaves it reaches diagonal
// min(0, m-n)-w-1 or max(0, m-n)+w+1 and comes back, so it makes at least
// |m-n| + 2(w+1) insertions and deletions and costs at least that. If the
// cheapest path inside the band costs less (in both matrices), every
// cheapest path of the whole matrix lies inside it. A cell on a cheapest
// path then has its cost of the whole matrix (its cheapest prefix is the
// prefix of a cheapest path, inside the band), and so does every
// predecessor that offers that cost (it too lies on a cheapest path);
// a predecessor that does not offer it in the whole matrix does not in the
// band either, where costs can only be higher. So the back pointers of the
// cells on cheapest paths, and the set of those cells, are the whole
// matrix's, and so is everything built from them. When the check fails
// the band is widened to a width at which the band's own optimum, an
// upper bound of the true one, passes it, and the matrix is filled again.

// A builder holds the buffers of lattice construction, reused from one
// sentence to the next by one goroutine.
type builder struct {
	l        lattice
	bandBuf  []int
	costs    []int32 // two rows of each matrix's costs
	bp       []uint8 // back pointers per band cell: low 3 bits matrix 1, next 3 bits matrix 2
	reach    []uint8 // per band cell, bit 0: on a cheapest path of matrix 1; bit 1: of matrix 2
	mult     [][3]int8
	succ     [][3]int32 // per vertex: the vertex reached by a base edge of direction d, or -1
	in       [][]int32
	arena    []int32
	tmp      [3][]int32
	fill     []int32
	baseBuf  []int32
	ids      map[string]int32
	srcID    []int32
	hypID    []int32
	base, wt []float64
	pathSc   pathScratch
	strs     map[int32][2]string
	// bandW0, when positive, starts every alignment in a band of this
	// half-width however small the matrix (tests).
	bandW0 int
	// bands counts the matrices filled (tests).
	bands int
}

// Pairs whose matrix has at most fullMatrixCells cells are aligned over
// the whole matrix; larger ones start in a band of half-width bandStartW.
const (
	fullMatrixCells = 1 << 16
	bandStartW      = 64
)

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// levenshtein fills, for every cell of the band, the back pointers of both
// Levenshtein matrices (insertion and deletion cost 1, substitution 1 in
// the first and 2 in the second; a neighbour outside the band offers
// nothing) and returns the costs of (n, m) in both.
func (b *builder) levenshtein(bd *band.Band) (int32, int32) {
	const inf = math.MaxInt32 / 4
	n := bd.N
	bp := grow(b.bp, bd.Cells())
	b.bp = bp
	width := bd.DHi - bd.DLo + 1
	costs := grow(b.costs, 4*width)
	b.costs = costs
	prev1, prev2 := costs[:width], costs[width:2*width]
	cur1, cur2 := costs[2*width:3*width], costs[3*width:]
	for j := bd.Lo(0); j <= bd.Hi(0); j++ {
		cur1[j], cur2[j] = int32(j), int32(j)
		if j > 0 {
			bp[j] = dirIns | dirIns<<3
		}
	}
	for i := 1; i <= n; i++ {
		prev1, cur1 = cur1, prev1
		prev2, cur2 = cur2, prev2
		lo, hi := bd.Lo(i), bd.Hi(i)
		plo, phi := bd.Lo(i-1), bd.Hi(i-1)
		base := bd.Start[i]
		j := lo
		if j == 0 {
			cur1[0], cur2[0] = int32(i), int32(i)
			bp[base] = dirDel | dirDel<<3
			j++
		}
		si := b.srcID[i-1]
		for ; j <= hi; j++ {
			k := j - lo
			var sub1, sub2 int32
			if si != b.hypID[j-1] {
				sub1, sub2 = 1, 2
			}
			up1, up2 := int32(inf), int32(inf)
			if j <= phi {
				up1, up2 = prev1[j-plo]+1, prev2[j-plo]+1
			}
			left1, left2 := int32(inf), int32(inf)
			if k > 0 {
				left1, left2 = cur1[k-1]+1, cur2[k-1]+1
			}
			var bits, bits2 uint8
			cur1[k], bits = cell(prev1[j-1-plo]+sub1, up1, left1)
			cur2[k], bits2 = cell(prev2[j-1-plo]+sub2, up2, left2)
			bp[base+k] = bits | bits2<<3
		}
	}
	last := bd.M - bd.Lo(n)
	return cur1[last], cur2[last]
}

// markCheapest marks the band cells on a cheapest path of each matrix,
// walking the back pointers from (n, m).
func (b *builder) markCheapest(bd *band.Band) {
	bp := b.bp
	reach := grow(b.reach, bd.Cells())
	b.reach = reach
	reach[bd.Cells()-1] = 3
	for i := bd.N; i >= 0; i-- {
		lo, hi := bd.Lo(i), bd.Hi(i)
		base := bd.Start[i]
		for j := hi; j >= lo; j-- {
			c := base + j - lo
			r := reach[c]
			if r == 0 {
				continue
			}
			for g := uint8(0); g < 2; g++ {
				if r&(1<<g) == 0 {
					continue
				}
				bits := bp[c] >> (3 * g)
				if bits&dirDiag != 0 {
					reach[bd.At(i-1, j-1)] |= 1 << g
				}
				if bits&dirDel != 0 {
					reach[bd.At(i-1, j)] |= 1 << g
				}
				if bits&dirIns != 0 {
					reach[c-1] |= 1 << g
				}
			}
		}
	}
}

func cell(sub, del, ins int32) (int32, uint8) {
	best := min(sub, del, ins)
	var b uint8
	if sub == best {
		b |= dirDiag
	}
	if del == best {
		b |= dirDel
	}
	if ins == best {
		b |= dirIns
	}
	return best, b
}

// intern numbers the tokens of src and hyp so that cells compare ints.
func (b *builder) intern(src, hyp []string) {
	if b.ids == nil {
		b.ids = map[string]int32{}
	}
	clear(b.ids)
	id := func(t string) int32 {
		v, ok := b.ids[t]
		if !ok {
			v = int32(len(b.ids))
			b.ids[t] = v
		}
		return v
	}
	b.srcID, b.hypID = b.srcID[:0], b.hypID[:0]
	for _, t := range src {
		b.srcID = append(b.srcID, id(t))
	}
	for _, t := range hyp {
		b.hypID = append(b.hypID, id(t))
	}
}

// align fills the Levenshtein matrices in a band wide enough to hold
// every cheapest path (see band) and marks the cells on them.
func (b *builder) align(n, m, maxCells int) (band.Band, error) {
	w := n + m
	if b.bandW0 > 0 {
		w = b.bandW0
	} else if (n+1)*(m+1) > fullMatrixCells {
		w = bandStartW
	}
	diff := max(n-m, m-n)
	for {
		bd := band.New(n, m, w, b.bandBuf)
		b.bandBuf = bd.Start
		if bd.Cells() > maxCells {
			return bd, fmt.Errorf("%w: an alignment band of %d cells (source %d tokens, hypothesis %d, band half-width %d), more than the limit of %d",
				errTooLarge, bd.Cells(), n, m, w, maxCells)
		}
		b.bands++
		c1, c2 := b.levenshtein(&bd)
		worst := int(max(c1, c2))
		if bd.Full() || worst < diff+2*(w+1) {
			b.markCheapest(&bd)
			return bd, nil
		}
		// The band's optimum bounds the true one from above; a band in
		// which leaving costs more than it passes the check.
		w = max(2*w, (worst-diff)/2+1)
	}
}

// build builds the merged lattice of both Levenshtein matrices, closes it
// over runs of edits with at most maxUnchanged unchanged words, and
// removes noop arcs as the scorer does. The lattice lives in b's buffers
// until the next call.
func (b *builder) build(src, hyp []string, maxUnchanged, maxArcs, maxCells int) (*lattice, error) {
	n, m := len(src), len(hyp)
	l := &b.l
	*l = lattice{n: n, m: m, src: src, hyp: hyp,
		arcs: l.arcs[:0], vi: l.vi[:0], vj: l.vj[:0], entries: l.entries[:0], inStart: l.inStart, inPos: l.inPos}
	b.intern(src, hyp)
	bd, err := b.align(n, m, maxCells)
	if err != nil {
		return nil, err
	}
	b.countBaseEdges(&bd)
	b.linkSuccessors()
	b.addBaseEdges()
	if err := b.closeTransitively(maxUnchanged, maxArcs); err != nil {
		return nil, err
	}
	l.dropLongNoops()
	b.indexInEdges()
	return l, nil
}

// Base edge directions as successor slots: a vertex's out-edges sorted by
// target are (i, j+1) < (i+1, j) < (i+1, j+1): ins, del, diag.
var succDirs = [3]int{2, 1, 0} // 0 diag, 1 del, 2 ins

// eqAt reports whether source token i equals hypothesis token j.
func (b *builder) eqAt(i, j int) bool { return b.srcID[i] == b.hypID[j] }

// countBaseEdges makes the cells on a cheapest path the lattice's
// vertices, in ascending order, and fills b.mult: mult[v][d] is in how
// many of the two lattices the base edge into v from direction d exists
// (0, 1 or 2); d is 0 diag, 1 del, 2 ins.
func (b *builder) countBaseEdges(bd *band.Band) {
	l := &b.l
	mult := b.mult[:0]
	for i := 0; i <= bd.N; i++ {
		lo, hi := bd.Lo(i), bd.Hi(i)
		base := bd.Start[i]
		for j := lo; j <= hi; j++ {
			c := base + j - lo
			r := b.reach[c]
			if r == 0 {
				continue
			}
			l.vi = append(l.vi, int32(i))
			l.vj = append(l.vj, int32(j))
			var mv [3]int8
			for g := uint8(0); g < 2; g++ {
				if r&(1<<g) == 0 {
					continue
				}
				bits := b.bp[c] >> (3 * g)
				for d := 0; d < 3; d++ {
					if bits&(1<<d) != 0 {
						mv[d]++
					}
				}
			}
			mult = append(mult, mv)
		}
	}
	b.mult = mult
}

// linkSuccessors fills b.succ: for every vertex and direction, the vertex
// that the base edge of that direction out of it reaches, if that edge is
// in a lattice (-1 otherwise). Vertices are in (i, j) order, so the
// candidates in row i+1 are found by one pointer moving along that row.
func (b *builder) linkSuccessors() {
	l := &b.l
	nv := len(l.vi)
	succ := b.succ[:0]
	next := 0 // a vertex of the row after the current vertex's row
	for s := range nv {
		i, j := l.vi[s], l.vj[s]
		if s == 0 || l.vi[s-1] != i {
			next = s + 1
			for next < nv && l.vi[next] == i {
				next++
			}
		}
		// advance next to the first vertex of row i+1 with column >= j
		for next < nv && l.vi[next] == i+1 && l.vj[next] < j {
			next++
		}
		out := [3]int32{-1, -1, -1}
		if s+1 < nv && l.vi[s+1] == i && l.vj[s+1] == j+1 && b.mult[s+1][2] > 0 {
			out[2] = int32(s + 1)
		}
		if next < nv && l.vi[next] == i+1 {
			t := next
			if l.vj[t] == j && b.mult[t][1] > 0 {
				out[1] = int32(t)
			}
			if l.vj[t] == j {
				t++
			}
			if t < nv && l.vi[t] == i+1 && l.vj[t] == j+1 && b.mult[t][0] > 0 {
				out[0] = int32(t)
			}
		}
		succ = append(succ, out)
	}
	b.succ = succ
}

// addBaseEdges adds the base edges as arcs, each entered in E as often as
// its multiplicity, and lists each vertex's in-arcs sorted by source.
func (b *builder) addBaseEdges() {
	l := &b.l
	nv := len(l.vi)
	in := b.in[:0]
	for range nv {
		in = append(in, nil)
	}
	b.in = in
	baseIn := grow(b.baseBuf, 3*nv) // up to three base in-edges per vertex
	b.baseBuf = baseIn
	for s := range nv {
		i, j := int(l.vi[s]), int(l.vj[s])
		for _, dir := range succDirs {
			t := b.succ[s][dir]
			if t < 0 {
				continue
			}
			k := b.mult[t][dir]
			noop := dir == 0 && b.eqAt(i, j)
			id := int32(len(l.arcs))
			l.arcs = append(l.arcs, arc{src: int32(s), dst: t, dist: 1, unch: b2i(noop), noop: noop, base: true})
			for ; k > 0; k-- {
				l.entries = append(l.entries, id)
			}
			// Sources arrive in ascending order, so the list stays sorted.
			start := 3 * int(t)
			in[t] = baseIn[start : start+len(in[t])+1]
			in[t][len(in[t])-1] = id
		}
	}
}

// An outEdge is a base edge out of the vertex being closed over: its
// target, whether it is a noop, the target's in-arcs before the visit,
// and how far they have been merged.
type outEdge struct {
	t    int32
	noop bool
	old  []int32
	pos  int
}

// closeTransitively extends the lattice to its transitive closure, in the
// scorer's order: for every vertex k ascending, every arc into k (by
// source, ascending) is extended by every base edge out of k (by target,
// ascending). Arcs out of k are only base edges at that point and arcs
// into k are final, so only existing in- and out-edges need visiting. An
// arc longer than maxUnchanged unchanged words is not added; more than
// maxArcs arcs is errTooLarge.
func (b *builder) closeTransitively(maxUnchanged, maxArcs int) error {
	l := &b.l
	in := b.in
	arena := b.arena[:0]
	var outs [3]outEdge
	for k := range len(l.vi) {
		ink := in[k]
		if len(ink) == 0 {
			continue
		}
		no := 0
		i, j := int(l.vi[k]), int(l.vj[k])
		for _, dir := range succDirs {
			t := b.succ[k][dir]
			if t < 0 {
				continue
			}
			outs[no] = outEdge{t: t, noop: dir == 0 && b.eqAt(i, j), old: in[t]}
			b.tmp[no] = b.tmp[no][:0]
			no++
		}
		for _, a := range ink {
			ak := l.arcs[a] // final: arcs into k change only while visiting k's predecessors
			vi := ak.src
			for o := range outs[:no] {
				ot := &outs[o]
				next := b.tmp[o]
				for ot.pos < len(ot.old) && l.arcs[ot.old[ot.pos]].src < vi {
					next = append(next, ot.old[ot.pos])
					ot.pos++
				}
				unch := ak.unch + b2i(ot.noop)
				if ot.pos < len(ot.old) && l.arcs[ot.old[ot.pos]].src == vi {
					ex := ot.old[ot.pos]
					ot.pos++
					next = append(next, ex)
					e := &l.arcs[ex]
					if !e.base && ak.dist+1 < e.dist && int(unch) <= maxUnchanged {
						e.dist, e.unch, e.noop = ak.dist+1, unch, ak.noop && ot.noop
						l.entries = append(l.entries, ex)
					}
				} else if int(unch) <= maxUnchanged {
					id := int32(len(l.arcs))
					l.arcs = append(l.arcs, arc{src: vi, dst: ot.t, dist: ak.dist + 1, unch: unch, noop: ak.noop && ot.noop})
					l.entries = append(l.entries, id)
					next = append(next, id)
				}
				b.tmp[o] = next
			}
		}
		if len(l.arcs) > maxArcs {
			b.arena = arena
			return fmt.Errorf("%w: "+arcsMessage, errTooLarge, maxArcs)
		}
		for o := range outs[:no] {
			ot := &outs[o]
			next := append(b.tmp[o], ot.old[ot.pos:]...)
			b.tmp[o] = next
			start := len(arena)
			arena = append(arena, next...)
			in[ot.t] = arena[start:len(arena):len(arena)]
		}
	}
	b.arena = arena
	if len(l.arcs) > maxArcs {
		return fmt.Errorf("%w: "+arcsMessage, errTooLarge, maxArcs)
	}
	return nil
}

// dropLongNoops removes noop arcs longer than one word from E as the
// scorer does: while iterating over E, so the element after each removed
// one is never looked at and survives even when it is such an arc too.
func (l *lattice) dropLongNoops() {
	kept := l.entries[:0]
	skip := false
	for _, e := range l.entries {
		a := &l.arcs[e]
		if skip {
			skip = false
		} else if a.noop && a.dist > 1 {
			a.removed = true
			skip = true
			continue
		}
		if a.removed {
			continue // cannot happen: a noop arc is never shortened, so it is in E once
		}
		kept = append(kept, e)
	}
	l.entries = kept
}

// indexInEdges lists the in-edges of every vertex as positions in E
// (inStart, inPos) and counts each arc's multiplicity.
func (b *builder) indexInEdges() {
	l := &b.l
	nv := len(l.vi)
	l.inStart = grow(l.inStart, nv+1)
	for _, e := range l.entries {
		l.arcs[e].mult++
		l.inStart[l.arcs[e].dst+1]++
	}
	for v := 0; v < nv; v++ {
		l.inStart[v+1] += l.inStart[v]
	}
	l.inPos = grow(l.inPos, len(l.entries))
	fill := grow(b.fill, nv)
	b.fill = fill
	copy(fill, l.inStart[:nv])
	for p, e := range l.entries {
		d := l.arcs[e].dst
		l.inPos[fill[d]] = int32(p)
		fill[d]++
	}
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// baseWeights returns every arc's weight when no gold edit matches it:
// its length, plus epsilon once per occurrence in E unless it is a noop.
func (l *lattice) baseWeights(wt []float64) []float64 {
	wt = grow(wt, len(l.arcs))
	for i := range l.arcs {
		a := &l.arcs[i]
		wt[i] = float64(a.dist)
		if !a.noop {
			for k := a.mult; k > 0; k-- {
				wt[i] += epsilon
			}
		}
	}
	return wt
}

// bestPath returns the arcs of the path Bellman-Ford picks from (0, 0) to
// (n, m) under the weights wt, last arc first, as the scorer's
// best_edit_seq_bf does, in one sweep over the vertices in topological
// order.
//
// Bellman-Ford relaxes the edges in E's order, |V|-1 passes, and keeps for
// each vertex the predecessor of its last strict improvement. Every value
// it assigns is a float sum along some path; its final values equal the
// distances D computed in topological order with the same additions, and
// a vertex's predecessor is the edge that first assigned it D. When is
// that? An edge at position q out of a vertex v that got a value x at
// time (pass p, position r) offers x + w at time (p, q) if q > r, else
// (p+1, q); the source holds 0 from before position 0 of pass 1. So a
// vertex's values over time follow from its predecessors' values over
// time, and the sweep can compute them.
//
// Only values close to the final one matter. Weights are whole numbers
// plus multiples of 0.001, so two path sums differ by at least about
// 0.001 unless the paths cost the same in exact arithmetic and only their
// float roundings differ. A value of v worse than D(v) by a real margin
// only leads to values worse than D by a real margin downstream, which
// never reach D and never block a value that does (they are larger). So
// for each vertex the sweep keeps only its near-final history: the
// values within 5e-4 of D it takes, with their times, found as the
// running minima, in time order, of the near-final offers of its in-edges.
// The last of them is D and its edge the predecessor. The history is one
// entry except where equal-cost paths round differently.
func (l *lattice) bestPath(wt []float64, scratch *pathScratch) []int32 {
	nv := len(l.inStart) - 1
	sc := scratch.reset(nv)
	if sc.mode == pathBellmanFord {
		l.bellmanFord(wt, sc)
		return l.backtrack(sc.pred)
	}
	// Values within nearTie of D are tracked. Real path costs differ by
	// multiples of 0.001, so any threshold above the float error of a path sum
	// (far below 1e-6 here) and below 0.001 minus that error is exact; larger
	// only tracks more.
	const nearTie = 5e-4
	dist, pred := sc.dist, sc.pred
	hist := sc.hist[:0]
	hist = append(hist, histItem{pass: 1, pos: -1, val: 0, arc: -1})
	sc.histStart[0], sc.histEnd[0] = 0, 1
	dist[0] = 0
	for w := int32(1); w < int32(nv); w++ {
		in := l.inPos[l.inStart[w]:l.inStart[w+1]]
		// Offers from final values first: their minimum is D(w), and an
		// edge whose final offer is not near it offers nothing near it
		// from earlier values either (those are larger).
		best := math.Inf(1)
		near := sc.near[:0]
		for _, p := range in {
			a := l.entries[p]
			c := dist[l.arcs[a].src] + wt[a] // an unreached source gives +Inf
			if c < best {
				best = c
			}
			if c-best < nearTie {
				near = append(near, p)
			}
		}
		dist[w] = best
		offers := sc.offers[:0]
		for _, p := range near {
			a := l.entries[p]
			v := l.arcs[a].src
			for _, it := range hist[sc.histStart[v]:sc.histEnd[v]] {
				c := it.val + wt[a]
				if c-best >= nearTie || math.IsInf(c, 1) {
					continue
				}
				pass := it.pass
				if p <= it.pos {
					pass++
				}
				offers = append(offers, histItem{pass: pass, pos: p, val: c, arc: a})
			}
		}
		sc.near = near
		sc.histStart[w] = int32(len(hist))
		// Usually the earliest offer of the final value comes before every
		// other near-final offer, and it alone is the history.
		first := -1
		for i, o := range offers {
			if o.val == best && (first < 0 || o.pass < offers[first].pass ||
				(o.pass == offers[first].pass && o.pos < offers[first].pos)) {
				first = i
			}
		}
		alone := first >= 0
		for _, o := range offers {
			if !alone {
				break
			}
			if o.val != best && (o.pass < offers[first].pass || (o.pass == offers[first].pass && o.pos < offers[first].pos)) {
				alone = false
				break
			}
		}
		if alone {
			hist = append(hist, offers[first])
			sc.histEnd[w] = int32(len(hist))
			pred[w] = offers[first].arc
			sc.offers = offers
			continue
		}
		slices.SortFunc(offers, func(x, y histItem) int {
			switch {
			case x.pass != y.pass:
				return int(x.pass - y.pass)
			case x.pos != y.pos:
				return int(x.pos - y.pos)
			}
			return cmp.Compare(x.val, y.val)
		})
		run := math.Inf(1)
		for _, o := range offers {
			if o.val < run {
				run = o.val
				hist = append(hist, o)
			}
		}
		sc.histEnd[w] = int32(len(hist))
		if sc.histEnd[w] > sc.histStart[w]+1 {
			sc.nearTies++
		}
		if sc.histEnd[w] > sc.histStart[w] {
			pred[w] = hist[sc.histEnd[w]-1].arc
		}
		sc.offers = offers
	}
	sc.hist = hist
	return l.backtrack(pred)
}

func (l *lattice) backtrack(pred []int32) []int32 {
	var path []int32
	for v := int32(len(l.vi) - 1); pred[v] >= 0; v = l.arcs[pred[v]].src {
		path = append(path, pred[v])
	}
	return path
}

// bellmanFord runs the scorer's relaxation literally (with an early stop)
// and leaves its predecessors in sc.pred.
func (l *lattice) bellmanFord(wt []float64, sc *pathScratch) {
	dist, pred := sc.dist, sc.pred
	for v := range l.vi {
		dist[v], pred[v] = math.Inf(1), -1
	}
	dist[0] = 0
	for range len(l.vi) - 1 {
		changed := false
		for _, a := range l.entries {
			e := &l.arcs[a]
			if c := dist[e.src] + wt[a]; c < dist[e.dst] {
				dist[e.dst], pred[e.dst] = c, a
				changed = true
			}
		}
		if !changed {
			break
		}
	}
}

// Path search modes; tests run both against the oracle.
const (
	pathTopological = iota // the topological sweep
	pathBellmanFord        // literal Bellman-Ford (with an early stop)
)

// A histItem is a value a vertex takes in Bellman-Ford, with the time it
// takes it and the edge that offered it.
type histItem struct {
	pass, pos int32
	val       float64
	arc       int32
}

type pathScratch struct {
	mode               int
	dist               []float64
	pred               []int32
	histStart, histEnd []int32
	hist, offers       []histItem
	near               []int32
	nearTies           int // vertices whose near-final history had more than one value
}

func (s *pathScratch) reset(nv int) *pathScratch {
	if cap(s.dist) < nv {
		s.dist = make([]float64, nv)
		s.pred = make([]int32, nv)
		s.histStart = make([]int32, nv)
		s.histEnd = make([]int32, nv)
	}
	s.dist, s.pred = s.dist[:nv], s.pred[:nv]
	s.histStart, s.histEnd = s.histStart[:nv], s.histEnd[:nv]
	clear(s.histStart)
	clear(s.histEnd)
	for i := range s.pred {
		s.pred[i] = -1
		s.dist[i] = math.Inf(1)
	}
	return s
}
