package corpora

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/edits"
)

// DefaultMaxTokens is the longest sentence, in tokens, that a TestSet
// passes on unless told otherwise. Alignment (ERRANT's and the M2
// scorer's) fills a band of the alignment matrices about as wide as the
// edit distance, so a sentence costs time and memory in proportion to its
// length times its edit distance; a correction unrelated to its source
// needs the whole matrix, which the aligners' cell limits
// (edits.DefaultMaxCells, m2.DefaultMaxCells) refuse beyond a few hundred
// MB. At 10,000 tokens an 8,000-token sentence (CoNLL-2014 sentences
// joined) is scored by M2, ERRANT and GLEU in about a second, while one
// runaway line (a whole document on one line, say) is refused at once,
// with its file and line. Real sentences stay far below it (the longest
// of CoNLL-2014 has 227 tokens).
const DefaultMaxTokens = 10000

// ErrSwapped is wrapped by the *SwapError of OpenTestSet.
var ErrSwapped = errors.New("references and hypotheses look swapped")

// A SwapError is returned by OpenTestSet when a hypothesis is an M2 file
// while every reference is plain text: M2 files are annotated references
// (a gold standard), plain text is what a system writes, so the two lists
// were most likely given the other way round. A system's output in M2
// (ERRANT's annotation of it) is scored against M2 references.
type SwapError struct {
	Hyp string // the first M2 hypothesis
	Ref string // the first plain-text reference
}

func (e *SwapError) Error() string {
	return fmt.Sprintf("%v: the hypothesis %s is an M2 file (annotated references) while the reference %s is plain text (a system's output)", ErrSwapped, e.Hyp, e.Ref)
}

func (e *SwapError) Unwrap() error { return ErrSwapped }

// swapped returns a *SwapError when some hypothesis is M2 and every
// reference plain text.
func (ts *TestSet) swapped() error {
	if len(ts.Refs) == 0 || slices.ContainsFunc(ts.Refs, func(f TestFile) bool { return f.M2 }) {
		return nil
	}
	for _, h := range ts.Hyps {
		if h.M2 {
			return &SwapError{Hyp: h.Path, Ref: ts.Refs[0].Path}
		}
	}
	return nil
}

// ErrNoSource is returned by OpenTestSet when plain-text references come
// without a source and no M2 reference gives one.
var ErrNoSource = errors.New("plain-text references need a source (an M2 reference would give it)")

// TestSetOptions name the files of a test set and say how to read them.
// Each file is plain text (one sentence per line) or M2, told apart by
// the .m2 extension or by an "S " first line followed by an "A " or blank
// line.
type TestSetOptions struct {
	// Source is a plain-text file of source sentences; "" takes the
	// source from the first M2 reference, or reads hypotheses alone when
	// there are no references.
	Source string
	// Refs are the references: M2 files (every annotator a reference) or
	// plain text.
	Refs []string
	// Hyps are the system outputs: plain text or M2 (edits as given).
	Hyps []string
	// Policy says what to do with raw (untokenised) text files: tokenise
	// them (corpora/tokenize, CoNLL-2014's tokenisation), stop with a
	// *tokenize.RawError for a raw hypothesis next to tokenised references
	// or for a raw text source or reference (the zero Policy), or let it
	// through. Whether a file is raw is
	// measured on its first RawSample lines, before the first sentence is
	// read. M2 files are never tokenised.
	Policy tokenize.Policy
	// SourceIsReference measures hypotheses against the source instead of
	// the references (edits: targets next to their source).
	SourceIsReference bool
	// RawAlone refuses raw text with no references to measure it against
	// too (the judge, whose models read tokenised text): a raw text
	// source is refused (tokenize.Policy.CheckReference) and so is a raw
	// hypothesis, as a raw source or reference is beside references.
	// Without it, hypotheses with no references are read as they are.
	RawAlone bool
	// NoSource lets plain-text references come without a source, for
	// metrics that compare outputs with references alone (chrF): the
	// sentences then have no Source.
	NoSource bool
	// MaxTokens refuses a sentence with more tokens than this in any file
	// with an error wrapping ErrTooLong; 0 means DefaultMaxTokens, a
	// negative value no limit.
	MaxTokens int
	// Limits bound the bytes of each file, a line's length and the edits
	// of an M2 block (the zero Limits: the defaults).
	Limits Limits
}

