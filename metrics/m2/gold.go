package m2

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/parseerr"
)

// A Sentence is one source sentence of the gold standard as the M2 scorer
// sees it: its tokens and every annotator's edits.
type Sentence struct {
	Source []string
	// Annotators in the order the scorer visits them (Python 2's dict
	// order of their ids, which is ascending for small ids). A sentence
	// always has at least one annotator; one with no A lines at all has a
	// single annotator 0 without edits.
	Annotators []Annotator
}

// An Annotator is one coder's set of gold edits for a sentence.
type Annotator struct {
	ID    int
	Edits []GoldEdit // in file order; noop edits and edits past the sentence end left out
}

// A GoldEdit is one gold A line as the M2 scorer compares it with a
// system edit: same span, same original text, and a correction among the
// alternatives.
type GoldEdit struct {
	Start, End int // token offsets into the source
	// Original is the source tokens [Start, End) joined by single spaces.
	Original string
	// Corrections are the "||"-separated alternatives with surrounding
	// white space removed; "-NONE-" becomes "" (a deletion).
	Corrections []string

	// none has bit i set when Corrections[i] was "-NONE-" rather than an
	// empty field; the scorer's verbose output prints the two differently.
	none uint64
}

// An Annotation is one A line of an M2 file: an edit and its coder.
type Annotation struct {
	edits.Edit
	Coder int
}

// NewSentence returns the gold sentence for source with the given A lines
// in file order, prepared exactly as the M2 scorer's reader prepares a
// block of one S line: edits of type "noop" and edits outside
// [0, len(source)] are dropped (their coder still counts as an annotator),
// corrections come from Alternatives when set and otherwise from C, and
// annotators are ordered as the scorer's dict orders them.
func NewSentence(source []string, anns []Annotation) Sentence {
	var ids []int
	byID := map[int][]GoldEdit{}
	for _, a := range anns {
		if _, ok := byID[a.Coder]; !ok {
			ids = append(ids, a.Coder)
			byID[a.Coder] = nil
		}
		start, end := a.OStart, a.OEnd
		if a.Type == "noop" || start < 0 || end < 0 || start > len(source) || end > len(source) {
			continue
		}
		corr, none := corrections(a.Edit)
		byID[a.Coder] = append(byID[a.Coder], GoldEdit{
			Start:       start,
			End:         end,
			Original:    joinSpan(source, start, end),
			Corrections: corr,
			none:        none,
		})
	}
	return Sentence{Source: source, Annotators: annotators(ids, byID)}
}

// corrections returns the scorer's correction strings of e. A deletion
// without alternatives is taken to have had an empty field (ERRANT's way).
func corrections(e edits.Edit) ([]string, uint64) {
	if len(e.Alternatives) == 0 {
		return []string{strings.Join(e.C, " ")}, 0
	}
	return splitCorrections(e.Alternatives)
}

// splitCorrections maps "-NONE-" to "" and strips the other alternatives.
func splitCorrections(alts []string) ([]string, uint64) {
	out := make([]string, len(alts))
	var none uint64
	for i, c := range alts {
		if c == "-NONE-" {
			if i < 64 {
				none |= 1 << i
			}
			continue
		}
		out[i] = pyStrip(c)
	}
	return out, none
}

// annotators orders the annotators of one paragraph as the M2 scorer does:
// its reader fills one dict in order of first appearance and copies it
// into a second, and the scorer iterates the second.
func annotators(ids []int, byID map[int][]GoldEdit) []Annotator {
	if len(ids) == 0 {
		return []Annotator{{ID: 0}}
	}
	order := py2DictOrder(py2DictOrder(ids))
	out := make([]Annotator, len(order))
	for i, id := range order {
		out[i] = Annotator{ID: id, Edits: byID[id]}
	}
	return out
}

// joinSpan joins toks[start:end] with spaces, with Python's slice clamping.
func joinSpan(toks []string, start, end int) string {
	start, end = min(start, len(toks)), min(end, len(toks))
	if start >= end {
		return ""
	}
	return strings.Join(toks[start:end], " ")
}

// ErrGold is wrapped by every error ReadGold returns for a malformed file.
var ErrGold = errors.New("malformed M2 gold file")

// A GoldError reports a malformed gold file with its position, printed
// "file:line:col: message"; it is parseerr.Error, the one positioned error
// of every reader, and its Err wraps ErrGold.
type GoldError = parseerr.Error

// goldErr returns the GoldError at name:line:col saying msg.
func goldErr(name string, line, col int, msg string) *GoldError {
	return &GoldError{File: name, Line: line, Column: col, Err: goldProblem(msg)}
}

// A goldProblem is the message of a GoldError; it wraps ErrGold without
// repeating its text.
type goldProblem string

func (p goldProblem) Error() string { return string(p) }
func (p goldProblem) Unwrap() error { return ErrGold }

