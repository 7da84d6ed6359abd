package m2

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strings"
)

// The edit lattice of one source/hypothesis pair.
//
// Vertices are cells (i, j) of the Levenshtein matrix (i source tokens and
// j hypothesis tokens consumed), numbered i*(m+1)+j so that numeric order is
// the scorer's tuple order and every edge goes from a lower to a higher
// number. An arc from (i1, j1) to (i2, j2) stands for the edit that
// rewrites source tokens [i1, i2) as hypothesis tokens [j1, j2); its
// original and correction strings are those tokens joined by spaces, so an
// arc needs no strings of its own.
//
// The scorer's edge list E matters beyond its set of edges: its length is
// the gold weight, its duplicates add epsilons twice, and its order decides
// Bellman-Ford's ties. entries reproduces it: the base edges of both
// Levenshtein lattices sorted (an edge found in both appears twice), then
// every arc the transitive closure adds or shortens, in the order the
// scorer appends them, minus the noop arcs its removal loop removes.

// Directions of a base edge, as bits of a cell's back pointers.
const (
	dirDiag = 1 << iota // (i-1, j-1) -> (i, j): substitution or noop
	dirDel              // (i-1, j) -> (i, j)
	dirIns              // (i, j-1) -> (i, j)
)

const epsilon = 0.001

var errTooLarge = errors.New("edit lattice too large")

type arc struct {
	src, dst int32
	dist     int32 // number of base edges merged
	unch     int32 // unchanged (noop) words merged
	mult     int32 // occurrences in entries
	noop     bool
	base     bool
	removed  bool
}

type lattice struct {
	n, m    int
	w       int32 // row width m+1
	src     []string
	hyp     []string
	arcs    []arc
	verts   []int32 // vertices in ascending order
	entries []int32 // the scorer's E: arc ids in list order
	// in-edges of every vertex as positions in entries, ascending
	inStart []int32
	inPos   []int32
}

func (l *lattice) row(v int32) int { return int(v / l.w) }
func (l *lattice) col(v int32) int { return int(v % l.w) }

// original and correction return the strings the scorer compares for an
// arc.
func (l *lattice) original(a *arc) string {
	return strings.Join(l.src[l.row(a.src):l.row(a.dst)], " ")
}

func (l *lattice) correction(a *arc) string {
	return strings.Join(l.hyp[l.col(a.src):l.col(a.dst)], " ")
}

