package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A badInput is one malformed input and what gecmetric must say about it:
// the exit status and stderr exactly (a warning or error, then the hint
// if any). Files are written to a fresh folder that is the working
// directory, so the messages name paths as the user gave them; a name
// ending in "/" is a folder.
type badInput struct {
	name   string
	files  map[string]string
	args   string // split on spaces
	code   int
	stderr string
	stdout string // "" unless said otherwise
}

func runBadInputs(t *testing.T, rows []badInput) {
	t.Helper()
	for _, tc := range rows {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			for name, body := range tc.files {
				if strings.HasSuffix(name, "/") {
					if err := os.MkdirAll(name, 0o755); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := os.ReadDir(".")
			out, errOut, code := gecmetric(t, "", strings.Fields(tc.args)...)
			if code != tc.code || errOut != tc.stderr || out != tc.stdout {
				t.Errorf("gecmetric %s\nexit %d, want %d\nstderr:\n%s\nwant:\n%s\nstdout:\n%s\nwant:\n%s", tc.args, code, tc.code, errOut, tc.stderr, out, tc.stdout)
			}
			if after, _ := os.ReadDir("."); tc.code != 0 && len(after) != len(before) {
				t.Errorf("a failed run left %d files, had %d", len(after), len(before))
			}
		})
	}
}

// Small valid inputs that the rows below spoil one at a time.
const (
	srcTxt = "He go to school .\nThe cat sat on mat .\n"
	hypTxt = "He goes to school .\nThe cat sat on the mat .\n"
	goldM2 = "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n" +
		"S The cat sat on mat .\nA 4 4|||M:DET|||the|||REQUIRED|||-NONE-|||0\n\n"
)

// TestOutputPaths: every flag that names a file to write is checked while
// the flags are read, before any work (the valid inputs would otherwise
// print a table), and the message names the path as given.
func TestOutputPaths(t *testing.T) {
	valid := map[string]string{"src.txt": srcTxt, "hyp.txt": hypTxt, "gold.m2": goldM2, "adir/": "", "afile": "x"}
	var rows []badInput
	for _, c := range []struct{ name, args, missing, dir string }{
		{"eval --per-sentence", "eval --ref gold.m2 --hyp hyp.txt --per-sentence", "out/x.jsonl", "adir"},
		{"edits -o", "edits --source src.txt --target hyp.txt -o", "out/x.m2", "adir"},
		{"edits --output", "edits --source src.txt --target hyp.txt --output", "adir/out/x.m2", "adir/"},
		{"compare --junit", "compare --ref gold.m2 --baseline src.txt --candidate hyp.txt --junit", "out/x.xml", "adir"},
		{"annotate init --db", "annotate init --source src.txt --ref hyp.txt --output A=hyp.txt --db", "out/t.db", "adir"},
		{"annotate import --db", "annotate import no.json --db", "out/t.db", "adir"},
		{"calibrate fit --out", "calibrate fit --human no.csv --format csv --scale g --out", "out/m.json", "adir"},
		{"calibrate report --out", "calibrate report --data nodata --out", "out/r.html", "adir"},
	} {
		dirMissing := filepath.Dir(c.missing)
		rows = append(rows,
			badInput{name: c.name + " in a missing directory", files: valid, args: c.args + " " + c.missing, code: 2,
				stderr: "gecmetric: error: " + c.missing + ": no directory " + dirMissing + "\n"},
			badInput{name: c.name + " a directory", files: valid, args: c.args + " " + c.dir, code: 2,
				stderr: "gecmetric: error: " + c.dir + " is a directory\n"},
			badInput{name: c.name + " under a file", files: valid, args: c.args + " afile/x", code: 2,
				stderr: "gecmetric: error: afile/x: afile is not a directory\n"},
		)
	}
	rows = append(rows,
		badInput{name: "annotate export --out a file", files: valid, args: "annotate export --db no.db --format swell-json --out afile", code: 2,
			stderr: "gecmetric: error: afile is not a directory\n"},
		badInput{name: "annotate export --out under a file", files: valid, args: "annotate export --db no.db --format swell-json --out afile/sub", code: 2,
			stderr: "gecmetric: error: afile/sub: afile is not a directory\n"},
		badInput{name: "calibrate defaults --out a file", files: valid, args: "calibrate defaults --data nodata --out afile", code: 2,
			stderr: "gecmetric: error: afile is not a directory\n"},
	)
	runBadInputs(t, rows)
}
