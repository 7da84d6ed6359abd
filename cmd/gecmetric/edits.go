package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/agreement"
	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/edits/generic"
	"github.com/gecmetric/gecmetric/edits/sv"
	"github.com/gecmetric/gecmetric/htmlreport"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// defaultLang is the language of `gecmetric edits` without --lang.
const defaultLang = "en"

// languageFor returns the extraction rules for a language code: the
// language's own package where there is one, the generic rules otherwise.
func languageFor(code string) edits.Language {
	switch code {
	case "en":
		return en.New()
	case "sv":
		return sv.New()
	}
	return generic.New(code)
}

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
			"with another M2 (span P/R/F1, type agreement, type confusion) instead of the M2.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "source", Usage: "source sentences, one per line"},
			&cli.StringSliceFlag{Name: "target", Usage: "corrected sentences, one per line (repeatable; coder id = position)"},
			&cli.StringFlag{Name: "m2", Usage: "an existing M2 file: re-extract its annotators' edits (errant_m2 -auto), or retype them with --reclassify"},
			&cli.BoolFlag{Name: "reclassify", Usage: "keep the edit spans of --m2 and type them (errant_m2 -gold)"},
			&cli.StringFlag{Name: "lang", Value: defaultLang, Usage: "language: en, sv, or any other code for the language-agnostic rules"},
			&cli.StringFlag{Name: "merge", Value: "rules", Usage: "merge strategy: rules, all-split, all-merge, all-equal"},
			&cli.BoolFlag{Name: "lev", Usage: "align with plain Levenshtein costs"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the M2 to this file instead of stdout", Action: outputPath},
			&cli.StringFlag{Name: "compare-with", Usage: "compare the result with this M2 and print the agreement"},
			&cli.StringFlag{Name: "html", Usage: "with --compare-with: also write the agreement as an HTML page with the type confusion as a heat map", Action: outputPath},
		}, tokenizeFlags()...),
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.String("html") != "" && cmd.String("compare-with") == "" {
				return usageError{errors.New("--html needs --compare-with FILE.m2")}
			}
			merge, err := edits.ParseMergeStrategy(cmd.String("merge"))
			if err != nil {
				return usageError{err}
			}
			opts := edits.Options{Merge: merge, Lev: cmd.Bool("lev")}
			lang := languageFor(cmd.String("lang"))
			var blocks []corpora.M2Block
			switch {
			case cmd.String("m2") != "":
				if cmd.String("source") != "" || len(cmd.StringSlice("target")) > 0 {
					return usageError{errors.New("--m2 and --source/--target exclude each other")}
				}
				blocks, err = corpora.ReadM2File(cmd.String("m2"))
				if err != nil {
					return err
				}
				redo := func(src *edits.Sentence, gold []edits.Edit) []edits.Edit {
					return edits.Reextract(lang, src, gold, opts)
				}
				if cmd.Bool("reclassify") {
					redo = func(src *edits.Sentence, gold []edits.Edit) []edits.Edit {
						return edits.Reclassify(lang, src, gold)
					}
				}
				redoBlocks(lang, blocks, redo)
			case cmd.String("source") != "" && len(cmd.StringSlice("target")) > 0:
				blocks, err = extractFiles(lang, cmd.String("source"), cmd.StringSlice("target"), opts, policyOf(cmd))
				if err != nil {
					return err
				}
			case cmd.Bool("reclassify"):
				return usageError{errors.New("--reclassify needs --m2 FILE")}
			default:
				return usageError{errors.New("give --source and at least one --target, or --m2 FILE")}
			}
			if out := cmd.String("output"); out != "" {
				if err := atomicfile.Write(out, func(w io.Writer) error { return corpora.WriteM2(w, blocks) }); err != nil {
					return err
				}
			}
			if ref := cmd.String("compare-with"); ref != "" {
				return compareM2(e.stdout, blocks, ref, cmd.String("html"))
			}
			if cmd.String("output") == "" {
				return corpora.WriteM2(e.stdout, blocks)
			}
			return nil
		},
	}
}

