package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// essayFiles are the files eval --essays scores in place of those given:
// one essay per line, written to a temporary folder.
type essayFiles struct {
	source string
	refs   []string
	hyps   []string
	dir    string
}

// writeEssays joins the sentences of every file of the test set into
// essays by the document headers of the M2 file named by --essays
// (corpora.ReadEssays) and writes them, one essay per line, to a
// temporary folder: the source, each reference (a text file, or every
// coder of the --essays M2 when it is also a --ref), and each hypothesis
// under its own base name. The caller removes the folder.
func writeEssays(cmd *cli.Command, hyps []string) (*essayFiles, error) {
	docs := cmd.String("essays")
	var texts []string // the text files, in order: source, text refs, hyps
	if src := cmd.String("source"); src != "" {
		texts = append(texts, src)
	}

	for _, r := range cmd.StringSlice("ref") {
		if r != docs {
			texts = append(texts, r)
		}
	}
	texts = append(texts, hyps...)
	coders, essays, err := corpora.ReadEssays(docs, texts)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "gecmetric-essays-")
	if err != nil {
		return nil, err
	}
	ef := &essayFiles{dir: dir}
	var jobs []func() error
	add := func(path string, side func(e *corpora.Essay) []string) string {
		jobs = append(jobs, func() error {
			if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
				return err
			}
			return atomicfile.Write(path, func(w io.Writer) error {
				for i := range essays {
					if _, err := fmt.Fprintln(w, strings.Join(side(&essays[i]), " ")); err != nil {
						return err
					}
				}
				return nil
			})
		})
		return path
	}
	k := 0 // the next text file
	text := func(i int) func(e *corpora.Essay) []string {
		return func(e *corpora.Essay) []string { return e.Texts[i] }
	}
	if cmd.String("source") != "" {
		ef.source = add(filepath.Join(dir, "source", filepath.Base(cmd.String("source"))), text(k))
		k++
	} else {
		ef.source = add(filepath.Join(dir, "source", "source.txt"), func(e *corpora.Essay) []string { return e.Source })
	}
	for n, r := range cmd.StringSlice("ref") {
		if r != docs {
			ef.refs = append(ef.refs, add(filepath.Join(dir, "ref", fmt.Sprint(n), filepath.Base(r)), text(k)))
			k++
			continue
		}
		for j, c := range coders {
			ef.refs = append(ef.refs, add(filepath.Join(dir, "ref", fmt.Sprint(n), fmt.Sprintf("coder%d.txt", c)), func(e *corpora.Essay) []string { return e.Refs[j] }))
		}
	}
	for n, h := range hyps {
		ef.hyps = append(ef.hyps, add(filepath.Join(dir, "hyp", fmt.Sprint(n), filepath.Base(h)), text(k)))
		k++
	}
	for _, job := range jobs {
		if err := job(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	return ef, nil
}
