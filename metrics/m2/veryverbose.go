package m2

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The M2 scorer's --very_verbose dumps the data structures of its edit
// lattice as Python 2 prints them: both Levenshtein matrices, their back
// pointers (dicts), the edit dict before and after the transitive arcs, a
// trace of the transitive closure and of the weighting per annotator, the
// graph V, E, the weights and the path found. The scorer's dicts print in
// Python 2's hash-table order, which depends on the order in which keys
// were inserted (breadth-first from the last cell, copies, merges). The
// lattice of lattice.go keeps none of this: it is banded, keeps no costs
// and numbers its arcs its own way. So the dump is made by a separate,
// plain construction that follows the scorer's steps one by one over the
// whole matrices, used only for printing; its path is the lattice's (the
// tests check both against the scorer's output).

// maxDumpCells bounds the matrices of one very verbose sentence: the dump
// of a longer one would run to gigabytes (the transitive trace alone
// prints |V|·(|V|+|E|) lines).
const maxDumpCells = 1 << 22

// An ppEdit is the scorer's edit tuple (type, start, end, original,
// correction, unchanged words).
type ppEdit struct {
	kind       string
	start, end int
	orig, corr string
	unch       int
}

func (e *ppEdit) repr() string {
	return fmt.Sprintf("('%s', %d, %d, %s, %s, %d)", e.kind, e.start, e.end, pyRepr(e.orig), pyRepr(e.corr), e.unch)
}

type vtx struct{ i, j int }

func (v vtx) repr() string { return "(" + strconv.Itoa(v.i) + ", " + strconv.Itoa(v.j) + ")" }

func cmpVtx(a, b vtx) int {
	if a.i != b.i {
		return a.i - b.i
	}
	return a.j - b.j
}

type edge struct{ a, b vtx }

func (e edge) repr() string { return "(" + e.a.repr() + ", " + e.b.repr() + ")" }

func cmpEdge(x, y edge) int {
	if c := cmpVtx(x.a, y.a); c != 0 {
		return c
	}
	return cmpVtx(x.b, y.b)
}

// Python 2.7 hashes (64-bit): an int is itself (-1 becomes -2), a tuple
// combines its items' hashes.
func pyHashTuple(items ...int64) int64 {
	x := int64(0x345678)
	mult := int64(1000003)
	for k, y := range items {
		x = (x ^ y) * mult
		n := int64(len(items) - 1 - k)
		mult += 82520 + n + n
	}
	x += 97531
	if x == -1 {
		x = -2
	}
	return x
}

func pyHashInt(i int) int64 {
	if i == -1 {
		return -2
	}
	return int64(i)
}

func (v vtx) hash() int64  { return pyHashTuple(pyHashInt(v.i), pyHashInt(v.j)) }
func (e edge) hash() int64 { return pyHashTuple(e.a.hash(), e.b.hash()) }

// A py2Dict follows the slots of a Python 2.7 dict to give its iteration
// order: keys are numbered by the caller, which inserts each new key once
// (setting an existing key changes nothing) and may delete keys.
type py2Dict struct {
	slots  []int32 // key+1; 0 empty; -1 dummy
	hashes []int64 // by key
	fill   int
	used   int
}

func newPy2Dict() *py2Dict { return &py2Dict{slots: make([]int32, 8)} }

func (d *py2Dict) place(slots []int32, h int64, key int32, dummies bool) bool {
	mask := uint64(len(slots) - 1)
	perturb := uint64(h)
	i := perturb & mask
	free := -1
	for {
		s := slots[i&mask]
		if s == 0 {
			if free >= 0 {
				slots[free] = key + 1
				return false
			}
			slots[i&mask] = key + 1
			return true
		}
		if dummies && s == -1 && free < 0 {
			free = int(i & mask)
		}
		i = (i << 2) + i + perturb + 1
		perturb >>= 5
	}
}

