package edits

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/gecmetric/gecmetric/internal/band"
)

// Long sentences: the alignment in a band of diagonals.
//
// Align's matrices have (n+1)×(m+1) cells for n source and m correction
// tokens, 64 million for two sentences of 8,000 tokens. Above
// bandMinCells cells Align fills only a band of diagonals around the one
// joining (0, 0) to (n, m), as wide as needed for the result to be the
// whole matrix's; memory and time then grow with the length times the
// edit distance, not with the length squared.
//
// The band of half-width w holds the cells (i, j) with
// min(0, m-n)-w ≤ j-i ≤ max(0, m-n)+w. Insertions and deletions cost 1 and
// move a path one diagonal; substitutions, matches and transpositions keep
// it on its diagonal, at a cost ≥ 0. A path from (0, 0) (diagonal 0) to
// (n, m) (diagonal m-n) that leaves the band reaches diagonal
// min(0, m-n)-w-1 or max(0, m-n)+w+1 and comes back, so it costs at least
// bound = |m-n| + 2(w+1). The band is filled with ERRANT's recurrence, a
// neighbour outside it offering nothing, and its optimum B is kept when
// B + bandMargin < bound; otherwise w grows to where the bound exceeds B
// (B bounds the true optimum from above) and the band is filled again.
//
// Why the kept result is the whole matrix's. Write F for the costs of the
// whole matrix; in the band every cell costs at least its F, since the
// band offers fewer paths. Take a cell c on the path read back from
// (n, m) and a neighbour q whose offer to c is compared there. If
// F(q) < B(q), a cheapest path to q leaves the band, and followed by the
// step to c and the path from c to (n, m) (cost B - B(c)) it is a path
// leaving the band, so F(q) + step + B - B(c) ≥ bound > B + bandMargin:
// q's offer in the whole matrix exceeds B(c) and loses there as it does in
// the band. Otherwise q's cost is exact. So every decision on the path
// compares the same values with the same tie order (transposition,
// substitution, insertion, deletion), and, by induction from the origin,
// the path and its costs are the whole matrix's. bandMargin (0.5) covers
// the rounding of float sums, which is below 1e-7 at these lengths.
//
// One step of ERRANT's recurrence reads more than neighbours: the
// transposition search walks back along the diagonal of c while each
// step costs something (F of one cell differs from F of the next). The
// cells it reads at distance t from c are checked the same way: their
// band cost is exact when B(q) + 2t + B - B(c) + bandMargin < bound (a
// path from q along the diagonal to c costs less than 2t, a substitution
// costing under 2); when a read on the path fails this check the band is
// doubled. What is not checked: the transposition searches at cells off
// the path feed the costs of cells the path's decisions read, and a
// search there could in principle read a band cost above its F and find
// (or miss) a transposition the whole matrix misses (or finds); for that
// the costs involved would have to come within the band's margin, which
// the doubling keeps at least 2(w+1) - B wide. Agreement with the whole
// matrix is tested on every pair of CoNLL-2014 (19 system files and the
// references, each started at half-width 1) and on random pairs with many
// ties: zero differences.

// bandMinCells is the size of matrix above which Align uses a band.
const bandMinCells = 1 << 16

// bandStartW is the half-width of the first band; bandMargin is the slack
// below the bound a band's optimum must keep; bandSlack widens a band
// chosen from a narrower one's optimum a little more, so that the reads
// checked on the path (see transpositionReadsExact) pass too.
const (
	bandStartW = 64
	bandMargin = 0.5
	bandSlack  = 8
)

// DefaultMaxCells bounds the alignment band of one pair in
// AlignBounded and ExtractBounded: 16,777,216 cells of 9 bytes, about
// 150 MB. An 8,029-token sentence of CoNLL-2014 sentences joined needs a
// band of 2.7 million cells with AMU's output of it and of 10.2 million
// with the second reference, which rewrites more (half-widths 141 and
// 624), after a first band of 1.5 to 1.9 million; the whole matrix has 65
// million.
const DefaultMaxCells = 1 << 24

// ErrTooLarge is wrapped by the error of AlignBounded and ExtractBounded
// when the alignment of a pair needs more than Options.MaxCells cells: a
// correction too far from its source for its length.
var ErrTooLarge = errors.New("alignment too large")

func (o Options) maxCells() int {
	switch {
	case o.MaxCells == 0:
		return DefaultMaxCells
	case o.MaxCells < 0:
		return math.MaxInt
	}
	return o.MaxCells
}

