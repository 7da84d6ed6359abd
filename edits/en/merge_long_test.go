package en

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gecmetric/gecmetric/edits"
)

// The merge of a run as written before the quiet-width shortcut: every
// sub-run tested at every decision (ERRANT's process_seq), O(n³). Kept as
// the reference the fast mergeRun must equal.
func (m *merger) mergeRunRef(seq []edits.AlignOp, out []span) []span {
	if len(seq) == 0 {
		return out
	}
	if len(seq) == 1 {
		return append(out, spanOf(seq))
	}
	if allOps(seq, edits.Delete) || allOps(seq, edits.Insert) {
		return append(out, spanOf(seq))
	}
	content := false
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
				return m.mergeRunRef(seq[1:], out)
			}
			// Possessive suffix last: merge it with the token before.
			if so[len(so)-1].Tag == "POS" || co[len(co)-1].Tag == "POS" {
				return m.mergeAroundRef(seq, end-1, end, out)
			}
			// Case change of the last token.
			if lowerOf(so[len(so)-1]) == lowerOf(co[len(co)-1]) {
				if start == 0 && ((len(so) == 1 && startsUpper(co[0].Text)) ||
					(len(co) == 1 && startsUpper(so[0].Text))) {
					out = append(out, spanOf(seq[start:end+1]))
					return m.mergeRunRef(seq[end+1:], out)
				}
				if (len(so) > 1 && isPunct(so[len(so)-2])) || (len(co) > 1 && isPunct(co[len(co)-2])) {
					return m.mergeAroundRef(seq, end-1, end, out)
				}
			}
			// Same text ignoring spaces, case, apostrophes and hyphens.
			if m.o.joinedLen(oFrom, oTo) == m.c.joinedLen(cFrom, cTo) && sameJoined(so, co) {
				return m.mergeAroundRef(seq, start, end, out)
			}
			// One POS, or auxiliaries, particles and verbs only.
			pos := m.o.posRange(oFrom, oTo) | m.c.posRange(cFrom, cTo)
			if len(so) != len(co) && (pos.single() || pos&^(posAUX|posPART|posVERB) == 0) {
				return m.mergeAroundRef(seq, start, end, out)
			}
			if end-start < 2 {
				// Split adjacent substitutions.
				if len(so) == 2 && len(co) == 2 {
					return m.splitAfterRef(seq, start, out)
				}
				// Split similar substitutions at the ends.
				if (seq[start].Op == edits.Substitute && edits.CharRatio(so[0].Text, co[0].Text) > 0.75) ||
					(seq[end].Op == edits.Substitute && edits.CharRatio(so[len(so)-1].Text, co[len(co)-1].Text) > 0.75) {
					return m.splitAfterRef(seq, start, out)
				}
				// Split a final determiner.
				last := seq[n-1].Op
				if end == n-1 && (((last == edits.Delete || last == edits.Substitute) && so[len(so)-1].POS == "DET") ||
					((last == edits.Insert || last == edits.Substitute) && co[len(co)-1].POS == "DET")) {
					out = m.mergeRunRef(seq[:n-1], out)
					return append(out, spanOf(seq[n-1:]))
				}
			}
			if pos&posOpen != 0 {
				content = true
			}
		}
	}
	if content {
		return append(out, spanOf(seq))
	}
	for i := range seq {
		out = append(out, spanOf(seq[i:i+1]))
	}
	return out
}
func (m *merger) mergeAroundRef(seq []edits.AlignOp, from, to int, out []span) []span {
	out = m.mergeRunRef(seq[:from], out)
	out = append(out, spanOf(seq[from:to+1]))
	return m.mergeRunRef(seq[to+1:], out)
}
func (m *merger) splitAfterRef(seq []edits.AlignOp, at int, out []span) []span {
	out = m.mergeRunRef(seq[:at+1], out)
	return m.mergeRunRef(seq[at+1:], out)
}

// randomRun builds a run of n non-match steps (substitutions, insertions
// and deletions) over tokens from pool, the reference's worst case when
// pool has no possessive and no case pair.
func randomRun(rng *rand.Rand, n int, pool []edits.Token) (*edits.Sentence, *edits.Sentence, []edits.AlignOp) {
	var o, c edits.Sentence
	var ops []edits.AlignOp
	for range n {
		i, j := o.Len(), c.Len()
		op := edits.AlignOp{OStart: i, CStart: j}
		a, b := pool[rng.IntN(len(pool))], pool[rng.IntN(len(pool))]
		switch k := rng.IntN(8); {
		case k < 6:
			for b.Text == a.Text {
				b = pool[rng.IntN(len(pool))]
			}
			op.Op = edits.Substitute
			o.Tokens, c.Tokens = append(o.Tokens, a), append(c.Tokens, b)
		case k == 6:
			op.Op = edits.Insert
			c.Tokens = append(c.Tokens, b)
		default:
			op.Op = edits.Delete
			o.Tokens = append(o.Tokens, a)
		}
		op.OEnd, op.CEnd = o.Len(), c.Len()
		ops = append(ops, op)
	}
	return &o, &c, ops
}

