package evidence

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/edits"
)

// The loss features (ls.*) see what an output leaves out of, or puts
// beside, the sentence it corrects: the failures that edit counts and
// reference metrics miss when an output deletes words, cuts the sentence
// short, shuffles it, lower-cases it, appends unrelated text or replaces it
// with another sentence. Each is a count share over bags (multisets) of
// lower-cased lemmas or token bigrams, so it costs one pass over each
// sentence:
//
//	ls.final        1 when the output ends in sentence-final punctuation
//	                (endsSentence: . ! ? … before any closing quotes and
//	                brackets, in whatever tokens: ". \"", ".\"",
//	                "World. \""), else 0 (alone)
//	ls.lower_start  1 when the output's first letter is lower case (alone)
//	ls.junk         tokens that are no text: a model's unknown-word marker
//	                such as <unk> (anything in angle brackets) (alone)
//	ls.repeats      adjacent repeated tokens ("send send", ", ,") the
//	                output has beyond those of the source (source)
//	ls.names_lost   share of the source's capitalised tokens after its
//	                first that the output lacks (0 when it has none):
//	                names dropped (source)
//	ls.src_kept     share of the source's content-word lemmas found in the
//	                output (1 when the source has none)
//	ls.src_bigrams  share of the source's token bigrams (lower-cased) found
//	                in the output
//	ls.lost2        (1 − ls.src_kept)²: small for the few words a correction
//	                changes, large for an output that lost or replaced the
//	                sentence, so a linear model can weigh a large loss far
//	                more than a small one (source)
//	ls.broken2      (1 − ls.src_bigrams)², the same for word order and
//	                deleted words (source)
//	ls.added        share of the output's content-word lemmas not in the
//	                source
//	ls.len_ratio    log((|output|+1)/(|source|+1)): negative when words
//	                were lost
//	ls.case_lost    capitalised source tokens less capitalised output
//	                tokens, at least 0, over the source's capitalised
//	                tokens (0 when it has none)
//	ls.ref_kept     the largest share of a reference's content-word lemmas
//	                found in the output (reference form)
//	ls.ref_bigrams  the largest share of a reference's token bigrams found
//	                in the output (reference form)
//	ls.added_ref    ls.added counting only words that no reference has
//	                either, so that a fluent rewrite using a reference's
//	                words is not counted as adding (reference form)
var lossFeatures = []feature{
	{"ls.final", FormAlone},
	{"ls.lower_start", FormAlone},
	{"ls.junk", FormAlone},
	{"ls.repeats", FormSource},
	{"ls.names_lost", FormSource},
	{"ls.src_kept", FormSource},
	{"ls.src_bigrams", FormSource},
	{"ls.lost2", FormSource},
	{"ls.broken2", FormSource},
	{"ls.added", FormSource},
	{"ls.len_ratio", FormSource},
	{"ls.case_lost", FormSource},
	{"ls.ref_kept", FormReference},
	{"ls.ref_bigrams", FormReference},
	{"ls.added_ref", FormReference},
}

func lossAlone(v Values, hyp *edits.Sentence) {
	v["ls.final"] = 0
	if endsSentence(hyp.Tokens) {
		v["ls.final"] = 1
	}
	junk := 0
	for _, t := range hyp.Tokens {
		if len(t.Text) > 2 && strings.HasPrefix(t.Text, "<") && strings.HasSuffix(t.Text, ">") {
			junk++
		}
	}
	v["ls.junk"] = float64(junk)
	v["ls.lower_start"] = 0
	for _, t := range hyp.Tokens {
		r, _ := utf8.DecodeRuneInString(t.Text)
		if unicode.IsLetter(r) {
			if unicode.IsLower(r) {
				v["ls.lower_start"] = 1
			}
			break
		}
	}
}

// contentBag is the multiset of a sentence's content-word lemmas.
func contentBag(s *edits.Sentence) map[string]int {
	b := map[string]int{}
	for _, t := range s.Tokens {
		if isContent(t) {
			b[lemma(t)]++
		}
	}
	return b
}

// bigramBag is the multiset of a sentence's lower-cased token bigrams.
func bigramBag(s *edits.Sentence) map[[2]string]int {
	b := map[[2]string]int{}
	for i := 1; i < len(s.Tokens); i++ {
		b[[2]string{lowerOf(s.Tokens[i-1]), lowerOf(s.Tokens[i])}]++
	}
	return b
}

