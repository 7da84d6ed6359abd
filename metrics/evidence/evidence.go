package evidence

import (
	"maps"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/fluency"
	"github.com/gecmetric/gecmetric/metrics/ged"
	"github.com/gecmetric/gecmetric/metrics/lm"
)

// A Form says which inputs a feature vector may use.
type Form int

const (
	FormReference Form = iota // source, hypothesis and references
	FormSource                // source and hypothesis
	FormAlone                 // hypothesis only
)

var formNames = [...]string{"reference", "source", "alone"}

func (f Form) String() string {
	if f < 0 || int(f) >= len(formNames) {
		return "unknown"
	}
	return formNames[f]
}

// ParseForm returns the Form named s ("reference", "source", "alone").
func ParseForm(s string) (Form, bool) {
	for i, n := range formNames {
		if n == s {
			return Form(i), true
		}
	}
	return 0, false
}

// A feature is a feature's name and the least form that computes it.
type feature struct {
	name string
	form Form
}

// features lists every feature with the least form that can compute it:
// a feature of FormAlone is in every form's vector, one of FormReference
// only in that form's.
var features = []feature{
	{"oc.edits", FormSource},
	{"oc.edit_rate", FormSource},
	{"oc.unmatched", FormReference},
	{"oc.ter", FormSource},
	{"oc.word_order", FormSource},
	{"oc.multi_token", FormSource},
	{"oc.content_subs", FormSource},
	{"oc.length_change", FormSource},
	{"re.to_ref", FormReference},
	{"re.to_ref_rate", FormReference},
	{"re.ref_minor", FormReference},
	{"re.ref_grammar", FormReference},
	{"re.ref_order", FormReference},
	{"re.ref_content", FormReference},
	{"re.missed", FormReference},
	{"re.oov", FormAlone},
	{"re.oov_rate", FormAlone},
	{"re.oov_kept", FormSource},
	{"re.ref_oov", FormReference},
	{"re.missed_rate", FormReference},
	{"re.src_oov", FormSource},
	{"re.patterns", FormAlone},
	{"re.patterns_fixed", FormSource},
	{"me.content_src", FormSource},
	{"me.content_ref", FormReference},
	{"me.chrf_src", FormSource},
	{"me.chrf_ref", FormReference},
	{"me.ter_ref", FormReference},
	{"me.rewrite", FormReference},
	{"me.negation", FormSource},
	{"me.numbers", FormSource},
	{"me.names", FormSource},
	{"fl.word_lp", FormAlone},
	{"fl.min_word_lp", FormAlone},
	{"fl.tag_lp", FormAlone},
	{"fl.min_tag_lp", FormAlone},
	{"fl.unknown", FormAlone},
	{"fl.length", FormAlone},
}

// extraFeatures are the language-model (lm.*) and error-detector (ged.*)
// features. They are computed with the others but listed apart, by
// AllNames, so that Names keeps the vector layout of the models fitted
// before they existed.
var extraFeatures = []feature{
	{"lm.mean", FormAlone},
	{"lm.min", FormAlone},
	{"lm.low3", FormAlone},
	{"lm.oov_rate", FormAlone},
	{"lm.slor", FormAlone},
	{"lm.mean_diff_src", FormSource},
	{"lm.sum_diff_src", FormSource},
	{"lm.slor_diff_src", FormSource},
	{"lm.edit_gain", FormSource},
	{"lm.edit_worst", FormSource},
	{"lm.mean_diff_ref", FormReference},
	{"lm.sum_diff_ref", FormReference},
	{"lm.slor_diff_ref", FormReference},
	{"ged.expected", FormAlone},
	{"ged.max", FormAlone},
	{"ged.mean", FormAlone},
	{"ged.detected", FormAlone},
	{"ged.src_expected", FormSource},
	{"ged.expected_diff_src", FormSource},
	{"ged.max_diff_src", FormSource},
	{"ged.fixed", FormSource},
	{"ged.left", FormSource},
	{"ged.introduced", FormSource},
	{"ged.expected_diff_ref", FormReference},
	{"ged.missed", FormReference},
	{"ref.gleu", FormReference},
	{"ref.errant_f", FormReference},
	{"ref.errant_p", FormReference},
	{"ref.errant_r", FormReference},
	{"re.left", FormReference},
	{"re.left_rate", FormReference},
	{"oc.outside", FormReference},
	{"oc.outside_rate", FormReference},
}