// plainVocab has no possessive and no two tokens equal ignoring case.
var plainVocab = []edits.Token{fuzzVocab[0], fuzzVocab[2], fuzzVocab[4], fuzzVocab[8], fuzzVocab[10], fuzzVocab[11]}

// TestMergeRunMatchesReference compares mergeRun with the reference on
// random runs of 1 to 150 steps (mostly short), over the whole fuzz vocabulary and over
// the plain one.
func TestMergeRunMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 12))
	casey := []edits.Token{fuzzVocab[0], fuzzVocab[1], fuzzVocab[2], fuzzVocab[3], fuzzVocab[5], fuzzVocab[6]}
	for it := range 12000 {
		pool := fuzzVocab[:len(fuzzVocab)-1]
		switch it % 3 {
		case 1:
			pool = plainVocab
		case 2:
			pool = casey // possessives and case pairs: the rules that look at the start
		}
		n := 1 + rng.IntN(14)
		if it%100 == 0 {
			n = 100 + rng.IntN(51)
		}
		o, c, ops := randomRun(rng, n, pool)
		m := merger{o: newTokenIndex(o.Tokens), c: newTokenIndex(c.Tokens)}
		got := m.mergeRun(ops, nil, len(ops))
		want := m.mergeRunRef(ops, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("run %d of %d steps: o %v c %v\ngot  %v\nwant %v", it, n, o.Texts(), c.Texts(), got, want)
		}
	}
}

// FuzzMergeRunReference compares mergeRun with the reference on fuzzed
// runs.
func FuzzMergeRunReference(f *testing.F) {
	f.Add([]byte{0x01, 0x12, 0x23, 0x30, 0x45, 0x56}, uint64(1))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		if len(data) > 80 {
			return
		}
		var o, c edits.Sentence
		var ops []edits.AlignOp
		for k, b := range data {
			i, j := o.Len(), c.Len()
			op := edits.AlignOp{OStart: i, CStart: j}
			ot := fuzzVocab[int(b>>4)%len(fuzzVocab)]
			ct := fuzzVocab[(int(b&0x0f)+k+int(seed%7))%len(fuzzVocab)]
			switch b % 3 {
			case 0:
				op.Op = edits.Substitute
				o.Tokens, c.Tokens = append(o.Tokens, ot), append(c.Tokens, ct)
			case 1:
				op.Op = edits.Insert
				c.Tokens = append(c.Tokens, ct)
			case 2:
				op.Op = edits.Delete
				o.Tokens = append(o.Tokens, ot)
			}
			op.OEnd, op.CEnd = o.Len(), c.Len()
			ops = append(ops, op)
		}
		if len(ops) == 0 {
			return
		}
		m := merger{o: newTokenIndex(o.Tokens), c: newTokenIndex(c.Tokens)}
		if got, want := m.mergeRun(ops, nil, len(ops)), m.mergeRunRef(ops, nil); !slices.Equal(got, want) {
			t.Fatalf("o %v c %v\ngot  %v\nwant %v", o.Texts(), c.Texts(), got, want)
		}
	})
}

// TestMergeLongRun merges a run of 8,000 steps (pieces of maxMergeRun)
// and times it: measured 25 ms on one core (load 2); the bound, 2 s,
// is the order of magnitude the cubic reference would need for one
// piece of 800 steps.
func TestMergeLongRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	o, c, ops := randomRun(rng, 8000, plainVocab)
	l := New()
	t0 := time.Now()
	es := l.Merge(o, c, ops)
	el := time.Since(t0)
	t.Logf("8,000-step run: %d edits in %v", len(es), el)
	if el > 2*time.Second {
		t.Errorf("8,000-step run took %v", el)
	}
}

// BenchmarkMergeLongRun merges one run of 8,000 non-match steps.
func BenchmarkMergeLongRun(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	o, c, ops := randomRun(rng, 8000, plainVocab)
	l := New()
	for b.Loop() {
		l.Merge(o, c, ops)
	}
}
