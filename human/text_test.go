package human

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/parseerr"
)

// TestReadersRefuseNonText: every rating and ranking reader stops at the
// first byte that is not text, naming its line and column.
func TestReadersRefuseNonText(t *testing.T) {
	table := RatingTable{Item: "item", System: "system", Annotator: "annotator", Scales: map[string]*Scale{"g": Grammaticality4}}
	read := map[string]func(r io.Reader) error{
		"csv": func(r io.Reader) error { _, err := table.ReadCSV(r, "f", ','); return err },
		"jsonl": func(r io.Reader) error {
			_, err := table.ReadJSONL(r, "f")
			return err
		},
		"gug":      func(r io.Reader) error { _, err := ReadGUG(r, "f"); return err },
		"wmt":      func(r io.Reader) error { _, err := ReadWMTRankings(r, "f"); return err },
		"appraise": func(r io.Reader) error { _, err := ReadAppraiseRankings(r, "f"); return err },
		"potato":   func(r io.Reader) error { _, err := Sottana.ReadPotato(r, "f", "a"); return err },
		"answers":  func(r io.Reader) error { _, err := Sottana.ReadAnswers(r, "f", "gpt4"); return err },
		"queries":  func(r io.Reader) error { _, err := ReadQueries(r, "f"); return err },
		"swedish":  func(r io.Reader) error { _, err := ReadSwedish(r, "f", ""); return err },
	}
	for _, tc := range []struct{ reader, in, want string }{
		{"csv", "item,system,annotator,g\n1,A\xff,x,3\n", "f:2:4: invalid UTF-8: byte 0xff"},
		{"csv", "item,system,annotator,g\n1,A,x\x00,3\n", "f:2:6: NUL byte"},
		{"jsonl", "{\"item\": \"1\", \"system\": \"A\", \"annotator\": \"x\", \"g\": 3}\n{\"item\": \"\xe9\"}\n", "f:2:11: invalid UTF-8: byte 0xe9"},
		{"gug", "Id\tSentence\tExpert Judgement\tCrowd Flower Judgements\tAverage\tDataset\n\x001\tx\t2\t[]\t\ttrain\n", "f:2:1: NUL byte"},
		{"wmt", "srcIndex,judgeId,system1Id,system1rank,system2Id,system2rank\n1,\xc3,A,1,B,2\n", "f:2:3: invalid UTF-8: byte 0xc3"},
		{"appraise", "<appraise-results>\n <ranking-item id=\"1\" user=\"\xff\">\n", "f:2:29: invalid UTF-8: byte 0xff"},
		{"potato", "{\"id\": \"1\xff\"}\n", "f:1:10: invalid UTF-8: byte 0xff"},
		{"answers", "\n\n{\"\x00\"}\n", "f:3:3: NUL byte"},
		{"queries", "{\"a\": \"\xed\xa0\x80\"}\n", "f:1:8: invalid UTF-8: byte 0xed"},
		{"swedish", "{\"data\": [{\"original\": \"\xf6\"}]}", "f:1:25: invalid UTF-8: byte 0xf6"},
	} {
		t.Run(tc.reader, func(t *testing.T) {
			err := read[tc.reader](strings.NewReader(tc.in))
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v, want %s", err, tc.want)
			}
			if !errors.Is(err, parseerr.ErrInvalidUTF8) && !errors.Is(err, parseerr.ErrNUL) {
				t.Errorf("%v wraps neither ErrInvalidUTF8 nor ErrNUL", err)
			}
		})
	}
}

// TestReadEmpty: a file with no rating or ranking is an error, not an
// empty result that prints nothing.
func TestReadEmpty(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	table := &RatingTable{Item: "item", System: "system", Scales: map[string]*Scale{"g": Grammaticality4}}
	for _, tc := range []struct {
		name string
		read func() error
		want string
	}{
		{"csv header", func() error { _, err := ReadRatings(write("h.csv", "item,system,g\n"), "csv", table); return err }, "h.csv: empty input: no ratings"},
		{"csv unrated", func() error { _, err := ReadRatings(write("u.csv", "item,system,g\n1,A,\n"), "csv", table); return err }, "u.csv: empty input: no ratings"},
		{"jsonl blank", func() error { _, err := ReadRatings(write("b.jsonl", "\n\n"), "jsonl", table); return err }, "b.jsonl: empty input: no ratings"},
		{"wmt header", func() error {
			_, err := ReadRankings(write("w.csv", "srcIndex,judgeId,system1Id,system1rank,system2Id,system2rank\n"), "wmt")
			return err
		}, "w.csv: empty input: no rankings"},
		{"appraise empty", func() error { _, err := ReadRankings(write("a.xml", "<appraise-results/>\n"), "appraise"); return err }, "a.xml: empty input: no rankings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.read()
			if err == nil || err.Error() != filepath.Join(dir, tc.want) || !errors.Is(err, parseerr.ErrEmptyInput) {
				t.Errorf("error %v, want %s", err, filepath.Join(dir, tc.want))
			}
		})
	}
}