// Names returns the names of the base features of form f, in vector
// order: the features of the models fitted before the lm.* and ged.*
// families (see AllNames).
func Names(f Form) []string {
	var out []string
	for _, ft := range features {
		if ft.form >= f {
			out = append(out, ft.name)
		}
	}
	return out
}

// AllNames returns the names of every feature of form f: Names(f), then
// the lm.* and ged.* features of f.
func AllNames(f Form) []string {
	out := Names(f)
	for _, ft := range extraFeatures {
		if ft.form >= f {
			out = append(out, ft.name)
		}
	}
	for _, ft := range lossFeatures {
		if ft.form >= f {
			out = append(out, ft.name)
		}
	}
	return out
}

// FormOf returns the least form that computes the feature named n
// (FormReference for a feature that needs references), and false for a
// name that is no feature.
func FormOf(n string) (Form, bool) {
	for _, list := range [][]feature{features, extraFeatures, lossFeatures} {
		for _, ft := range list {
			if ft.name == n {
				return ft.form, true
			}
		}
	}
	return 0, false
}

// Values maps feature names to values.
type Values map[string]float64

// Vector returns the values of names in order; a missing name is an error
// of the caller and yields NaN.
func (v Values) Vector(names []string) []float64 {
	out := make([]float64, len(names))
	for i, n := range names {
		x, ok := v[n]
		if !ok {
			x = math.NaN()
		}
		out[i] = x
	}
	return out
}

// An Input is one hypothesis with its source and references, annotated by
// the Extractor's language. Source is nil for FormAlone; Refs is empty for
// FormSource and FormAlone.
type Input struct {
	Source *edits.Sentence
	Hyp    *edits.Sentence
	Refs   []*edits.Sentence
	// RefEdits optionally holds the edits from Source to each of Refs, so
	// that they are extracted once for all hypotheses of a source.
	RefEdits [][]edits.Edit
}

// A Lexicon tells whether a word is a known word of the language.
// A Language that implements it gives the re.oov feature its word list.
type Lexicon interface {
	InLexicon(word string) bool
}

// An Extractor computes evidence. Lang is required; Fluency, LM and GED
// may be nil (languages without such models), in which case the fl.*,
// lm.* or ged.* features are zero. An Extractor is safe for concurrent use.
type Extractor struct {
	Lang    edits.Language
	Fluency *fluency.Model
	// LM is the broad-coverage language model of the lm.* features; nil
	// leaves them zero (languages without one).
	LM *lm.Model
	// GED is the error detector of the ged.* features; nil leaves them
	// zero.
	GED     *ged.Detector
	Options edits.Options
}

// Compute returns the features of in for the richest form its inputs allow.
func (x *Extractor) Compute(in Input) (Values, Form) {
	v := Values{}
	form := FormAlone
	hyp := in.Hyp
	oov := x.oovWords(hyp) // positions, used by every form
	maps.Copy(v, lookup(x, hyp,
		func(e *cached) (Values, bool) { return e.alone, e.alone != nil },
		func() Values { a := Values{}; x.alone(a, hyp, oov); return a },
		func(e *cached, a Values) { e.alone = a }))
	hl := x.lmAlone(v, hyp)
	hp := x.gedAlone(v, hyp)
	lossAlone(v, hyp)
	if in.Source == nil {
		return v, form
	}
	form = FormSource
	hypEdits := edits.Extract(x.Lang, in.Source, hyp, x.Options)
	x.source(v, in.Source, hyp, hypEdits, oov)
	x.lmSource(v, in.Source, hl, hypEdits)
	sp := x.gedSource(v, in.Source, hp, hypEdits)
	bags := lossSource(v, in.Source, hyp)
	if len(in.Refs) == 0 {
		return v, form
	}
	form = FormReference
	best, refEdits := x.reference(v, in, hypEdits, oov)
	x.lmReference(v, in.Refs[best], hl)
	x.gedReference(v, in.Refs[best], sp, hypEdits, refEdits[best])
	x.refMetrics(v, in, hypEdits, refEdits)
	lossReference(v, bags, in.Refs)
	return v, form
}

