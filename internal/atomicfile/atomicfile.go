// Package atomicfile writes output files so that a reader never sees half
// of one: the data goes to a temporary file in the same folder, which is
// renamed over the destination only when everything was written and
// closed. A failed write leaves the destination as it was and no
// temporary file behind.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write calls write with a temporary file beside path and renames it to
// path when write and the close succeed. The file gets mode 0644: outputs
// (models, reports, M2, JSON) are meant to be read by others.
func Write(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // a no-op once renamed
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