// A TestFile is one file of a TestSet.
type TestFile struct {
	Path string
	M2   bool
	// Tokenized reports a plain-text file tokenised by the Policy;
	// Outcome, for a hypothesis, what the Policy did with it.
	Tokenized bool
	Outcome   tokenize.Outcome
	// Coders lists, for an M2 file, every coder id of the file in
	// ascending order ([0] for a file without A lines).
	Coders []int
}

// A TestSet reads a source, its references and system outputs side by
// side, one sentence of each at a time, in the manner of bufio.Scanner:
//
//	ts, err := corpora.OpenTestSet(corpora.TestSetOptions{Refs: refs, Hyps: hyps})
//	if err != nil { ... }
//	defer ts.Close()
//	for ts.Scan() {
//		s := ts.Sentence()
//		...
//	}
//	if err := ts.Err(); err != nil { ... }
//
// Every file is parsed once, as it is read; a file named twice (a
// reference also scored as a system) is read once. Opening a test set
// checks that no file is empty and collects the coder ids of every M2 file
// with a quick pass over its A lines (a reference per coder must be known
// before the first sentence). Line counts and the S lines of M2 files are
// checked against the source as they come: a mismatch is a *ParseError
// naming the file and line.
type TestSet struct {
	// Refs and Hyps describe the files, in the order given.
	Refs, Hyps []TestFile

	opt      TestSetOptions
	files    []*testFile // distinct files; source first when there is one
	source   int         // index in files of the source; -1 without one
	fromM2   bool        // the source is an M2 reference
	refIdx   []int       // file of each reference
	hypIdx   []int       // file of each hypothesis
	maxTok   int
	sampling bool // a reader of the first lines, for the Policy
	// piped holds the inputs that are not regular files (pipes, FIFOs,
	// devices), which can be read once, shared with the sample readers.
	piped   map[string]*pipe
	keptRaw []string // raw text sources and references let through (KeptRaw)
	n       int
	cur     *TestSentence
	err     error
	done    bool
	closers []io.Closer
}

// testFile is one distinct file being read.
type testFile struct {
	TestFile
	text *TextReader
	m2   *M2Reader
	side Side
	ok   bool
}

// A TestSentence is one sentence of every file of a TestSet.
type TestSentence struct {
	Index  int      // 0-based
	Source []string // nil when there is no source
	// SourceText is the source line as read (plain text) or the S line's
	// text (M2).
	SourceText string
	Refs       []Side // one per reference file
	Hyps       []Side // one per hypothesis file
}

// A Side is one file's form of a sentence: a line of text or an M2 block.
type Side struct {
	Line   int      // the file's line of the sentence (the S line for M2)
	Text   string   // plain text: the line as read
	Tokens []string // plain text: the line's tokens; M2: nil
	Block  *M2Block // M2: the block; nil for plain text
}

// Correction returns coder's corrected tokens and edits (noops left out)
// of an M2 side, or the tokens of a text side. A coder whose edits
// overlap (EstGEC's word-order edits around word corrections) is read as
// its outer edits (edits.SplitOverlapping), which hold the whole
// correction.
func (s *Side) Correction(coder int) ([]string, []edits.Edit) {
	if s.Block == nil {
		return s.Tokens, nil
	}
	var mine []edits.Edit
	for _, e := range s.Block.CoderEdits(coder) {
		if !e.IsNoop() {
			mine = append(mine, e)
		}
	}
	if outer, _, ok := edits.SplitOverlapping(mine); ok {
		mine = outer
	}
	toks, _ := edits.ApplyEdits(s.Block.Source, mine)
	if mine == nil {
		mine = []edits.Edit{}
	}
	return toks, mine
}

