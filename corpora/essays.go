package corpora

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
)

// An Essay is one document of an M2 file whose document headers group
// its sentences (UA-GEC's "S # 0002", see M2Block.Header): its sentences
// joined, as MultiGEC-2025 scores whole essays.
type Essay struct {
	Doc    string     // the document id of the header
	Source []string   // the source tokens of every sentence, in order
	Refs   [][]string // per coder (in the order of Coders), the corrected tokens
	Texts  [][]string // per text file, the tokens of its lines
}

// ReadEssays reads an M2 file with document headers and text files whose
// lines follow its blocks one for one (headers included, as UA-GEC's
// derived .src and .ref files and a system output made from them have
// them), and joins every document's sentences into one essay: the source,
// each coder's correction (Side.Correction) and each text file's lines,
// tokens split on white space. The lines at the headers are left out.
// Sentences before the first header form a document with id "". coders
// are the coder ids of the file, in the order of Essay.Refs. Errors name
// the file and line.
//
// The essays are held in memory (a test set of a few thousand sentences
// is a few megabytes).
func ReadEssays(m2Path string, texts []string) (coders []int, essays []Essay, err error) {
	f, err := os.Open(m2Path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var blocks []*M2Block
	headers := 0
	r := NewM2Reader(f, m2Path)
	for r.Scan() {
		b := r.Block()
		blocks = append(blocks, b)
		for _, c := range b.Coders() {
			if !slices.Contains(coders, c) {
				coders = append(coders, c)
			}
		}
		if b.Header {
			headers++
		}
	}
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	if headers == 0 {
		return nil, nil, &ParseError{File: m2Path, Err: fmt.Errorf("no document headers (an S line \"# \" and digits with noop edits, as UA-GEC's \"S # 0002\"): the file does not say where essays begin")}
	}
	slices.Sort(coders)
	lines := make([][]string, len(texts))
	for k, p := range texts {
		if lines[k], err = readLinesOf(p); err != nil {
			return nil, nil, err
		}
		if len(lines[k]) != len(blocks) {
			return nil, nil, &ParseError{File: p, Line: min(len(lines[k]), len(blocks)) + 1,
				Err: fmt.Errorf("%d lines, but %s has %d sentences (document headers included): a text file must follow the M2 line for line", len(lines[k]), m2Path, len(blocks))}
		}
	}
	var cur *Essay
	for i, b := range blocks {
		if b.Header || cur == nil {
			essays = append(essays, Essay{Doc: b.Doc, Refs: make([][]string, len(coders)), Texts: make([][]string, len(texts))})
			cur = &essays[len(essays)-1]
			if b.Header {
				continue
			}
		}
		cur.Source = append(cur.Source, b.Source...)
		side := Side{Block: b}
		for k, c := range coders {
			toks, _ := side.Correction(c)
			if !slices.Contains(b.Coders(), c) {
				toks = b.Source // a coder absent from a block leaves it as it is
			}
			cur.Refs[k] = append(cur.Refs[k], toks...)
		}
		for k := range texts {
			cur.Texts[k] = append(cur.Texts[k], strings.Fields(lines[k][i])...)
		}
	}
	return coders, essays, nil
}

func readLinesOf(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	r := NewTextReader(bufio.NewReader(f), path)
	for r.Scan() {
		out = append(out, r.Text())
	}
	return out, r.Err()
}
