package m2

// A direct port of the M2 scorer's algorithm with its own data structures
// (vertex and edge lists, dicts keyed by vertex pairs, Floyd-Warshall-style
// closure over all vertex triples, Bellman-Ford with |V|-1 full passes).
// It is slow (cubic and worse) and serves only as the oracle the fast
// implementation is checked against.

import (
	"math"
	"slices"
	"strings"
)

type oVert struct{ i, j int }

type oEdge struct{ a, b oVert }

type oEdit struct {
	typ        string
	start, end int
	orig, corr string
	unch       int
}

func oLess(x, y oVert) int {
	if x.i != y.i {
		return x.i - y.i
	}
	return x.j - y.j
}

func oEdgeCmp(x, y oEdge) int {
	if c := oLess(x.a, y.a); c != 0 {
		return c
	}
	return oLess(x.b, y.b)
}

type oBack struct {
	prev oVert
	ed   oEdit
}

func oLevenshtein(first, second []string, subCost int) map[oVert][]oBack {
	n, m := len(first), len(second)
	d := make([][]int, n+1)
	for i := range d {
		d[i] = make([]int, m+1)
	}
	bp := map[oVert][]oBack{}
	for i := 1; i <= n; i++ {
		d[i][0] = i
		bp[oVert{i, 0}] = []oBack{{oVert{i - 1, 0}, oEdit{"del", i - 1, i, first[i-1], "", 0}}}
	}
	for j := 1; j <= m; j++ {
		d[0][j] = j
		bp[oVert{0, j}] = []oBack{{oVert{0, j - 1}, oEdit{"ins", 0, 0, "", second[j-1], 0}}}
	}
	for i := 1; i <= n; i++ {
		for j := 1; j <= m; j++ {
			del := d[i-1][j] + 1
			ins := d[i][j-1] + 1
			sub := d[i-1][j-1]
			if first[i-1] != second[j-1] {
				sub += subCost
			}
			mn := min(sub, del, ins)
			v := oVert{i, j}
			if sub == mn {
				d[i][j] = sub
				e := oEdit{"sub", i - 1, i, first[i-1], second[j-1], 0}
				if first[i-1] == second[j-1] {
					e = oEdit{"noop", i - 1, i, first[i-1], second[j-1], 1}
				}
				bp[v] = append(bp[v], oBack{oVert{i - 1, j - 1}, e})
			}
			if del == mn {
				d[i][j] = del
				bp[v] = append(bp[v], oBack{oVert{i - 1, j}, oEdit{"del", i - 1, i, first[i-1], "", 0}})
			}
			if ins == mn {
				d[i][j] = ins
				bp[v] = append(bp[v], oBack{oVert{i, j - 1}, oEdit{"ins", i, i, "", second[j-1], 0}})
			}
		}
	}
	return bp
}

func oEditGraph(n, m int, bp map[oVert][]oBack) ([]oVert, []oEdge, map[oEdge]float64, map[oEdge]oEdit) {
	var V []oVert
	var E []oEdge
	dist := map[oEdge]float64{}
	edits := map[oEdge]oEdit{}
	queue := []oVert{{n, m}}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if slices.Contains(V, v) {
			continue
		}
		V = append(V, v)
		for _, b := range bp[v] {
			e := oEdge{b.prev, v}
			E = append(E, e)
			dist[e] = 1
			edits[e] = b.ed
			if !slices.Contains(queue, b.prev) {
				queue = append(queue, b.prev)
			}
		}
	}
	return V, E, dist, edits
}

func oMergeEdits(e1, e2 oEdit) oEdit {
	join := func(a, b string) string { return a + " " + b }
	u := e1.unch + e2.unch
	s, t := e1.start, e2.end
	switch e1.typ {
	case "ins":
		switch e2.typ {
		case "ins":
			return oEdit{"ins", s, t, "", join(e1.corr, e2.corr), u}
		case "del":
			return oEdit{"sub", s, t, e2.orig, e1.corr, u}
		default:
			return oEdit{"sub", s, t, e2.orig, join(e1.corr, e2.corr), u}
		}
	case "del":
		switch e2.typ {
		case "ins":
			return oEdit{"sub", s, t, e1.orig, e2.corr, u}
		case "del":
			return oEdit{"del", s, t, join(e1.orig, e2.orig), "", u}
		default:
			return oEdit{"sub", s, t, join(e1.orig, e2.orig), e2.corr, u}
		}
	case "sub":
		switch e2.typ {
		case "ins":
			return oEdit{"sub", s, t, e1.orig, join(e1.corr, e2.corr), u}
		case "del":
			return oEdit{"sub", s, t, join(e1.orig, e2.orig), e1.corr, u}
		default:
			return oEdit{"sub", s, t, join(e1.orig, e2.orig), join(e1.corr, e2.corr), u}
		}
	default: // noop
		switch e2.typ {
		case "ins":
			return oEdit{"sub", s, t, e1.orig, join(e1.corr, e2.corr), u}
		case "del":
			return oEdit{"sub", s, t, join(e1.orig, e2.orig), e1.corr, u}
		case "sub":
			return oEdit{"sub", s, t, join(e1.orig, e2.orig), join(e1.corr, e2.corr), u}
		default:
			return oEdit{"noop", s, t, join(e1.orig, e2.orig), join(e1.corr, e2.corr), u}
		}
	}
}