// OpenTestSet opens the files of a test set.
func OpenTestSet(opt TestSetOptions) (*TestSet, error) {
	ts := &TestSet{opt: opt, source: -1, maxTok: opt.MaxTokens}
	if ts.maxTok == 0 {
		ts.maxTok = DefaultMaxTokens
	}
	if err := ts.open(); err != nil {
		ts.Close()
		return nil, err
	}
	return ts, nil
}

func (ts *TestSet) open() error {
	opt := ts.opt
	byPath := map[string]int{}
	open := func(path string) (int, error) {
		if k, ok := byPath[path]; ok {
			return k, nil
		}
		f, err := ts.openFile(path)
		if err != nil {
			return 0, err
		}
		byPath[path] = len(ts.files)
		ts.files = append(ts.files, f)
		return len(ts.files) - 1, nil
	}
	if opt.Source != "" {
		k, err := open(opt.Source)
		if err != nil {
			return err
		}
		if ts.files[k].M2 {
			return fmt.Errorf("the source %s is an M2 file: give it as a reference (it holds the source) or give the plain source text", opt.Source)
		}
		ts.source = k
	}
	for _, p := range opt.Refs {
		k, err := open(p)
		if err != nil {
			return err
		}
		ts.refIdx = append(ts.refIdx, k)
		ts.Refs = append(ts.Refs, ts.files[k].TestFile)
		if ts.source < 0 && ts.files[k].M2 {
			ts.source, ts.fromM2 = k, true
		}
	}
	for _, p := range opt.Hyps {
		k, err := open(p)
		if err != nil {
			return err
		}
		ts.hypIdx = append(ts.hypIdx, k)
		ts.Hyps = append(ts.Hyps, ts.files[k].TestFile)
	}
	if err := ts.swapped(); err != nil {
		return err
	}
	if ts.source < 0 && len(opt.Refs) > 0 && !opt.NoSource && !ts.sampling {
		return ErrNoSource
	}
	if ts.sampling {
		return nil
	}
	return ts.applyPolicy()
}

// RawSample is the number of lines of each text file on which a TestSet
// measures whether the file is raw (see TestSetOptions.Policy).
const RawSample = 10000

// applyPolicy reads the first RawSample sentences of every text file (a
// second reader, closed after) and decides which to tokenise. M2 files
// are never tokenised: an M2 reference's corrections are read (sampleM2)
// only when a hypothesis is raw enough for the references to matter.
func (ts *TestSet) applyPolicy() error {
	lines, toks, err := ts.sample(true)
	if err != nil {
		// Report the first error as a reader of every file meets it, M2
		// files included, as without the shortcut.
		if _, _, all := ts.sample(false); all != nil {
			return all
		}
		return err
	}
	pol := ts.opt.Policy
	// Text sources and references: tokenised when raw and asked to.
	measure := func(k int) ([][]string, tokenize.Share) {
		t, share := pol.Reference(lines[k], toks[k])
		ts.files[k].Tokenized = pol.Tokenize && tokenize.IsRaw(tokenize.RawShare(lines[k]), tokenize.Share{})
		return t, share
	}
	// A raw source or reference of a test set with references is refused
	// (tokenize.Policy.CheckReference); the source of edits (the
	// reference of SourceIsReference) is not.
	check := (len(ts.refIdx) > 0 || ts.opt.RawAlone) && !ts.opt.SourceIsReference
	var refToks [][][]string
	var srcShare tokenize.Share
	if ts.source >= 0 && ts.files[ts.source].text != nil {
		_, srcShare = measure(ts.source)
		if check {
			if err := ts.checkReference(pol, ts.source, srcShare); err != nil {
				return err
			}
		}
	}
	for _, k := range ts.refIdx {
		if ts.files[k].text != nil {
			t, share := measure(k)
			if check {
				if err := ts.checkReference(pol, k, share); err != nil {
					return err
				}
			}
			refToks = append(refToks, t)
		}
	}
	// The references' share, measured only for a hypothesis raw enough
	// for it to matter (tokenize.Policy.HypothesisBeside).
	var refShare *tokenize.Share
	var refErr error
	refs := func() tokenize.Share {
		if refShare == nil {
			var m2Toks [][][]string
			m2Toks, refErr = ts.sampleM2()
			s := tokenize.ShareOf(append(refToks, m2Toks...)...)
			refShare = &s
		}
		return *refShare
	}
	if ts.opt.SourceIsReference {
		refShare = &srcShare
	} else if len(ts.refIdx) == 0 && !ts.opt.RawAlone {
		// Hypotheses alone: tokenised with Tokenize, judged as they are
		// without.
		pol.NoCheck = true
	}
	for h, k := range ts.hypIdx {
		f := ts.files[k]
		if f.text == nil || k == ts.source || slices.Contains(ts.refIdx, k) {
			continue
		}
		_, did, err := pol.HypothesisBeside(f.Path, lines[k], toks[k], refs)
		if refErr != nil {
			return refErr
		}
		var raw *tokenize.RawError
		if errors.As(err, &raw) && len(ts.refIdx) == 0 {
			raw.Alone = true // raw by itself: no references to be unlike
		}
		if err != nil {
			return err
		}
		f.Tokenized, f.Outcome = did == tokenize.Tokenized, did
		ts.Hyps[h].Tokenized, ts.Hyps[h].Outcome = f.Tokenized, did
	}
	for r, k := range ts.refIdx {
		ts.Refs[r].Tokenized = ts.files[k].Tokenized
	}
	return nil
}

