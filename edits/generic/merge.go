package generic

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/edits"
)

// Rules is ERRANT's rule-based merger with its language-specific tests as
// fields, so that a language without a parser can use it with what it
// knows. A nil field is a test that never holds. The zero value gives the
// generic rules.
//
// A run of adjacent insertions, deletions and substitutions between two
// matches or transpositions is processed as ERRANT's English merger does:
// runs of only deletions or only insertions are one edit; otherwise the
// sub-runs that contain a substitution are tried from the longest down,
// and the first rule that applies decides:
//
//  1. a possessive at the start is split off; a possessive at the end
//     merges with the step before it ([friends → friend 's]);
//  2. if the last tokens differ in case only: a first-token insertion or
//     deletion next to a capital merges ([Cat → The big cat]), and a
//     punctuation mark before it merges with it ([, we → . We]);
//  3. sides equal once lower-cased without spaces, hyphens and
//     apostrophes merge ([sub - way → subway]);
//  4. sides of different length whose tokens all have one POS, or only
//     AUX/PART/VERB, merge ([to eat → eating]);
//  5. on two-step sub-runs: two substitutions split; a substitution of
//     similar words (character similarity > 0.75) at either end splits;
//     a final determiner splits;
//
// and when no rule fired the whole run is one edit if it touches a
// content word, else every step is an edit.
type Rules struct {
	// Possessive reports a possessive suffix token ('s); ERRANT's tag POS.
	Possessive func(t *edits.Token) bool
	// Determiner reports a determiner (POS DET).
	Determiner func(t *edits.Token) bool
	// Content reports a content word; nil means any token that is not
	// punctuation or a number.
	Content func(t *edits.Token) bool
	// Untagged says that POS X means "not tagged" rather than a class:
	// rule 4 then never merges on it (two untagged words are not known to
	// share a class).
	Untagged bool
}

// Merge groups the non-match steps of ops into edits.
func (r *Rules) Merge(o, c *edits.Sentence, ops []edits.AlignOp) []edits.Edit {
	var out []edits.Edit
	for i := 0; i < len(ops); {
		switch ops[i].Op {
		case edits.Match:
			i++
			continue
		case edits.Transpose:
			out = append(out, edits.MergeOps(o, c, ops[i:i+1]))
			i++
			continue
		}
		j := i + 1
		for j < len(ops) && ops[j].Op != edits.Match && ops[j].Op != edits.Transpose {
			j++
		}
		for _, op := range r.process(o, c, ops[i:j]) {
			out = append(out, edits.NewEdit(o, c, op.OStart, op.OEnd, op.CStart, op.CEnd))
		}
		i = j
	}
	return out
}

// merged is the single step spanning seq (none for an empty seq).
func merged(seq []edits.AlignOp) []edits.AlignOp {
	if len(seq) == 0 {
		return nil
	}
	return []edits.AlignOp{{Op: 'X', OStart: seq[0].OStart, OEnd: seq[len(seq)-1].OEnd, CStart: seq[0].CStart, CEnd: seq[len(seq)-1].CEnd}}
}

