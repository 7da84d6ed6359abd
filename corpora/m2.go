package corpora

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/edits"
)

// An M2Block is one sentence of an M2 file: the source tokens and every
// annotator's edits, in file order.
type M2Block struct {
	Line   int      // line of the S line, 1-based
	Source []string // source tokens
	Edits  []M2Edit
	// Targets are ChERRANT's target lines ("T0-A0 tokens", "T1 没有错误")
	// in file order; an edit's Target says which one it follows.
	Targets []M2Target
	// Doc is the document the block belongs to: the id of the last
	// document header read at or before it ("" before any). Header is set
	// on the header itself: a block whose S line is "# " and digits (UA-GEC's
	// "S # 0002") and whose edits are all noops. A header is a block like
	// any other (readers of sentence-aligned text count it as a line);
	// essay-level scoring groups blocks by Doc.
	Doc    string
	Header bool

	// Round-trip state: what was read, so that an unchanged block is
	// written back byte for byte.
	rawS     string
	rawSKey  string
	lead     []string // blank lines before the block (first block only)
	blanks   []string // blank lines after the block, as read (may hold spaces or \r)
	hasBlank bool
}

// An M2Edit is one A line: an edit with the annotator (coder) who made it.
type M2Edit struct {
	edits.Edit
	Required string // fourth field, normally "REQUIRED"
	Comment  string // fifth field, normally "-NONE-"
	Coder    int    // annotator id, the sixth field
	Line     int    // line in the file, 1-based; 0 for edits made in memory
	// Target is 1 + the index in the block's Targets of the ChERRANT
	// target line this edit follows, 0 when none precedes it (ERRANT's M2).
	Target int

	raw  string     // the A line as read; "" for edits made in memory
	read *readState // the fields as read, to tell whether e changed since
}

// readState is an A line's fields as ReadM2 parsed them: an edit whose
// fields all still hold these values is unchanged, and its line as read
// stands for it.
type readState struct {
	start, end, coder      int
	typ, required, comment string
	field                  string // the correction field as FormatA writes it
	c                      string // the correction tokens joined by spaces
	rawField               string // the correction field as read
}

// NewM2Edit returns the M2 form of e for the given coder, with the usual
// "REQUIRED" and "-NONE-" fields.
func NewM2Edit(e edits.Edit, coder int) M2Edit {
	return M2Edit{Edit: e, Required: "REQUIRED", Comment: "-NONE-", Coder: coder}
}

// SourceLine returns the text of the S line after "S " as read (without
// its line break), or the source tokens joined by spaces for a block made
// in memory or changed since.
func (b *M2Block) SourceLine() string {
	if b.sourceUnchanged() {
		line := strings.TrimSuffix(b.rawS, "\r")
		return strings.TrimPrefix(strings.TrimPrefix(line, "S"), " ")
	}
	return strings.Join(b.Source, " ")
}

// Coders returns the distinct coder ids of b in ascending order.
func (b *M2Block) Coders() []int {
	var ids []int
	for _, e := range b.Edits {
		if !slices.Contains(ids, e.Coder) {
			ids = append(ids, e.Coder)
		}
	}
	slices.Sort(ids)
	return ids
}

// CoderEdits returns the edits of one coder in file order, "noop" edits
// included. Where ChERRANT gives a reference several equally cheap
// alignments (T0-A0, T0-A1, ...), each with its own edits under the same
// coder id, only the first alignment's edits are returned (the others
// describe the same correction; see AlignmentEdits).
func (b *M2Block) CoderEdits(coder int) []edits.Edit {
	var out []edits.Edit
	for _, e := range b.Edits {
		if e.Coder == coder && (e.Target == 0 || b.Targets[e.Target-1].Alt <= 0) {
			out = append(out, e.Edit)
		}
	}
	return out
}

// AlignmentEdits returns the edits that follow the target line
// b.Targets[t] (one alignment of one reference, in ChERRANT's M2).
func (b *M2Block) AlignmentEdits(t int) []edits.Edit {
	var out []edits.Edit
	for _, e := range b.Edits {
		if e.Target == t+1 {
			out = append(out, e.Edit)
		}
	}
	return out
}

