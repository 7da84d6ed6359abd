package en

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/jdkato/prose/v3/tag/aptagmodel"
)

// The averaged-perceptron tagger.
//
// This is prose v3's tagger (github.com/jdkato/prose/v3/tag, MIT licence,
// after Honnibal's "A Good Part-of-Speech Tagger in about 200 Lines of
// Python") run on prose's own English model, the bytes prose exports in its
// documented flat format (aptagmodel.English; layout in prose's
// internal/flat/format.go). Its tags are prose's, bit for bit:
// TestPerceptronMatchesProse tags CoNLL-2014, JFLEG and fuzzed sentences
// with both and finds no difference. What differs is the lookup. prose
// finds each of a token's 14 feature strings by binary search over the
// model's 75,447 sorted strings; here the model is decoded once into maps
// keyed by what a feature is about (a word, a suffix, a tag pair), so a
// token costs two or three map lookups, each a word's features all at once,
// and its context words are looked up once per sentence, not once per
// template. Scores still accumulate feature by feature in prose's order, in
// float32, so every sum, and every tie (broken toward the lowest class ID),
// is prose's.

// noFeature marks a feature the model does not know.
const noFeature = -1

// wordFeatures are the features of one string in each place a word or a
// suffix of it enters prose's templates: as the token itself, as its
// neighbours, and its 3-byte suffix and first byte. Indices are features
// (into perceptron.pairOff), noFeature when absent. When the token itself
// is tagged without scoring (prose's special cases, the lexicon, the
// model's tag map), fixed is its tag.
type wordFeatures struct {
	word, prev, prev2, next, next2 int32 // "i word ", "i-1 word ", "i-2 word ", "i+1 word ", "i+2 word "
	suffix, prevSuffix, nextSuffix int32 // "i suffix ", "i-1 suffix ", "i+1 suffix " of suffix(s, 3)
	pref1                          int32 // "i pref1 " of s[:1]
	// tagWord[tagWordLo:tagWordHi] are the "i-1 tag+i word T s" features,
	// by tag T.
	tagWordLo, tagWordHi int32
	hasFixed             bool
	fixedID              uint16
	fixed                string
}

// A tagWordFeature is one "i-1 tag+i word" feature of a word.
type tagWordFeature struct {
	tag  uint16
	feat int32
}

// perceptron is prose's flat model decoded for lookup by word and tag.
type perceptron struct {
	classes []string
	pairOff []uint32 // feature → its slice of classIDs/weights
	classID []uint8
	weights []float32

	bias int32
	// lexicon fixes the tags of words ahead of the model (prose's
	// tag.WithLexicon).
	lexicon map[string]string
	// tagMap is the model's own list of words tagged without scoring.
	tagMap map[string]uint8
	// words holds every string some word or suffix template knows, and
	// every word of the tag map.
	words   map[string]*wordFeatures
	tagWord []tagWordFeature
	// suffixes and prefixes serve strings that are not in words.
	suffixes map[string][3]int32 // suffix → "i suffix ", "i-1 suffix ", "i+1 suffix "
	prefixes map[string]int32    // first byte → "i pref1 "

	// Tags, numbered: every class and every tag a feature names. Tags the
	// model never names share unknownTag, which has no features.
	tagIDs        map[string]uint16
	prevTag       []int32 // "i-1 tag " by tag
	prev2Tag      []int32 // "i-2 tag " by tag
	tagPair       []int32 // "i tag+i-2 tag " by prev tag * ntags + prev2 tag
	ntags         int
	unknownTag    uint16
	classTag      []uint16 // class ID → tag
	start, start2 uint16   // the tags before the first token
	// The sentinel words around a sentence.
	startSlot, start2Slot, endSlot, end2Slot slot
}

// The templates of prose's tagger, with their trailing space.
const (
	tmplSuffix   = "i suffix "
	tmplPref1    = "i pref1 "
	tmplPrevTag  = "i-1 tag "
	tmplPrev2Tag = "i-2 tag "
	tmplTagPair  = "i tag+i-2 tag "
	tmplWord     = "i word "
	tmplTagWord  = "i-1 tag+i word "
	tmplPrev     = "i-1 word "
	tmplPrevSuf  = "i-1 suffix "
	tmplPrev2    = "i-2 word "
	tmplNext     = "i+1 word "
	tmplNextSuf  = "i+1 suffix "
	tmplNext2    = "i+2 word "
)

