package edits

import (
	"math"
	"slices"
	"strconv"
)

// Matrices are the two tables ERRANT's Alignment keeps (its cost_matrix
// and op_matrix attributes, errant/alignment.py): for a source of n tokens
// and a correction of m tokens, (n+1) rows of (m+1) cells, where cell
// [i][j] is about turning the first i source tokens into the first j
// correction tokens.
//
// Cost[i][j] is the cheapest cost of doing so and Op[i][j] the last step
// of that cheapest way, by ERRANT's names: "O" at the origin [0][0], "M"
// (a match), "S" (a substitution), "I" (an insertion), "D" (a deletion) or
// "T<k>" (a transposition of the last k tokens on both sides, k ≥ 2). The
// first column holds deletions costing i, the first row insertions
// costing j.
type Matrices struct {
	Cost [][]float64
	Op   [][]string
}

// AlignMatrices fills the whole of ERRANT's two alignment tables for o
// and c, cell by cell, as errant/alignment.py's Alignment.align does:
// the costs of Align (see Align and SubstitutionCost; with lev,
// substitution 1 and no transpositions), ties broken in ERRANT's order
// (transposition, substitution, insertion, deletion). It is the plain
// algorithm, O(n·m) cells and a diagonal walk each, without Align's
// shortcuts: Align reads the same path with less work, and
// Matrices.Path of the result equals Align's steps (a test checks it).
//
// The tables are (len(o.Tokens)+1)·(len(c.Tokens)+1) cells; callers that
// take sentences from users bound that product first.
func AlignMatrices(o, c *Sentence, lev bool) *Matrices {
	n, m := len(o.Tokens), len(c.Tokens)
	cost := make([][]float64, n+1)
	op := make([][]string, n+1)
	for i := range cost {
		cost[i] = make([]float64, m+1)
		op[i] = make([]string, m+1)
	}
	op[0][0] = "O"
	for i := 1; i <= n; i++ {
		cost[i][0], op[i][0] = cost[i-1][0]+1, "D"
	}
	for j := 1; j <= m; j++ {
		cost[0][j], op[0][j] = cost[0][j-1]+1, "I"
	}
	olow := make([]string, n)
	for i := range o.Tokens {
		olow[i] = lowerOf(&o.Tokens[i])
	}
	clow := make([]string, m)
	for j := range c.Tokens {
		clow[j] = lowerOf(&c.Tokens[j])
	}
	var sa, sb []string
	sameMultiset := func(a, b []string) bool {
		sa = append(sa[:0], a...)
		sb = append(sb[:0], b...)
		slices.Sort(sa)
		slices.Sort(sb)
		return slices.Equal(sa, sb)
	}
	for i := 0; i < n; i++ {
		for j := 0; j < m; j++ {
			if o.Tokens[i].Text == c.Tokens[j].Text {
				cost[i+1][j+1], op[i+1][j+1] = cost[i][j], "M"
				continue
			}
			del := cost[i][j+1] + 1
			ins := cost[i+1][j] + 1
			trans, k := math.Inf(1), 1
			var sub float64
			if lev {
				sub = cost[i][j] + 1
			} else {
				sub = cost[i][j] + SubstitutionCost(&o.Tokens[i], &c.Tokens[j])
				// Back along the diagonal while its steps cost something.
				for ; i-k >= 0 && j-k >= 0 && cost[i-k+1][j-k+1] != cost[i-k][j-k]; k++ {
					if sameMultiset(olow[i-k:i+1], clow[j-k:j+1]) {
						trans = cost[i-k][j-k] + float64(k)
						break
					}
				}
			}
			// The first cheapest of transposition, substitution,
			// insertion, deletion.
			switch best := min(trans, sub, ins, del); best {
			case trans:
				cost[i+1][j+1], op[i+1][j+1] = trans, "T"+strconv.Itoa(k+1)
			case sub:
				cost[i+1][j+1], op[i+1][j+1] = sub, "S"
			case ins:
				cost[i+1][j+1], op[i+1][j+1] = ins, "I"
			default:
				cost[i+1][j+1], op[i+1][j+1] = del, "D"
			}
		}
	}
	return &Matrices{Cost: cost, Op: op}
}

// Path reads the cheapest alignment back from the bottom-right cell of
// m.Op to the origin, as ERRANT's get_cheapest_align_seq does, and returns
// its steps left to right.
func (m *Matrices) Path() []AlignOp {
	var out []AlignOp
	i := len(m.Op) - 1
	j := len(m.Op[0]) - 1
	for i+j != 0 {
		op := m.Op[i][j]
		k := 0
		if op[0] == 'T' {
			k, _ = strconv.Atoi(op[1:])
		}
		step := stepTo(op[0], i, j, k)
		out = append(out, step)
		i, j = step.OStart, step.CStart
	}
	slices.Reverse(out)
	return out
}