// An M2Target is one target line of ChERRANT's M2 dialect, between the S
// line and the A lines: "T<ref>-A<alt> tokens" gives reference ref's
// corrected tokens, whose edits (coder id ref) follow under alignment alt;
// "T<ref> 没有错误" ("no error") says reference ref leaves the sentence
// as it is.
type M2Target struct {
	Ref     int      // the reference (coder) index
	Alt     int      // the alignment index; -1 when the line has none
	Tokens  []string // the corrected tokens; nil with NoError
	NoError bool     // the line reads "没有错误"
	Line    int      // line in the file, 1-based

	raw   string // the line as read
	after int    // the number of the block's edits read before it
}

// noErrorText is ChERRANT's "no error" target.
const noErrorText = "没有错误"

// parseTarget parses the text of a ChERRANT target line, "T" already
// checked.
func parseTarget(line, name string, lineNo int) (M2Target, error) {
	head, rest, _ := strings.Cut(line, " ")
	t := M2Target{Alt: -1, Line: lineNo}
	refStr, altStr, hasAlt := strings.Cut(head[1:], "-")
	ref, err := strconv.Atoi(refStr)
	if err == nil && hasAlt {
		if !strings.HasPrefix(altStr, "A") {
			err = strconv.ErrSyntax
		} else {
			t.Alt, err = strconv.Atoi(altStr[1:])
		}
	}
	if err != nil || ref < 0 || (hasAlt && t.Alt < 0) {
		return t, parseErr(name, lineNo, 1, ErrM2Syntax, "target line %q: want T<reference>-A<alignment> or T<reference> (ChERRANT's M2)", firstRunes(head, 12))
	}
	t.Ref = ref
	if strings.TrimSpace(rest) == noErrorText {
		t.NoError = true
	} else {
		t.Tokens = strings.Fields(rest)
	}
	return t, nil
}

// isDocHeader reports whether b is a document header (see M2Block.Header).
func isDocHeader(b *M2Block) bool {
	if len(b.Source) != 2 || b.Source[0] != "#" || b.Source[1] == "" || len(b.Edits) == 0 {
		return false
	}
	for _, r := range b.Source[1] {
		if r < '0' || r > '9' {
			return false
		}
	}
	for _, e := range b.Edits {
		if !e.IsNoop() {
			return false
		}
	}
	return true
}

// ReadM2File reads the M2 file at path.
func ReadM2File(path string) ([]M2Block, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadM2(f, path)
}

// ReadM2 reads a whole M2 document from r. name is used in errors.
func ReadM2(r io.Reader, name string) ([]M2Block, error) {
	var blocks []M2Block
	mr := NewM2Reader(r, name)
	for mr.Scan() {
		blocks = append(blocks, *mr.Block())
	}
	return blocks, mr.Err()
}

// An M2Reader reads an M2 document block by block, streamed:
//
//	r := corpora.NewM2Reader(f, path)
//	for r.Scan() {
//		use(r.Block())
//	}
//	if err := r.Err(); err != nil { ... }
//
// Lines may end in \n or \r\n (read alike; a block is written back as
// read); a UTF-8 byte order mark at the start is dropped. Invalid UTF-8
// and NUL bytes are a *ParseError with the line and column. An edit span
// past the end of its sentence is kept (JFLEG's M2 has them and the M2
// scorer accepts them) and counted in PastEnd. Input past the Limits (the
// bytes of the file, a line's length, the A lines of one block) is a
// *ParseError naming the line.
//
// The dialects of published corpora are read as they are, and written
// back as read: an S line straight after an A line starts a new block
// (EstGEC's dev M2); "-NONE-" or an empty field is a deletion; a noop may
// carry "-NONE-" where "REQUIRED" stands (Tartu L1); ChERRANT's target
// lines ("T0-A0 tokens", "T1 没有错误") are kept in M2Block.Targets, each
// edit pointing at the one it follows; UA-GEC's document headers
// ("S # 0002" with noops) are marked (M2Block.Header, Doc). Edits of one
// coder may overlap (EstGEC's word-order edits hold word corrections);
// they are kept as read (see edits.SplitOverlapping).
type M2Reader struct {
	// Limits bound the bytes read, a line's length and the edits of one
	// block. Set them before the first Scan.
	Limits
	// PastEnd counts the edits read so far whose span passes the end of
	// their sentence; PastEndLine is the line of the first.
	PastEnd, PastEndLine int
	// Repeated counts the edits read so far that repeat an earlier edit
	// of their block (same annotator, span, type and correction);
	// RepeatedLine is the line of the first. The M2 scorer counts such a
	// gold edit twice, so that precision can pass 1 (ERRANT's issue #49
	// is the same class of problem); the edit is kept, as the scorer
	// keeps it.
	Repeated, RepeatedLine int

	name    string
	r       io.Reader
	sc      *bufio.Scanner
	lineNo  int
	cur     *M2Block        // the block being read
	next    *M2Block        // a block whose S line was read ahead
	lead    []string        // blank lines before the first block
	seen    map[string]bool // the edits of the block, for Repeated
	doc     string          // the id of the last document header read
	started bool
	done    bool
	err     error
}