// templates lists them; no template is a prefix of another, so a feature
// string names its template unambiguously.
var templates = []string{tmplSuffix, tmplPref1, tmplPrevTag, tmplPrev2Tag, tmplTagPair, tmplWord,
	tmplTagWord, tmplPrev, tmplPrevSuf, tmplPrev2, tmplNext, tmplNextSuf, tmplNext2}

// model is the English model with our lexicon, decoded on first use.
var model = sync.OnceValues(func() (*perceptron, error) { return decodePerceptron(aptagmodel.English, lexicon) })

// decodePerceptron reads a model in prose's flat format (version 1); lex
// is the lexicon, which must not change afterwards.
func decodePerceptron(b []byte, lex map[string]string) (*perceptron, error) {
	r := flatReader{b: b}
	if string(r.bytes(8)) != "PROSETAG" {
		return nil, errors.New("not a prose flat tagger model")
	}
	if v := r.u32(); v != 1 && r.err == nil {
		return nil, fmt.Errorf("unsupported model version %d", v)
	}
	m := &perceptron{bias: noFeature, lexicon: lex}
	nClasses := int(r.u32())
	if nClasses > 256 {
		return nil, fmt.Errorf("model has %d classes, at most 256 allowed", nClasses)
	}
	for range nClasses {
		m.classes = append(m.classes, r.str16())
	}
	nFeatures, nPairs, blobLen := int(r.u32()), int(r.u32()), int(r.u32())
	blob := string(r.bytes(blobLen))
	featOff := r.u32s(nFeatures + 1)
	m.pairOff = r.u32s(nFeatures + 1)
	m.classID = append([]uint8(nil), r.bytes(nPairs)...)
	m.weights = make([]float32, nPairs)
	for i, v := range r.u32s(nPairs) {
		m.weights[i] = math.Float32frombits(v)
	}
	nTagMap := int(r.u32())
	tagMap := make(map[string]uint8, nTagMap)
	for range nTagMap {
		w, id := r.str16(), r.u8()
		tagMap[w] = id
	}
	m.tagMap = tagMap
	if r.err != nil {
		return nil, r.err
	}
	if nFeatures > 0 && (int(featOff[nFeatures]) != len(blob) || int(m.pairOff[nFeatures]) != nPairs) {
		return nil, errors.New("feature offsets do not match the data")
	}
	for _, id := range m.classID {
		if int(id) >= nClasses {
			return nil, fmt.Errorf("class ID %d out of range", id)
		}
	}
	for w, id := range tagMap {
		if int(id) >= nClasses {
			return nil, fmt.Errorf("tag map entry %q has class ID %d out of range", w, id)
		}
	}

	// Number the tags: classes first, then those only features name.
	m.tagIDs = map[string]uint16{}
	addTag := func(t string) uint16 {
		id, ok := m.tagIDs[t]
		if !ok {
			id = uint16(len(m.tagIDs))
			m.tagIDs[t] = id
		}
		return id
	}
	for _, c := range m.classes {
		if strings.Contains(c, " ") {
			return nil, fmt.Errorf("class %q has a space", c)
		}
		m.classTag = append(m.classTag, addTag(c))
	}
	m.start, m.start2 = addTag("-START-"), addTag("-START2-")
	type feature struct {
		tmpl    string
		payload string
	}
	feats := make([]feature, nFeatures)
	for i := range feats {
		f := blob[featOff[i]:featOff[i+1]]
		if f == "bias" {
			m.bias = int32(i)
			continue
		}
		for _, t := range templates {
			if strings.HasPrefix(f, t) {
				feats[i] = feature{t, f[len(t):]}
				break
			}
		}
		switch feats[i].tmpl {
		case tmplPrevTag, tmplPrev2Tag:
			addTag(feats[i].payload)
		case tmplTagPair:
			a, b, _ := strings.Cut(feats[i].payload, " ")
			addTag(a)
			addTag(b)
		case tmplTagWord:
			a, _, _ := strings.Cut(feats[i].payload, " ")
			addTag(a)
		}
	}
	m.unknownTag = addTag("\x00unknown")
	m.ntags = len(m.tagIDs)
	m.prevTag = filled(m.ntags)
	m.prev2Tag = filled(m.ntags)
	m.tagPair = filled(m.ntags * m.ntags)

	m.words = map[string]*wordFeatures{}
	word := func(s string) *wordFeatures {
		w := m.words[s]
		if w == nil {
			w = &wordFeatures{word: noFeature, prev: noFeature, prev2: noFeature, next: noFeature,
				next2: noFeature, suffix: noFeature, prevSuffix: noFeature, nextSuffix: noFeature,
				pref1: noFeature}
			m.words[s] = w
		}
		return w
	}
	m.suffixes = map[string][3]int32{}
	m.prefixes = map[string]int32{}
	tagWords := map[string][]tagWordFeature{}
	for i, f := range feats {
		fi := int32(i)
		switch f.tmpl {
		case tmplSuffix, tmplPrevSuf, tmplNextSuf:
			s, ok := m.suffixes[f.payload]
			if !ok {
				s = [3]int32{noFeature, noFeature, noFeature}
			}
			switch f.tmpl {
			case tmplSuffix:
				s[0] = fi
			case tmplPrevSuf:
				s[1] = fi
			default:
				s[2] = fi
			}
			m.suffixes[f.payload] = s
		case tmplPref1:
			m.prefixes[f.payload] = fi
		case tmplPrevTag:
			m.prevTag[m.tagIDs[f.payload]] = fi
		case tmplPrev2Tag:
			m.prev2Tag[m.tagIDs[f.payload]] = fi
		case tmplTagPair:
			a, b, ok := strings.Cut(f.payload, " ")
			if !ok {
				continue // no query has this shape
			}
			m.tagPair[int(m.tagIDs[a])*m.ntags+int(m.tagIDs[b])] = fi
		case tmplWord:
			word(f.payload).word = fi
		case tmplPrev:
			word(f.payload).prev = fi
		case tmplPrev2:
			word(f.payload).prev2 = fi
		case tmplNext:
			word(f.payload).next = fi
		case tmplNext2:
			word(f.payload).next2 = fi
		case tmplTagWord:
			a, w, ok := strings.Cut(f.payload, " ")
			if !ok {
				continue
			}
			word(w)
			tagWords[w] = append(tagWords[w], tagWordFeature{m.tagIDs[a], fi})
		}
	}
	for w := range tagMap {
		word(w)
	}
	for _, s := range []string{"-START-", "-START2-", "-END-", "-END2-"} {
		word(s)
	}
	for s, w := range m.words {
		w.fixed, w.fixedID, w.hasFixed = m.fixedTag(s)
		w.suffix, w.prevSuffix, w.nextSuffix = m.suffixFeatures(suffix3(s))
		w.pref1 = m.prefixFeature(s)
		if tw := tagWords[s]; len(tw) > 0 {
			w.tagWordLo = int32(len(m.tagWord))
			m.tagWord = append(m.tagWord, tw...)
			w.tagWordHi = int32(len(m.tagWord))
		}
	}
	m.startSlot, m.start2Slot = m.slotOf("-START-"), m.slotOf("-START2-")
	m.endSlot, m.end2Slot = m.slotOf("-END-"), m.slotOf("-END2-")
	return m, nil
}

