package m2

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/parseerr"
)

// ReadHypotheses reads a system output file as the M2 scorer does: one
// sentence per line, lines broken at "\n" only (a final line without a
// break counts), each line decoded as UTF-8 and split by Tokenize. name is
// used in errors.
func ReadHypotheses(r io.Reader, name string) ([][]string, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var out [][]string
	for line := 1; len(data) > 0; line++ {
		l := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if !utf8.Valid(l) {
			_, col := parseerr.Offset(l, int64(invalidAt(l)))
			return nil, goldErr(name, line, col, "invalid UTF-8 (the scorer decodes hypotheses as UTF-8)")
		}
		out = append(out, Tokenize(string(l)))
	}
	return out, nil
}
