package ged

import (
	"math"
	"strings"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/lm"
)

// Feature templates: each hashed feature starts from its template's
// number, so that equal strings under different templates differ.
const (
	fBias = iota + 1
	fW0
	fWm1
	fWp1
	fWm1W0
	fW0Wp1
	fWm2Wm1W0
	fWm1W0Wp1
	fT0
	fTm1T0
	fT0Tp1
	fTm2Tm1T0
	fTm1T0Tp1
	fTm1W0
	fW0Tp1
	fWm1T0
	fT0Wp1
	fSuf3T0
	fLexShape
	fLP
	fLPT0
	fLPNext
	fOOV
	fAltGain
	fAltGainW0
	fAltWord
	fDelGain
	fDelGainT0
	fInsGain
	fInsWord
	fPMI
	fPMIT0
)

// Confusion sets: a token of one of them is tried with each other member.
var confusion = map[string][]string{}

func init() {
	for _, set := range [][]string{
		{"a", "an", "the"},
		{"in", "on", "at", "of", "for", "to", "with", "by", "from", "about", "into", "over"},
		{"is", "are", "was", "were", "am", "be", "been", "being"},
		{"has", "have", "had", "having"},
		{"do", "does", "did"},
		{"this", "these", "that", "those"},
		{"much", "many"},
		{"few", "little"},
		{"its", "it's"},
		{"their", "there"},
		{"than", "then"},
	} {
		for _, w := range set {
			confusion[w] = set
		}
	}
}

// inserted are the words tried before a noun, adjective, number or base
// verb that may lack one.
var inserted = []string{"the", "a", "to"}

// A featurizer holds one sentence's per-token context for feature
// extraction.
type featurizer struct {
	m     *lm.Model
	lex   Lexicon
	s     *edits.Sentence
	lower []string
	ids   []lm.ID
	lp    []float64 // per token log probability (lm.Score)
	pos   []int     // positions of the tokens with a word (ids not Skip)
	at    []int     // per token its index in pos, or -1
	feats []uint32
	hash  uint64
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func (f *featurizer) start(template int) {
	f.hash = fnvOffset ^ uint64(template)*fnvPrime
}

func (f *featurizer) add(s string) {
	h := f.hash
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime
	}
	f.hash = (h ^ 0xff) * fnvPrime // separator
}

func (f *featurizer) emit(bits uint) {
	h := f.hash
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	f.feats = append(f.feats, uint32(h&(1<<bits-1)))
}

func newFeaturizer(m *lm.Model, lex Lexicon, s *edits.Sentence) *featurizer {
	f := &featurizer{m: m, lex: lex, s: s}
	toks := s.Texts()
	f.lower = make([]string, len(toks))
	for i, t := range s.Tokens {
		f.lower[i] = t.Lower
		if f.lower[i] == "" {
			f.lower[i] = strings.ToLower(t.Text)
		}
	}
	f.ids = m.Words(toks, nil)
	_, f.lp = m.Score(toks, nil)
	f.at = make([]int, len(toks))
	for i, id := range f.ids {
		f.at[i] = -1
		if id != lm.Skip {
			f.at[i] = len(f.pos)
			f.pos = append(f.pos, i)
		}
	}
	return f
}

func (f *featurizer) word(i int) string {
	if i < 0 {
		return "<s>"
	}
	if i >= len(f.lower) {
		return "</s>"
	}
	return f.lower[i]
}

func (f *featurizer) tag(i int) string {
	if i < 0 {
		return "<s>"
	}
	if i >= len(f.lower) {
		return "</s>"
	}
	return f.s.Tokens[i].Tag
}

