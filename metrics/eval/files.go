package eval

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// Files streams a test set read from files (a corpora.TestSet) as
// Sentences: every file parsed once, sentence by sentence, each M2
// reference in the one form corpora reads, from which every metric's view
// of the sentence is made as it is scored:
//
//   - references: a plain-text file is one reference; an M2 file is one
//     reference per coder of the file (path#coder), its correction made by
//     applying the coder's edits, which are used as given;
//   - the M2 scorer's gold, with one M2 reference, is its block read as the
//     scorer's own reader reads it (m2.ReadGold: the S line split on
//     Python's white space, corrections as written); otherwise one
//     annotator per reference;
//   - ERRANT's reference, when every reference is M2, is every block's
//     annotators in file order with their correction fields as written
//     (coder ids of later files shifted to stay distinct), as
//     compare_m2.py reads them; otherwise one coder per reference;
//   - a plain-text system is its tokens (edits extracted) and, for the M2
//     scorer, its line split as the scorer splits it; an M2 system is the
//     correction of the file's lowest coder for M2 and GLEU and every
//     coder's edits as given for ERRANT (compare_m2.py -hyp).
//
// Streamed by Evaluator.Run, Files builds only the views of the metrics it
// scores (no ERRANT view of an M2 file for an M2-only run).
type Files struct {
	ts     *corpora.TestSet
	cur    Sentence
	err    error
	oneM2  bool  // exactly one reference, an M2 file: the M2 gold comes from it
	allM2  bool  // every reference is M2: ERRANT's references come from them
	shifts []int // coder shift of each reference file (allM2)
	// noM2 and noERRANT skip the M2 scorer's gold and ERRANT's views of
	// M2 files when the run scores no M2 or no ERRANT (Run says so).
	noM2, noERRANT bool
}

// only makes Scan build the views of M2 files that the metrics of cfg
// use; Run calls it before the first Scan.
func (f *Files) only(cfg *Config) { f.noM2, f.noERRANT = !cfg.Has(M2), !cfg.Has(ERRANT) }

// OpenFiles opens the files of a test set for streaming. A system is
// named by its file's base name (Systems).
func OpenFiles(opt corpora.TestSetOptions) (*Files, error) {
	ts, err := corpora.OpenTestSet(opt)
	if err != nil {
		return nil, err
	}
	f := &Files{ts: ts, allM2: len(ts.Refs) > 0}
	shift := 0
	for _, r := range ts.Refs {
		f.allM2 = f.allM2 && r.M2
		f.shifts = append(f.shifts, shift)
		if r.M2 {
			shift += r.Coders[len(r.Coders)-1] + 1
		}
	}
	f.oneM2 = len(ts.Refs) == 1 && ts.Refs[0].M2
	return f, nil
}

// TestSet returns the files as read.
func (f *Files) TestSet() *corpora.TestSet { return f.ts }

// Close closes every file.
func (f *Files) Close() error { return f.ts.Close() }

// References returns the number of references per sentence.
func (f *Files) References() int { return len(f.ts.RefNames()) }

// Kinds returns the kinds of the reference and of the hypothesis files
// (see Kind), for Config.RefKind and HypKind.
func (f *Files) Kinds() (refs, hyps string) {
	kind := func(files []corpora.TestFile) string {
		m2 := make([]bool, len(files))
		for k, t := range files {
			m2[k] = t.M2
		}
		return Kind(m2)
	}
	return kind(f.ts.Refs), kind(f.ts.Hyps)
}

// Systems names the systems by their files' base names.
func (f *Files) Systems() []string {
	out := make([]string, len(f.ts.Hyps))
	for k, h := range f.ts.Hyps {
		out[k] = filepath.Base(h.Path)
	}
	return out
}

// Err returns the first error met.
func (f *Files) Err() error {
	if f.err != nil {
		return f.err
	}
	return f.ts.Err()
}

// Sentence returns the sentence read by the last Scan.
func (f *Files) Sentence() *Sentence { return &f.cur }

