package calibrate

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/internal/textcheck"
	"github.com/gecmetric/gecmetric/parseerr"
)

// ReadMetricScores reads metric scores from a table with a header naming
// the columns "item", "system" and "score" (CSV, or TSV when the header
// has a tab), or from JSON Lines objects with those keys. Without an item
// column (or with an empty item) a score is the system's corpus-level
// score. A score must be a finite number (NaN and ±Inf are refused), and
// the file must hold at least one (parseerr.ErrEmptyInput). name is used
// in errors, which carry the line.
func ReadMetricScores(r io.Reader, name string) ([]MetricScore, error) {
	data, err := io.ReadAll(textcheck.Reader(r, name))
	if err != nil {
		return nil, parseerr.Wrap(name, 0, 0, err)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var out []MetricScore
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		out, err = readMetricJSONL(data, name)
	} else if len(t) > 0 {
		out, err = readMetricTable(data, name)
	}
	if err == nil && len(out) == 0 {
		err = parseerr.At(name, 0, 0, parseerr.ErrEmptyInput, "no metric scores")
	}
	return out, err
}

// readMetricTable reads the CSV or TSV form.
func readMetricTable(data []byte, name string) ([]MetricScore, error) {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	cr := csv.NewReader(bytes.NewReader(data))
	if bytes.ContainsRune(first, '\t') {
		cr.Comma = '\t'
		cr.LazyQuotes = true
	}
	hdr, err := cr.Read()
	if err != nil {
		return nil, csvErr(name, err, "metric scores: no header")
	}
	col := map[string]int{"item": -1, "system": -1, "score": -1}
	for i, h := range hdr {
		if _, ok := col[strings.TrimSpace(h)]; ok {
			col[strings.TrimSpace(h)] = i
		}
	}
	if col["system"] < 0 || col["score"] < 0 {
		return nil, parseerr.At(name, 1, 0, nil, "metric scores need columns system and score (and item for sentence scores); header is %q", hdr)
	}
	var out []MetricScore
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, csvErr(name, err, "metric scores")
		}
		line, _ := cr.FieldPos(0)
		v, err := strconv.ParseFloat(strings.TrimSpace(rec[col["score"]]), 64)
		if err != nil {
			_, c := cr.FieldPos(col["score"])
			return nil, parseerr.At(name, line, c, nil, "score %q is not a number", rec[col["score"]])
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			_, c := cr.FieldPos(col["score"])
			return nil, parseerr.At(name, line, c, nil, "score %q is not a finite number", rec[col["score"]])
		}
		m := MetricScore{System: rec[col["system"]], Value: v}
		if col["item"] >= 0 {
			m.Item = rec[col["item"]]
		}
		out = append(out, m)
	}
}

func readMetricJSONL(data []byte, name string) ([]MetricScore, error) {
	var out []MetricScore
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var m struct {
			Item   any      `json:"item"`
			System string   `json:"system"`
			Score  *float64 `json:"score"`
		}
		if err := json.Unmarshal(line, &m); err != nil {
			return nil, parseerr.At(name, n, jsonColumn(sc.Bytes(), err), nil, "%v", err)
		}
		if m.System == "" || m.Score == nil {
			return nil, parseerr.At(name, n, 0, nil, "a metric score needs \"system\" and \"score\"")
		}
		item := ""
		switch v := m.Item.(type) {
		case string:
			item = v
		case float64:
			item = strconv.FormatFloat(v, 'f', -1, 64)
		}
		out = append(out, MetricScore{Item: item, System: m.System, Value: *m.Score})
	}
	return out, nil
}

// csvErr positions an error of encoding/csv (which knows line and column)
// or of reading.
func csvErr(name string, err error, what string) error {
	if pe, ok := errors.AsType[*csv.ParseError](err); ok {
		return parseerr.At(name, pe.Line, pe.Column, nil, "%s: %v", what, pe.Err)
	}
	return parseerr.At(name, 1, 0, nil, "%s: %v", what, err)
}

// jsonColumn returns the 1-based column in line at which encoding/json
// found err, or 0 when err carries no offset.
func jsonColumn(line []byte, err error) int {
	off := jsonOffset(err)
	if off < 0 {
		return 0
	}
	_, col := parseerr.Offset(line, off)
	return col
}

// jsonOffset returns the input offset of an encoding/json syntax or type
// error, or -1.
func jsonOffset(err error) int64 {
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		return se.Offset
	}
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		return te.Offset
	}
	return -1
}