// context returns the two words before token i and the two after it in
// the model's word stream (NoWord where cut, <s> and </s> at the ends).
func (f *featurizer) context(i int) (u, v, n1, n2 lm.ID) {
	u, v, n1, n2 = lm.NoWord, lm.NoWord, lm.NoWord, lm.NoWord
	k := f.at[i]
	id := func(j int) lm.ID {
		switch {
		case j < 0:
			return f.m.Start()
		case j >= len(f.pos):
			return f.m.End()
		}
		return f.ids[f.pos[j]]
	}
	if k < 0 { // a skipped token: its neighbours in the stream
		k = 0
		for k < len(f.pos) && f.pos[k] < i {
			k++
		}
		k-- // the word before i
		v = id(k)
		if k >= 0 {
			u = id(k - 1)
		}
		return u, v, id(k + 1), id(k + 2)
	}
	v = id(k - 1)
	if k-1 >= 0 {
		u = id(k - 2)
	}
	n1 = id(k + 1)
	if k+1 < len(f.pos) {
		n2 = id(k + 2)
	}
	return u, v, n1, n2
}

// seq returns the log probability of words w... following u v, each
// predicted from the two before it; NoWord in w cuts the history.
func (f *featurizer) seq(u, v lm.ID, ws ...lm.ID) float64 {
	sum := 0.0
	for _, w := range ws {
		if w == lm.NoWord {
			u, v = lm.NoWord, lm.NoWord
			continue
		}
		if v == lm.NoWord {
			u = lm.NoWord
		}
		sum += f.m.LogProb(u, v, w)
		u, v = v, w
	}
	return sum
}

func bucket(x float64) string {
	switch {
	case x <= -8:
		return "--"
	case x <= -2:
		return "-"
	case x <= 0.5:
		return "0"
	case x <= 2:
		return "1"
	case x <= 4:
		return "2"
	case x <= 8:
		return "4"
	}
	return "8"
}

var lpBuckets = [...]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20"}

func lpBucket(lp float64) string {
	b := int(-lp)
	return lpBuckets[max(0, min(b, len(lpBuckets)-1))]
}

// token appends the hashed features of token i to f.feats.
func (f *featurizer) token(i int, bits uint) {
	w0, wm1, wm2, wp1 := f.word(i), f.word(i-1), f.word(i-2), f.word(i+1)
	t0, tm1, tm2, tp1 := f.tag(i), f.tag(i-1), f.tag(i-2), f.tag(i+1)
	one := func(tpl int, ss ...string) {
		f.start(tpl)
		for _, s := range ss {
			f.add(s)
		}
		f.emit(bits)
	}
	one(fBias)
	one(fW0, w0)
	one(fWm1, wm1)
	one(fWp1, wp1)
	one(fWm1W0, wm1, w0)
	one(fW0Wp1, w0, wp1)
	one(fWm2Wm1W0, wm2, wm1, w0)
	one(fWm1W0Wp1, wm1, w0, wp1)
	one(fT0, t0)
	one(fTm1T0, tm1, t0)
	one(fT0Tp1, t0, tp1)
	one(fTm2Tm1T0, tm2, tm1, t0)
	one(fTm1T0Tp1, tm1, t0, tp1)
	one(fTm1W0, tm1, w0)
	one(fW0Tp1, w0, tp1)
	one(fWm1T0, wm1, t0)
	one(fT0Wp1, t0, wp1)
	suf := w0
	if len(suf) > 3 {
		suf = suf[len(suf)-3:]
	}
	one(fSuf3T0, suf, t0)
	one(fLexShape, shape(f.s.Tokens[i].Text, i), f.lexFlag(f.s.Tokens[i].Text))

	id := f.ids[i]
	if id == lm.Skip {
		return
	}
	if id == lm.NoWord {
		one(fOOV, t0)
		return
	}
	one(fLP, lpBucket(f.lp[i]))
	one(fLPT0, lpBucket(f.lp[i]), t0)
	pmi := bucket(f.lp[i] - f.m.LogProb(lm.NoWord, lm.NoWord, id))
	one(fPMI, pmi)
	one(fPMIT0, pmi, t0)
	k := f.at[i]
	if k+1 < len(f.pos) {
		one(fLPNext, lpBucket(f.lp[f.pos[k+1]]))
	}
	u, v, n1, n2 := f.context(i)
	cur := f.seq(u, v, id, n1, n2)
	// Deleting the word.
	del := f.seq(u, v, n1, n2) - cur
	one(fDelGain, bucket(del))
	one(fDelGainT0, bucket(del), t0)
	// Replacing it with a member of its confusion set or another
	// inflection of its lemma.
	best, bestWord := math.Inf(-1), ""
	try := func(alt string) {
		if alt == w0 {
			return
		}
		a := f.m.Lookup(alt)
		if a == lm.NoWord {
			return
		}
		if g := f.seq(u, v, a, n1, n2) - cur; g > best {
			best, bestWord = g, alt
		}
	}
	if set, ok := confusion[w0]; ok {
		for _, alt := range set {
			try(alt)
		}
	} else if len(t0) >= 2 && (t0[:2] == "VB" || t0[:2] == "NN") && t0 != "NNP" && t0 != "NNPS" {
		for _, alt := range Inflections(f.s.Tokens[i].Lemma, t0[:2] == "VB") {
			try(alt)
		}
	}
	if bestWord != "" {
		one(fAltGain, bucket(best))
		one(fAltGainW0, bucket(best), w0)
		if best > 2 {
			one(fAltWord, w0, bestWord)
		}
	}
	// Inserting a word before it.
	if len(t0) >= 2 && (t0[:2] == "NN" || t0[:2] == "JJ" || t0 == "CD" || t0 == "VB") {
		base := f.seq(u, v, id, n1)
		bestIns, insWord := math.Inf(-1), ""
		for _, x := range inserted {
			a := f.m.Lookup(x)
			if g := f.seq(u, v, a, id, n1) - base; g > bestIns {
				bestIns, insWord = g, x
			}
		}
		one(fInsGain, bucket(bestIns))
		if bestIns > 1 {
			one(fInsWord, insWord, t0)
		}
	}
}

