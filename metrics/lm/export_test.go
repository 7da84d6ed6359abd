package lm

import (
	"bytes"
	"compress/gzip"

	"github.com/gecmetric/gecmetric/metrics/lm/internal/cmulm"
)

func embedded() []byte { return cmulm.Model }

func gz(b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}