// insert adds a new key with hash h; keys are numbered 0, 1, ... in the
// order of their first insertion.
func (d *py2Dict) insert(key int, h int64) {
	if key >= len(d.hashes) {
		d.hashes = append(d.hashes, make([]int64, key+1-len(d.hashes))...)
	}
	d.hashes[key] = h
	if d.place(d.slots, h, int32(key), true) {
		d.fill++
	}
	d.used++
	if d.fill*3 < len(d.slots)*2 {
		return
	}
	factor := 4
	if d.used > 50000 {
		factor = 2
	}
	size := 8
	for size <= factor*d.used {
		size <<= 1
	}
	old := d.slots
	d.slots = make([]int32, size)
	for _, s := range old {
		if s > 0 {
			d.place(d.slots, d.hashes[s-1], s-1, false)
		}
	}
	d.fill = d.used
}

// remove deletes key, leaving a dummy in its slot.
func (d *py2Dict) remove(key int) {
	for i, s := range d.slots {
		if int(s) == key+1 {
			d.slots[i] = -1
			d.used--
			return
		}
	}
}

// order returns the keys in iteration order.
func (d *py2Dict) order() []int {
	out := make([]int, 0, d.used)
	for _, s := range d.slots {
		if s > 0 {
			out = append(out, int(s-1))
		}
	}
	return out
}

// copyOf returns a dict with d's keys inserted in d's iteration order, as
// Python's deepcopy builds it, numbered as in d.
func (d *py2Dict) copyOf() *py2Dict {
	c := newPy2Dict()
	for _, k := range d.order() {
		c.insert(k, d.hashes[k])
	}
	return c
}

// A pyNum is a weight as Python holds it: an int until an epsilon is
// added, then a float.
type pyNum struct {
	v       float64
	isFloat bool
}

func (n pyNum) repr() string {
	if !n.isFloat && !math.IsInf(n.v, 0) {
		return strconv.FormatInt(int64(n.v), 10)
	}
	return pyReprFloat(n.v)
}

// pyReprFloat is Python 2.7's repr of a float: the shortest string that
// reads back as x, ".0" on whole numbers, an exponent outside [1e-4, 1e16).
func pyReprFloat(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "nan"
	case x == 0:
		if math.Signbit(x) {
			return "-0.0"
		}
		return "0.0"
	}
	e := strconv.FormatFloat(x, 'e', -1, 64)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	if exp < -4 || exp >= 16 {
		mant, ex, _ := strings.Cut(e, "e")
		if ex[1] == '0' && len(ex) > 2 {
			ex = ex[:1] + ex[2:]
		}
		return mant + "e" + ex
	}
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if !strings.ContainsRune(s, '.') {
		s += ".0"
	}
	return s
}

// backPointer is one entry of the scorer's back pointer lists.
type backPointer struct {
	prev vtx
	edit ppEdit
}

// dumpGraph is the scorer's graph of one sentence, built as the scorer
// builds it.
type dumpGraph struct {
	src, hyp []string
	mat      [2][][]int
	bp       [2]map[vtx][]backPointer
	bpOrder  [2][]vtx
	V        []vtx
	E        []edge
	keys     []edge       // edge keys of dist and edits, by key number
	keyOf    map[edge]int // key number of an edge
	dist     []pyNum      // by key
	edits    []*ppEdit    // by key; nil once deleted
	distD    *py2Dict
	editsD   *py2Dict
	retD     *py2Dict // deepcopy of dist (set_weights)
}