func filled(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = noFeature
	}
	return s
}

func (m *perceptron) suffixFeatures(suf string) (i, prev, next int32) {
	if s, ok := m.suffixes[suf]; ok {
		return s[0], s[1], s[2]
	}
	return noFeature, noFeature, noFeature
}

func (m *perceptron) prefixFeature(w string) int32 {
	if f, ok := m.prefixes[prefix1(w)]; ok {
		return f
	}
	return noFeature
}

// tagID returns the number of tag t.
func (m *perceptron) tagID(t string) uint16 {
	if id, ok := m.tagIDs[t]; ok {
		return id
	}
	return m.unknownTag
}

// add accumulates feature f's weights into scores, in the model's order.
func (m *perceptron) add(f int32, scores *[256]float32) {
	if f < 0 {
		return
	}
	lo, hi := m.pairOff[f], m.pairOff[f+1]
	ids, wts := m.classID[lo:hi], m.weights[lo:hi]
	wts = wts[:len(ids)]
	for j, id := range ids {
		scores[id] += wts[j]
	}
}

// A slot is one word of the sentence or a sentinel around it: raw
// holds the features of the word as written (nil if the model knows
// none), the other fields those of its normalised form.
type slot struct {
	raw                  *wordFeatures
	ok                   bool  // filled
	prevSuf, nextSuf     int32 // its suffix as the previous/next word
	word, prev, next     int32
	prev2, next2         int32
	tagWordLo, tagWordHi int32
}