// NewM2Reader returns a reader of r; name is used in errors.
func NewM2Reader(r io.Reader, name string) *M2Reader {
	return &M2Reader{name: name, r: r}
}

// Block returns the block read by the last Scan. The block is the
// caller's: the reader does not touch it again.
func (mr *M2Reader) Block() *M2Block { return mr.cur }

// Err returns the first error met, nil at a clean end.
func (mr *M2Reader) Err() error { return mr.err }

// Scan reads the next block; false at the end or on an error.
func (mr *M2Reader) Scan() bool {
	if mr.err != nil || mr.done {
		return false
	}
	if mr.sc == nil {
		mr.sc = newScanner(mr.r, mr.Limits)
		mr.sc.Split(scanLinesKeepCR)
	}
	mr.cur, mr.next = mr.next, nil
	for mr.sc.Scan() {
		mr.lineNo++
		b := mr.sc.Bytes()
		if mr.lineNo == 1 {
			b = bytes.TrimPrefix(b, bom)
		}
		if err := checkBytes(b, mr.name, mr.lineNo, "M2 line"); err != nil {
			mr.err = err
			return false
		}
		raw := string(b)
		line := strings.TrimSuffix(raw, "\r")
		switch {
		case strings.TrimSpace(line) == "":
			if mr.cur != nil {
				mr.cur.blanks = append(mr.cur.blanks, raw)
				mr.cur.hasBlank = true
			} else {
				mr.lead = append(mr.lead, raw)
			}
		case strings.HasPrefix(line, "S ") || line == "S":
			// An S line right after an A line starts a new block too
			// (EstGEC's dev M2 has 84 such); it is written back as read.
			text := strings.TrimPrefix(strings.TrimPrefix(line, "S"), " ")
			b := &M2Block{Line: mr.lineNo, Source: strings.Fields(text), rawS: raw}
			b.rawSKey = sKey(b.Source)
			if !mr.started {
				b.lead, mr.lead = mr.lead, nil
				mr.started = true
			}
			clear(mr.seen)
			if mr.cur != nil {
				mr.next = b
				mr.finish()
				return true
			}
			mr.cur = b
		case len(line) > 1 && line[0] == 'T' && line[1] >= '0' && line[1] <= '9':
			if mr.cur == nil || mr.cur.hasBlank {
				mr.err = parseErr(mr.name, mr.lineNo, 1, ErrM2Syntax, "target line outside a block: it belongs to no S line")
				return false
			}
			t, err := parseTarget(line, mr.name, mr.lineNo)
			if err != nil {
				mr.err = err
				return false
			}
			t.raw, t.after = raw, len(mr.cur.Edits)
			mr.cur.Targets = append(mr.cur.Targets, t)
		case strings.HasPrefix(line, "A "):
			if mr.cur == nil {
				mr.err = parseErr(mr.name, mr.lineNo, 1, ErrM2Syntax, "A line before any S line")
				return false
			}
			if mr.cur.hasBlank {
				mr.err = parseErr(mr.name, mr.lineNo, 1, ErrM2Syntax, "A line after a blank line: it belongs to no S line")
				return false
			}
			if max := mr.maxEdits(); max >= 0 && len(mr.cur.Edits) >= max {
				mr.err = parseErr(mr.name, mr.lineNo, 1, ErrTooManyEdits, "the sentence of line %d has more edits than the limit of %d", mr.cur.Line, max)
				return false
			}
			e, err := parseALine(line[2:], mr.cur.Source, mr.name, mr.lineNo)
			if err != nil {
				mr.err = err
				return false
			}
			mr.noteRepeat(line)
			if !e.IsNoop() && e.OEnd > len(mr.cur.Source) {
				if mr.PastEnd == 0 {
					mr.PastEndLine = mr.lineNo
				}
				mr.PastEnd++
			}
			e.raw = raw
			e.Target = len(mr.cur.Targets)
			mr.cur.Edits = append(mr.cur.Edits, e)
		default:
			mr.err = parseErr(mr.name, mr.lineNo, 1, ErrM2Syntax, "line starts with %q, want \"S \", \"A \", a ChERRANT target \"T0-A0 \" or a blank line", firstRunes(line, 12))
			return false
		}
	}
	if err := mr.sc.Err(); err != nil {
		mr.err = scanError(mr.name, mr.lineNo+1, err, mr.Limits)
		return false
	}
	mr.done = true
	if mr.cur != nil {
		mr.finish()
	}
	return mr.cur != nil
}