// levenshteinDump fills matrix k (substitution cost sub) and its back
// pointers, recording the order in which the pointer dict gets its keys.
func (g *dumpGraph) levenshteinDump(k, sub int) {
	n, m := len(g.src), len(g.hyp)
	d := make([][]int, n+1)
	bp := map[vtx][]backPointer{}
	var order []vtx
	add := func(v vtx, p backPointer) {
		if _, ok := bp[v]; !ok {
			order = append(order, v)
		}
		bp[v] = append(bp[v], p)
	}
	for i := range d {
		d[i] = make([]int, m+1)
		d[i][0] = i
	}
	for i := 1; i <= n; i++ {
		add(vtx{i, 0}, backPointer{vtx{i - 1, 0}, ppEdit{"del", i - 1, i, g.src[i-1], "", 0}})
	}
	for j := 1; j <= m; j++ {
		d[0][j] = j
		add(vtx{0, j}, backPointer{vtx{0, j - 1}, ppEdit{"ins", j - 1, j - 1, "", g.hyp[j-1], 0}})
	}
	for i := 1; i <= n; i++ {
		for j := 1; j <= m; j++ {
			del, ins := d[i-1][j]+1, d[i][j-1]+1
			same := g.src[i-1] == g.hyp[j-1]
			s := d[i-1][j-1]
			if !same {
				s += sub
			}
			low := min(s, del, ins)
			v := vtx{i, j}
			if s == low {
				d[i][j] = s
				e := ppEdit{"sub", i - 1, i, g.src[i-1], g.hyp[j-1], 0}
				if same {
					e.kind, e.unch = "noop", 1
				}
				add(v, backPointer{vtx{i - 1, j - 1}, e})
			}
			if del == low {
				d[i][j] = del
				add(v, backPointer{vtx{i - 1, j}, ppEdit{"del", i - 1, i, g.src[i-1], "", 0}})
			}
			if ins == low {
				d[i][j] = ins
				add(v, backPointer{vtx{i, j - 1}, ppEdit{"ins", i, i, "", g.hyp[j-1], 0}})
			}
		}
	}
	g.mat[k], g.bp[k], g.bpOrder[k] = d, bp, order
}

// editGraph is the scorer's breadth-first walk from the last cell along
// the back pointers of matrix k: its vertices, edges and the edges in the
// order its dicts get them (one per edge).
func (g *dumpGraph) editGraph(k int) (V []vtx, E []edge, edits []*ppEdit) {
	queue := []vtx{{len(g.src), len(g.hyp)}}
	seen := map[vtx]bool{}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if seen[v] {
			continue
		}
		seen[v] = true
		V = append(V, v)
		for _, p := range g.bp[k][v] {
			E = append(E, edge{p.prev, v})
			e := p.edit
			edits = append(edits, &e)
			if !slices.Contains(queue, p.prev) {
				queue = append(queue, p.prev)
			}
		}
	}
	return V, E, edits
}

func (g *dumpGraph) newKey(e edge, d pyNum, ed *ppEdit) {
	k := len(g.keys)
	g.keys = append(g.keys, e)
	g.keyOf[e] = k
	g.dist = append(g.dist, d)
	g.edits = append(g.edits, ed)
	g.distD.insert(k, e.hash())
	g.editsD.insert(k, e.hash())
}

// newDumpGraph builds the graph up to the weights, writing the dumps the
// scorer prints before its annotator loop.
func newDumpGraph(w io.Writer, src, hyp []string, maxUnchanged int) (*dumpGraph, error) {
	if cells := (len(src) + 1) * (len(hyp) + 1); cells > maxDumpCells {
		return nil, fmt.Errorf("very verbose: %d × %d tokens: the dump of more than %d matrix cells is not written", len(src), len(hyp), maxDumpCells)
	}
	g := &dumpGraph{src: src, hyp: hyp, keyOf: map[edge]int{}}
	g.levenshteinDump(0, 1)
	g.levenshteinDump(1, 2)
	V1, E1, ed1 := g.editGraph(0)
	V2, E2, ed2 := g.editGraph(1)
	// merge_graph
	g.V = append(slices.Clone(V1), V2...)
	slices.SortFunc(g.V, cmpVtx)
	g.V = slices.Compact(g.V)
	g.E = append(slices.Clone(E1), E2...)
	slices.SortFunc(g.E, cmpEdge)
	// dist1 and edits1 got their keys in E1's order; their copies get
	// them in dist1's iteration order, then dist2's new keys in dist2's.
	d1 := newPy2Dict()
	for k, e := range E1 {
		d1.insert(k, e.hash())
	}
	d2 := newPy2Dict()
	for k, e := range E2 {
		d2.insert(k, e.hash())
	}
	g.distD, g.editsD = newPy2Dict(), newPy2Dict()
	for _, k := range d1.order() {
		g.newKey(E1[k], pyNum{v: 1}, ed1[k])
	}
	for _, k := range d2.order() {
		if _, ok := g.keyOf[E2[k]]; !ok {
			g.newKey(E2[k], pyNum{v: 1}, ed2[k])
		}
	}
	fmt.Fprintln(w, "edit matrix 1:", pyMatrix(g.mat[0]))
	fmt.Fprintln(w, "edit matrix 2:", pyMatrix(g.mat[1]))
	fmt.Fprintln(w, "backpointers 1:", g.bpRepr(0))
	fmt.Fprintln(w, "backpointers 2:", g.bpRepr(1))
	fmt.Fprintln(w, "edits (w/o transitive arcs):", g.editsRepr())
	g.transitiveArcs(w, maxUnchanged)
	g.retD = g.distD.copyOf()
	return g, nil
}

