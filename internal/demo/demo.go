// Package demo holds gecmetric's built-in demonstration set: twelve
// learner-style sentences written for this project, two reference
// corrections of each, and two system outputs, one careful and one that
// rewrites freely. It lets every command run on a fresh machine with no
// files, and the tests use it as a small, fully known fixture.
package demo

import (
	_ "embed"
	"strings"
)

var (
	//go:embed source.txt
	source string
	//go:embed ref0.txt
	ref0 string
	//go:embed ref1.txt
	ref1 string
	//go:embed careful.txt
	careful string
	//go:embed eager.txt
	eager string
)

// A File is one embedded text file of the demo set.
type File struct {
	Name string // a file-like name, shown in output ("careful")
	Text string // the contents, one tokenised sentence per line
}

// Source returns the demo's source sentences.
func Source() File { return File{"source", source} }

// References returns the two reference corrections.
func References() []File { return []File{{"ref0", ref0}, {"ref1", ref1}} }

// Hypotheses returns the two system outputs: "careful" corrects a few
// errors and leaves others; "eager" fixes most errors by rewriting freely.
func Hypotheses() []File { return []File{{"careful", careful}, {"eager", eager}} }

// Lines splits a demo file into its lines.
func (f File) Lines() []string { return strings.Split(strings.TrimSuffix(f.Text, "\n"), "\n") }
