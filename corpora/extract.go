package corpora

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/batch"
	"github.com/gecmetric/gecmetric/parseerr"
)

// ExtractOptions configure ExtractParallel and RedoM2.
type ExtractOptions struct {
	// Lang aligns, merges and classifies; required.
	Lang edits.Language
	// Edits configures the alignment and merging.
	Edits edits.Options
	// Policy says what to do with raw text (see TestSetOptions.Policy):
	// the source is tokenised when raw and asked to, a target when it is
	// raw next to the source.
	Policy tokenize.Policy
	// MaxTokens refuses a sentence longer than this (ErrTooLong); 0 means
	// DefaultMaxTokens, a negative value no limit.
	MaxTokens int
	// Limits bound what is read (the zero Limits: the defaults).
	Limits Limits
	// Batch is the number of sentences worked on at once on all cores; 0
	// means 512.
	Batch int
	// Progress, when not nil, is called now and then with the number of
	// sentences done.
	Progress func(done int)
}

func (o *ExtractOptions) batch() int {
	if o.Batch <= 0 {
		return 512
	}
	return o.Batch
}

// progress counts emitted sentences and reports every batch.
func (o *ExtractOptions) progress(n *int) {
	*n++
	if o.Progress != nil && *n%o.batch() == 0 {
		o.Progress(*n)
	}
}

// ExtractParallel is ERRANT's errant_parallel, streamed: it reads the
// source and its target files side by side and calls emit with the M2
// block of each source line in order, one coder id per target (its
// position). An empty source line gives no block; a target identical to
// its source (after trimming) gets a noop edit; one that differs only in
// spacing gets no edit line at all. Sentences are annotated and extracted
// a batch at a time on all cores; memory holds a few batches.
func ExtractParallel(ctx context.Context, source string, targets []string, opt ExtractOptions, emit func(*M2Block) error) error {
	ts, err := OpenTestSet(TestSetOptions{Source: source, Hyps: targets, Policy: opt.Policy, SourceIsReference: true, MaxTokens: opt.MaxTokens, Limits: opt.Limits})
	if err != nil {
		return err
	}
	defer ts.Close()
	next := func() (*TestSentence, bool) {
		if !ts.Scan() {
			return nil, false
		}
		return ts.Sentence(), true
	}
	n := 0
	err = batch.Map(ctx, opt.batch(), next, func(_ int, s **TestSentence) (*M2Block, error) {
		return extractSentence(*s, ts.Hyps, &opt)
	}, func(_ **TestSentence, b **M2Block) error {
		opt.progress(&n)
		if *b == nil {
			return nil
		}
		return emit(*b)
	})
	if err != nil {
		return err
	}
	return ts.Err()
}

// extractSentence returns the block of one source line and its targets,
// nil for an empty source line; the block's Line is the source's line. A pair too far apart for its length to
// align within the cell limit (edits.ErrTooLarge) is an error at the
// target's line.
func extractSentence(s *TestSentence, files []TestFile, opt *ExtractOptions) (*M2Block, error) {
	if strings.TrimSpace(s.SourceText) == "" {
		return nil, nil
	}
	lang := opt.Lang
	// The source is annotated when a target first differs from it, and a
	// target with the tokens of an earlier one gets that one's edits:
	// systems often leave a sentence alone, or agree on its correction.
	var src *edits.Sentence
	srcText := strings.Join(s.Source, " ")
	b := &M2Block{Line: s.Index + 1, Source: slices.Clone(s.Source)}
	done := make([][]edits.Edit, len(s.Hyps))
	for t := range s.Hyps {
		tgt := &s.Hyps[t]
		text := strings.TrimSpace(tgt.Text)
		if files[t].Tokenized {
			text = strings.Join(tgt.Tokens, " ")
		}
		if srcText == text {
			b.Edits = append(b.Edits, errantEdit(edits.Noop(), t))
			continue
		}
		var es []edits.Edit
		if k := slices.IndexFunc(s.Hyps[:t], func(h Side) bool { return slices.Equal(h.Tokens, tgt.Tokens) }); k >= 0 && done[k] != nil {
			es = done[k]
		} else {
			if src == nil {
				src = lang.Annotate(s.Source)
			}
			var err error
			es, err = edits.ExtractBounded(lang, src, edits.AnnotateCorrection(lang, src, tgt.Tokens), opt.Edits)
			if err != nil {
				return nil, parseerr.Wrap(files[t].Path, tgt.Line, 0, err)
			}
			if es == nil {
				es = []edits.Edit{}
			}
		}
		done[t] = es
		for _, e := range es {
			if err := CheckCorrection(e.C); err != nil {
				return nil, parseerr.Wrap(files[t].Path, tgt.Line, 0, err)
			}
		}
		for _, e := range es {
			b.Edits = append(b.Edits, errantEdit(e, t))
		}
	}
	return b, nil
}