func slotFor(w *wordFeatures) slot {
	return slot{prevSuf: w.prevSuffix, nextSuf: w.nextSuffix, word: w.word, prev: w.prev,
		next: w.next, prev2: w.prev2, next2: w.next2, tagWordLo: w.tagWordLo, tagWordHi: w.tagWordHi}
}

func (m *perceptron) slotOf(s string) slot {
	if w := m.words[s]; w != nil {
		return slotFor(w)
	}
	_, p, n := m.suffixFeatures(suffix3(s))
	return slot{prevSuf: p, nextSuf: n, word: noFeature, prev: noFeature, next: noFeature,
		prev2: noFeature, next2: noFeature}
}

// tagSentence tags words as one sentence, exactly as prose's
// Tagger.TagTokens with m's lexicon does, and returns the tags.
func (m *perceptron) tagSentence(words []string) []string {
	tags, _ := m.tagSentenceFrom(words, nil, nil, nil, nil)
	return tags
}

// tagSentenceFrom is tagSentence for words that are a correction of src,
// whose tags (tagSentence's) are srcTags, numbered srcIDs; match[i] is a
// token of src with the text of words[i], or -1 (see matchTokens). Where a
// tag is sure to be src's it is copied, not computed. It returns the tags
// and their numbers.
//
// Token i's tag is a function of words i-2..i+2 (sentinels beyond the
// ends; the word itself as written, the others normalised) and the tags
// of tokens i-1 and i-2. So when the five words around i are those around
// src token j = match[i], at the same distances from the sentence's ends
// where a window reaches past one, and the two tags before i are those
// before j, token i's tag is j's. Around an edit the tags are computed;
// a few tokens past it they are copied again.
func (m *perceptron) tagSentenceFrom(words []string, src []edits.Token, srcTags []string, srcIDs []uint16, match []int32) ([]string, []uint16) {
	n := len(words)
	out := make([]string, n)
	ids := make([]uint16, n)
	if n == 0 {
		return out, ids
	}
	var ctxBuf [64]slot
	var ctx []slot
	if n+4 <= len(ctxBuf) {
		ctx = ctxBuf[:n+4]
	} else {
		ctx = make([]slot, n+4)
	}
	ctx[0], ctx[1] = m.startSlot, m.start2Slot
	ctx[0].ok, ctx[1].ok = true, true
	ctx[n+2], ctx[n+3] = m.endSlot, m.end2Slot
	ctx[n+2].ok, ctx[n+3].ok = true, true
	fill := func(k int) { // ctx[k], the slot of token k-2
		w := words[k-2]
		raw := m.words[w]
		if norm := normalizeWord(w); norm != w {
			ctx[k] = m.slotOf(norm)
		} else if raw != nil {
			ctx[k] = slotFor(raw)
		} else {
			ctx[k] = m.slotOf(w)
		}
		ctx[k].raw, ctx[k].ok = raw, true
	}
	// sameAt reports whether hyp position k (sentinel positions -2, -1,
	// n, n+1 included) holds what src position k+d does.
	sameAt := func(k, d int) bool {
		kk := k + d
		in, srcIn := k >= 0 && k < n, kk >= 0 && kk < len(src)
		switch {
		case in != srcIn:
			return false
		case in:
			return words[k] == src[kk].Text
		case k < 0:
			return kk == k
		default:
			return k-n == kk-len(src)
		}
	}

	var scores [256]float32
	// The tags before token 0 are -START2- and -START-.
	p1, p2 := m.start, m.start2
	for i := range n {
		if match != nil {
			if j := int(match[i]); j >= 0 {
				d := j - i
				if sameAt(i-2, d) && sameAt(i-1, d) && sameAt(i+1, d) && sameAt(i+2, d) &&
					(i < 1 || out[i-1] == srcTags[j-1]) && (i < 2 || out[i-2] == srcTags[j-2]) {
					out[i], ids[i] = srcTags[j], srcIDs[j]
					p2, p1 = p1, ids[i]
					continue
				}
			}
		}
		for k := i; k < i+5; k++ {
			if !ctx[k].ok {
				fill(k)
			}
		}
		t, id := m.tagOne(i, ctx, words[i], p1, p2, &scores)
		out[i], ids[i] = t, id
		p2, p1 = p1, id
	}
	return out, ids
}