// A builder holds the buffers of lattice construction, reused from one
// sentence to the next by one goroutine.
type builder struct {
	l        lattice
	cost1    []int32
	cost2    []int32
	bp       []uint8 // back pointers: low 3 bits matrix 1, next 3 bits matrix 2
	reach    []uint8 // bit 0: on a cheapest path of matrix 1; bit 1: of matrix 2
	mult     [][3]int8
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
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// levenshtein fills, for every cell, the back pointers of both Levenshtein
// matrices (insertion and deletion cost 1, substitution 1 in the first and
// 2 in the second) and marks the cells that lie on a cheapest alignment in
// each.
func (b *builder) levenshtein(n, m int) {
	w := m + 1
	cells := (n + 1) * w
	c1, c2 := grow(b.cost1, cells), grow(b.cost2, cells)
	bp := grow(b.bp, cells)
	b.cost1, b.cost2, b.bp = c1, c2, bp
	for j := 1; j <= m; j++ {
		c1[j], c2[j] = int32(j), int32(j)
		bp[j] = dirIns | dirIns<<3
	}
	for i := 1; i <= n; i++ {
		c1[i*w], c2[i*w] = int32(i), int32(i)
		bp[i*w] = dirDel | dirDel<<3
		si := b.srcID[i-1]
		for j := 1; j <= m; j++ {
			c := i*w + j
			var sub1, sub2 int32
			if si != b.hypID[j-1] {
				sub1, sub2 = 1, 2
			}
			var bits uint8
			c1[c], bits = cell(c1[c-w-1]+sub1, c1[c-w]+1, c1[c-1]+1)
			var bits2 uint8
			c2[c], bits2 = cell(c2[c-w-1]+sub2, c2[c-w]+1, c2[c-1]+1)
			bp[c] = bits | bits2<<3
		}
	}
	reach := grow(b.reach, cells)
	b.reach = reach
	reach[n*w+m] = 3
	for c := n*w + m; c > 0; c-- {
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
				reach[c-w-1] |= 1 << g
			}
			if bits&dirDel != 0 {
				reach[c-w] |= 1 << g
			}
			if bits&dirIns != 0 {
				reach[c-1] |= 1 << g
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

// build builds the merged lattice of both Levenshtein matrices, closes it
// over runs of edits with at most maxUnchanged unchanged words, and
// removes noop arcs as the scorer does. The lattice lives in b's buffers
// until the next call.
func (b *builder) build(src, hyp []string, maxUnchanged, maxArcs int) (*lattice, error) {
	n, m := len(src), len(hyp)
	cells := (n + 1) * (m + 1)
	l := &b.l
	*l = lattice{n: n, m: m, w: int32(m + 1), src: src, hyp: hyp,
		arcs: l.arcs[:0], verts: l.verts[:0], entries: l.entries[:0], inStart: l.inStart, inPos: l.inPos}
	b.intern(src, hyp)
	b.levenshtein(n, m)
	b.countBaseEdges(cells)
	b.addBaseEdges(cells)
	if err := b.closeTransitively(maxUnchanged, maxArcs); err != nil {
		return nil, err
	}
	l.dropLongNoops()
	b.indexInEdges(cells)
	return l, nil
}

// A succ is a base edge's direction (0 diag, 1 del, 2 ins) and the cell
// offset it moves by.
type succ struct {
	dir int
	off int
}

// successors lists the base edges out of a cell sorted by target: from
// (i, j) the targets (i, j+1) < (i+1, j) < (i+1, j+1), i.e. ins, del,
// diag.
func (l *lattice) successors() [3]succ {
	w := int(l.w)
	return [3]succ{{2, 1}, {1, w}, {0, w + 1}}
}

// offMatrix reports whether the base edge sc out of cell (i, j) leaves the
// matrix.
func (l *lattice) offMatrix(sc succ, i, j int) bool {
	return (sc.dir != 1 && j == l.m) || (sc.dir != 2 && i == l.n)
}

// eqAt reports whether source token i equals hypothesis token j.
func (b *builder) eqAt(i, j int) bool { return b.srcID[i] == b.hypID[j] }

// countBaseEdges fills b.mult: mult[c][d] is in how many of the two
// lattices the base edge into c from direction d exists (0, 1 or 2); d is
// 0 diag, 1 del, 2 ins. The cells on a cheapest path become the
// lattice's vertices, in ascending order.
func (b *builder) countBaseEdges(cells int) {
	l := &b.l
	mult := grow(b.mult, cells)
	b.mult = mult
	for c := 0; c < cells; c++ {
		r := b.reach[c]
		if r == 0 {
			continue
		}
		l.verts = append(l.verts, int32(c))
		for g := uint8(0); g < 2; g++ {
			if r&(1<<g) == 0 {
				continue
			}
			bits := b.bp[c] >> (3 * g)
			for d := 0; d < 3; d++ {
				if bits&(1<<d) != 0 {
					mult[c][d]++
				}
			}
		}
	}
}

// addBaseEdges adds the base edges as arcs, each entered in E as often as
// its multiplicity, and lists each vertex's in-arcs sorted by source.
func (b *builder) addBaseEdges(cells int) {
	l := &b.l
	w := int(l.w)
	succs := l.successors()
	in := b.in[:0]
	for range cells {
		in = append(in, nil)
	}
	b.in = in
	baseIn := grow(b.baseBuf, 3*cells) // up to three base in-edges per cell
	b.baseBuf = baseIn
	for _, s := range l.verts {
		i, j := int(s)/w, int(s)%w
		for _, sc := range succs {
			if l.offMatrix(sc, i, j) {
				continue
			}
			t := int(s) + sc.off
			k := b.mult[t][sc.dir]
			if k == 0 {
				continue
			}
			noop := sc.dir == 0 && b.eqAt(i, j)
			id := int32(len(l.arcs))
			l.arcs = append(l.arcs, arc{src: s, dst: int32(t), dist: 1, unch: b2i(noop), noop: noop, base: true})
			for ; k > 0; k-- {
				l.entries = append(l.entries, id)
			}
			// Sources arrive in ascending order, so the list stays sorted.
			start := 3 * t
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
	w := int(l.w)
	succs := l.successors()
	in := b.in
	arena := b.arena[:0]
	var outs [3]outEdge
	for _, k := range l.verts {
		ink := in[k]
		if len(ink) == 0 {
			continue
		}
		no := 0
		i, j := int(k)/w, int(k)%w
		for _, sc := range succs {
			if l.offMatrix(sc, i, j) {
				continue
			}
			t := int(k) + sc.off
			if b.mult[t][sc.dir] == 0 {
				continue
			}
			outs[no] = outEdge{t: int32(t), noop: sc.dir == 0 && b.eqAt(i, j), old: in[t]}
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
			return errTooLarge
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
		return errTooLarge
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
func (b *builder) indexInEdges(cells int) {
	l := &b.l
	l.inStart = grow(l.inStart, cells+1)
	for _, e := range l.entries {
		l.arcs[e].mult++
		l.inStart[l.arcs[e].dst+1]++
	}
	for c := 0; c < cells; c++ {
		l.inStart[c+1] += l.inStart[c]
	}
	l.inPos = grow(l.inPos, len(l.entries))
	fill := grow(b.fill, cells)
	b.fill = fill
	copy(fill, l.inStart[:cells])
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
	cells := len(l.inStart) - 1
	sc := scratch.reset(cells)
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
	for _, w := range l.verts[1:] {
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
	for v := int32(l.n)*l.w + int32(l.m); pred[v] >= 0; v = l.arcs[pred[v]].src {
		path = append(path, pred[v])
	}
	return path
}

// bellmanFord runs the scorer's relaxation literally (with an early stop)
// and leaves its predecessors in sc.pred.
func (l *lattice) bellmanFord(wt []float64, sc *pathScratch) {
	dist, pred := sc.dist, sc.pred
	for _, v := range l.verts {
		dist[v], pred[v] = math.Inf(1), -1
	}
	dist[0] = 0
	for range len(l.verts) - 1 {
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

func (s *pathScratch) reset(cells int) *pathScratch {
	if cap(s.dist) < cells {
		s.dist = make([]float64, cells)
		s.pred = make([]int32, cells)
		s.histStart = make([]int32, cells)
		s.histEnd = make([]int32, cells)
	}
	s.dist, s.pred = s.dist[:cells], s.pred[:cells]
	s.histStart, s.histEnd = s.histStart[:cells], s.histEnd[:cells]
	clear(s.histStart)
	clear(s.histEnd)
	for i := range s.pred {
		s.pred[i] = -1
		s.dist[i] = math.Inf(1)
	}
	return s
}