// checkReference applies pol.CheckReference to the text source or
// reference ts.files[k], measured as share, and notes it in keptRaw when
// pol lets it through raw.
func (ts *TestSet) checkReference(pol tokenize.Policy, k int, share tokenize.Share) error {
	path := ts.files[k].Path
	if err := pol.CheckReference(path, share); err != nil {
		return err
	}
	if pol.NoCheck && !pol.Tokenize && tokenize.IsRaw(share, tokenize.Share{}) && !slices.Contains(ts.keptRaw, path) {
		ts.keptRaw = append(ts.keptRaw, path)
	}
	return nil
}

// Tokenized returns the plain-text files (source, references and
// hypotheses) that the Policy tokenised, in the order read.
func (ts *TestSet) Tokenized() []string {
	var paths []string
	for _, f := range ts.files {
		if f.Tokenized {
			paths = append(paths, f.Path)
		}
	}
	return paths
}

// KeptRaw returns the text source and references that are raw text and
// were let through untokenised (tokenize.Policy.NoCheck), in the order
// given.
func (ts *TestSet) KeptRaw() []string { return ts.keptRaw }

// sample reads the first RawSample sentences of the text files of ts (of
// every file, when textOnly is false) side by side, with a second reader
// closed after, and returns each text file's lines and tokens by its
// index in ts.files.
func (ts *TestSet) sample(textOnly bool) (lines [][]string, toks [][][]string, err error) {
	index := map[string]int{}
	for k, f := range ts.files {
		index[f.Path] = k
	}
	keep := func(paths []string) []string {
		if !textOnly {
			return paths
		}
		var out []string
		for _, p := range paths {
			if ts.files[index[p]].text != nil {
				out = append(out, p)
			}
		}
		return out
	}
	sopt := TestSetOptions{Source: ts.opt.Source, Refs: keep(ts.opt.Refs), Hyps: keep(ts.opt.Hyps), Limits: ts.opt.Limits}
	lines = make([][]string, len(ts.files))
	toks = make([][][]string, len(ts.files))
	if sopt.Source == "" && len(sopt.Refs) == 0 && len(sopt.Hyps) == 0 {
		return lines, toks, nil
	}
	sample := &TestSet{opt: sopt, source: -1, maxTok: ts.maxTok, sampling: true, piped: ts.piped}
	defer sample.Close()
	if err := sample.open(); err != nil {
		return nil, nil, err
	}
	for n := 0; n < RawSample && sample.Scan(); n++ {
		for _, f := range sample.files {
			if f.text != nil {
				k := index[f.Path]
				lines[k] = append(lines[k], f.side.Text)
				toks[k] = append(toks[k], f.side.Tokens)
			}
		}
	}
	return lines, toks, sample.Err()
}