// matchTokens gives each of words a token of src with the same text, or
// -1: the same position in a common prefix, the same distance from the
// end in a common suffix, and between them the nearest (up to three
// tokens either way) to where the last match left off. Any choice is
// correct for tagSentenceFrom, which checks what it copies; this one
// finds the counterpart of nearly every word a correction leaves alone.
func matchTokens(words []string, src []edits.Token) []int32 {
	n := len(words)
	match := make([]int32, n)
	d, s := commonEnds(words, src)
	off := 0
	for i, w := range words {
		switch {
		case i < d:
			match[i] = int32(i)
			continue
		case i >= n-s:
			match[i] = int32(i + len(src) - n)
			continue
		}
		match[i] = -1
		for _, delta := range [...]int{0, 1, -1, 2, -2, 3, -3} {
			if j := i + off + delta; j >= 0 && j < len(src) && src[j].Text == w {
				match[i], off = int32(j), j-i
				break
			}
		}
	}
	return match
}

// Patterns prose passes through unscored: Penn Treebank traces and
// bracket literals (prose's noneRe and keepRe).
var (
	traceRe   = regexp.MustCompile(`^(?:0|\*[\w?]\*|\*\-\d{1,3}|\*[A-Z]+\*\-\d{1,3}|\*)$`)
	literalRe = regexp.MustCompile(`^\-[A-Z]{3}\-$`)
)

// fixedTag returns the tag of w when prose gives it without scoring: its
// special cases in prose's order (a hyphen, emoticons, @-names, traces,
// bracket literals), then the lexicon (w as written, then in lower case),
// then the model's tag map.
func (m *perceptron) fixedTag(w string) (string, uint16, bool) {
	fixed := func(t string) (string, uint16, bool) { return t, m.tagID(t), true }
	switch {
	case w == "-":
		return fixed(w)
	case emoticons[w]:
		return fixed("SYM")
	case strings.HasPrefix(w, "@"):
		return fixed("NN")
	case (w == "0" || strings.HasPrefix(w, "*")) && traceRe.MatchString(w):
		return fixed("-NONE-")
	case len(w) == 5 && w[0] == '-' && literalRe.MatchString(w):
		return fixed(w)
	}
	if t, ok := m.lexicon[w]; ok {
		return fixed(t)
	}
	if low := strings.ToLower(w); low != w {
		if t, ok := m.lexicon[low]; ok {
			return fixed(t)
		}
	}
	if id, ok := m.tagMap[w]; ok {
		return m.classes[id], m.classTag[id], true
	}
	return "", 0, false
}

// tagOne tags words[i] = w after tags p1, p2: its fixed tag if it has
// one, else the best-scoring class.
func (m *perceptron) tagOne(i int, ctx []slot, w string, p1, p2 uint16, scores *[256]float32) (string, uint16) {
	c := &ctx[i+2]
	raw := c.raw
	var suf, pre int32
	if raw != nil {
		if raw.hasFixed {
			return raw.fixed, raw.fixedID
		}
		suf, pre = raw.suffix, raw.pref1
	} else {
		if t, id, ok := m.fixedTag(w); ok {
			return t, id
		}
		suf, _, _ = m.suffixFeatures(suffix3(w))
		pre = m.prefixFeature(w)
	}

	clear(scores[:len(m.classes)])
	m.add(m.bias, scores)
	m.add(suf, scores)
	m.add(pre, scores)
	m.add(m.prevTag[p1], scores)
	m.add(m.prev2Tag[p2], scores)
	m.add(m.tagPair[int(p1)*m.ntags+int(p2)], scores)
	m.add(c.word, scores)
	for _, tw := range m.tagWord[c.tagWordLo:c.tagWordHi] {
		if tw.tag == p1 {
			m.add(tw.feat, scores)
			break
		}
	}
	m.add(ctx[i+1].prev, scores)
	m.add(ctx[i+1].prevSuf, scores)
	m.add(ctx[i].prev2, scores)
	m.add(ctx[i+3].next, scores)
	m.add(ctx[i+3].nextSuf, scores)
	m.add(ctx[i+4].next2, scores)

	// The first highest score wins: ties go to the lowest class ID.
	best, bestID := float32(math.Inf(-1)), -1
	for id, s := range scores[:len(m.classes)] {
		if s > best {
			best, bestID = s, id
		}
	}
	if bestID < 0 {
		return "", m.tagID("")
	}
	return m.classes[bestID], m.classTag[bestID]
}

