package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/agreement"
	"github.com/gecmetric/gecmetric/htmlreport"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// defaultLang is the language of `gecmetric edits` without --lang.
const defaultLang = "en"

func editsCommand(e *env) *cli.Command {
	return &cli.Command{
		Name: "edits",
		// File names may contain commas: --target takes one path each time.
		DisableSliceFlagSeparator: true,
		Usage:                     "extract and classify the edits between sources and corrections, writing M2 as ERRANT does",
		Description: "With --source and one or more --target files (one sentence per line, tokenised unless\n" +
			"--tokenize), writes M2 like errant_parallel: one coder id per target, a noop edit for an\n" +
			"unchanged sentence. With --m2 FILE --reclassify, keeps the spans of an existing M2 and gives\n" +
			"them types, like errant_m2 -gold; with --m2 FILE alone, extracts the edits again from each\n" +
			"annotator's correction, like errant_m2 -auto. --compare-with FILE.m2 prints how far the result agrees\n" +
			"with another M2 (span P/R/F1, type agreement, type confusion) instead of the M2.\n" +
			"--format json|jsonl writes each sentence's edits as JSON instead (ERRANT's Edit attributes,\n" +
			"a coder's noop included as in the M2). '-' for a file reads standard input.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "source", Aliases: []string{"orig"}, Usage: "source sentences, one per line (errant_parallel's -orig)"},
			&cli.StringSliceFlag{Name: "target", Aliases: []string{"cor"}, Usage: "corrected sentences, one per line (repeatable; coder id = position)"},
			&cli.StringFlag{Name: "m2", Usage: "an existing M2 file: re-extract its annotators' edits (errant_m2 -auto), or retype them with --reclassify"},
			&cli.BoolFlag{Name: "reclassify", Usage: "keep the edit spans of --m2 and type them (errant_m2 -gold)"},
			&cli.StringFlag{Name: "lang", Value: defaultLang, Usage: "language: cs, de, el, en, et, is, it, lv, ru, sl, sv, uk, zh, or generic (any other code takes the generic rules); 'list' prints them"},
			&cli.StringFlag{Name: "merge", Value: "rules", Usage: "merge strategy: rules, all-split, all-merge, all-equal"},
			&cli.BoolFlag{Name: "lev", Usage: "align with plain Levenshtein costs"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o", "out"}, Usage: "write the M2 to this file instead of stdout (errant_parallel's -out)", Action: outputPath},
			&cli.StringFlag{Name: "compare-with", Usage: "compare the result with this M2 and print the agreement"},
			&cli.IntFlag{Name: "max-tokens", Value: corpora.DefaultMaxTokens, Usage: "refuse a sentence longer than this many tokens (-1: no limit)"},
			&cli.BoolFlag{Name: "progress", Usage: "report progress on stderr even when it is not a terminal"},
			&cli.StringFlag{Name: "html", Usage: "with --compare-with: also write the agreement as an HTML page with the type confusion as a heat map", Action: outputPath},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "m2", Usage: "output: m2, json (one array of sentences) or jsonl (one sentence per line); a sentence is {line, source, edits: [{o_start, o_end, o_str, c_start, c_end, c_str, type, coder}]}"},
		}, tokenizeFlags()...),
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.String("lang") == langList {
				return writeLanguages(e.stdout)
			}
			if cmd.String("html") != "" && cmd.String("compare-with") == "" {
				return usageError{errors.New("--html needs --compare-with FILE.m2")}
			}
			merge, err := edits.ParseMergeStrategy(cmd.String("merge"))
			if err != nil {
				return usageError{err}
			}
			format := cmd.String("format")
			switch format {
			case "m2", "json", "jsonl":
			default:
				return usageError{fmt.Errorf("--format %q: want m2, json or jsonl", format)}
			}
			if format != "m2" && cmd.String("compare-with") != "" {
				return usageError{errors.New("--format json|jsonl writes the edits; --compare-with prints an agreement instead")}
			}
			opt := corpora.ExtractOptions{
				Lang:      languageFor(cmd.String("lang")),
				Edits:     edits.Options{Merge: merge, Lev: cmd.Bool("lev")},
				MaxTokens: int(cmd.Int("max-tokens")),
				Limits:    inputLimits(cmd),
			}
			warnLanguage(e, opt.Lang)
			opt.Policy = policyOf(cmd)
			opt.Progress = e.sentences(lineCount(cmd.String("source")))
			var extract func(emit func(*corpora.M2Block) error) error
			switch {
			case cmd.String("m2") != "":
				if cmd.String("source") != "" || len(cmd.StringSlice("target")) > 0 {
					return usageError{errors.New("--m2 and --source/--target exclude each other")}
				}
				extract = func(emit func(*corpora.M2Block) error) error {
					return corpora.RedoM2(ctx, cmd.String("m2"), cmd.Bool("reclassify"), opt, emit)
				}
			case cmd.String("source") != "" && len(cmd.StringSlice("target")) > 0:
				extract = func(emit func(*corpora.M2Block) error) error {
					return corpora.ExtractParallel(ctx, cmd.String("source"), cmd.StringSlice("target"), opt, emit)
				}
			case cmd.Bool("reclassify"):
				return usageError{errors.New("--reclassify needs --m2 FILE")}
			default:
				return usageError{errors.New("give --source and at least one --target, or --m2 FILE")}
			}
			var cmp *m2Comparison
			if ref := cmd.String("compare-with"); ref != "" {
				if cmp, err = newM2Comparison(ref); err != nil {
					return err
				}
				defer cmp.close()
			}
			run := func(w io.Writer) error {
				var mw blockWriter
				if w != nil {
					mw = newBlockWriter(w, format)
				}
				err := extract(func(b *corpora.M2Block) error {
					if mw != nil {
						if err := mw.Write(b); err != nil {
							return err
						}
					}
					if cmp != nil {
						return cmp.add(b)
					}
					return nil
				})
				if err == nil && mw != nil {
					err = mw.Flush()
				}
				return err
			}
			switch out := cmd.String("output"); {
			case out != "":
				err = atomicfile.Write(out, run)
			case cmp != nil:
				err = run(nil)
			default:
				err = run(e.stdout)
			}
			if err != nil {
				return inputError(err)
			}
			if cmp != nil {
				return cmp.write(e.stdout, cmd.String("html"))
			}
			return nil
		},
	}
}

