package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
	"github.com/gecmetric/gecmetric/parseerr"
)

// systemNames splits system arguments of the form NAME=FILE (as `annotate
// init --hyp` takes them) into names and paths; a plain FILE is named
// by its base name without the extension ("out/camb.txt" → "camb"), and
// "-" (standard input) is named "stdin"; files whose names differ only in
// the extension keep it. An argument whose whole text is
// an existing file is a path even if it has an "=".
func systemNames(args []string) (names, paths []string) {
	defaulted := map[int]bool{}
	for _, a := range args {
		name, path, ok := strings.Cut(a, "=")
		if !ok || name == "" || path == "" || strings.ContainsRune(name, os.PathSeparator) {
			name, path = "", a
		} else if _, err := os.Stat(a); err == nil {
			name, path = "", a
		}
		if name == "" {
			name = baseName(path)
			defaulted[len(names)] = true
		}
		names, paths = append(names, name), append(paths, path)
	}
	// Two files that differ only in their extension (sys.txt, sys.m2)
	// keep it.
	count := map[string]int{}
	for _, n := range names {
		count[n]++
	}
	for i, n := range names {
		if count[n] > 1 && defaulted[i] && paths[i] != "-" {
			names[i] = filepath.Base(paths[i])
		}
	}
	return names, paths
}

// baseName is a file's name without folder and extension; "-" is "stdin".
func baseName(path string) string {
	if path == "-" {
		return "stdin"
	}
	b := filepath.Base(path)
	if ext := filepath.Ext(b); ext != b {
		b = strings.TrimSuffix(b, ext)
	}
	return b
}

// stdinFiles replaces a "-" in paths by a temporary file holding standard
// input (read once), so that the readers can take it by path; done removes
// it and names "-" in place of the file in a reader's error. Only one "-"
// may be given.
func stdinFiles(e *env, paths []string) (done func(error) error, err error) {
	done = func(err error) error { return err }
	restore := func() {}
	n := 0
	for i, p := range paths {
		if p != "-" {
			continue
		}
		if n++; n > 1 {
			return done, usageError{fmt.Errorf("standard input (-) can be read only once")}
		}
		f, err := os.CreateTemp("", "gecmetric-stdin-*.txt")
		if err != nil {
			return done, err
		}
		tmp := f.Name()
		restore = func() { os.Remove(tmp) }
		done = func(err error) error {
			restore()
			var pe *parseerr.Error
			if errors.As(err, &pe) && pe.File == tmp {
				pe.File = "-"
			}
			var re *tokenize.RawError
			if errors.As(err, &re) && re.File == tmp {
				re.File = "-"
			}
			return err
		}
		_, err = io.Copy(f, e.stdin)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return done, fmt.Errorf("reading standard input: %w", done(err))
		}
		paths[i] = tmp
	}
	return done, nil
}

// writeOutput runs write on stdout, or on the file named by -o/--output
// (written atomically: all or nothing).
func writeOutput(e *env, path string, write func(io.Writer) error) error {
	if path == "" {
		return write(e.stdout)
	}
	return atomicfile.Write(path, write)
}