// noteRepeat counts the A line (without "\r") in Repeated when its block
// already has the same line: the same span, type, correction, required
// and comment fields and annotator.
func (mr *M2Reader) noteRepeat(line string) {
	if mr.seen == nil {
		mr.seen = map[string]bool{}
	}
	key := strings.Join(strings.Fields(line), " ")
	if !mr.seen[key] {
		mr.seen[key] = true
		return
	}
	if mr.Repeated == 0 {
		mr.RepeatedLine = mr.lineNo
	}
	mr.Repeated++
}

// finish completes the block just read: its document.
func (mr *M2Reader) finish() {
	b := mr.cur
	if isDocHeader(b) {
		b.Header = true
		mr.doc = b.Source[1]
	}
	b.Doc = mr.doc
}

// Line returns the number of lines read so far.
func (mr *M2Reader) Line() int { return mr.lineNo }

func parseALine(s string, src []string, name string, lineNo int) (M2Edit, error) {
	fields := strings.Split(s, "|||")
	if len(fields) != 6 {
		why := ""
		if len(fields) > 6 {
			why = `; "|||" inside a correction, which M2 cannot hold, gives such a line`
		}
		return M2Edit{}, parseErr(name, lineNo, 3, ErrM2Syntax, "A line has %d |||-separated fields, want 6 (span, type, correction, required, comment, coder)%s", len(fields), why)
	}
	span := strings.Fields(fields[0])
	if len(span) != 2 {
		return M2Edit{}, parseErr(name, lineNo, 3, ErrM2Syntax, "span %q is not two offsets", fields[0])
	}
	start, err1 := strconv.Atoi(span[0])
	end, err2 := strconv.Atoi(span[1])
	if err1 != nil || err2 != nil {
		return M2Edit{}, parseErr(name, lineNo, 3, ErrM2Syntax, "span %q is not two integers", fields[0])
	}
	noop := start == -1 && end == -1
	// Spans past the end of the sentence occur in published references
	// (JFLEG's M2) and the M2 scorer accepts them, so they are kept; O then
	// holds the tokens that exist.
	if !noop && (start < 0 || end < start) {
		return M2Edit{}, parseErr(name, lineNo, 3, ErrM2Syntax, "span %d %d is not a valid token range", start, end)
	}
	coder, err := strconv.Atoi(strings.TrimSpace(fields[5]))
	if err != nil {
		col := 3 + len(s) - len(fields[5])
		return M2Edit{}, parseErr(name, lineNo, col, ErrM2Syntax, "coder %q is not an integer", fields[5])
	}
	e := M2Edit{
		Edit: edits.Edit{
			OStart: start, OEnd: end, CStart: -1, CEnd: -1,
			Type: fields[1],
		},
		Required: fields[3],
		Comment:  fields[4],
		Coder:    coder,
		Line:     lineNo,
	}
	if !noop {
		e.O = src[min(start, len(src)):min(end, len(src))]
	}
	alts := strings.Split(fields[2], "||")
	if len(alts) > 1 {
		e.Alternatives = alts
	}
	e.C = correctionTokens(alts[0])
	rs := &readState{start: start, end: end, coder: coder, typ: e.Type, required: e.Required, comment: e.Comment,
		c: strings.Join(e.C, " "), rawField: fields[2]}
	switch {
	case len(alts) > 1:
		rs.field = fields[2] // the alternatives joined by "||"
	case len(e.C) == 0:
		rs.field = "-NONE-"
	default:
		rs.field = rs.c
	}
	e.read = rs
	return e, nil
}