// sampleM2 returns the corrections of every coder of the M2 references
// of ts in their first RawSample sentences, one list per coder.
func (ts *TestSet) sampleM2() ([][][]string, error) {
	var refs []string
	for _, k := range ts.refIdx {
		if ts.files[k].M2 && !slices.Contains(refs, ts.files[k].Path) {
			refs = append(refs, ts.files[k].Path)
		}
	}
	if len(refs) == 0 {
		return nil, nil
	}
	sample := &TestSet{opt: TestSetOptions{Refs: refs, Limits: ts.opt.Limits}, source: -1, maxTok: ts.maxTok, sampling: true, piped: ts.piped}
	defer sample.Close()
	if err := sample.open(); err != nil {
		return nil, err
	}
	var out [][][]string
	for n := 0; n < RawSample && sample.Scan(); n++ {
		s := sample.Sentence()
		i := 0
		for k, f := range sample.Refs {
			for _, c := range f.Coders {
				if i == len(out) {
					out = append(out, nil)
				}
				t, _ := s.Refs[k].Correction(c)
				out[i] = append(out[i], t)
				i++
			}
		}
	}
	return out, sample.Err()
}

func (ts *TestSet) openFile(path string) (*testFile, error) {
	in, p, err := ts.input(path)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(in, 64*1024)
	head, _ := br.Peek(1 << 16)
	tf := &testFile{TestFile: TestFile{Path: path, M2: IsM2(path, head)}}
	if empty, err := allSpace(br, path); err != nil {
		return nil, err
	} else if empty {
		return nil, &ParseError{File: path, Err: fmt.Errorf("%w: the file has no sentences", ErrEmptyInput)}
	}
	if tf.M2 {
		var err error
		if p != nil {
			tf.Coders, err = m2CodersOf(p.m2(), path, ts.opt.Limits)
		} else {
			tf.Coders, err = m2Coders(path, ts.opt.Limits)
		}
		if err != nil {
			return nil, err
		}
		tf.m2 = NewM2Reader(br, path)
		tf.m2.Limits = ts.opt.Limits
	} else {
		tf.text = NewTextReader(br, path)
		tf.text.Limits = ts.opt.Limits
	}
	return tf, nil
}

// allSpace reports whether br holds nothing but white space, reading no
// further than the first other byte (which it leaves unread).
func allSpace(br *bufio.Reader, path string) (bool, error) {
	for n := 1; ; n++ {
		b, err := br.Peek(min(n, br.Size()))
		if len(b) > 0 && !strings.ContainsRune(" \t\r\n\v\f", rune(b[len(b)-1])) {
			return false, nil
		}
		if err == io.EOF {
			return true, nil
		}
		if err != nil && err != bufio.ErrBufferFull {
			return false, fmt.Errorf("%s: %w", path, err)
		}
		if n >= br.Size() {
			// A buffer full of white space: the file is not empty enough to
			// worry about; its lines are read as blank sentences.
			return false, nil
		}
	}
}

// IsM2 decides whether a file is M2: by the .m2 extension, or by an "S "
// first line followed by an "A " line or a blank line.
func IsM2(path string, head []byte) bool {
	if strings.EqualFold(filepath.Ext(path), ".m2") {
		return true
	}
	lines := strings.SplitN(strings.TrimPrefix(string(head), string(bom)), "\n", 3)
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "S ") {
		return false
	}
	second := strings.TrimRight(lines[1], "\r")
	return strings.HasPrefix(second, "A ") || strings.TrimSpace(second) == "" || isTargetLine(second)
}

// isTargetLine reports whether line is a ChERRANT target line ("T0-A0 ...",
// "T1 没有错误").
func isTargetLine(line string) bool {
	return len(line) > 1 && line[0] == 'T' && line[1] >= '0' && line[1] <= '9'
}

// m2Coders returns every coder id of the A lines of an M2 file in
// ascending order, [0] when there is none. It reads only the last field
// of each A line; the file is parsed when it is read.
func m2Coders(path string, l Limits) ([]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return m2CodersOf(f, path, l)
}

