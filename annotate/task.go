package annotate

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/gecmetric/gecmetric/corpora"
)

// An Item is one screen of the procedure: a source sentence, the outputs
// of several systems for it, and the reference revealed after Save.
type Item struct {
	ID        int               // position in the task files, from 0
	Source    string            // the learner's sentence
	Reference string            // the intended meaning; "" if the task has none
	Outputs   map[string]string // system name → output
}

// Systems returns the item's system names in sorted order.
func (it *Item) Systems() []string {
	names := make([]string, 0, len(it.Outputs))
	for s := range it.Outputs {
		names = append(names, s)
	}
	sort.Strings(names)
	return names
}

// A Task is what annotators work through: items rated on one protocol's scales.
type Task struct {
	Protocol *Protocol
	Items    []Item
	// Display says how raters see the task's text: "" as given, or
	// DisplayDetokenized. It is stored with the task (meta "display"),
	// so that what a rater saw can be known again.
	Display string
}

// DisplayDetokenized shows raters tokenised text as raw text
// (tokenize.Detokenize: "changes ." → "changes."): the source, the
// outputs, the reference. Their post-edits are stored as they wrote them,
// against the text they saw (DB.Shown).
const DisplayDetokenized = "detokenized"

// A SystemFile names one system's output file: one sentence per line,
// parallel to the source.
type SystemFile struct {
	Name string // the system name; hidden from annotators
	Path string
}

// ParseSystemFile parses a NAME=FILE argument.
func ParseSystemFile(arg string) (SystemFile, error) {
	name, path, ok := strings.Cut(arg, "=")
	if !ok || name == "" || path == "" {
		return SystemFile{}, fmt.Errorf("output %q: want NAME=FILE", arg)
	}
	if err := checkName("system", name); err != nil {
		return SystemFile{}, err
	}
	return SystemFile{Name: name, Path: path}, nil
}

// checkName rejects names that would be confusing in files and tables.
func checkName(what, name string) error {
	if name == "" {
		return fmt.Errorf("empty %s name", what)
	}
	if len(name) > 100 {
		return fmt.Errorf("%s name %.20q…: longer than 100 bytes", what, name)
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || r == '=' || r == '/' || r == '\\' {
			return fmt.Errorf("%s name %q: contains %q", what, name, r)
		}
	}
	if strings.TrimSpace(name) != name {
		return fmt.Errorf("%s name %q: leading or trailing space", what, name)
	}
	return nil
}

// ReadTask reads a task from parallel text files: the sources, one file per
// system, and (optionally, path "") the references. Files are read with
// corpora.ReadParallel, so a file with invalid UTF-8 or a line count that
// differs from the source's is reported with its name and line.
func ReadTask(p *Protocol, source, reference string, systems []SystemFile) (*Task, error) {
	if len(systems) == 0 {
		return nil, errors.New("no system outputs: give at least one --hyp NAME=FILE")
	}
	seen := map[string]bool{}
	paths := []string{source}
	for _, s := range systems {
		if seen[s.Name] {
			return nil, fmt.Errorf("system %q given twice", s.Name)
		}
		seen[s.Name] = true
		paths = append(paths, s.Path)
	}
	if reference != "" {
		paths = append(paths, reference)
	}
	files, err := corpora.ReadParallel(paths...)
	if err != nil {
		return nil, err
	}
	src := files[0]
	if len(src.Lines) == 0 {
		return nil, &corpora.ParseError{File: source, Err: fmt.Errorf("%w: no sentences", corpora.ErrEmptyInput)}
	}
	t := &Task{Protocol: p}
	for i, line := range src.Lines {
		if strings.TrimSpace(line) == "" && p.ShowSource {
			return nil, &corpora.ParseError{File: source, Line: i + 1, Err: fmt.Errorf("%w: empty source sentence", corpora.ErrEmptyInput)}
		}
		it := Item{ID: i, Source: line, Outputs: map[string]string{}}
		for j, s := range systems {
			it.Outputs[s.Name] = files[1+j].Lines[i]
		}
		if reference != "" {
			it.Reference = files[len(files)-1].Lines[i]
		}
		t.Items = append(t.Items, it)
	}
	return t, nil
}

// Validate checks that the task can be annotated: at least one item, every
// item with at least one output, names that are valid, and ids 0..n-1.
func (t *Task) Validate() error {
	if t.Protocol == nil {
		return errors.New("task has no protocol")
	}
	if len(t.Items) == 0 {
		return errors.New("task has no items")
	}
	for i, it := range t.Items {
		if it.ID != i {
			return fmt.Errorf("item %d has id %d", i, it.ID)
		}
		if len(it.Outputs) == 0 {
			return fmt.Errorf("item %d has no outputs", i)
		}
		for s := range it.Outputs {
			if err := checkName("system", s); err != nil {
				return fmt.Errorf("item %d: %w", i, err)
			}
		}
	}
	return nil
}