func (x *Extractor) alone(v Values, hyp *edits.Sentence, oov []int) {
	toks := hyp.Texts()
	v["re.oov"] = float64(len(oov))
	v["re.oov_rate"] = float64(len(oov)) / float64(max(1, words(hyp)))
	v["re.patterns"] = float64(Patterns(hyp))
	v["fl.length"] = math.Log1p(float64(len(toks)))
	for _, n := range []string{"fl.word_lp", "fl.min_word_lp", "fl.tag_lp", "fl.min_tag_lp", "fl.unknown"} {
		v[n] = 0
	}
	if x.Fluency != nil {
		s := x.Fluency.Score(toks)
		v["fl.word_lp"] = s.WordLogProb
		v["fl.min_word_lp"] = s.MinWordLogProb
		v["fl.tag_lp"] = s.TagLogProb
		v["fl.min_tag_lp"] = s.MinTagLogProb
		v["fl.unknown"] = float64(s.Unknown)
	}
}

func (x *Extractor) source(v Values, src, hyp *edits.Sentence, es []edits.Edit, oov []int) {
	n := float64(max(1, src.Len()))
	v["oc.edits"] = float64(len(es))
	v["oc.edit_rate"] = float64(len(es)) / n
	v["oc.ter"] = float64(edits.Levenshtein(src.Texts(), hyp.Texts())) / n
	var wo, multi, content float64
	for _, e := range es {
		op, main := splitType(e.Type)
		if main == "WO" {
			wo++
		}
		if len(e.O) > 1 || len(e.C) > 1 {
			multi++
		}
		if op == "R" && contentType(main) && !sameLemmas(src, hyp, e) {
			content++
		}
	}
	v["oc.word_order"] = wo
	v["oc.multi_token"] = multi
	v["oc.content_subs"] = content
	v["oc.length_change"] = math.Abs(float64(hyp.Len()-src.Len())) / n
	kept := 0
	srcWords := map[string]int{}
	for _, t := range src.Tokens {
		srcWords[t.Text]++
	}
	for _, i := range oov {
		if w := hyp.Tokens[i].Text; srcWords[w] > 0 {
			srcWords[w]--
			kept++
		}
	}
	v["re.oov_kept"] = float64(kept)
	v["re.src_oov"] = float64(len(x.oovWords(src)))
	v["re.patterns_fixed"] = float64(max(0, Patterns(src)-Patterns(hyp)))
	v["me.content_src"] = contentChange(src, hyp)
	v["me.chrf_src"] = chrfOf(x.cachedGrams(hyp), x.cachedGrams(src))
	v["me.negation"] = math.Abs(float64(negations(hyp) - negations(src)))
	v["me.numbers"] = float64(symDiff(numbers(hyp), numbers(src)))
	v["me.names"] = float64(symDiff(names(hyp), names(src)))
}