// m2CodersOf is m2Coders of the M2 text r, named path, within the limits
// l.
func m2CodersOf(r io.Reader, path string, l Limits) ([]int, error) {
	sc := newScanner(r, l)
	var ids []int
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(b) < 2 || b[0] != 'A' || b[1] != ' ' {
			continue
		}
		s := strings.TrimSpace(string(b))
		i := strings.LastIndex(s, "|||")
		if i < 0 {
			continue // the reader reports the malformed line with its position
		}
		id, err := strconv.Atoi(strings.TrimSpace(s[i+3:]))
		if err != nil {
			continue
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, scanError(path, line+1, err, l)
	}
	slices.Sort(ids)
	if len(ids) == 0 {
		// No A lines at all: every sentence is left as it is, by coder 0
		// (compare_m2.py's reading of an empty block).
		ids = []int{0}
	}
	return ids, nil
}

// Close closes every file.
func (ts *TestSet) Close() error {
	var first error
	for _, c := range ts.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	ts.closers = nil
	return first
}

// Err returns the first error met, nil at a clean end.
func (ts *TestSet) Err() error { return ts.err }

// Sentence returns the sentence read by the last Scan. It is the
// caller's: the TestSet does not touch it again.
func (ts *TestSet) Sentence() *TestSentence { return ts.cur }

// Len returns the number of sentences read so far.
func (ts *TestSet) Len() int { return ts.n }

// HasSource reports whether the sentences have a source.
func (ts *TestSet) HasSource() bool { return ts.source >= 0 }

// SourceName returns the path of the file that gives the source.
func (ts *TestSet) SourceName() string {
	if ts.source < 0 {
		return ""
	}
	return ts.files[ts.source].Path
}

// RefNames names every reference: a text file by its path, each coder of
// an M2 file as path#coder.
func (ts *TestSet) RefNames() []string {
	var out []string
	for _, f := range ts.Refs {
		if !f.M2 {
			out = append(out, f.Path)
			continue
		}
		for _, c := range f.Coders {
			out = append(out, f.Path+"#"+strconv.Itoa(c))
		}
	}
	return out
}

// References returns the corrected tokens of every reference of s, in the
// order of RefNames.
func (ts *TestSet) References(s *TestSentence) [][]string {
	var out [][]string
	for k, f := range ts.Refs {
		if !f.M2 {
			out = append(out, s.Refs[k].Tokens)
			continue
		}
		for _, c := range f.Coders {
			toks, _ := s.Refs[k].Correction(c)
			out = append(out, toks)
		}
	}
	return out
}

// Warnings returns what the readers found acceptable but worth saying,
// once every sentence is read: M2 edits whose span passes the end of the
// sentence (accepted for JFLEG's sake) and edits that repeat an edit of
// their block (M2Reader.Repeated), with the file, the line of the first
// and the count.
func (ts *TestSet) Warnings() []string {
	var out []string
	for _, f := range ts.files {
		if f.m2 != nil && f.m2.PastEnd > 0 {
			n := "1 edit spans"
			if f.m2.PastEnd > 1 {
				n = strconv.Itoa(f.m2.PastEnd) + " edits span"
			}
			out = append(out, fmt.Sprintf("%s:%d: %s past the end of the sentence (the first on this line); accepted, as the M2 scorer and ERRANT accept them", f.Path, f.m2.PastEndLine, n))
		}
		if f.m2 != nil && f.m2.Repeated > 0 {
			n := "1 edit repeats"
			if f.m2.Repeated > 1 {
				n = strconv.Itoa(f.m2.Repeated) + " edits repeat"
			}
			out = append(out, fmt.Sprintf("%s:%d: %s an edit of the same annotator on the same sentence (the first on this line); counted each time, as the M2 scorer counts them, so that M2 precision and F can pass 1", f.Path, f.m2.RepeatedLine, n))
		}
	}
	return out
}

