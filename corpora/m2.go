package corpora

import (
	"bufio"
	"bytes"
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

	raw    string
	rawKey string
}

// NewM2Edit returns the M2 form of e for the given coder, with the usual
// "REQUIRED" and "-NONE-" fields.
func NewM2Edit(e edits.Edit, coder int) M2Edit {
	return M2Edit{Edit: e, Required: "REQUIRED", Comment: "-NONE-", Coder: coder}
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
// included.
func (b *M2Block) CoderEdits(coder int) []edits.Edit {
	var out []edits.Edit
	for _, e := range b.Edits {
		if e.Coder == coder {
			out = append(out, e.Edit)
		}
	}
	return out
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
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	sc.Split(scanLinesKeepCR)
	var blocks []M2Block
	var cur *M2Block
	var lead []string // blank lines before the first block
	lineNo := 0
	for sc.Scan() {
		lineNo++
		raw := sc.Text()
		if !utf8.ValidString(raw) {
			return nil, parseErr(name, lineNo, invalidUTF8Col(raw), ErrInvalidUTF8, "in M2 line")
		}
		line := strings.TrimSuffix(raw, "\r")
		switch {
		case strings.TrimSpace(line) == "":
			if cur != nil {
				cur.blanks = append(cur.blanks, raw)
				cur.hasBlank = true
			} else {
				lead = append(lead, raw)
			}
		case strings.HasPrefix(line, "S ") || line == "S":
			if cur != nil && !cur.hasBlank {
				return nil, parseErr(name, lineNo, 1, ErrM2Syntax, "S line without a blank line before it (block of line %d not finished)", cur.Line)
			}
			text := strings.TrimPrefix(strings.TrimPrefix(line, "S"), " ")
			blocks = append(blocks, M2Block{
				Line:   lineNo,
				Source: strings.Fields(text),
				rawS:   raw,
			})
			if len(blocks) == 1 {
				blocks[0].lead = lead
			}
			cur = &blocks[len(blocks)-1]
			cur.rawSKey = sKey(cur.Source)
		case strings.HasPrefix(line, "A "):
			if cur == nil {
				return nil, parseErr(name, lineNo, 1, ErrM2Syntax, "A line before any S line")
			}
			if cur.hasBlank {
				return nil, parseErr(name, lineNo, 1, ErrM2Syntax, "A line after a blank line: it belongs to no S line")
			}
			e, err := parseALine(line[2:], cur.Source, name, lineNo)
			if err != nil {
				return nil, err
			}
			e.raw = raw
			e.rawKey = aKey(e)
			cur.Edits = append(cur.Edits, e)
		default:
			return nil, parseErr(name, lineNo, 1, ErrM2Syntax, "line starts with %q, want \"S \", \"A \" or a blank line", firstRunes(line, 12))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: lineNo + 1, Err: err}
	}
	return blocks, nil
}

func parseALine(s string, src []string, name string, lineNo int) (M2Edit, error) {
	fields := strings.Split(s, "|||")
	if len(fields) != 6 {
		return M2Edit{}, parseErr(name, lineNo, 3, ErrM2Syntax, "A line has %d |||-separated fields, want 6 (span, type, correction, required, comment, coder)", len(fields))
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
	return e, nil
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
		if f := strings.Split(strings.TrimSuffix(e.raw, "\r"), "|||"); len(f) == 6 {
			return f[2]
		}
	}
	return correctionField(e)
}

// FormatA returns the A line of e without the line break.
func FormatA(e M2Edit) string {
	start, end := e.OStart, e.OEnd
	return fmt.Sprintf("A %d %d|||%s|||%s|||%s|||%s|||%d", start, end, e.Type, correctionField(e), e.Required, e.Comment, e.Coder)
}

// unchanged reports whether e was read by ReadM2 and has not been changed
// since, so that its line as read still stands for it.
func (e M2Edit) unchanged() bool { return e.raw != "" && aKey(e) == e.rawKey }

func aKey(e M2Edit) string { return FormatA(e) + "\x00" + strings.Join(e.C, " ") }

func sKey(src []string) string { return strings.Join(src, "\x00") }

// WriteM2 writes blocks as M2. Blocks and edits that are unchanged since
// ReadM2 are written exactly as read; new ones in ERRANT's layout, each
// block followed by one blank line.
func WriteM2(w io.Writer, blocks []M2Block) error {
	bw := bufio.NewWriter(w)
	for i := range blocks {
		b := &blocks[i]
		for _, bl := range b.lead {
			bw.WriteString(bl)
			bw.WriteByte('\n')
		}
		if b.rawS != "" && sKey(b.Source) == b.rawSKey {
			bw.WriteString(b.rawS)
		} else {
			bw.WriteString("S " + strings.Join(b.Source, " "))
		}
		bw.WriteByte('\n')
		for _, e := range b.Edits {
			if e.unchanged() {
				bw.WriteString(e.raw)
			} else {
				bw.WriteString(FormatA(e))
			}
			bw.WriteByte('\n')
		}
		if b.rawS == "" && !b.hasBlank {
			bw.WriteByte('\n') // a block made in memory: ERRANT's one blank line
			continue
		}
		for _, bl := range b.blanks {
			bw.WriteString(bl)
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
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