// suffix3 returns the last 3 bytes of w, or w if shorter (prose's suffix).
func suffix3(w string) string {
	if len(w) <= 3 {
		return w
	}
	return w[len(w)-3:]
}

// prefix1 returns the first byte of w as a string (prose's prefix1:
// bytes, not runes, as the model was trained).
func prefix1(w string) string {
	if w == "" {
		return ""
	}
	return w[:1]
}

// normalizeWord maps a word onto the form prose's model was trained on
// (prose's normalize): hyphenated words (not led by a hyphen) → !HYPHEN,
// four-digit integers → !YEAR, words led by a digit → !DIGITS, else lower
// case.
func normalizeWord(w string) string {
	if w == "" {
		return w
	}
	first := w[0]
	if first != '-' && strings.IndexByte(w, '-') >= 0 {
		return "!HYPHEN"
	}
	if len(w) == 4 && isDecimalInt(w) {
		return "!YEAR"
	}
	if first >= '0' && first <= '9' {
		return "!DIGITS"
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; (c >= 'A' && c <= 'Z') || c >= utf8.RuneSelf {
			return strings.ToLower(w)
		}
	}
	return w
}

// isDecimalInt reports whether s is what strconv.Atoi accepts: an
// optional sign and at least one ASCII digit.
func isDecimalInt(s string) bool {
	i := 0
	if s[0] == '+' || s[0] == '-' {
		i = 1
	}
	if i == len(s) {
		return false
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// emoticons are the tokens prose tags SYM without scoring (prose's
// internal/emoticon set, v3.2.3).
var emoticons = map[string]bool{
	"(-8": true, "(-;": true, "(-_-)": true, "(._.)": true, "(:": true, "(=": true, "(o:": true,
	"(¬_¬)": true, "(ಠ_ಠ)": true, "(╯°□°）╯︵┻━┻": true, "-__-": true, "8-)": true, "8-D": true,
	"8D": true, ":(": true, ":((": true, ":(((": true, ":()": true, ":)))": true, ":-)": true,
	":-))": true, ":-)))": true, ":-*": true, ":-/": true, ":-X": true, ":-]": true, ":-o": true,
	":-p": true, ":-x": true, ":-|": true, ":-}": true, ":0": true, ":3": true, ":P": true,
	":]": true, ":`(": true, ":`)": true, ":`-(": true, ":o": true, ":o)": true, "=(": true,
	"=)": true, "=D": true, "=|": true, "@_@": true, "O.o": true, "O_o": true, "V_V": true,
	"XDD": true, "[-:": true, "^___^": true, "o_0": true, "o_O": true, "o_o": true, "v_v": true,
	"xD": true, "xDD": true, "¯\\(ツ)/¯": true,
}

// flatReader reads the little-endian fields of prose's flat format.
type flatReader struct {
	b   []byte
	pos int
	err error
}

func (r *flatReader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || r.pos+n > len(r.b) {
		r.err = fmt.Errorf("truncated model: wanted %d bytes at offset %d, have %d", n, r.pos, len(r.b)-r.pos)
		return nil
	}
	out := r.b[r.pos : r.pos+n]
	r.pos += n
	return out
}

func (r *flatReader) u32() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *flatReader) u8() uint8 {
	if b := r.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

func (r *flatReader) str16() string {
	b := r.bytes(2)
	if b == nil {
		return ""
	}
	return string(r.bytes(int(binary.LittleEndian.Uint16(b))))
}

func (r *flatReader) u32s(n int) []uint32 {
	b := r.bytes(n * 4)
	if b == nil {
		return make([]uint32, n)
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[i*4:])
	}
	return out
}