// AlignBounded is Align within Options.MaxCells cells of alignment
// matrix: it fails with an error wrapping ErrTooLarge rather than exceed
// it. Align itself has no bound (a long correction unrelated to its
// source takes the whole matrix).
func AlignBounded(o, c *Sentence, opts Options) ([]AlignOp, error) {
	n, m := len(o.Tokens), len(c.Tokens)
	ws := workspaces.Get().(*workspace)
	defer workspaces.Put(ws)
	if (n+1)*(m+1) <= bandMinCells && (n+1)*(m+1) <= opts.maxCells() {
		return ws.align(o, c, opts.Lev), nil
	}
	return ws.alignBand(o, c, opts.Lev, bandStartW, opts.maxCells())
}

// ExtractBounded is Extract with AlignBounded's bound.
func ExtractBounded(lang Language, o, c *Sentence, opts Options) ([]Edit, error) {
	ops, err := AlignBounded(o, c, opts)
	if err != nil {
		return nil, err
	}
	return finishExtract(lang, o, c, ops, opts), nil
}

// bandBuffers are the matrices of a banded alignment.
type bandBuffers struct {
	start []int
	cost  []float64
	op    []byte
	tlen  map[int]int32 // transposition lengths by cell
}

var bandBufs = sync.Pool{New: func() any { return &bandBuffers{tlen: map[int]int32{}} }}

// alignBand aligns o and c in bands starting at half-width w (see the
// comment at the top of this file), in at most maxCells cells.
func (ws *workspace) alignBand(o, c *Sentence, lev bool, w, maxCells int) ([]AlignOp, error) {
	bb := bandBufs.Get().(*bandBuffers)
	defer bandBufs.Put(bb)
	n, m := len(o.Tokens), len(c.Tokens)
	ws.intern(o, c)
	diff := max(n-m, m-n)
	widened := false
	for {
		bd := band.New(n, m, w, bb.start)
		bb.start = bd.Start
		if bd.Cells() > maxCells {
			if !bd.Full() && (n+1)*(m+1) <= maxCells {
				w = n + m // the whole matrix fits
				continue
			}
			// A first band too large for the limit: the widest band within
			// it may still hold a pair this close (an output of a very long
			// sentence left nearly as it was). Rows hold at most
			// diff+2w+1 cells.
			if fit := (maxCells/(n+1) - diff - 1) / 2; !widened && fit >= 1 && fit < w {
				w = fit
				widened = true // from here on, only wider
				continue
			}
			return nil, fmt.Errorf("%w: source of %d tokens, correction of %d: a band of %d cells (half-width %d) would be needed, more than the limit of %d",
				ErrTooLarge, n, m, bd.Cells(), w, maxCells)
		}
		total := ws.fillBand(&bd, bb, o, c, lev)
		bound := float64(diff + 2*(w+1))
		switch {
		case bd.Full():
			ops, _ := ws.backtrackBand(&bd, bb, o, c, lev, math.Inf(1))
			return ops, nil
		case total+bandMargin < bound:
			if ops, ok := ws.backtrackBand(&bd, bb, o, c, lev, bound); ok {
				return ops, nil
			}
			w *= 2
			widened = true
		default:
			// Wide enough to pass, with room for the checks of the path.
			w = max(2*w, int((total+bandMargin-float64(diff))/2)+1+bandSlack)
			widened = true
		}
	}
}

// fillBand fills the band with Align's recurrence and returns the cost of
// (n, m).
func (ws *workspace) fillBand(bd *band.Band, bb *bandBuffers, o, c *Sentence, lev bool) float64 {
	n := bd.N
	size := bd.Cells()
	if cap(bb.cost) < size {
		bb.cost = make([]float64, size)
		bb.op = make([]byte, size)
	}
	cost, op := bb.cost[:size], bb.op[:size]
	clear(bb.tlen)
	for j := bd.Lo(0); j <= bd.Hi(0); j++ {
		cost[j], op[j] = float64(j), opI
	}
	cost[0], op[0] = 0, opOrigin
	inf := math.Inf(1)
	for i := 1; i <= n; i++ {
		lo, hi := bd.Lo(i), bd.Hi(i)
		plo, phi := bd.Lo(i-1), bd.Hi(i-1)
		row, prev := bd.Start[i], bd.Start[i-1]
		j := lo
		if j == 0 {
			cost[row], op[row] = float64(i), opD
			j++
		}
		ti := i - 1
		ot := &o.Tokens[ti]
		oi := ws.otok[ti]
		for ; j <= hi; j++ {
			cell := row + j - lo
			diag := prev + j - 1 - plo
			tj := j - 1
			if oi.text == ws.ctok[tj].text {
				cost[cell], op[cell] = cost[diag], opM
				continue
			}
			del, ins := inf, inf
			if j <= phi {
				del = cost[prev+j-plo] + 1
			}
			if j > lo {
				ins = cost[cell-1] + 1
			}
			var sub float64
			if lev {
				sub = cost[diag] + 1
			} else {
				sub = ws.subBounded(ot, &c.Tokens[tj], ti, tj, cost[diag], min(ins, del))
				// No transposition of two or more tokens costs less than
				// |j-i|+1 (see transpositionBand): most cells need no walk.
				if bound := min(sub, ins, del); float64(max(j-i, i-j)+1) > bound {
					// refused
				} else if k, tc, ok := ws.transpositionBand(cost, bd, ti, tj, bound); ok && tc <= sub && tc <= ins && tc <= del {
					cost[cell], op[cell] = tc, opT
					bb.tlen[cell] = int32(k + 1)
					continue
				}
			}
			switch {
			case sub <= ins && sub <= del:
				cost[cell], op[cell] = sub, opS
			case ins <= del:
				cost[cell], op[cell] = ins, opI
			default:
				cost[cell], op[cell] = del, opD
			}
		}
	}
	return cost[size-1]
}