// errantEdit is the M2 form of e as ERRANT writes it: a deletion's
// correction field is empty, not "-NONE-".
func errantEdit(e edits.Edit, coder int) M2Edit {
	if len(e.C) == 0 && !e.IsNoop() && len(e.Alternatives) == 0 {
		e.Alternatives = []string{""}
	}
	return NewM2Edit(e, coder)
}

// RedoM2 is ERRANT's errant_m2, streamed: it reads the M2 file at path and
// calls emit with each block in order, every coder's edits (in ascending
// coder order) replaced by their re-extraction from the coder's correction
// (errant_m2 -auto) or, with reclassify, kept as spans and typed again
// (errant_m2 -gold). A coder's noop is kept as it is; an edit that comes
// out as it was read keeps its line, so the M2 writer reproduces it byte
// for byte. A file without a block is an error wrapping ErrEmptyInput.
func RedoM2(ctx context.Context, path string, reclassify bool, opt ExtractOptions, emit func(*M2Block) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	mr := NewM2Reader(f, path)
	mr.Limits = opt.Limits
	maxTok := opt.MaxTokens
	if maxTok == 0 {
		maxTok = DefaultMaxTokens
	}
	blocks := 0
	next := func() (*M2Block, bool) {
		if !mr.Scan() {
			return nil, false
		}
		blocks++
		return mr.Block(), true
	}
	n := 0
	err = batch.Map(ctx, opt.batch(), next, func(_ int, b **M2Block) (struct{}, error) {
		if maxTok > 0 && len((*b).Source) > maxTok {
			return struct{}{}, parseErr(path, (*b).Line, 0, ErrTooLong, "%d tokens, more than the limit of %d", len((*b).Source), maxTok)
		}
		redoBlock(*b, reclassify, &opt)
		return struct{}{}, nil
	}, func(b **M2Block, _ *struct{}) error {
		opt.progress(&n)
		return emit(*b)
	})
	if err != nil {
		return err
	}
	if err := mr.Err(); err != nil {
		return err
	}
	if blocks == 0 {
		return &ParseError{File: path, Err: fmt.Errorf("%w: the file has no sentences", ErrEmptyInput)}
	}
	return nil
}

// redoBlock replaces the edits of every coder of b.
func redoBlock(b *M2Block, reclassify bool, opt *ExtractOptions) {
	lang := opt.Lang
	var src *edits.Sentence
	var out []M2Edit
	for _, coder := range b.Coders() {
		gold := b.CoderEdits(coder)
		if gold[0].IsNoop() {
			first := slices.IndexFunc(b.Edits, func(e M2Edit) bool { return e.Coder == coder })
			out = append(out, b.Edits[first])
			continue
		}
		if src == nil {
			src = lang.Annotate(b.Source)
		}
		var redone []edits.Edit
		if reclassify {
			redone = edits.Reclassify(lang, src, gold)
		} else {
			redone = edits.Reextract(lang, src, gold, opt.Edits)
		}
		for _, e := range redone {
			out = append(out, reuseLine(b.Edits, errantEdit(e, coder)))
		}
	}
	b.Edits = out
}

// reuseLine returns the edit as read when e is unchanged from it, so that
// the M2 writer reproduces the line byte for byte.
func reuseLine(read []M2Edit, e M2Edit) M2Edit {
	for _, r := range read {
		if r.Coder == e.Coder && r.OStart == e.OStart && r.OEnd == e.OEnd && r.Type == e.Type &&
			strings.Join(r.C, " ") == strings.Join(e.C, " ") && len(r.Alternatives) == 0 {
			return r
		}
	}
	return e
}
