package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/corpora"
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
//
// The copy stops past maxBytes (ErrTooBig, naming "-"); a SIGINT or
// SIGTERM during the run removes it (atomicfile.Temp).
func stdinFiles(e *env, paths []string, maxBytes int64) (done func(error) error, err error) {
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
		f, err := atomicfile.Temp("", "gecmetric-stdin-*.txt")
		if err != nil {
			return done, err
		}
		tmp := f.Name()
		restore = func() { atomicfile.RemoveTemp(f) }
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
			if err != nil && strings.Contains(err.Error(), tmp) {
				err = &renamedError{err, tmp, "-"}
			}
			return err
		}
		var n int64
		n, err = io.Copy(f, io.LimitReader(e.stdin, maxBytes+1))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil && n > maxBytes {
			err = parseerr.At("-", 0, 0, corpora.ErrTooBig, "standard input goes on past %d bytes", maxBytes)
		}
		if errors.Is(err, corpora.ErrTooBig) {
			return done, hinted(done(err), limitHint("max-input-bytes"))
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

// stdinFlags are the flags that name a file to read, where "-" stands for
// standard input; named marks those whose file names a system.
var stdinFlags = map[string]bool{
	"source": false, "s": false, "orig": false, "ref": false, "r": false,
	"target": false, "cor": false, "m2": false, "compare-with": false,
	"hyp": true, "baseline": true, "candidate": true,
}

// stdinArgs replaces a "-" given to a file flag of any command (--source -,
// --ref=-, --hyp -, --hyp NAME=-, ...) by a temporary file holding
// standard input, so that every command reads standard input as it reads a
// file; a system read so is named "stdin", or NAME. done removes the file and names "-" in its
// place in an error. Standard input may be read only once.
func stdinArgs(e *env, args []string) (out []string, done func(error) error, err error) {
	out = slices.Clone(args)
	var idx []int // positions of the "-" values
	var named []bool
	for i := 1; i < len(out); i++ {
		a := out[i]
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			continue
		}
		name, val, eq := strings.Cut(strings.TrimLeft(a, "-"), "=")
		isNamed, ok := stdinFlags[name]
		if !ok {
			continue
		}
		switch {
		case eq && (val == "-" || isNamed && strings.HasSuffix(val, "=-")):
			idx, named = append(idx, i), append(named, isNamed)
		case !eq && i+1 < len(out) && (out[i+1] == "-" || isNamed && strings.HasSuffix(out[i+1], "=-") && !strings.HasPrefix(out[i+1], "-")):
			i++
			idx, named = append(idx, i), append(named, isNamed)
		}
	}
	if len(idx) == 0 {
		return out, func(err error) error { return err }, nil
	}
	paths := []string{"-"}
	if len(idx) > 1 {
		paths = append(paths, "-")
	}
	done, err = stdinFiles(e, paths, maxInputBytesArg(args))
	if err != nil {
		return nil, done, err
	}
	tmp := paths[0]
	for k, i := range idx {
		flag, val := "", out[i]
		if strings.HasPrefix(val, "-") && val != "-" { // --flag=VALUE
			flag, val, _ = strings.Cut(val, "=")
			flag += "="
		}
		v := tmp
		if named[k] {
			// A system read from standard input is named stdin, or as
			// NAME=- names it.
			name := "stdin"
			if n := strings.TrimSuffix(val, "=-"); n != val {
				name = n
			}
			v = name + "=" + tmp
		}
		out[i] = flag + v
	}
	return out, done, nil
}

// A renamedError is err with a file name in its message replaced (a
// temporary file by the "-" it stands for).
type renamedError struct {
	err      error
	from, to string
}

func (r *renamedError) Error() string { return strings.ReplaceAll(r.err.Error(), r.from, r.to) }
func (r *renamedError) Unwrap() error { return r.err }