// ErrUnwritable is wrapped by the error of CheckCorrection.
var ErrUnwritable = errors.New("the correction cannot be written as M2")

// CheckCorrection returns an error wrapping ErrUnwritable when the
// correction tokens c cannot be written as an M2 correction field and
// read back the same: a token holding "||" (M2 separates alternative
// corrections by "||" and fields by "|||"), or a correction that ends
// with "|" (it would run into the "|||" after the field; a leading "|"
// reads back, as the reader splits fields from the left). M2 has
// no escape for them, so the edit is refused rather than written as a
// line that no M2 reader (ERRANT's, the M2 scorer's, this one) reads back
// as written.
func CheckCorrection(c []string) error {
	for _, t := range c {
		if strings.Contains(t, "||") {
			return fmt.Errorf("%w: the token %q holds \"||\", M2's separator of alternatives (and of fields, as \"|||\")", ErrUnwritable, t)
		}
	}
	if len(c) > 0 && strings.HasSuffix(c[len(c)-1], "|") {
		return fmt.Errorf("%w: %q ends with \"|\", which runs into the \"|||\" after the field", ErrUnwritable, strings.Join(c, " "))
	}
	return nil
}

// correctionTokens splits an M2 correction; "-NONE-" and "" are a deletion.
func correctionTokens(c string) []string {
	if c == "-NONE-" {
		return nil
	}
	return strings.Fields(c)
}

// correctionField is the M2 correction field of e.
func correctionField(e M2Edit) string {
	if len(e.Alternatives) > 0 {
		return strings.Join(e.Alternatives, "||")
	}
	return e.Correction()
}

// CorrectionField returns the correction field of e as it was read
// ("-NONE-", an empty field and "a||b" kept apart, spacing kept) when e
// came from ReadM2 and has not been changed since; otherwise the field as
// FormatA writes it. Tools that compare M2 files as text, like ERRANT's
// compare_m2.py, need the field as read.
func (e M2Edit) CorrectionField() string {
	if e.unchanged() {
		return e.read.rawField
	}
	return correctionField(e)
}

// FormatA returns the A line of e without the line break.
func FormatA(e M2Edit) string {
	var b strings.Builder
	field := correctionField(e)
	b.Grow(len("A  |||||||||||||||") + 3*20 + len(e.Type) + len(field) + len(e.Required) + len(e.Comment))
	b.WriteString("A ")
	b.WriteString(strconv.Itoa(e.OStart))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(e.OEnd))
	for _, f := range [...]string{e.Type, field, e.Required, e.Comment} {
		b.WriteString("|||")
		b.WriteString(f)
	}
	b.WriteString("|||")
	b.WriteString(strconv.Itoa(e.Coder))
	return b.String()
}

// unchanged reports whether e was read by ReadM2 and has not been changed
// since (every field of its A line, and its correction tokens, hold what
// was read), so that its line as read still stands for it.
func (e *M2Edit) unchanged() bool {
	r := e.read
	if e.raw == "" || r == nil || e.OStart != r.start || e.OEnd != r.end || e.Coder != r.coder ||
		e.Type != r.typ || e.Required != r.required || e.Comment != r.comment || !joinedEqual(e.C, " ", r.c) {
		return false
	}
	if len(e.Alternatives) > 0 {
		return joinedEqual(e.Alternatives, "||", r.field)
	}
	if len(e.C) == 0 {
		return r.field == "-NONE-"
	}
	return r.field == r.c
}

