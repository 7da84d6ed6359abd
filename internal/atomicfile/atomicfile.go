// Package atomicfile writes output files so that a reader never sees half
// of one: the data goes to a temporary file in the same folder, which is
// renamed over the destination only when everything was written and
// closed. A failed write leaves the destination as it was and no
// temporary file behind.
//
// Check tells before any work whether Write can succeed at a path: every
// command calls it on each output path while it reads its flags, so a
// missing folder or a path that is a folder stops the command at once,
// with a message that names the path as the user gave it. Write's own
// errors name that path too, never the temporary file.
//
// A destination that exists and is not a regular file (/dev/stdout, a
// named pipe) is written in place: there is nothing to rename over.
//
// An interrupt or termination signal (SIGINT, SIGTERM) during a Write
// removes the temporary file before the process ends: Ctrl-C leaves
// neither a partial destination nor a .NAME.tmpNNN file (see signal.go).
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Check reports whether a file can be written at path: its folder exists
// and takes new files, and path itself is not a folder. The empty path
// (no output asked for) passes. Its errors read
//
//	out is a directory
//	out/x.jsonl: no directory out
//	out/x.jsonl: out is not a directory
//	out/x.jsonl: cannot create files in out: permission denied
func Check(path string) error {
	if path == "" {
		return nil
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("%s is a directory", path)
	case err == nil && !fi.Mode().IsRegular():
		return nil // a device or pipe, written in place
	}
	dir := filepath.Dir(path)
	di, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: no directory %s", path, dir)
	case err != nil:
		return fmt.Errorf("%s: %v", path, cause(err))
	case !di.IsDir():
		return fmt.Errorf("%s: %s is not a directory", path, dir)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".check*")
	if err != nil {
		return fmt.Errorf("%s: cannot create files in %s: %v", path, dir, cause(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// CheckDir reports whether files can be written into the folder dir,
// which MkdirAll may create: dir is not a file, nor is any folder above
// it. The empty path passes.
func CheckDir(dir string) error {
	if dir == "" {
		return nil
	}
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err == nil {
			if !fi.IsDir() {
				if d == filepath.Clean(dir) {
					return fmt.Errorf("%s is not a directory", dir)
				}
				return fmt.Errorf("%s: %s is not a directory", dir, d)
			}
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return fmt.Errorf("%s: %v", dir, cause(err))
		}
		if filepath.Dir(d) == d {
			return nil
		}
	}
}

// cause strips the path from a *PathError, which may be a temporary name.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Write calls write with a temporary file beside path and renames it to
// path when write and the close succeed. The file gets mode 0644: outputs
// (models, reports, M2, JSON) are meant to be read by others. An error of
// write is returned as it is, but for one in writing the temporary file,
// which reads "writing PATH: ...".
func Write(path string, write func(io.Writer) error) error {
	if err := Check(path); err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return writeInPlace(path, write)
	}
	f, err := track(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, cause(err))
	}
	defer func() {
		os.Remove(f.Name()) // a no-op once renamed
		untrack(f.Name())
	}()
	if err := write(f); err != nil {
		if ierr := interruptedErr(path); ierr != nil {
			f.Close()
			return ierr
		}
		f.Close()
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == f.Name() { // "write .x.tmp123: no space left on device"
			return fmt.Errorf("writing %s: %w", path, pe.Err)
		}
		return err // the writer's own error (bad input, say) as it is
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %v", path, cause(err))
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return fmt.Errorf("writing %s: %v", path, cause(err))
	}
	if err := interruptedErr(path); err != nil {
		return err // the temporary file is gone: never rename a stale name
	}
	if err := os.Rename(f.Name(), path); err != nil {
		var le *os.LinkError
		if errors.As(err, &le) {
			err = le.Err
		}
		return fmt.Errorf("writing %s: %v", path, err)
	}
	return nil
}

// writeInPlace writes to an existing device or pipe.
func writeInPlace(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("writing %s: %v", path, cause(err))
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %v", path, cause(err))
	}
	return nil
}
