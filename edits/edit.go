package edits

import "strings"

// A Token is one word of a Sentence with the annotations a Language adds.
// Fields a Language does not fill stay empty.
type Token struct {
	Text  string // the token exactly as given
	Lower string // lower-cased Text
	Tag   string // fine-grained tag (Penn Treebank for English)
	POS   string // coarse Universal Dependencies tag (NOUN, VERB, ...)
	Lemma string // dictionary form
	Dep   string // dependency label (approximated where no parser runs)
}

// A Sentence is a tokenised sentence with its annotations.
type Sentence struct {
	Tokens []Token
	// Private is what the Language that annotated the sentence keeps for
	// itself (English: the tagger's tags before correction), to annotate
	// corrections of it faster (see AnnotateCorrection). Other code leaves
	// it alone; nil is always fine.
	Private any
}

// Texts returns the token texts of s.
func (s *Sentence) Texts() []string {
	out := make([]string, len(s.Tokens))
	for i, t := range s.Tokens {
		out[i] = t.Text
	}
	return out
}

// Len returns the number of tokens in s.
func (s *Sentence) Len() int { return len(s.Tokens) }

// An Edit changes the source tokens [OStart, OEnd) into the correction
// tokens [CStart, CEnd). An insertion has OStart == OEnd, a deletion
// CStart == CEnd. CStart and CEnd are -1 when the correction span is unknown
// (an edit read from M2 carries only its correction string).
//
// The special edit of an unchanged sentence has OStart == OEnd == -1 and
// Type "noop", as in M2.
type Edit struct {
	OStart, OEnd int
	CStart, CEnd int
	// O and C are the source and correction tokens of the edit. C is empty
	// for a deletion. For M2 gold edits with alternatives ("a||b"), C holds
	// the first alternative and Alternatives all of them.
	O, C         []string
	Alternatives []string
	Type         string // error type, e.g. "R:VERB:SVA", "M:DET", "noop"
}

// Correction returns the correction tokens joined by single spaces, or
// "-NONE-" for a deletion, as M2 writes it.
func (e Edit) Correction() string {
	if len(e.C) == 0 {
		return "-NONE-"
	}
	return strings.Join(e.C, " ")
}

// IsNoop reports whether e is the placeholder edit of an unchanged sentence.
func (e Edit) IsNoop() bool { return e.Type == "noop" || (e.OStart == -1 && e.OEnd == -1) }

// Op is one step of an alignment.
type Op byte

// The alignment operations.
const (
	Match      Op = 'M'
	Substitute Op = 'S'
	Insert     Op = 'I'
	Delete     Op = 'D'
	Transpose  Op = 'T' // a transposition of n tokens, ERRANT's "T2", "T3"...
)

// An AlignOp is one alignment step over source [OStart, OEnd) and
// correction [CStart, CEnd). Match, Substitute, Insert and Delete cover at
// most one token on each side; Transpose covers n tokens on each side.
type AlignOp struct {
	Op           Op
	OStart, OEnd int
	CStart, CEnd int
}

// A Language supplies the language-specific stages of extraction.
// Implementations must be safe for concurrent use.
type Language interface {
	// Name is the language code ("en", "sv", "xx").
	Name() string
	// Annotate fills tags, lemmas and other annotations for tokens, which
	// are used as given.
	Annotate(tokens []string) *Sentence
	// Merge groups the non-match ops of an alignment into edits by the
	// language's rules. Edits returned carry spans and tokens but no Type.
	Merge(o, c *Sentence, ops []AlignOp) []Edit
	// Classify returns the error type of e.
	Classify(o, c *Sentence, e Edit) string
}