func pyMatrix(d [][]int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, row := range d {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('[')
		for j, x := range row {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(x))
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	return b.String()
}

func (g *dumpGraph) bpRepr(k int) string {
	d := newPy2Dict()
	for i, v := range g.bpOrder[k] {
		d.insert(i, v.hash())
	}
	var b strings.Builder
	b.WriteByte('{')
	for n, i := range d.order() {
		if n > 0 {
			b.WriteString(", ")
		}
		v := g.bpOrder[k][i]
		b.WriteString(v.repr() + ": [")
		for m, p := range g.bp[k][v] {
			if m > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(" + p.prev.repr() + ", " + p.edit.repr() + ")")
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return b.String()
}

func (g *dumpGraph) editsRepr() string {
	var b strings.Builder
	b.WriteByte('{')
	for n, k := range g.editsD.order() {
		if n > 0 {
			b.WriteString(", ")
		}
		b.WriteString(g.keys[k].repr() + ": " + g.edits[k].repr())
	}
	b.WriteByte('}')
	return b.String()
}

func (g *dumpGraph) distRepr(d *py2Dict, vals []pyNum) string {
	var b strings.Builder
	b.WriteByte('{')
	for n, k := range d.order() {
		if n > 0 {
			b.WriteString(", ")
		}
		b.WriteString(g.keys[k].repr() + ": " + vals[k].repr())
	}
	b.WriteByte('}')
	return b.String()
}

func (g *dumpGraph) editAt(e edge) *ppEdit {
	if k, ok := g.keyOf[e]; ok {
		return g.edits[k]
	}
	return nil
}

func (g *dumpGraph) distAt(e edge) float64 {
	if k, ok := g.keyOf[e]; ok {
		return g.dist[k].v
	}
	return math.Inf(1)
}

// mergeEdits is the scorer's merge_edits.
func mergeEdits(e1, e2 *ppEdit) ppEdit {
	join := func(a, b string) string { return a + " " + b }
	e := ppEdit{kind: "sub", start: e1.start, end: e2.end, unch: e1.unch + e2.unch}
	switch e1.kind {
	case "ins":
		switch e2.kind {
		case "ins":
			e.kind, e.corr = "ins", join(e1.corr, e2.corr)
		case "del":
			e.orig, e.corr = e2.orig, e1.corr
		default: // sub, noop
			e.orig, e.corr = e2.orig, join(e1.corr, e2.corr)
		}
	case "del":
		switch e2.kind {
		case "ins":
			e.orig, e.corr = e1.orig, e2.corr
		case "del":
			e.kind, e.orig = "del", join(e1.orig, e2.orig)
		default:
			e.orig, e.corr = join(e1.orig, e2.orig), e2.corr
		}
	default: // sub, noop
		switch e2.kind {
		case "ins":
			e.orig, e.corr = e1.orig, join(e1.corr, e2.corr)
		case "del":
			e.orig, e.corr = join(e1.orig, e2.orig), e1.corr
		default:
			e.orig, e.corr = join(e1.orig, e2.orig), join(e1.corr, e2.corr)
			if e1.kind == "noop" && e2.kind == "noop" {
				e.kind = "noop"
			}
		}
	}
	return e
}

// transitiveArcs is the scorer's transitive_arcs with its trace.
func (g *dumpGraph) transitiveArcs(w io.Writer, maxUnchanged int) {
	fmt.Fprintln(w, "-- Add transitive arcs --")
	for _, vk := range g.V {
		fmt.Fprintln(w, "v _k :", vk.repr())
		for _, vi := range g.V {
			fmt.Fprintln(w, "v _i :", vi.repr())
			eik := g.editAt(edge{vi, vk})
			if eik == nil {
				continue
			}
			for _, vj := range g.V {
				fmt.Fprintln(w, "v _j :", vj.repr())
				ekj := g.editAt(edge{vk, vj})
				if ekj == nil {
					continue
				}
				dik, dkj := g.distAt(edge{vi, vk}), g.distAt(edge{vk, vj})
				if dik+dkj < g.distAt(edge{vi, vj}) {
					eij := mergeEdits(eik, ekj)
					if eij.unch <= maxUnchanged {
						fmt.Fprintln(w, " add new arcs v_i -> v_j:", eij.repr())
						e := edge{vi, vj}
						g.E = append(g.E, e)
						if k, ok := g.keyOf[e]; ok {
							g.dist[k] = pyNum{v: dik + dkj}
							g.edits[k] = &eij
						} else {
							g.newKey(e, pyNum{v: dik + dkj}, &eij)
						}
					}
				}
			}
		}
	}
	fmt.Fprintln(w, "-- Remove transitive noop arcs --")
	// Python removes from the list it iterates: the element after a
	// removed one is skipped.
	for i := 0; i < len(g.E); i++ {
		e := g.E[i]
		k := g.keyOf[e]
		if g.edits[k] == nil || g.edits[k].kind != "noop" || !(g.dist[k].v > 1) {
			continue
		}
		fmt.Fprintln(w, " remove noop arc v_i -> vj:", e.repr())
		first := slices.Index(g.E, e)
		g.E = slices.Delete(g.E, first, first+1)
		g.dist[k] = pyNum{v: math.Inf(1), isFloat: true}
		g.edits[k] = nil
		g.editsD.remove(k)
	}
}

// weights is the scorer's set_weights for one annotator's gold edits, with
// its trace; it returns the weights by key.
func (g *dumpGraph) weights(w io.Writer, golds []GoldEdit) []pyNum {
	const eps = 0.001
	fmt.Fprintln(w, "set weights of edges() gold edits :", pyList(golds, pyGold))
	ret := slices.Clone(g.dist)
	type span struct{ s, e int }
	M := map[span][]edge{}
	G := map[span][]*GoldEdit{}
	for _, e := range g.E {
		t := g.edits[g.keyOf[e]]
		M[span{t.start, t.end}] = append(M[span{t.start, t.end}], e)
	}
	for i := range golds {
		k := span{golds[i].Start, golds[i].End}
		G[k] = append(G[k], &golds[i])
	}
	spans := make([]span, 0, len(M))
	for k := range M {
		spans = append(spans, k)
	}
	slices.SortFunc(spans, func(a, b span) int {
		if a.s != b.s {
			return a.s - b.s
		}
		return a.e - b.e
	})
	neg := pyNum{v: -float64(len(g.E))}
	addEps := func(e edge) {
		k := g.keyOf[e]
		ret[k] = pyNum{v: ret[k].v + eps, isFloat: true}
	}
	match := func(t *ppEdit, gold *GoldEdit) bool {
		return t.start == gold.Start && t.end == gold.End && t.orig == gold.Original && slices.Contains(gold.Corrections, t.corr)
	}
	trace := func(e edge, t *ppEdit) {
		fmt.Fprintln(w, "set weights of edge", e.repr())
		fmt.Fprintln(w, "edit  =", t.repr())
	}
	matched := func(e edge, gold *GoldEdit) {
		ret[g.keyOf[e]] = neg
		fmt.Fprintln(w, "matched gold edit :", pyGold(*gold))
		fmt.Fprintln(w, "set weight to :", neg.repr())
	}
	for _, k := range spans {
		es := M[k]
		slices.SortFunc(es, cmpEdge)
		gs := G[k]
		if k.s != k.e {
			for _, e := range es {
				t := g.edits[g.keyOf[e]]
				trace(e, t)
				hit := false
				for _, gold := range gs {
					if match(t, gold) {
						hit = true
						matched(e, gold)
						break
					}
				}
				if !hit && t.kind != "noop" {
					addEps(e)
				}
			}
			continue
		}
		// Insertions: from both ends towards the middle.
		lptr, rptr, cur := 0, len(es)-1, 0
		glptr, grptr := 0, len(gs)-1
		for lptr <= rptr {
			e := es[cur]
			t := g.edits[g.keyOf[e]]
			trace(e, t)
			hit := false
			try := func(i int) bool {
				if !match(t, gs[i]) {
					return false
				}
				hit = true
				matched(e, gs[i])
				if cur == lptr {
					glptr = i + 1
				} else {
					grptr = i - 1
				}
				return true
			}
			if cur == lptr {
				for i := glptr; i <= grptr; i++ {
					if try(i) {
						break
					}
				}
			} else {
				for i := grptr; i >= glptr; i-- {
					if try(i) {
						break
					}
				}
			}
			if !hit && t.kind != "noop" {
				addEps(e)
			}
			switch {
			case hit && cur == lptr:
				lptr++
				// The scorer compares an edit tuple with 'noop' here: the
				// epsilon is always added.
				for lptr < len(es) && es[lptr].a != es[cur].b {
					addEps(es[lptr])
					lptr++
				}
				cur = lptr
			case hit:
				rptr--
				for rptr >= 0 && es[rptr].b != es[cur].a {
					addEps(es[rptr])
					rptr--
				}
				cur = rptr
			case cur == lptr:
				lptr++
				cur = rptr
			default:
				rptr--
				cur = lptr
			}
		}
	}
	return ret
}

// path is the scorer's best_edit_seq_bf: Bellman-Ford over E in list
// order, then the edits from the last vertex back to the first, noops left
// out.
func (g *dumpGraph) path(wt []pyNum) []Edit {
	idx := map[vtx]int{}
	for i, v := range g.V {
		idx[v] = i
	}
	dist := make([]float64, len(g.V))
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	pred := make([]int, len(g.V))
	for i := range pred {
		pred[i] = -1
	}
	if i, ok := idx[vtx{0, 0}]; ok {
		dist[i] = 0
	}
	for range len(g.V) - 1 {
		for _, e := range g.E {
			a, b := idx[e.a], idx[e.b]
			if d := dist[a] + wt[g.keyOf[e]].v; d < dist[b] {
				dist[b], pred[b] = d, a
			}
		}
	}
	var seq []Edit
	v := len(g.V) - 1
	for v >= 0 && pred[v] >= 0 {
		w := pred[v]
		t := g.edits[g.keyOf[edge{g.V[w], g.V[v]}]]
		if t.kind != "noop" {
			seq = append(seq, Edit{Start: t.start, End: t.end, Original: t.orig, Correction: t.corr})
		}
		v = w
	}
	return seq
}

// writeGraph prints the scorer's Graph(V,E) block for one annotator.
func (g *dumpGraph) writeGraph(w io.Writer, wt []pyNum, seq []Edit) {
	fmt.Fprintln(w, "Graph(V,E) = ")
	fmt.Fprintln(w, "V =", pyList(g.V, vtx.repr))
	fmt.Fprintln(w, "E =", pyList(g.E, edge.repr))
	fmt.Fprintln(w, "edits (with transitive arcs):", g.editsRepr())
	fmt.Fprintln(w, "dist() =", g.distRepr(g.retD, wt))
	fmt.Fprintln(w, "viterbi path =", pyList(seq, pyEdit))
}