// sourceUnchanged reports whether b was read by ReadM2 and its source
// tokens are still those of its S line.
func (b *M2Block) sourceUnchanged() bool {
	return b.rawS != "" && joinedEqual(b.Source, "\x00", b.rawSKey)
}

func sKey(src []string) string { return strings.Join(src, "\x00") }

// joinedEqual reports whether strings.Join(parts, sep) == s, without
// joining.
func joinedEqual(parts []string, sep, s string) bool {
	for i, p := range parts {
		if i > 0 {
			if !strings.HasPrefix(s, sep) {
				return false
			}
			s = s[len(sep):]
		}
		if !strings.HasPrefix(s, p) {
			return false
		}
		s = s[len(p):]
	}
	return s == ""
}

// WriteM2 writes blocks as M2. Blocks and edits that are unchanged since
// ReadM2 are written exactly as read; new ones in ERRANT's layout, each
// block followed by one blank line.
func WriteM2(w io.Writer, blocks []M2Block) error {
	mw := NewM2Writer(w)
	for i := range blocks {
		mw.Write(&blocks[i])
	}
	return mw.Flush()
}

// An M2Writer writes M2 blocks one at a time, as WriteM2 writes them.
type M2Writer struct {
	bw *bufio.Writer
}

// NewM2Writer returns a writer to w; call Flush at the end.
func NewM2Writer(w io.Writer) *M2Writer { return &M2Writer{bw: bufio.NewWriter(w)} }

// Flush writes what is buffered and returns the first error met.
func (mw *M2Writer) Flush() error { return mw.bw.Flush() }

// Write writes one block (errors show at Flush).
func (mw *M2Writer) Write(b *M2Block) {
	bw := mw.bw
	for _, bl := range b.lead {
		bw.WriteString(bl)
		bw.WriteByte('\n')
	}
	if b.sourceUnchanged() {
		bw.WriteString(b.rawS)
	} else {
		bw.WriteString("S " + strings.Join(b.Source, " "))
	}
	bw.WriteByte('\n')
	t := 0
	for i, e := range b.Edits {
		for ; t < len(b.Targets) && b.Targets[t].after <= i; t++ {
			mw.writeTarget(&b.Targets[t])
		}
		if e.unchanged() {
			bw.WriteString(e.raw)
		} else {
			bw.WriteString(FormatA(e))
		}
		bw.WriteByte('\n')
	}
	for ; t < len(b.Targets); t++ {
		mw.writeTarget(&b.Targets[t])
	}
	if b.rawS == "" && !b.hasBlank {
		bw.WriteByte('\n') // a block made in memory: ERRANT's one blank line
		return
	}
	for _, bl := range b.blanks {
		bw.WriteString(bl)
		bw.WriteByte('\n')
	}
}

// writeTarget writes a ChERRANT target line, as read when it was read.
func (mw *M2Writer) writeTarget(t *M2Target) {
	switch {
	case t.raw != "":
		mw.bw.WriteString(t.raw)
	case t.NoError:
		fmt.Fprintf(mw.bw, "T%d %s", t.Ref, noErrorText)
	case t.Alt < 0:
		fmt.Fprintf(mw.bw, "T%d %s", t.Ref, strings.Join(t.Tokens, " "))
	default:
		fmt.Fprintf(mw.bw, "T%d-A%d %s", t.Ref, t.Alt, strings.Join(t.Tokens, " "))
	}
	mw.bw.WriteByte('\n')
}

// scanLinesKeepCR splits on \n only, keeping a trailing \r, and remembers
// nothing about a missing final newline (M2 files end in a newline; one
// that does not is written back with one).
func scanLinesKeepCR(data []byte, atEOF bool) (int, []byte, error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF {
		return len(data), data, nil
	}
	return 0, nil, nil
}

func invalidUTF8Col(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i + 1
		}
		i += n
	}
	return 0
}

func firstRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "..."
}