// A blockWriter writes extracted blocks in an output format.
type blockWriter interface {
	Write(b *corpora.M2Block) error
	Flush() error
}

func newBlockWriter(w io.Writer, format string) blockWriter {
	if format == "m2" {
		return m2BlockWriter{corpora.NewM2Writer(w)}
	}
	return &jsonBlockWriter{bw: bufio.NewWriter(w), array: format == "json"}
}

type m2BlockWriter struct{ *corpora.M2Writer }

func (m m2BlockWriter) Write(b *corpora.M2Block) error { m.M2Writer.Write(b); return nil }

// jsonSentence is one sentence of `edits --format json|jsonl`.
type jsonSentence struct {
	Line   int         `json:"line"`   // the source's line (the S line of an M2 input)
	Source string      `json:"source"` // the source tokens joined by spaces
	Edits  []codedEdit `json:"edits"`
}

// codedEdit is one edit of `edits --format json|jsonl`: ERRANT's Edit
// attributes (jsonEdit) and the annotator (coder). c_str is the M2
// correction field: "" for a deletion, "-NONE-" for a noop, gold
// alternatives joined by "||". A span is -1 when unknown (a noop; a
// correction span of an edit read from M2 and kept).
type codedEdit struct {
	jsonEdit
	Coder int `json:"coder"`
}

// jsonBlockWriter writes blocks as a JSON array of jsonSentence, one
// sentence per line, or as JSON Lines.
type jsonBlockWriter struct {
	bw    *bufio.Writer
	array bool
	n     int
}