// Scan reads the next sentence of every file; false at the end or on an
// error.
func (ts *TestSet) Scan() bool {
	if ts.err != nil || ts.done {
		return false
	}
	more := 0
	for _, f := range ts.files {
		f.ok, f.side = false, Side{}
		if f.m2 != nil {
			if f.m2.Scan() {
				b := f.m2.Block()
				f.ok, f.side = true, Side{Line: b.Line, Block: b}
			} else if err := f.m2.Err(); err != nil {
				ts.err = err
				return false
			}
		} else if f.text.Scan() {
			line := f.text.Text()
			f.ok, f.side = true, Side{Line: f.text.Line(), Text: line, Tokens: f.split(line)}
		} else if err := f.text.Err(); err != nil {
			ts.err = err
			return false
		}
		if f.ok {
			more++
		}
	}
	if more == 0 {
		ts.done = true
		if ts.n == 0 && len(ts.files) > 0 {
			ts.err = &ParseError{File: ts.files[0].Path, Err: fmt.Errorf("%w: the file has no sentences", ErrEmptyInput)}
		}
		return false
	}
	if more < len(ts.files) {
		ts.err = ts.countError()
		return false
	}
	s := &TestSentence{Index: ts.n}
	if ts.source >= 0 {
		src := &ts.files[ts.source].side
		if src.Block != nil {
			s.Source, s.SourceText = src.Block.Source, src.Block.SourceLine()
		} else {
			s.Source, s.SourceText = src.Tokens, src.Text
		}
		for _, f := range ts.files {
			// ChERRANT writes a hypothesis's punctuation full-width where
			// the reference has it half-width ("：" for ":"), and its
			// scorer compares spans by position: such a block is accepted
			// when it has as many tokens.
			if f.m2 != nil && !slices.Equal(f.side.Block.Source, s.Source) && !(len(f.side.Block.Targets) > 0 && len(f.side.Block.Source) == len(s.Source)) {
				ts.err = &ParseError{File: f.Path, Line: f.side.Line,
					Err: fmt.Errorf("the S line differs from sentence %d of the source %s", ts.n+1, ts.files[ts.source].Path)}
				return false
			}
		}
	}
	for _, f := range ts.files {
		if n := ts.tokens(&f.side); ts.maxTok > 0 && n > ts.maxTok {
			ts.err = parseErr(f.Path, f.side.Line, 0, ErrTooLong, "%d tokens, more than the limit of %d", n, ts.maxTok)
			return false
		}
	}
	s.Refs = make([]Side, len(ts.refIdx))
	for k, i := range ts.refIdx {
		s.Refs[k] = ts.files[i].side
	}
	s.Hyps = make([]Side, len(ts.hypIdx))
	for k, i := range ts.hypIdx {
		s.Hyps[k] = ts.files[i].side
	}
	ts.cur = s
	ts.n++
	return true
}

func (f *testFile) split(line string) []string {
	if f.Tokenized {
		return tokenize.Tokenize(line)
	}
	return strings.Fields(line)
}

// tokens returns the length of the longest sentence of a side.
func (ts *TestSet) tokens(s *Side) int {
	if s.Block == nil {
		return len(s.Tokens)
	}
	n := len(s.Block.Source)
	for _, e := range s.Block.Edits {
		n = max(n, len(s.Block.Source)+len(e.C)-len(e.O))
	}
	return n
}

// countError reads every file to its end to report the first whose
// number of sentences differs from the source's (or the first file's).
func (ts *TestSet) countError() error {
	counts := make([]int, len(ts.files))
	for k, f := range ts.files {
		n := ts.n
		if f.ok {
			n++
			if f.m2 != nil {
				for f.m2.Scan() {
					n++
				}
			} else {
				for f.text.Scan() {
					n++
				}
			}
		}
		counts[k] = n
	}
	ref := max(ts.source, 0)
	want := counts[ref]
	for k, f := range ts.files {
		if counts[k] == want {
			continue
		}
		what := "lines"
		if f.M2 {
			what = "sentences"
		}
		line := counts[k] + 1 // the first missing line
		if counts[k] > want {
			line = ts.extraLine(f) // the first extra one
		} else if f.M2 {
			line = 0
		}
		return lineCountError(f.Path, line, counts[k], what, ts.files[ref].Path, want)
	}
	return nil
}

// extraLine returns the line of f's first sentence past the others' end.
func (ts *TestSet) extraLine(f *testFile) int {
	if f.ok {
		return f.side.Line
	}
	return 0
}