func (x *Extractor) reference(v Values, in Input, hypEdits []edits.Edit, oov []int) (best int, refEdits [][]edits.Edit) {
	refEdits = in.RefEdits
	if refEdits == nil {
		refEdits = make([][]edits.Edit, len(in.Refs))
		for i, r := range in.Refs {
			refEdits[i] = edits.Extract(x.Lang, in.Source, r, x.Options)
		}
	}
	// The closest reference is the one fewest token edits away; it stands
	// for the correction the rater had in mind.
	bestD := math.MaxInt
	ht := in.Hyp.Texts()
	for i, r := range in.Refs {
		if d := edits.Levenshtein(ht, r.Texts()); d < bestD {
			best, bestD = i, d
		}
	}
	ref := in.Refs[best]
	toRef := edits.Extract(x.Lang, in.Hyp, ref, x.Options)
	v["re.to_ref"] = float64(len(toRef))
	v["re.to_ref_rate"] = float64(len(toRef)) / float64(max(1, ref.Len()))
	cats := map[category]float64{}
	oovAt := map[int]bool{}
	for _, i := range oov {
		oovAt[i] = true
	}
	refOOV := 0
	for _, e := range toRef {
		cats[categoryOf(e.Type)]++
		for i := e.OStart; i < e.OEnd; i++ {
			if oovAt[i] {
				refOOV++
				break
			}
		}
	}
	v["re.ref_oov"] = float64(refOOV)
	v["re.ref_minor"] = cats[minor]
	v["re.ref_grammar"] = cats[grammar]
	v["re.ref_order"] = cats[order]
	v["re.ref_content"] = cats[content]
	v["me.ter_ref"] = float64(edits.Levenshtein(ht, ref.Texts())) / float64(max(1, ref.Len()))
	made := map[editKey]bool{}
	for _, e := range hypEdits {
		made[keyOf(e)] = true
	}
	missed := 0
	for _, e := range refEdits[best] {
		if !made[keyOf(e)] {
			missed++
		}
	}
	v["re.missed"] = float64(missed)
	v["re.missed_rate"] = float64(missed) / float64(max(1, len(refEdits[best])))
	// The reference's corrections the output left alone are the
	// reference's edits outside the output's (touching is symmetric).
	left := Outside(refEdits[best], [][]edits.Edit{hypEdits})
	v["re.left"] = float64(left)
	v["re.left_rate"] = float64(left) / float64(max(1, len(refEdits[best])))
	v["me.rewrite"] = v["me.ter_ref"] * v["oc.ter"]
	anyRef := map[editKey]bool{}
	for _, es := range refEdits {
		for _, e := range es {
			anyRef[keyOf(e)] = true
		}
	}
	unmatched := 0
	for _, e := range hypEdits {
		if !anyRef[keyOf(e)] {
			unmatched++
		}
	}
	v["oc.unmatched"] = float64(unmatched)
	// An edit outside every reference is evidence of over-correction only
	// where several annotators left its place alone: on CoNLL-2014, 44% of
	// one annotator's edits touch nothing the other edited; outside three
	// other references, 12% (JFLEG), 13% (GMEG fce) and 18% (GMEG
	// Wikipedia) of a correction's edits fall (go run
	// ./calibrate/judge/internal/suite -sections outside).
	outside := 0
	if len(refEdits) >= 2 {
		outside = Outside(hypEdits, refEdits)
	}
	v["oc.outside"] = float64(outside)
	v["oc.outside_rate"] = float64(outside) / float64(max(1, len(hypEdits)))
	v["me.content_ref"] = contentChange(ref, in.Hyp)
	chrf := 0.0
	for _, r := range in.Refs {
		chrf = math.Max(chrf, chrfOf(x.cachedGrams(in.Hyp), x.cachedGrams(r)))
	}
	v["me.chrf_ref"] = chrf
	return best, refEdits
}

// A category groups error types by what they do to a reader.
type category int

const (
	minor   category = iota // spelling, case, punctuation: the sentence stays clear
	grammar                 // inflection and function words
	order                   // word order
	content                 // content words and multi-word rewrites
)

func categoryOf(t string) category {
	_, main := splitType(t)
	switch main {
	case "SPELL", "ORTH", "PUNCT", "CONTR":
		return minor
	case "WO":
		return order
	case "NOUN", "VERB", "ADJ", "ADV", "OTHER", "UNK":
		return content
	}
	return grammar
}

// An editKey identifies an edit as ERRANT's span-correction scoring does:
// its source span and its correction.
type editKey struct {
	start, end int
	cor        string
}

func keyOf(e edits.Edit) editKey {
	return editKey{e.OStart, e.OEnd, strings.Join(e.C, " ")}
}

func splitType(t string) (op, main string) {
	op, rest, ok := strings.Cut(t, ":")
	if !ok {
		return "", t
	}
	main, _, _ = strings.Cut(rest, ":")
	return op, main
}

func contentType(main string) bool {
	switch main {
	case "NOUN", "VERB", "ADJ", "ADV", "OTHER":
		return true
	}
	return false
}

func sameLemmas(src, hyp *edits.Sentence, e edits.Edit) bool {
	if e.OEnd-e.OStart != e.CEnd-e.CStart || e.CStart < 0 {
		return false
	}
	for i := range e.OEnd - e.OStart {
		a, b := src.Tokens[e.OStart+i], hyp.Tokens[e.CStart+i]
		if lemma(a) != lemma(b) {
			return false
		}
	}
	return true
}

func lemma(t edits.Token) string {
	if t.Lemma != "" {
		return strings.ToLower(t.Lemma)
	}
	return strings.ToLower(t.Text)
}

// isContent reports whether t is a content word: by its POS where the
// language tags, else any alphabetic word of four or more letters.
func isContent(t edits.Token) bool {
	switch t.POS {
	case "NOUN", "VERB", "ADJ", "ADV", "PROPN", "NUM":
		return true
	case "", "X":
		return utf8.RuneCountInString(t.Text) >= 4 && isWord(t.Text)
	}
	return false
}