func (j *jsonBlockWriter) Write(b *corpora.M2Block) error {
	s := jsonSentence{Line: b.Line, Source: strings.Join(b.Source, " "), Edits: make([]codedEdit, 0, len(b.Edits))}
	for _, e := range b.Edits {
		je := codedEdit{jsonEdit{OStart: e.OStart, OEnd: e.OEnd, CStart: e.CStart, CEnd: e.CEnd, CStr: e.CorrectionField(), Type: e.Type}, e.Coder}
		if e.IsNoop() {
			je.CStart, je.CEnd = -1, -1
		} else {
			je.OStr = strings.Join(e.O, " ")
		}
		s.Edits = append(s.Edits, je)
	}
	line, err := json.Marshal(s)
	if err != nil {
		return err
	}
	switch {
	case !j.array:
	case j.n == 0:
		j.bw.WriteString("[\n")
	default:
		j.bw.WriteString(",\n")
	}
	j.n++
	j.bw.Write(line)
	if !j.array {
		j.bw.WriteByte('\n')
	}
	return nil
}

func (j *jsonBlockWriter) Flush() error {
	if j.array {
		if j.n == 0 {
			j.bw.WriteString("[")
		}
		j.bw.WriteString("\n]\n")
	}
	return j.bw.Flush()
}

// An m2Comparison compares extracted blocks with an M2 file, block by
// block as they come, coder by coder.
type m2Comparison struct {
	path     string
	f        *os.File
	r        *corpora.M2Reader
	n        int
	perCoder map[int]*agreement.Result
	coders   []int
}

func newM2Comparison(path string) (*m2Comparison, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return &m2Comparison{path: path, f: f, r: corpora.NewM2Reader(f, path), perCoder: map[int]*agreement.Result{}}, nil
}

func (c *m2Comparison) close() { c.f.Close() }

// add compares the result's next block with the file's next.
func (c *m2Comparison) add(got *corpora.M2Block) error {
	c.n++
	if !c.r.Scan() {
		if err := c.r.Err(); err != nil {
			return err
		}
		return fmt.Errorf("%s has %d sentences, the result has more", c.path, c.n-1)
	}
	exp := c.r.Block()
	if strings.Join(got.Source, " ") != strings.Join(exp.Source, " ") {
		return &corpora.ParseError{File: c.path, Line: exp.Line, Err: fmt.Errorf("source differs from the result's sentence %d", c.n)}
	}
	for _, k := range mergeCoders(got.Coders(), exp.Coders()) {
		r := c.perCoder[k]
		if r == nil {
			r = &agreement.Result{}
			c.perCoder[k] = r
			c.coders = append(c.coders, k)
		}
		r.Add(got.Source, got.CoderEdits(k), exp.CoderEdits(k))
	}
	return nil
}

// write prints the agreement of each coder and in total, after checking
// that the file has no sentence more than the result.
func (c *m2Comparison) write(w io.Writer, html string) error {
	if c.r.Scan() {
		n := c.n + 1
		for c.r.Scan() {
			n++
		}
		return fmt.Errorf("%s has %d sentences, the result has %d", c.path, n, c.n)
	}
	if err := c.r.Err(); err != nil {
		return err
	}
	var total agreement.Result
	for _, k := range c.coders {
		c.perCoder[k].WriteSummary(w, fmt.Sprintf("coder %d", k))
		total.Merge(*c.perCoder[k])
	}
	if len(c.coders) > 1 {
		total.WriteSummary(w, "all")
	}
	total.WriteConfusion(w)
	total.WriteSpanExamples(w, 20)
	if html != "" {
		title := "gecmetric edits: agreement with " + filepath.Base(c.path)
		return atomicfile.Write(html, func(w io.Writer) error { return htmlreport.Confusion(w, title, &total) })
	}
	return nil
}

// mergeCoders returns a followed by the ids of b that are not in a.
func mergeCoders(a, b []int) []int {
	out := slices.Clone(a)
	for _, c := range b {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
