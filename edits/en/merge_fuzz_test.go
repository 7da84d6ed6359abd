package en

import (
	"regexp"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// fuzzVocab are tokens with the tags and POS the merge rules look at.
var fuzzVocab = []edits.Token{
	{Text: "the", Lower: "the", Tag: "DT", POS: "DET", Lemma: "the", Dep: "det"},
	{Text: "The", Lower: "the", Tag: "DT", POS: "DET", Lemma: "the", Dep: "det"},
	{Text: "cat", Lower: "cat", Tag: "NN", POS: "NOUN", Lemma: "cat", Dep: "nsubj"},
	{Text: "Cat", Lower: "cat", Tag: "NN", POS: "NOUN", Lemma: "cat", Dep: "nsubj"},
	{Text: "cats", Lower: "cats", Tag: "NNS", POS: "NOUN", Lemma: "cat", Dep: "nsubj"},
	{Text: "'s", Lower: "'s", Tag: "POS", POS: "PART", Lemma: "'s", Dep: "case"},
	{Text: ",", Lower: ",", Tag: ",", POS: "PUNCT", Lemma: ",", Dep: "punct"},
	{Text: "has", Lower: "has", Tag: "VBZ", POS: "AUX", Lemma: "have", Dep: "aux"},
	{Text: "eaten", Lower: "eaten", Tag: "VBN", POS: "VERB", Lemma: "eat", Dep: "ROOT"},
	{Text: "to", Lower: "to", Tag: "TO", POS: "PART", Lemma: "to", Dep: "aux"},
	{Text: "in", Lower: "in", Tag: "IN", POS: "ADP", Lemma: "in", Dep: "prep"},
	{Text: "recieve", Lower: "recieve", Tag: "VB", POS: "VERB", Lemma: "recieve", Dep: "ROOT"},
	{Text: "sub-way", Lower: "sub-way", Tag: "NN", POS: "NOUN", Lemma: "sub-way", Dep: "dobj"},
	{Text: "", Lower: "", Tag: "XX", POS: "X", Lemma: "", Dep: "dep"},
}

var typePattern = regexp.MustCompile(`^(UNK|[MUR]:(ADJ|ADJ:FORM|ADV|CONJ|CONTR|DET|MORPH|NOUN|NOUN:INFL|NOUN:NUM|NOUN:POSS|ORTH|OTHER|PART|PREP|PRON|PUNCT|SPELL|VERB|VERB:FORM|VERB:INFL|VERB:SVA|VERB:TENSE|WO))$`)

// FuzzMergeClassify builds an alignment from the input bytes (two bits an
// op, then a token each side) and checks that Merge covers every non-match
// step exactly once, in order, and that Classify gives a valid type.
func FuzzMergeClassify(f *testing.F) {
	f.Add([]byte{0x01, 0x12, 0x23, 0x30, 0x45, 0x56})
	f.Add([]byte{0x05, 0x15, 0x25, 0x35, 0x07, 0x17})
	l := New()
	f.Fuzz(func(t *testing.T, data []byte) { checkMergeClassify(t, l, data) })
}

func checkMergeClassify(t *testing.T, l *Language, data []byte) {
	var o, c edits.Sentence
	var ops []edits.AlignOp
	for k, b := range data {
		i, j := o.Len(), c.Len()
		op := edits.AlignOp{OStart: i, CStart: j}
		ot := fuzzVocab[int(b>>4)%len(fuzzVocab)]
		ct := fuzzVocab[(int(b&0x0f)+k)%len(fuzzVocab)]
		switch b % 5 {
		case 0:
			op.Op = edits.Match
			o.Tokens, c.Tokens = append(o.Tokens, ot), append(c.Tokens, ot)
		case 1:
			op.Op = edits.Substitute
			o.Tokens, c.Tokens = append(o.Tokens, ot), append(c.Tokens, ct)
		case 2:
			op.Op = edits.Insert
			c.Tokens = append(c.Tokens, ct)
		case 3:
			op.Op = edits.Delete
			o.Tokens = append(o.Tokens, ot)
		case 4:
			op.Op = edits.Transpose
			o.Tokens, c.Tokens = append(o.Tokens, ot, ct), append(c.Tokens, ct, ot)
		}
		op.OEnd, op.CEnd = o.Len(), c.Len()
		ops = append(ops, op)
	}
	es := l.Merge(&o, &c, ops)
	// Every non-match op lies inside exactly one edit; edits do not
	// overlap and come in order.
	k := 0
	for _, op := range ops {
		if op.Op == edits.Match {
			continue
		}
		for k < len(es) && es[k].OEnd <= op.OStart && es[k].CEnd <= op.CStart && !(es[k].OStart == op.OStart && es[k].CStart == op.CStart) {
			k++
		}
		if k == len(es) {
			t.Fatalf("op %+v not covered by %+v", op, es)
		}
		e := es[k]
		if op.OStart < e.OStart || op.OEnd > e.OEnd || op.CStart < e.CStart || op.CEnd > e.CEnd {
			t.Fatalf("op %+v not inside edit %+v", op, e)
		}
	}
	for i, e := range es {
		if i > 0 && (e.OStart < es[i-1].OEnd || e.CStart < es[i-1].CEnd) {
			t.Fatalf("edits overlap: %+v then %+v", es[i-1], e)
		}
		if typ := l.Classify(&o, &c, e); !typePattern.MatchString(typ) {
			t.Fatalf("Classify(%+v) = %q", e, typ)
		}
	}
}
