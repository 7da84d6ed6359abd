package edits

import (
	"fmt"
	"strings"
)

// A MergeStrategy says how the steps of an alignment become edits.
type MergeStrategy int

// The merge strategies of ERRANT.
const (
	// MergeRules applies the language's merge rules (Language.Merge).
	MergeRules MergeStrategy = iota
	// MergeAllSplit makes every non-match step an edit of its own:
	// MSSDI gives M, S, S, D, I.
	MergeAllSplit
	// MergeAllMerge makes each run of adjacent non-match steps one edit:
	// MSSDI gives M, SSDI.
	MergeAllMerge
	// MergeAllEqual makes each run of adjacent steps of the same kind one
	// edit (transpositions of different lengths are different kinds):
	// MSSDI gives M, SS, D, I.
	MergeAllEqual
)

var mergeNames = [...]string{"rules", "all-split", "all-merge", "all-equal"}

// String returns the strategy's name as on ERRANT's command line.
func (s MergeStrategy) String() string {
	if s >= 0 && int(s) < len(mergeNames) {
		return mergeNames[s]
	}
	return fmt.Sprintf("MergeStrategy(%d)", int(s))
}

// ParseMergeStrategy returns the strategy named name ("rules",
// "all-split", "all-merge" or "all-equal").
func ParseMergeStrategy(name string) (MergeStrategy, error) {
	for i, n := range mergeNames {
		if n == name {
			return MergeStrategy(i), nil
		}
	}
	return 0, fmt.Errorf("unknown merge strategy %q (want %s)", name, strings.Join(mergeNames[:], ", "))
}

// Merge groups the non-match steps of ops into edits by strategy s. For
// MergeRules it calls lang.Merge; the other strategies need no language
// (lang may be nil). The edits carry spans and tokens but no Type.
func Merge(lang Language, o, c *Sentence, ops []AlignOp, s MergeStrategy) []Edit {
	switch s {
	case MergeRules:
		return lang.Merge(o, c, ops)
	case MergeAllSplit:
		var out []Edit
		for _, op := range ops {
			if op.Op != Match {
				out = append(out, NewEdit(o, c, op.OStart, op.OEnd, op.CStart, op.CEnd))
			}
		}
		return out
	case MergeAllMerge:
		return mergeRuns(o, c, ops, func(a, b AlignOp) bool { return true })
	case MergeAllEqual:
		return mergeRuns(o, c, ops, func(a, b AlignOp) bool {
			return a.Op == b.Op && (a.Op != Transpose || a.OEnd-a.OStart == b.OEnd-b.OStart)
		})
	}
	panic(fmt.Sprintf("edits: unknown merge strategy %d", int(s)))
}

// mergeRuns makes one edit of each maximal run of adjacent non-match steps
// in which every step joins its predecessor.
func mergeRuns(o, c *Sentence, ops []AlignOp, joins func(prev, next AlignOp) bool) []Edit {
	var out []Edit
	for i := 0; i < len(ops); {
		if ops[i].Op == Match {
			i++
			continue
		}
		j := i + 1
		for j < len(ops) && ops[j].Op != Match && joins(ops[j-1], ops[j]) {
			j++
		}
		out = append(out, MergeOps(o, c, ops[i:j]))
		i = j
	}
	return out
}

// MergeOps returns the single edit spanning the adjacent steps ops (which
// must not be empty), for use by a Language's merge rules.
func MergeOps(o, c *Sentence, ops []AlignOp) Edit {
	first, last := ops[0], ops[len(ops)-1]
	return NewEdit(o, c, first.OStart, last.OEnd, first.CStart, last.CEnd)
}

// NewEdit returns the untyped edit changing o's tokens [os, oe) into c's
// tokens [cs, ce).
func NewEdit(o, c *Sentence, os, oe, cs, ce int) Edit {
	return Edit{
		OStart: os, OEnd: oe, CStart: cs, CEnd: ce,
		O: tokenTexts(o.Tokens[os:oe]),
		C: tokenTexts(c.Tokens[cs:ce]),
	}
}

func tokenTexts(toks []Token) []string {
	if len(toks) == 0 {
		return nil
	}
	out := make([]string, len(toks))
	for i := range toks {
		out[i] = toks[i].Text
	}
	return out
}
