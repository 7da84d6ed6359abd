package human

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/internal/textcheck"
)

// ReadTMUGFM reads TMU-GFM (Yoshimura et al., COLING 2020; the
// tmu-nlp/TMU-GFM-Dataset CSV): a header "source,output,grammer,fluency,
// meaning,system,ave_g,ave_f,ave_m", then one row per distinct output of a
// source sentence, raw text, with five raters' labels in each of grammer
// (grammaticality), fluency and meaning as a comma-separated list in one
// quoted field ("3,4,2,3,2"), and the systems that produced the output
// (cnn, copy-net, lstm, smt, transformer) likewise. The ave_* columns are
// the means and are not read.
//
// The scales are Grammaticality4, Fluency4 and Meaning4 (4 best); a 0 on
// grammaticality or meaning (TMU-GFM's lowest grade, 42 of 31,710 labels in
// the shared half) is Other, as GUG's 0 is. Rater k of a row is annotator
// "raterK": TMU-GFM gives five labels per output in a fixed order. Item is
// "sN", N counting distinct source sentences from 1 in reading order;
// System is the system list as written.
func ReadTMUGFM(r io.Reader, name string) (Ratings, error) {
	cr := csv.NewReader(textcheck.Reader(r, name))
	cr.FieldsPerRecord = -1
	hdr, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, csvErr(name, err)
	}
	if len(hdr) > 0 {
		hdr[0] = strings.TrimPrefix(hdr[0], "\xef\xbb\xbf")
	}
	want := []string{"source", "output", "grammer", "fluency", "meaning", "system"}
	if len(hdr) < len(want) || !slices.Equal(hdr[:len(want)], want) {
		return nil, parseErr(name, 1, 0, ErrMissingColumn, "TMU-GFM header is %q, want it to start %q", hdr, want)
	}
	items := map[string]string{}
	var out Ratings
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, csvErr(name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) < len(want) {
			return nil, parseErr(name, line, 0, ErrRatingSyntax, "%d fields, want at least %d", len(rec), len(want))
		}
		src, output, sys := rec[0], rec[1], rec[5]
		item, ok := items[src]
		if !ok {
			item = fmt.Sprintf("s%d", len(items)+1)
			items[src] = item
		}
		pos := fmt.Sprintf("%s:%d", name, line)
		for k, sc := range []*Scale{Grammaticality4, Fluency4, Meaning4} {
			labels := strings.Split(rec[2+k], ",")
			if len(labels) != 5 {
				return nil, parseErr(name, line, 0, ErrRatingSyntax, "%s: %d labels %q, want 5", want[2+k], len(labels), rec[2+k])
			}
			for a, l := range labels {
				lab, val, other, err := sc.Parse(strings.TrimSpace(l))
				if err != nil {
					return nil, labelErr(name, line, want[2+k], err)
				}
				out = append(out, Rating{Item: item, Source: src, System: sys, Output: output,
					Annotator: fmt.Sprintf("rater%d", a+1), Scale: sc, Label: lab, Value: val, Other: other, Pos: pos})
			}
		}
	}
	return out, nil
}
