package judge

import (
	"context"
	"fmt"
	"slices"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/batch"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// StreamOptions configure Stream.
type StreamOptions struct {
	// Progress, when not nil, is called after every batch with the number
	// of sentences done.
	Progress func(done int)
	// Batch is the number of sentences judged at once on all cores; 0
	// means 256.
	Batch int
}

// Stream judges every system's output of every sentence of src, a batch
// of sentences at a time on all cores, and calls each in corpus order
// with one Judgement per system (the slice is reused). A sentence's source
// and references are annotated once for all systems, and reference edits
// given with a reference (read from an M2 file) are used as given. Memory
// stays flat whatever the number of sentences.
func (j *Judge) Stream(ctx context.Context, src eval.Sentences, opt StreamOptions, each func(i int, js []Judgement) error) error {
	return j.stream(ctx, src, opt, false, func(i int, _ *eval.Sentence, js []Judgement) error { return each(i, js) })
}

// stream is Stream that also hands on each sentence and, with input, judges
// the unchanged source as one more output, first: js[0] is the input's
// judgement (nanJudgement for a sentence without a source), js[1:] the
// systems'.
func (j *Judge) stream(ctx context.Context, src eval.Sentences, opt StreamOptions, input bool, each func(i int, s *eval.Sentence, js []Judgement) error) error {
	size := opt.Batch
	if size <= 0 {
		size = 256
	}
	n := 0
	next := func() (eval.Sentence, bool) {
		if !src.Scan() {
			return eval.Sentence{}, false
		}
		return *src.Sentence(), true
	}
	work := func(_ int, s *eval.Sentence) ([]Judgement, error) { return j.judgeSentence(s, input) }
	emit := func(s *eval.Sentence, js *[]Judgement) error {
		if err := each(n, s, *js); err != nil {
			return err
		}
		n++
		if opt.Progress != nil && n%size == 0 {
			opt.Progress(n)
		}
		return nil
	}
	if err := batch.Map(ctx, size, next, work, emit); err != nil {
		return fmt.Errorf("sentence %d: %w", n+1, err)
	}
	return src.Err()
}

// longPair is the size of alignment matrix, source tokens times output
// tokens, above which judgeSentence checks first that an output aligns
// within edits.DefaultMaxCells with its source and references.
const longPair = 1 << 20

// judgeSentence judges every system's output of one sentence. Reference
// edits are extracted within edits' cell limit (edits.ExtractBounded);
// for a long output, the alignments the evidence will make (with the
// source and every reference) are tried within it first, so that an output
// too far from them for its length is an error wrapping edits.ErrTooLarge
// rather than a matrix of gigabytes. That check aligns a long output twice.
//
// With input, the source is judged first as an output of its own (the
// unchanged input), its annotation shared with the source's; an output
// that is the source token for token takes the input's judgement without
// being judged again.
func (j *Judge) judgeSentence(s *eval.Sentence, input bool) ([]Judgement, error) {
	lang := j.Evidence.Lang
	var ev evidence.Input
	if s.Source != nil {
		ev.Source = lang.Annotate(s.Source)
		for k, r := range s.Refs {
			rs := lang.Annotate(r.Tokens)
			ev.Refs = append(ev.Refs, rs)
			es := r.Edits
			if es == nil {
				var err error
				if es, err = edits.ExtractBounded(lang, ev.Source, rs, j.Evidence.Options); err != nil {
					return nil, fmt.Errorf("reference %d: %w", k+1, err)
				}
			}
			ev.RefEdits = append(ev.RefEdits, es)
		}
	}
	// judge judges ev.Hyp, after checking that a long one aligns
	// within the limit.
	judge := func(source *Judgement) (Judgement, error) {
		if ev.Source != nil && (ev.Source.Len()+1)*(ev.Hyp.Len()+1) > longPair {
			_, err := edits.AlignBounded(ev.Source, ev.Hyp, j.Evidence.Options)
			for _, r := range ev.Refs {
				if err == nil {
					_, err = edits.AlignBounded(ev.Hyp, r, j.Evidence.Options)
				}
			}
			if err != nil {
				return Judgement{}, err
			}
		}
		return j.judgeEvidence(ev, source), nil
	}
	off := 0
	if input {
		off = 1
	}
	out := make([]Judgement, off+len(s.Hyps))
	sys := out[off:]
	// The source judged as an output: the input's judgement, and the
	// score every output's overall compares with. Without input it is
	// judged only when an output differs from it.
	var source *Judgement
	judgeSource := func() error {
		if source != nil || ev.Source == nil {
			return nil
		}
		ev.Hyp = ev.Source
		jd, err := judge(nil)
		if err != nil {
			return fmt.Errorf("the unchanged input: %w", err)
		}
		source = &jd
		return nil
	}
	if input {
		out[0] = nanJudgement
		if err := judgeSource(); err != nil {
			return nil, err
		}
		if source != nil {
			out[0] = *source
		}
	}
	for h, hyp := range s.Hyps {
		if ev.Source != nil && slices.Equal(hyp.Tokens, s.Source) {
			if err := judgeSource(); err != nil {
				return nil, err
			}
			sys[h] = *source
			continue
		}
		if err := judgeSource(); err != nil {
			return nil, err
		}
		ev.Hyp = lang.Annotate(hyp.Tokens)
		var err error
		if sys[h], err = judge(source); err != nil {
			return nil, fmt.Errorf("output %d: %w", h+1, err)
		}
	}
	return out, nil
}

// Overall returns the overall rating of every output, for every system:
// the judge's 0-1 score, as `gecmetric compare --metrics overall` averages
// it. A sentence the judge gives no overall rating is an error.
func (j *Judge) Overall(ctx context.Context, src eval.Sentences, names []string) ([][]float64, error) {
	out := make([][]float64, len(names))
	err := j.Stream(ctx, src, StreamOptions{}, func(i int, js []Judgement) error {
		for h, jd := range js {
			if jd.Overall != jd.Overall { // NaN
				return fmt.Errorf("%s: line %d: the judge gives no overall rating", names[h], i+1)
			}
			out[h] = append(out[h], jd.Overall)
		}
		return nil
	})
	return out, err
}
