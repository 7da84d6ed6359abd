package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
)

// ApplyPolicy applies `gecmetric eval`'s raw-text policy (corpora's
// TestSet, tokenize.Policy from cfg.Tokenize and cfg.NoTokenizeCheck) to
// the inputs, reading the first corpora.RawSample sentences of each: a
// raw text source or reference is tokenised under Tokenize, let through
// with a warning under NoTokenizeCheck, and otherwise refused (when
// there are references) with a *tokenize.RawError; a hypothesis
// that is raw next to its references (the M2 references' corrections,
// the text references; for the edits output alone, the source) is
// tokenised under Tokenize, let through with a warning (returned) under
// NoTokenizeCheck, and otherwise refused with a *tokenize.RawError, which
// tokenize.Hint explains. It sets Input.Tokenize where it tokenises.
func ApplyPolicy(ctx context.Context, cfg *Config) (warnings []string, err error) {
	pol := tokenize.Policy{Tokenize: cfg.Tokenize, NoCheck: cfg.NoTokenizeCheck}
	var srcShare tokenize.Share
	if cfg.Source != nil {
		lines, at, err := sampleLines(ctx, cfg.Source)
		if err != nil {
			return nil, err
		}
		_, srcShare = pol.Reference(lines, nil)
		cfg.Source.Tokenize = pol.Tokenize && tokenize.IsRaw(tokenize.RawShare(lines), tokenize.Share{})
		if len(cfg.Refs) > 0 {
			if err := checkReference(pol, cfg.Source, lines, at, &warnings); err != nil {
				return nil, err
			}
		}
	}
	var refToks [][][]string
	for k := range cfg.Refs {
		in := &cfg.Refs[k]
		if in.Format == M2 {
			t, err := sampleCorrections(ctx, in)
			if err != nil {
				return nil, err
			}
			refToks = append(refToks, t)
			continue
		}
		lines, at, err := sampleLines(ctx, in)
		if err != nil {
			return nil, err
		}
		if err := checkReference(pol, in, lines, at, &warnings); err != nil {
			return nil, err
		}
		toks, _ := pol.Reference(lines, fieldsOf(lines))
		in.Tokenize = pol.Tokenize && tokenize.IsRaw(tokenize.RawShare(lines), tokenize.Share{})
		refToks = append(refToks, toks)
	}
	refShare := tokenize.ShareOf(refToks...)
	if len(cfg.Refs) == 0 {
		// The edits output alone: hypotheses next to their source, as
		// `gecmetric edits` measures them.
		refShare = srcShare
	}
	for k := range cfg.Hyps {
		in := &cfg.Hyps[k]
		lines, at, err := sampleLines(ctx, in)
		if err != nil {
			return nil, err
		}
		_, did, err := pol.Hypothesis(in.Name, lines, fieldsOf(lines), refShare)
		if err != nil {
			var re *tokenize.RawError
			if errors.As(err, &re) && re.Share.First > 0 {
				// The first raw line, by its shard and its line there.
				p := at[re.Share.First-1]
				re.File, re.Share.First = in.Files[p.shard], int(p.line)
			}
			return nil, err
		}
		switch did {
		case tokenize.Tokenized:
			in.Tokenize = true
		case tokenize.KeptRaw:
			warnings = append(warnings, fmt.Sprintf("%s is raw text, scored untokenised against tokenised references (--no-tokenize-check)", in.Name))
		}
	}
	return warnings, nil
}

// checkReference applies tokenize.Policy.CheckReference to a text source
// or reference (eval's rule): a raw one is refused unless tokenised, or
// let through with a warning under NoTokenizeCheck.
func checkReference(pol tokenize.Policy, in *Input, lines []string, at []position, warnings *[]string) error {
	share := tokenize.RawShare(lines)
	if err := pol.CheckReference(in.Name, share); err != nil {
		var re *tokenize.RawError
		if errors.As(err, &re) && re.Share.First > 0 {
			p := at[re.Share.First-1]
			re.File, re.Share.First = in.Files[p.shard], int(p.line)
		}
		return err
	}
	if pol.NoCheck && !pol.Tokenize && tokenize.IsRaw(share, tokenize.Share{}) {
		*warnings = append(*warnings, fmt.Sprintf("%s is raw text, scored untokenised (--no-tokenize-check); scores differ from those of the text tokenised (--tokenize)", in.Name))
	}
	return nil
}

func fieldsOf(lines []string) [][]string {
	out := make([][]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Fields(l)
	}
	return out
}

// A position is a line's shard and line number there.
type position struct {
	shard int
	line  int64
}

// sampleLines returns the first corpora.RawSample lines of a text input,
// across its shards in order, and where each is.
func sampleLines(ctx context.Context, in *Input) ([]string, []position, error) {
	var lines []string
	var at []position
	full := func() bool { return len(lines) >= corpora.RawSample }
	err := eachShard(ctx, in, full, func(shard int, r io.Reader, path string) error {
		return scanText(r, path, func(n int64, l string) {
			if !full() {
				lines, at = append(lines, l), append(at, position{shard, n})
			}
		})
	})
	return lines, at, err
}

// sampleCorrections returns every annotator's correction of the first
// corpora.RawSample sentences of an M2 input.
func sampleCorrections(ctx context.Context, in *Input) ([][]string, error) {
	var out [][]string
	n := 0
	full := func() bool { return n >= corpora.RawSample }
	err := eachShard(ctx, in, full, func(_ int, r io.Reader, path string) error {
		return scanM2(r, path, func(at int64, block string, _ []int) {
			if full() {
				return
			}
			n++
			bs, err := corpora.ReadM2(strings.NewReader(block), path)
			if err != nil || len(bs) != 1 {
				return // reported with its position when the sentence is scored
			}
			side := corpora.Side{Block: &bs[0]}
			for _, c := range side.Block.Coders() {
				toks, _ := side.Correction(c)
				out = append(out, toks)
			}
		})
	})
	return out, err
}

// eachShard calls read with each shard of in in order, until full says
// that the sample is complete; a shard is read no further than the
// buffer beyond that point.
func eachShard(ctx context.Context, in *Input, full func() bool, read func(shard int, r io.Reader, path string) error) error {
	for k, path := range in.Files {
		if full() {
			return nil
		}
		fs, err := filesystem.New(ctx, path)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		r, err := fs.OpenRead(ctx, path)
		if err != nil {
			fs.Close()
			return err
		}
		err = read(k, stopReader{r, full}, path)
		r.Close()
		fs.Close()
		if err != nil && !full() { // past the sample, a line cut short is no error
			return err
		}
	}
	return nil
}

// stopReader ends its reader (io.EOF) once stop says so.
type stopReader struct {
	r    io.Reader
	stop func() bool
}

func (s stopReader) Read(p []byte) (int, error) {
	if s.stop() {
		return 0, io.EOF
	}
	return s.r.Read(p)
}