func shape(t string, i int) string {
	if t == "" {
		return "e"
	}
	c := t[0]
	switch {
	case c >= 'A' && c <= 'Z':
		if i == 0 {
			return "Cap0"
		}
		return "Cap"
	case c >= 'a' && c <= 'z':
		if i == 0 {
			return "low0"
		}
		return "low"
	case c >= '0' && c <= '9':
		return "num"
	}
	return "p"
}

// lexFlag says whether the lexicon (if any) knows t or its lower case.
func (f *featurizer) lexFlag(t string) string {
	if f.lex == nil {
		return ""
	}
	if f.lex.InLexicon(t) || f.lex.InLexicon(strings.ToLower(t)) {
		return "L"
	}
	return "N"
}

// Inflections returns the regular inflections of a lemma: for a verb its
// third person singular, past and -ing forms; for a noun its plural.
func Inflections(lemma string, verb bool) []string {
	l := strings.ToLower(lemma)
	if l == "" || !isLetters(l) {
		return nil
	}
	out := []string{l}
	n := len(l)
	last := l[n-1]
	consY := n > 1 && last == 'y' && !strings.ContainsRune("aeiou", rune(l[n-2]))
	switch {
	case consY:
		out = append(out, l[:n-1]+"ies")
	case strings.HasSuffix(l, "s") || strings.HasSuffix(l, "x") || strings.HasSuffix(l, "z") || strings.HasSuffix(l, "ch") || strings.HasSuffix(l, "sh") || strings.HasSuffix(l, "o"):
		out = append(out, l+"es")
	default:
		out = append(out, l+"s")
	}
	if !verb {
		return out
	}
	switch {
	case last == 'e':
		out = append(out, l+"d", l[:n-1]+"ing")
	case consY:
		out = append(out, l[:n-1]+"ied", l+"ing")
	default:
		out = append(out, l+"ed", l+"ing")
	}
	return out
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}