// extractFiles reads a source file and its target files and extracts the
// edits of every target, in errant_parallel's M2 layout: a source line
// that is empty is skipped (no block); a target identical to its source
// (after trimming) gets a noop edit; one that differs only in spacing gets
// no edit line at all. pol decides which files are tokenised: a raw source
// with --tokenize, and a target that is raw next to the source.
func extractFiles(lang edits.Language, source string, targets []string, opts edits.Options, pol tokenize.Policy) ([]corpora.M2Block, error) {
	files, err := corpora.ReadParallel(append([]string{source}, targets...)...)
	if err != nil {
		return nil, err
	}
	src, tgts := files[0], files[1:]
	srcToks, srcShare := pol.Reference(src.Lines, src.Tokens)
	// texts[t][i] is target t's sentence i as compared with the source's.
	tgtToks := make([][][]string, len(tgts))
	texts := make([][]string, len(tgts))
	for t, f := range tgts {
		toks, did, err := pol.Hypothesis(f.Name, f.Lines, f.Tokens, srcShare)
		if err != nil {
			return nil, hinted(err, tokenize.Hint)
		}
		tgtToks[t], texts[t] = toks, make([]string, len(f.Lines))
		for i, l := range f.Lines {
			if did == tokenize.Tokenized {
				texts[t][i] = strings.Join(toks[i], " ")
			} else {
				texts[t][i] = strings.TrimSpace(l)
			}
		}
	}
	n := len(src.Lines)
	srcSent := make([]*edits.Sentence, n)
	srcText := make([]string, n)
	edits.Parallel(n, func(i int) {
		if strings.TrimSpace(src.Lines[i]) == "" {
			return
		}
		srcSent[i] = lang.Annotate(srcToks[i])
		srcText[i] = strings.Join(srcToks[i], " ")
	})
	// One job per (sentence, target) pair whose texts differ.
	found := make([][]edits.Edit, n*len(tgts))
	edits.Parallel(n*len(tgts), func(k int) {
		i, t := k/len(tgts), k%len(tgts)
		if srcSent[i] == nil || srcText[i] == texts[t][i] {
			return
		}
		found[k] = edits.Extract(lang, srcSent[i], lang.Annotate(tgtToks[t][i]), opts)
	})
	var blocks []corpora.M2Block
	for i := range n {
		if srcSent[i] == nil {
			continue
		}
		b := corpora.M2Block{Source: srcSent[i].Texts()}
		for t := range tgts {
			if srcText[i] == texts[t][i] {
				b.Edits = append(b.Edits, m2Edit(edits.Noop(), t))
				continue
			}
			for _, e := range found[i*len(tgts)+t] {
				b.Edits = append(b.Edits, m2Edit(e, t))
			}
		}
		blocks = append(blocks, b)
	}
	return blocks, nil
}

// m2Edit is the M2 form of e as ERRANT writes it: a deletion's correction
// field is empty, not "-NONE-".
func m2Edit(e edits.Edit, coder int) corpora.M2Edit {
	if len(e.C) == 0 && !e.IsNoop() && len(e.Alternatives) == 0 {
		e.Alternatives = []string{""}
	}
	return corpora.NewM2Edit(e, coder)
}

// redoBlocks replaces the edits of every coder of every block, in
// ascending coder order, by redo's (Reclassify or Reextract); a coder's
// noop is kept as it is.
func redoBlocks(lang edits.Language, blocks []corpora.M2Block, redo func(*edits.Sentence, []edits.Edit) []edits.Edit) {
	edits.Parallel(len(blocks), func(i int) {
		b := &blocks[i]
		var src *edits.Sentence
		var out []corpora.M2Edit
		for _, coder := range b.Coders() {
			gold := b.CoderEdits(coder)
			if gold[0].IsNoop() {
				first := slices.IndexFunc(b.Edits, func(e corpora.M2Edit) bool { return e.Coder == coder })
				out = append(out, b.Edits[first])
				continue
			}
			if src == nil {
				src = lang.Annotate(b.Source)
			}
			for _, e := range redo(src, gold) {
				out = append(out, reuseLine(b.Edits, m2Edit(e, coder)))
			}
		}
		b.Edits = out
	})
}

// reuseLine returns the edit as read when e is unchanged from it, so that
// the M2 writer reproduces the line byte for byte.
func reuseLine(read []corpora.M2Edit, e corpora.M2Edit) corpora.M2Edit {
	for _, r := range read {
		if r.Coder == e.Coder && r.OStart == e.OStart && r.OEnd == e.OEnd && r.Type == e.Type &&
			strings.Join(r.C, " ") == strings.Join(e.C, " ") && len(r.Alternatives) == 0 {
			return r
		}
	}
	return e
}

// compareM2 compares blocks with the M2 file ref, coder by coder, and
// prints the agreement of each coder and in total.
func compareM2(w io.Writer, blocks []corpora.M2Block, ref, html string) error {
	want, err := corpora.ReadM2File(ref)
	if err != nil {
		return err
	}
	if len(want) != len(blocks) {
		return fmt.Errorf("%s has %d sentences, the result has %d", ref, len(want), len(blocks))
	}
	var total agreement.Result
	perCoder := map[int]*agreement.Result{}
	var coders []int
	for i := range blocks {
		got, exp := &blocks[i], &want[i]
		if strings.Join(got.Source, " ") != strings.Join(exp.Source, " ") {
			return &corpora.ParseError{File: ref, Line: exp.Line, Err: fmt.Errorf("source differs from the result's sentence %d", i+1)}
		}
		for _, c := range mergeCoders(got.Coders(), exp.Coders()) {
			r := perCoder[c]
			if r == nil {
				r = &agreement.Result{}
				perCoder[c] = r
				coders = append(coders, c)
			}
			r.Add(got.Source, got.CoderEdits(c), exp.CoderEdits(c))
		}
	}
	for _, c := range coders {
		perCoder[c].WriteSummary(w, fmt.Sprintf("coder %d", c))
		total.Merge(*perCoder[c])
	}
	if len(coders) > 1 {
		total.WriteSummary(w, "all")
	}
	total.WriteConfusion(w)
	total.WriteSpanExamples(w, 20)
	if html != "" {
		title := "gecmetric edits: agreement with " + filepath.Base(ref)
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