// transpositionBand is transposition over the band: source token i and
// correction token j, the diagonal read back from cell (i+1, j+1). As
// there, the walk stops once |j-i|+k, a floor on the cost of a
// transposition of k+1 tokens (every cell of the diagonal costs at least
// |j-i|, in the band as in the whole matrix), exceeds bound, the cheapest
// other step, since the cell would refuse it.
func (ws *workspace) transpositionBand(cost []float64, bd *band.Band, i, j int, bound float64) (int, float64, bool) {
	var ho, hc uint64 = ws.ohash[i], ws.chash[j]
	d := j - i
	absd := max(d, -d)
	upper := cost[bd.At(i, i+d)]
	for k := 1; i-k >= 0 && j-k >= 0; k++ {
		if float64(absd+k) > bound {
			return 0, 0, false
		}
		a := i - k
		lower := cost[bd.At(a, a+d)]
		if upper == lower {
			return 0, 0, false
		}
		ho += ws.ohash[a]
		hc += ws.chash[a+d]
		if ho == hc && ws.sameMultiset(a, i+1, a+d, j+1) {
			return k, lower + float64(k), true
		}
		upper = lower
	}
	return 0, 0, false
}

// backtrackBand reads the path back from (n, m) as backtrack does. With a
// finite bound it checks, at every step, the cells the transposition
// search read (see the comment at the top of this file) and reports false
// if one of them may cost less in the whole matrix.
func (ws *workspace) backtrackBand(bd *band.Band, bb *bandBuffers, o, c *Sentence, lev bool, bound float64) ([]AlignOp, bool) {
	cost, op := bb.cost, bb.op
	total := cost[bd.Cells()-1]
	var out []AlignOp
	i, j := bd.N, bd.M
	for i+j != 0 {
		cell := bd.At(i, j)
		if !lev && !math.IsInf(bound, 1) && op[cell] != opM && i > 0 && j > 0 {
			if !ws.transpositionReadsExact(bd, cost, o, c, i, j, bound-bandMargin-(total-cost[cell])) {
				return nil, false
			}
		}
		k := 0
		if op[cell] == opT {
			k = int(bb.tlen[cell])
		}
		step := stepTo(op[cell], i, j, k)
		out = append(out, step)
		i, j = step.OStart, step.CStart
	}
	slices.Reverse(out)
	return out, true
}

// transpositionReadsExact walks the transposition search of cell (i, j)
// again and reports whether every cell q it reads, at distance t from
// (i, j), has cost(q) + 2t < limit (so that its band cost is its cost in
// the whole matrix).
func (ws *workspace) transpositionReadsExact(bd *band.Band, cost []float64, o, c *Sentence, i, j int, limit float64) bool {
	ti, tj := i-1, j-1
	// The walk's bound, as fillBand computed it.
	inf := math.Inf(1)
	del, ins := inf, inf
	if j <= bd.Hi(i-1) {
		del = cost[bd.At(i-1, j)] + 1
	}
	if j > bd.Lo(i) {
		ins = cost[bd.At(i, j-1)] + 1
	}
	sub := ws.subBounded(&o.Tokens[ti], &c.Tokens[tj], ti, tj, cost[bd.At(i-1, j-1)], min(ins, del))
	bound := min(sub, ins, del)
	var ho, hc uint64 = ws.ohash[ti], ws.chash[tj]
	d := j - i
	absd := max(d, -d)
	upper := cost[bd.At(i-1, i-1+d)]
	for k := 1; ti-k >= 0 && tj-k >= 0; k++ {
		if float64(absd+k) > bound {
			return true
		}
		if upper+2*float64(k) >= limit {
			return false
		}
		a := ti - k
		lower := cost[bd.At(a, a+d)]
		if lower+2*float64(k+1) >= limit {
			return false
		}
		if upper == lower {
			return true
		}
		ho += ws.ohash[a]
		hc += ws.chash[a+d]
		if ho == hc && ws.sameMultiset(a, ti+1, a+d, tj+1) {
			return true
		}
		upper = lower
	}
	return true
}
