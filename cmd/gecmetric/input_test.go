package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReaderRows checks issue 14's rows for text and M2 input: every
// reader takes CRLF line ends and a byte order mark as plain LF text does,
// keeps M2 spans past the end of a sentence with a warning, and refuses NUL
// bytes with their position. Each row gives the exit status and the exact
// stderr; rows with want set must print what the plain-LF run prints.
func TestReaderRows(t *testing.T) {
	gold := evalFiles["gold.m2"]
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	past := strings.Replace(gold, "A 5 6|||R:NOUN:NUM|||day", "A 6 9|||R:NOUN:NUM|||day", 1)
	past = strings.Replace(past, "A 4 4|||M:DET", "A 7 7|||M:DET", 1)
	dir := writeFiles(t, map[string]string{
		"src.txt":      evalFiles["src.txt"],
		"ref0.txt":     evalFiles["ref0.txt"],
		"sys.txt":      evalFiles["sys.txt"],
		"gold.m2":      gold,
		"crlf.m2":      crlf(gold),
		"bom.m2":       "\xef\xbb\xbf" + gold,
		"bomcrlf.m2":   "\xef\xbb\xbf" + crlf(gold),
		"crl.txt":      crlf(evalFiles["sys.txt"]),
		"past.m2":      past,
		"nul.txt":      "He goes to school every days .\nThe cat\x00 sat on the mat .\nIt is fine .\n",
		"nul.m2":       strings.Replace(gold, "A 4 4|||M:DET|||the", "A 4 4|||M:DET|||t\x00he", 1),
		"nulsource.m2": strings.Replace(gold, "S It is", "S It\x00is", 1),
	})
	p := func(n string) string { return filepath.Join(dir, n) }
	tests := []struct {
		name   string
		args   []string
		want   []string // the LF run whose stdout must be printed
		code   int
		stderr string
	}{
		{"CRLF M2 as --ref", []string{"eval", "--ref", p("crlf.m2"), "--hyp", p("sys.txt")}, []string{"eval", "--ref", p("gold.m2"), "--hyp", p("sys.txt")}, 0, ""},
		{"BOM M2 as --ref", []string{"eval", "--ref", p("bom.m2"), "--hyp", p("sys.txt")}, []string{"eval", "--ref", p("gold.m2"), "--hyp", p("sys.txt")}, 0, ""},
		{"CRLF M2 as two refs", []string{"eval", "--metrics", "errant,gleu", "--ref", p("crlf.m2"), "--ref", p("bomcrlf.m2"), "--hyp", p("sys.txt")},
			[]string{"eval", "--metrics", "errant,gleu", "--ref", p("gold.m2"), "--ref", p("gold.m2"), "--hyp", p("sys.txt")}, 0, ""},
		{"CRLF M2 as --hyp", []string{"eval", "--ref", p("gold.m2"), "--hyp", p("crlf.m2")}, []string{"eval", "--ref", p("gold.m2"), "--hyp", p("gold.m2")}, 0, ""},
		{"CRLF text as --hyp", []string{"eval", "--ref", p("gold.m2"), "--hyp", p("crl.txt")}, []string{"eval", "--ref", p("gold.m2"), "--hyp", p("sys.txt")}, 0, ""},
		{"CRLF M2 in edits", []string{"edits", "--m2", p("crlf.m2"), "--reclassify"}, []string{"edits", "--m2", p("gold.m2"), "--reclassify"}, 0, ""},
		{"BOM M2 in judge", []string{"judge", "--ref", p("bomcrlf.m2"), "--hyp", p("sys.txt")}, []string{"judge", "--ref", p("gold.m2"), "--hyp", p("sys.txt")}, 0, ""},
		{"span past the end", []string{"eval", "--metrics", "m2", "--ref", p("past.m2"), "--hyp", p("sys.txt")}, nil, 0,
			"gecmetric: warning: " + p("past.m2") + ":3: 2 edits span past the end of the sentence (the first on this line); accepted, as the M2 scorer and ERRANT accept them\n"},
		{"NUL in text", []string{"eval", "--ref", p("gold.m2"), "--hyp", p("nul.txt")}, nil, 2,
			"gecmetric: error: " + p("nul.txt") + ":2:8: NUL byte: in text line\n"},
		{"NUL in M2 edit", []string{"eval", "--ref", p("nul.m2"), "--hyp", p("sys.txt")}, nil, 2,
			"gecmetric: error: " + p("nul.m2") + ":6:18: NUL byte: in M2 line\n"},
		{"NUL in M2 source", []string{"edits", "--m2", p("nulsource.m2")}, nil, 2,
			"gecmetric: error: " + p("nulsource.m2") + ":8:5: NUL byte: in M2 line\n"},
		{"NUL in source text", []string{"edits", "--source", p("nul.txt"), "--target", p("sys.txt")}, nil, 2,
			"gecmetric: error: " + p("nul.txt") + ":2:8: NUL byte: in text line\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := gecmetric(t, "", tt.args...)
			if code != tt.code || errOut != tt.stderr {
				t.Errorf("exit %d, stderr %q\nwant exit %d, stderr %q", code, errOut, tt.code, tt.stderr)
			}
			if tt.want == nil {
				return
			}
			want, _, _ := gecmetric(t, "", tt.want...)
			// Names differ (crlf.m2 for gold.m2, system crlf for gold); M2 written back keeps the
			// line ends it was read with.
			out = strings.NewReplacer("crlf.m2", "gold.m2", "bomcrlf.m2", "gold.m2", "bom.m2", "gold.m2", "crl.txt", "sys.txt", "\ncrlf ", "\ngold ", "\ncrl ", "\nsys ", "\r", "").Replace(out)
			if out != want || out == "" {
				t.Errorf("stdout\n%s\nwant\n%s", out, want)
			}
		})
	}
}