type oGraph struct {
	V     []oVert
	E     []oEdge
	dist  map[oEdge]float64
	edits map[oEdge]oEdit
}

func oBuild(src, hyp []string, maxUnch int) *oGraph {
	n, m := len(src), len(hyp)
	V1, E1, d1, ed1 := oEditGraph(n, m, oLevenshtein(src, hyp, 1))
	V2, E2, d2, ed2 := oEditGraph(n, m, oLevenshtein(src, hyp, 2))
	V := slices.Clone(V1)
	for _, v := range V2 {
		if !slices.Contains(V, v) {
			V = append(V, v)
		}
	}
	slices.SortFunc(V, oLess)
	E := append(slices.Clone(E1), E2...) // the scorer's membership test is against V, so all of E2 is added
	slices.SortFunc(E, oEdgeCmp)
	dist := map[oEdge]float64{}
	edits := map[oEdge]oEdit{}
	for k, v := range d1 {
		dist[k] = v
	}
	for k, v := range d2 {
		if _, ok := dist[k]; !ok {
			dist[k] = v
		}
	}
	for k, v := range ed1 {
		edits[k] = v
	}
	for k, v := range ed2 {
		if _, ok := edits[k]; !ok {
			edits[k] = v
		}
	}
	get := func(e oEdge) float64 {
		if d, ok := dist[e]; ok {
			return d
		}
		return math.Inf(1)
	}
	for _, vk := range V {
		for _, vi := range V {
			eik, ok := edits[oEdge{vi, vk}]
			if !ok {
				continue
			}
			for _, vj := range V {
				ekj, ok := edits[oEdge{vk, vj}]
				if !ok {
					continue
				}
				dik, dkj := get(oEdge{vi, vk}), get(oEdge{vk, vj})
				if dik+dkj < get(oEdge{vi, vj}) {
					eij := oMergeEdits(eik, ekj)
					if eij.unch <= maxUnch {
						E = append(E, oEdge{vi, vj})
						dist[oEdge{vi, vj}] = dik + dkj
						edits[oEdge{vi, vj}] = eij
					}
				}
			}
		}
	}
	// Python's "for edge in E: ... E.remove(edge)": an index-based
	// iteration over a list that shrinks under it.
	for idx := 0; idx < len(E); idx++ {
		edge := E[idx]
		e, ok := edits[edge]
		if !ok {
			panic("oracle: KeyError, the scorer would crash here")
		}
		if e.typ == "noop" && dist[edge] > 1 {
			first := slices.Index(E, edge)
			E = slices.Delete(E, first, first+1)
			dist[edge] = math.Inf(1)
			delete(edits, edge)
		}
	}
	return &oGraph{V, E, dist, edits}
}

func oSetWeights(g *oGraph, gold []GoldEdit) map[oEdge]float64 {
	ret := map[oEdge]float64{}
	for k, v := range g.dist {
		ret[k] = v
	}
	type span struct{ s, e int }
	M := map[span][]oEdge{}
	G := map[span][]GoldEdit{}
	for _, edge := range g.E {
		te, ok := g.edits[edge]
		if !ok {
			panic("oracle: KeyError in set_weights")
		}
		k := span{te.start, te.end}
		M[k] = append(M[k], edge)
	}
	for _, gd := range gold {
		k := span{gd.Start, gd.End}
		G[k] = append(G[k], gd)
	}
	keys := make([]span, 0, len(M))
	for k := range M {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b span) int {
		if a.s != b.s {
			return a.s - b.s
		}
		return a.e - b.e
	})
	nE := -float64(len(g.E))
	match := func(te oEdit, gd GoldEdit) bool {
		return te.start == gd.Start && te.end == gd.End && te.orig == gd.Original && slices.Contains(gd.Corrections, te.corr)
	}
	for _, k := range keys {
		mk := slices.Clone(M[k])
		slices.SortFunc(mk, oEdgeCmp)
		gk := G[k]
		if k.s == k.e {
			lp, rp, cur := 0, len(mk)-1, 0
			gl, gr := 0, len(gk)-1
			for lp <= rp {
				edge := mk[cur]
				te := g.edits[edge]
				has := false
				var idx []int
				for i := gl; i <= gr; i++ {
					idx = append(idx, i)
				}
				if cur != lp {
					slices.Reverse(idx)
				}
				for _, i := range idx {
					if match(te, gk[i]) {
						has = true
						ret[edge] = nE
						if cur == lp {
							gl = i + 1
						} else {
							gr = i - 1
						}
						break
					}
				}
				if !has && te.typ != "noop" {
					ret[edge] += epsilon
				}
				if has {
					if cur == lp {
						lp++
						for lp < len(mk) && mk[lp].a != mk[cur].b {
							ret[mk[lp]] += epsilon // the scorer compares a tuple with 'noop': always unequal
							lp++
						}
						cur = lp
					} else {
						rp--
						for rp >= 0 && mk[rp].b != mk[cur].a {
							ret[mk[rp]] += epsilon
							rp--
						}
						cur = rp
					}
				} else if cur == lp {
					lp++
					cur = rp
				} else {
					rp--
					cur = lp
				}
			}
			continue
		}
		for _, edge := range mk {
			te := g.edits[edge]
			has := false
			for _, gd := range gk {
				if match(te, gd) {
					has = true
					ret[edge] = nE
					break
				}
			}
			if !has && te.typ != "noop" {
				ret[edge] += epsilon
			}
		}
	}
	return ret
}