// ReadGold reads an M2 gold file from r exactly as the M2 scorer's own
// reader does; name is used in errors. It differs from corpora.ReadM2 in
// what the scorer tolerates and how it reads it:
//
//   - a block is the lines between lines that are exactly "\n"; a line of
//     spaces does not end a block (the scorer then fails on it, and so does
//     ReadGold);
//   - unlike the scorer, it reads "\r\n" line ends as "\n" and drops a
//     UTF-8 byte order mark, as every gecmetric reader does (the scorer
//     would fail on both);
//   - lines break where Python's unicode.splitlines breaks them;
//   - a block may hold several S lines: each is a sentence of its own, and
//     each gets every edit of the block whose offsets, counted over the
//     whole block, do not pass the end of that sentence and the ones
//     before it;
//   - "I " lines are ignored, the block's first line is never checked, the
//     edit type "noop" turns the span into -1 -1, edits with negative
//     offsets or offsets past the end are dropped, the annotator is the
//     sixth |||-field and the span field may hold extra words.
func ReadGold(r io.Reader, name string) ([]Sentence, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if bytes.IndexByte(data[:min(len(data), 4096)], 0) >= 0 || !utf8.Valid(data[:min(len(data), 4)]) {
		if err := parseerr.Encoding(name, data); err != nil {
			return nil, err
		}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if i := bytes.IndexByte(data, 0); i >= 0 {
		line, col := parseerr.Offset(data, int64(i))
		return nil, goldErr(name, line, col, "NUL byte")
	}
	if !utf8.Valid(data) {
		line, col := parseerr.Offset(data, int64(invalidAt(data)))
		return nil, goldErr(name, line, col, "invalid UTF-8 (the scorer decodes the file as UTF-8)")
	}
	var out []Sentence
	var para []string
	paraLine, lineNo := 0, 0
	flush := func() error {
		if len(para) == 0 {
			return nil
		}
		s, err := readParagraph(para, name, paraLine)
		out = append(out, s...)
		para = para[:0]
		return err
	}
	for _, l := range splitLinesKeep(string(data)) {
		lineNo++
		if l == "\n" {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		if len(para) == 0 {
			paraLine = lineNo
		}
		para = append(para, l)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

func invalidAt(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

type rawEdit struct {
	start, end int
	corr       []string
	none       uint64
	coder      int
}

// readParagraph turns the lines of one block (each with its break) into
// sentences. firstLine is the line number of lines[0].
func readParagraph(lines []string, name string, firstLine int) ([]Sentence, error) {
	// The scorer joins the block and splits it again without breaks; a
	// "\r\n" inside a kept line cannot occur, so trimming each is the same.
	var sents []string
	for i := range lines {
		lines[i] = trimLineBreak(lines[i])
		if strings.HasPrefix(lines[i], "S ") {
			sents = append(sents, pyStrip(lines[i][2:]))
		}
	}
	if len(sents) == 0 {
		return nil, goldErr(name, firstLine, 1, "block without an S line")
	}
	var allToks []string
	for _, s := range sents {
		allToks = append(allToks, Tokenize(s)...)
	}
	var ids []int
	seen := map[int]bool{}
	var raw []rawEdit
	for i, l := range lines[1:] {
		ln := firstLine + 1 + i
		if strings.HasPrefix(l, "I ") || strings.HasPrefix(l, "S ") {
			continue
		}
		if !strings.HasPrefix(l, "A ") {
			return nil, goldErr(name, ln, 1, fmt.Sprintf("line starts with %q, want \"A \", \"S \" or \"I \" inside a block", firstChars(l, 10)))
		}
		fields := strings.Split(l[2:], "|||")
		if len(fields) < 6 {
			return nil, goldErr(name, ln, 1, fmt.Sprintf("A line has %d |||-separated fields, want 6", len(fields)))
		}
		span := Tokenize(fields[0])
		if len(span) < 2 {
			return nil, goldErr(name, ln, 3, fmt.Sprintf("span %q is not two offsets", fields[0]))
		}
		start, err1 := pyInt(span[0])
		end, err2 := pyInt(span[1])
		coder, err3 := pyInt(fields[5])
		if err1 != nil || err2 != nil {
			return nil, goldErr(name, ln, 3, fmt.Sprintf("span %q is not two integers", fields[0]))
		}
		if err3 != nil {
			return nil, goldErr(name, ln, 3+len(strings.Join(fields[:5], "|||"))+3, fmt.Sprintf("annotator %q is not an integer", fields[5]))
		}
		if fields[1] == "noop" {
			start, end = -1, -1
		}
		alts, none := splitCorrections(strings.Split(fields[2], "||"))
		if !seen[coder] {
			seen[coder] = true
			ids = append(ids, coder)
		}
		raw = append(raw, rawEdit{start, end, alts, none, coder})
	}
	out := make([]Sentence, 0, len(sents))
	offset := 0
	for _, s := range sents {
		toks := Tokenize(s)
		offset += len(toks)
		byID := map[int][]GoldEdit{}
		for _, e := range raw {
			if e.start < 0 || e.end < 0 || e.start > offset || e.end > offset {
				continue
			}
			byID[e.coder] = append(byID[e.coder], GoldEdit{
				Start:       e.start,
				End:         e.end,
				Original:    joinSpan(allToks, e.start, e.end),
				Corrections: e.corr,
				none:        e.none,
			})
		}
		out = append(out, Sentence{Source: toks, Annotators: annotators(ids, byID)})
	}
	return out, nil
}

// pyInt parses s as Python's int() does for plain decimal integers.
func pyInt(s string) (int, error) {
	return strconv.Atoi(pyStrip(s))
}

func firstChars(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "..."
}