func cat(parts ...[]edits.AlignOp) []edits.AlignOp {
	var out []edits.AlignOp
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func (r *Rules) is(f func(*edits.Token) bool, t *edits.Token) bool { return f != nil && f(t) }

func (r *Rules) content(t *edits.Token) bool {
	if r.Content != nil {
		return r.Content(t)
	}
	return t.POS != "PUNCT" && t.POS != "NUM"
}

const asciiPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

func isPunctTok(t *edits.Token) bool {
	return t.POS == "PUNCT" || (t.Text != "" && strings.Contains(asciiPunct, t.Text))
}

func (r *Rules) process(o, c *edits.Sentence, seq []edits.AlignOp) []edits.AlignOp {
	if len(seq) <= 1 {
		return seq
	}
	allD, allI := true, true
	for _, op := range seq {
		allD = allD && op.Op == edits.Delete
		allI = allI && op.Op == edits.Insert
	}
	if allD || allI {
		return merged(seq)
	}
	content := false
	n := len(seq)
	for span := n - 1; span >= 1; span-- {
		for start := 0; start+span < n; start++ {
			end := start + span
			hasS := false
			for _, op := range seq[start : end+1] {
				hasS = hasS || op.Op == edits.Substitute
			}
			if !hasS {
				continue
			}
			ot := o.Tokens[seq[start].OStart:seq[end].OEnd]
			ct := c.Tokens[seq[start].CStart:seq[end].CEnd]
			if start == 0 && (r.is(r.Possessive, &ot[0]) || r.is(r.Possessive, &ct[0])) {
				return cat(seq[:1], r.process(o, c, seq[1:]))
			}
			if r.is(r.Possessive, &ot[len(ot)-1]) || r.is(r.Possessive, &ct[len(ct)-1]) {
				return cat(r.process(o, c, seq[:end-1]), merged(seq[end-1:end+1]), r.process(o, c, seq[end+1:]))
			}
			if ot[len(ot)-1].Lower == ct[len(ct)-1].Lower {
				if start == 0 && ((len(ot) == 1 && startsUpper(ct[0].Text)) || (len(ct) == 1 && startsUpper(ot[0].Text))) {
					return cat(merged(seq[start:end+1]), r.process(o, c, seq[end+1:]))
				}
				if (len(ot) > 1 && isPunctTok(&ot[len(ot)-2])) || (len(ct) > 1 && isPunctTok(&ct[len(ct)-2])) {
					return cat(r.process(o, c, seq[:end-1]), merged(seq[end-1:end+1]), r.process(o, c, seq[end+1:]))
				}
			}
			if squash(ot) == squash(ct) {
				return cat(r.process(o, c, seq[:start]), merged(seq[start:end+1]), r.process(o, c, seq[end+1:]))
			}
			onePOS, verbal := true, true
			for _, ts := range [][]edits.Token{ot, ct} {
				for i := range ts {
					onePOS = onePOS && ts[i].POS == ot[0].POS && !(r.Untagged && ts[i].POS == "X")
					verbal = verbal && (ts[i].POS == "AUX" || ts[i].POS == "PART" || ts[i].POS == "VERB")
				}
			}
			if len(ot) != len(ct) && (onePOS || verbal) {
				return cat(r.process(o, c, seq[:start]), merged(seq[start:end+1]), r.process(o, c, seq[end+1:]))
			}
			if end-start < 2 {
				if len(ot) == 2 && len(ct) == 2 {
					return cat(r.process(o, c, seq[:start+1]), r.process(o, c, seq[start+1:]))
				}
				if (seq[start].Op == edits.Substitute && edits.CharRatio(ot[0].Text, ct[0].Text) > 0.75) ||
					(seq[end].Op == edits.Substitute && edits.CharRatio(ot[len(ot)-1].Text, ct[len(ct)-1].Text) > 0.75) {
					return cat(r.process(o, c, seq[:start+1]), r.process(o, c, seq[start+1:]))
				}
				last := seq[n-1]
				if end == n-1 && (((last.Op == edits.Delete || last.Op == edits.Substitute) && r.is(r.Determiner, &ot[len(ot)-1])) ||
					((last.Op == edits.Insert || last.Op == edits.Substitute) && r.is(r.Determiner, &ct[len(ct)-1]))) {
					return cat(r.process(o, c, seq[:n-1]), seq[n-1:])
				}
			}
			if !content {
				for _, ts := range [][]edits.Token{ot, ct} {
					for i := range ts {
						content = content || r.content(&ts[i])
					}
				}
			}
		}
	}
	if content {
		return merged(seq)
	}
	return seq
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// squash lower-cases and joins tokens, dropping hyphens and apostrophes.
func squash(ts []edits.Token) string {
	var b strings.Builder
	for _, t := range ts {
		for _, r := range t.Lower {
			if r != '-' && r != '\'' {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}