func oBestEditSeq(g *oGraph, dist map[oEdge]float64) []Edit {
	this := map[oVert]float64{}
	path := map[oVert]oVert{}
	for _, v := range g.V {
		this[v] = math.Inf(1)
	}
	this[oVert{0, 0}] = 0
	for range len(g.V) - 1 {
		for _, edge := range g.E {
			if c := this[edge.a] + dist[edge]; c < this[edge.b] {
				this[edge.b] = c
				path[edge.b] = edge.a
			}
		}
	}
	v := g.V[len(g.V)-1]
	var seq []Edit // last edit first
	for {
		w, ok := path[v]
		if !ok {
			break
		}
		e := g.edits[oEdge{w, v}]
		if e.typ != "noop" {
			seq = append(seq, Edit{e.start, e.end, e.orig, e.corr})
		}
		v = w
	}
	slices.Reverse(seq)
	return seq
}

// oracleCompare is the oracle for compare.
func oracleCompare(s *Sentence, hyp []string, opts Options) []AnnotatorResult {
	g := oBuild(s.Source, hyp, opts.MaxUnchanged())
	var out []AnnotatorResult
	for _, ann := range s.Annotators {
		seq := oBestEditSeq(g, oSetWeights(g, ann.Edits))
		if opts.IgnoreWhitespaceCasing {
			seq = slices.DeleteFunc(seq, func(e Edit) bool {
				//lint:ignore SA6005 as equalIgnoringWhitespaceCase: Python's lower(), not case folding
				return strings.ToLower(strings.ReplaceAll(e.Original, " ", "")) == strings.ToLower(strings.ReplaceAll(e.Correction, " ", ""))
			})
		}
		correct := oMatchSeq(seq, ann.Edits)
		out = append(out, AnnotatorResult{ID: ann.ID, Edits: seq, Correct: correct,
			Stats: []float64{float64(len(correct)), float64(len(seq)), float64(len(ann.Edits))}})
	}
	return out
}

func oMatchSeq(seq []Edit, gold []GoldEdit) []Edit {
	var m []Edit
	last := 0
	for _, e := range seq {
		rng := []int{}
		for i := last; i < len(gold); i++ {
			rng = append(rng, i)
		}
		for _, i := range rng {
			g := gold[i]
			if e.Start != g.Start || e.End != g.End || e.Original != g.Original || !slices.Contains(g.Corrections, e.Correction) {
				continue
			}
			m = append(m, e)
			last = i + 1
		}
	}
	return m
}

// oracleScore is the oracle for Score: batch_multi_pre_rec_f1.
func oracleScore(gold []Sentence, hyps [][]string, opts Options) (p, r, f float64, chosen []int) {
	beta := opts.BetaValue()
	var sc, sp, sg float64
	for i := range gold {
		anns := oracleCompare(&gold[i], hyps[i], opts)
		fMax, maxC := -1.0, -1.0
		minP, minG := math.Inf(1), math.Inf(1)
		var ac, ap, ag float64
		ch := -1
		for a, ar := range anns {
			c, e, g := sc+ar.Stats[0], sp+ar.Stats[1], sg+ar.Stats[2]
			var fl float64
			if den := beta*beta*g + e; den == 0 {
				fl = 0
				if c == 0 {
					fl = 1
				}
			} else {
				fl = (1 + beta*beta) * c / den
			}
			if fMax < fl || (fMax == fl && maxC < c) || (fMax == fl && maxC == c && minP+beta*beta*minG > e+beta*beta*g) {
				ch, fMax, maxC, minP, minG = a, fl, c, e, g
				ac, ap, ag = ar.Stats[0], ar.Stats[1], ar.Stats[2]
			}
		}
		chosen = append(chosen, ch)
		sc, sp, sg = sc+ac, sp+ap, sg+ag
	}
	p, r = 1, 1
	if sp != 0 {
		p = sc / sp
	}
	if sg != 0 {
		r = sc / sg
	}
	if den := beta*beta*p + r; den != 0 {
		f = (1 + beta*beta) * p * r / den
	}
	return p, r, f, chosen
}
