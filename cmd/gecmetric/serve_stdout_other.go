//go:build !unix

package main

import "os"

// privateStdout is standard output itself where descriptors cannot be
// duplicated this way: the run op's capture of the CLI's output is then
// the only guard.
func privateStdout() (*os.File, error) { return os.Stdout, nil }