// Outside counts the edits of hyp that touch no edit of any of refs: the
// places where the output changed what every reference left alone. With
// the roles swapped (a reference's edits against the output's alone) it
// counts the reference's corrections the output left alone.
func Outside(hyp []edits.Edit, refs [][]edits.Edit) int {
	n := 0
	for _, h := range hyp {
		if !slices.ContainsFunc(refs, func(es []edits.Edit) bool {
			return slices.ContainsFunc(es, func(e edits.Edit) bool { return touches(h, e) })
		}) {
			n++
		}
	}
	return n
}

// touches says edits a and b change the same source tokens, or one
// inserts next to or inside what the other changes: b's correction and
// a's are then alternatives for the same error.
func touches(a, b edits.Edit) bool {
	if a.OStart == a.OEnd || b.OStart == b.OEnd {
		return a.OStart <= b.OEnd && b.OStart <= a.OEnd
	}
	return a.OStart < b.OEnd && b.OStart < a.OEnd
}

// contentChange is the share of content-word lemmas of a and b that the
// other lacks (a multiset symmetric difference over the union's size).
func contentChange(a, b *edits.Sentence) float64 {
	ca, cb := contentBag(a), contentBag(b)
	n, diff := 0, 0
	for k, c := range ca {
		n += c
		diff += max(c-cb[k], cb[k]-c)
	}
	for k, c := range cb {
		n += c
		if _, ok := ca[k]; !ok {
			diff += c
		}
	}
	if n == 0 {
		return 0
	}
	return float64(diff) / float64(n)
}

var negationWords = map[string]bool{
	"not": true, "n't": true, "never": true, "no": true, "nobody": true, "nothing": true,
	"none": true, "nor": true, "neither": true, "nowhere": true, "cannot": true,
	"inte": true, "aldrig": true, "ingen": true, "inget": true, "inga": true, "ej": true,
}

func negations(s *edits.Sentence) int {
	n := 0
	for _, t := range s.Tokens {
		l := strings.ToLower(t.Text)
		if negationWords[l] || strings.HasSuffix(l, "n't") {
			n++
		}
	}
	return n
}

func numbers(s *edits.Sentence) map[string]int {
	m := map[string]int{}
	for _, t := range s.Tokens {
		for _, r := range t.Text {
			if unicode.IsDigit(r) {
				m[t.Text]++
				break
			}
		}
	}
	return m
}

// names counts capitalised words that do not start the sentence (and are
// not "I"): proper names, as far as case tells.
func names(s *edits.Sentence) map[string]int {
	m := map[string]int{}
	for i, t := range s.Tokens {
		if i == 0 || t.Text == "I" {
			continue
		}
		r, _ := utf8.DecodeRuneInString(t.Text)
		if unicode.IsUpper(r) && isWord(t.Text) {
			m[t.Text]++
		}
	}
	return m
}

func symDiff(a, b map[string]int) int {
	d := 0
	for k, c := range a {
		d += max(0, c-b[k])
	}
	for k, c := range b {
		d += max(0, c-a[k])
	}
	return d
}

func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && r != '-' && r != '\'' {
			return false
		}
	}
	return true
}

// words counts the tokens of s that are words (letters, hyphens,
// apostrophes).
func words(s *edits.Sentence) int {
	n := 0
	for _, t := range s.Tokens {
		if isWord(t.Text) {
			n++
		}
	}
	return n
}

// oovWords returns the positions of the words of s outside the language's
// lexicon (none when the language has no lexicon), leaving out
// capitalised words inside the sentence, which are mostly names.
func (x *Extractor) oovWords(s *edits.Sentence) []int {
	lex, ok := x.Lang.(Lexicon)
	if !ok {
		return nil
	}
	var out []int
	for i, t := range s.Tokens {
		if !isWord(t.Text) || strings.Contains(t.Text, "'") {
			continue
		}
		// Capitalised words inside a sentence are mostly names.
		r, _ := utf8.DecodeRuneInString(t.Text)
		if i > 0 && unicode.IsUpper(r) {
			continue
		}
		if !lex.InLexicon(t.Text) && !lex.InLexicon(strings.ToLower(t.Text)) {
			out = append(out, i)
		}
	}
	return out
}