// Scan reads the next sentence of every file.
func (f *Files) Scan() bool {
	if f.err != nil || !f.ts.Scan() {
		return false
	}
	ts := f.ts.Sentence()
	s := Sentence{Source: ts.Source}
	for k, file := range f.ts.Refs {
		side := &ts.Refs[k]
		if !file.M2 {
			s.Refs = append(s.Refs, Correction{Tokens: side.Tokens})
			continue
		}
		for _, c := range file.Coders {
			toks, es := side.Correction(c)
			s.Refs = append(s.Refs, Correction{Tokens: toks, Edits: es})
		}
	}
	if f.allM2 && !f.noERRANT {
		var all errant.Sentence
		for k := range f.ts.Refs {
			for _, a := range ERRANTSentence(ts.Refs[k].Block) {
				a.Coder += f.shifts[k]
				all = append(all, a)
			}
		}
		s.ERRANTRefs = &all
	}
	if f.oneM2 && !f.noM2 {
		g := m2Gold(ts.Refs[0].Block)
		s.M2Gold = &g
	}
	s.Hyps = make([]Correction, len(f.ts.Hyps))
	for k, file := range f.ts.Hyps {
		side := &ts.Hyps[k]
		h := &s.Hyps[k]
		if !file.M2 {
			// A raw output let through (--no-tokenize-check) is not
			// checked for tokenisation: the caller warns once for it.
			h.Tokens, h.Text = side.Tokens, file.Outcome != tokenize.KeptRaw
			if !file.Tokenized {
				h.M2Tokens = m2.Tokenize(side.Text)
			}
			continue
		}
		h.Tokens, h.Edits = side.Correction(file.Coders[0])
		if !f.noERRANT {
			e := ERRANTSentence(side.Block)
			h.ERRANT = &e
		}
	}
	f.cur = s
	return true
}

// ERRANTSentence is ERRANT's reference (or hypothesis) of an M2 block:
// its edits grouped by coder in file order, with their correction fields
// as written (compare_m2.py compares them as text).
func ERRANTSentence(b *corpora.M2Block) errant.Sentence {
	es := make([]edits.Edit, len(b.Edits))
	coders := make([]int, len(b.Edits))
	fields := make([]string, len(b.Edits))
	for j, e := range b.Edits {
		es[j], coders[j], fields[j] = e.Edit, e.Coder, e.CorrectionField()
	}
	return errant.Group(es, coders, fields)
}

// M2GoldOf is the M2 scorer's gold of a sentence from its references'
// edits: one annotator per reference, in order, a reference without edits
// a noop (the sentence left as it is).
func M2GoldOf(source []string, refs [][]edits.Edit) m2.Sentence {
	var anns []m2.Annotation
	for k, es := range refs {
		if len(es) == 0 {
			anns = append(anns, m2.Annotation{Edit: edits.Noop(), Coder: k})
		}
		for _, e := range es {
			anns = append(anns, m2.Annotation{Edit: e, Coder: k})
		}
	}
	return m2.NewSentence(source, anns)
}

// m2Gold is the M2 scorer's gold sentence of a block, as m2.ReadGold reads
// it: the S line split on Python's white space, each correction field as
// written, split on "||".
func m2Gold(b *corpora.M2Block) m2.Sentence {
	anns := make([]m2.Annotation, len(b.Edits))
	for j, e := range b.Edits {
		ed := e.Edit
		ed.Alternatives = strings.Split(e.CorrectionField(), "||")
		anns[j] = m2.Annotation{Edit: ed, Coder: e.Coder}
	}
	return m2.NewSentence(m2.Tokenize(b.SourceLine()), anns)
}

// checkRefs returns an error when GLEU cannot sample among refs references.
func checkRefs(refs int) error {
	if refs > 255 {
		return fmt.Errorf("gleu: %d references, at most 255 are supported", refs)
	}
	return nil
}

// ReadTestSet reads the files of a test set into memory, for callers that
// score many systems or subsets of sentences: the sources, one Reference
// per reference (per coder of an M2 file), and from M2 references the M2
// scorer's gold and ERRANT's references exactly as Files streams them. It
// also returns the systems of opt.Hyps, named by their base names.
func ReadTestSet(opt corpora.TestSetOptions) (*TestSet, []System, error) {
	f, err := OpenFiles(opt)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	set := &TestSet{}
	for _, name := range f.ts.RefNames() {
		set.Refs = append(set.Refs, Reference{Name: name})
	}
	systems := make([]System, len(f.ts.Hyps))
	for k, name := range f.Systems() {
		systems[k].Name = name
	}
	for f.Scan() {
		s := f.Sentence()
		set.Source = append(set.Source, s.Source)
		for k, r := range s.Refs {
			set.Refs[k].Tokens = append(set.Refs[k].Tokens, r.Tokens)
			if r.Edits != nil {
				set.Refs[k].Edits = append(set.Refs[k].Edits, r.Edits)
			}
		}
		if f.oneM2 || f.allM2 {
			set.m2Gold = append(set.m2Gold, s.M2Gold)
			set.errantRefs = append(set.errantRefs, s.ERRANTRefs)
		}
		for k, h := range s.Hyps {
			sys := &systems[k]
			sys.Tokens = append(sys.Tokens, h.Tokens)
			sys.M2Tokens = append(sys.M2Tokens, h.M2Tokens)
			if h.Edits != nil {
				sys.Edits = append(sys.Edits, h.Edits)
			}
		}
	}
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	for k := range systems {
		if f.ts.Hyps[k].M2 || f.ts.Hyps[k].Tokenized {
			// M2 systems are scored as plain text in memory (their
			// tokens); Edits hold the lowest coder's.
			systems[k].M2Tokens = nil
		}
	}
	return set, systems, nil
}
