// Package datadir finds the shared public data folder that golden tests and
// the calibration commands read in place: the folder named by
// GECMETRIC_DATA, or ../shared/data beside the repository root (the
// nearest folder above the working directory with a go.mod).
package datadir

import (
	"os"
	"path/filepath"
)

// Root returns the data folder, or "" if it does not exist.
func Root() string {
	if d := os.Getenv("GECMETRIC_DATA"); d != "" {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
		return ""
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(dir, "..", "shared", "data")
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				return d
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