func lowerOf(t edits.Token) string {
	if t.Lower != "" {
		return t.Lower
	}
	return t.Text
}

// keptShare is the share of want's count found in have (clipped counts);
// 1 when want is empty.
func keptShare[K comparable](want, have map[K]int) float64 {
	n, kept := 0, 0
	for k, c := range want {
		n += c
		kept += min(c, have[k])
	}
	if n == 0 {
		return 1
	}
	return float64(kept) / float64(n)
}

func capitalised(s *edits.Sentence) int {
	n := 0
	for _, t := range s.Tokens {
		r, _ := utf8.DecodeRuneInString(t.Text)
		if unicode.IsUpper(r) {
			n++
		}
	}
	return n
}

// lossBags are the bags of a source and an output that both the source
// and the reference loss features count against, made once per output.
type lossBags struct {
	src, hyp   map[string]int    // content-word lemmas
	hypBigrams map[[2]string]int // the output's bigrams
}

func lossSource(v Values, src, hyp *edits.Sentence) lossBags {
	b := lossBags{src: contentBag(src), hyp: contentBag(hyp), hypBigrams: bigramBag(hyp)}
	v["ls.src_kept"] = keptShare(b.src, b.hyp)
	v["ls.src_bigrams"] = keptShare(bigramBag(src), b.hypBigrams)
	v["ls.lost2"] = (1 - v["ls.src_kept"]) * (1 - v["ls.src_kept"])
	v["ls.broken2"] = (1 - v["ls.src_bigrams"]) * (1 - v["ls.src_bigrams"])
	v["ls.added"] = addedShare(b.hyp, b.src)
	v["ls.len_ratio"] = math.Log(float64(hyp.Len()+1) / float64(src.Len()+1))
	v["ls.repeats"] = float64(max(0, repeats(hyp)-repeats(src)))
	v["ls.names_lost"] = namesLost(src, hyp)
	v["ls.case_lost"] = 0
	if cs := capitalised(src); cs > 0 {
		v["ls.case_lost"] = float64(max(0, cs-capitalised(hyp))) / float64(cs)
	}
	return b
}

// repeats counts adjacent equal tokens (case ignored).
func repeats(s *edits.Sentence) int {
	n := 0
	for i := 1; i < len(s.Tokens); i++ {
		if lowerOf(s.Tokens[i]) == lowerOf(s.Tokens[i-1]) {
			n++
		}
	}
	return n
}

// namesLost is the share of src's capitalised tokens after the first
// token (names, mostly) that hyp lacks, counted as multisets.
func namesLost(src, hyp *edits.Sentence) float64 {
	want := map[string]int{}
	n := 0
	for i, t := range src.Tokens {
		r, _ := utf8.DecodeRuneInString(t.Text)
		if i > 0 && unicode.IsUpper(r) {
			want[t.Text]++
			n++
		}
	}
	if n == 0 {
		return 0
	}
	have := map[string]int{}
	for _, t := range hyp.Tokens {
		have[t.Text]++
	}
	lost := 0
	for w, c := range want {
		lost += max(0, c-have[w])
	}
	return float64(lost) / float64(n)
}

// addedShare is the share of hyp's count that none of the known bags has.
func addedShare(hyp map[string]int, known ...map[string]int) float64 {
	n, added := 0, 0
	for k, c := range hyp {
		n += c
		have := 0
		for _, b := range known {
			have = max(have, b[k])
		}
		added += max(0, c-have)
	}
	if n == 0 {
		return 0
	}
	return float64(added) / float64(n)
}

func lossReference(v Values, b lossBags, refs []*edits.Sentence) {
	known := []map[string]int{b.src}
	kept, bigrams := 0.0, 0.0
	for _, r := range refs {
		rb := contentBag(r)
		known = append(known, rb)
		kept = math.Max(kept, keptShare(rb, b.hyp))
		bigrams = math.Max(bigrams, keptShare(bigramBag(r), b.hypBigrams))
	}
	v["ls.ref_kept"] = kept
	v["ls.ref_bigrams"] = bigrams
	v["ls.added_ref"] = addedShare(b.hyp, known...)
}
