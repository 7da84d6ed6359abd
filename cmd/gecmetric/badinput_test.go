package main

import (
	"fmt"
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
		{"compare --html", "compare --ref gold.m2 --baseline src.txt --candidate hyp.txt --html", "out/x.html", "adir"},
		{"correlate --plot", "correlate --human no.csv --format gug --metric no.csv --plot", "out/x.html", "adir"},
		{"edits --html", "edits --source src.txt --target hyp.txt --compare-with gold.m2 --html", "out/x.html", "adir"},
		{"judge --llm-answers", "judge --source src.txt --hyp hyp.txt --llm-url http://127.0.0.1:1 --llm-cache none --llm-answers", "out/x.jsonl", "adir"},
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
		badInput{name: "judge --llm-cache a file", files: valid, args: "judge --source src.txt --hyp hyp.txt --llm-url http://127.0.0.1:1 --llm-cache afile", code: 2,
			stderr: "gecmetric: error: afile is not a directory\n"},
	)
	runBadInputs(t, rows)
}

// Ratings and metric scores for the rows below: two systems, two items, two annotators.
const (
	ratingsCSV = "item,system,annotator,g\n1,A,x,4\n1,A,y,3\n2,A,x,2\n2,B,x,3\n"
	scoresCSV  = "item,system,score\n1,A,0.5\n2,A,0.25\n2,B,0.75\n"
	swedishOK  = `{"data": [{"original": "a b", "reference": "a c", "systems": {"A": {"output": "a c", "annotators": {"x": {"Grammaticality": 4, "Fluency": 4, "Meaning Preservation": 4, "corrected": "a c"}}}}}], "item_order": [0], "next_item": 0}`
)

// TestBadRatingInputs: rating, ranking and metric-score files that are not
// text, hold nothing, or hold scores that are not numbers.
func TestBadRatingInputs(t *testing.T) {
	agree := "agreement --format csv --rating g=swedish/grammaticality --human "
	corr := "correlate --format csv --rating g=swedish/grammaticality --resamples 0 --human "
	runBadInputs(t, []badInput{
		{name: "invalid UTF-8 in a ratings CSV", files: map[string]string{"r.csv": strings.Replace(ratingsCSV, "2,B,x", "2,B\xff,x", 1)},
			args: agree + "r.csv", code: 2, stderr: "gecmetric: error: r.csv:5:4: invalid UTF-8: byte 0xff\n"},
		{name: "Latin-1 in a ratings CSV", files: map[string]string{"r.csv": strings.Replace(ratingsCSV, "annotator", "annotat\xf6r", 1)},
			args: agree + "r.csv", code: 2, stderr: "gecmetric: error: r.csv:1:20: invalid UTF-8: byte 0xf6\n"},
		{name: "NUL in a ratings CSV", files: map[string]string{"r.csv": strings.Replace(ratingsCSV, "1,A,y", "1,A\x00,y", 1)},
			args: agree + "r.csv", code: 2, stderr: "gecmetric: error: r.csv:3:4: NUL byte\n"},
		{name: "invalid UTF-8 in ratings read by correlate", files: map[string]string{"r.csv": strings.Replace(ratingsCSV, "1,A,y", "1,A\xc3(,y", 1), "m.csv": scoresCSV},
			args: corr + "r.csv --metric m.csv", code: 2, stderr: "gecmetric: error: r.csv:3:4: invalid UTF-8: byte 0xc3\n"},
		{name: "invalid UTF-8 in a GUG file", files: map[string]string{"g.tsv": "Id\tSentence\tExpert Judgement\tCrowd Flower Judgements\tAverage\tDataset\n1\tShe walk\xff .\t2\t[2, 2]\t2.0\ttrain\n"},
			args: "agreement --format gug --human g.tsv", code: 2, stderr: "gecmetric: error: g.tsv:2:11: invalid UTF-8: byte 0xff\n"},
		{name: "invalid UTF-8 in a WMT ranking CSV", files: map[string]string{"w.csv": "srcIndex,judgeId,system1Id,system1rank,system2Id,system2rank\n1,j,A\xff,1,B,2\n"},
			args: "agreement --format wmt --human w.csv", code: 2, stderr: "gecmetric: error: w.csv:2:6: invalid UTF-8: byte 0xff\n"},
		{name: "NUL in an Appraise file", files: map[string]string{"a.xml": "<appraise-results>\n<ranking-result>\n<ranking-item id=\"1\" user=\"u\">\n<translation system=\"A\x00\" rank=\"1\"/>\n"},
			args: "agreement --format appraise --human a.xml", code: 2, stderr: "gecmetric: error: a.xml:4:23: NUL byte\n"},
		{name: "correlate, a ratings CSV with a header alone", files: map[string]string{"r.csv": "item,system,annotator,g\n", "m.csv": scoresCSV},
			args: corr + "r.csv --metric m.csv", code: 2, stderr: "gecmetric: error: r.csv: empty input: no ratings\n"},
		{name: "agreement, a ratings CSV with a header alone", files: map[string]string{"r.csv": "item,system,annotator,g\r\n"},
			args: agree + "r.csv", code: 2, stderr: "gecmetric: error: r.csv: empty input: no ratings\n"},
		{name: "a ratings CSV with no rating in any row", files: map[string]string{"r.csv": "item,system,annotator,g\n1,A,x,\n"},
			args: agree + "r.csv", code: 2, stderr: "gecmetric: error: r.csv: empty input: no ratings\n"},
		{name: "correlate, a metric CSV with a header alone", files: map[string]string{"r.csv": ratingsCSV, "m.csv": "item,system,score\n"},
			args: corr + "r.csv --metric m.csv", code: 2, stderr: "gecmetric: error: m.csv: empty input: no metric scores\n"},
		{name: "correlate, an empty metric file", files: map[string]string{"r.csv": ratingsCSV, "m.csv": ""},
			args: corr + "r.csv --metric m.csv", code: 2, stderr: "gecmetric: error: m.csv: empty input: no metric scores\n"},
		{name: "correlate, a WMT ranking CSV with a header alone", files: map[string]string{"w.csv": "srcIndex,judgeId,system1Id,system1rank,system2Id,system2rank\n", "m.csv": scoresCSV},
			args: "correlate --format wmt --human w.csv --metric m.csv", code: 2, stderr: "gecmetric: error: w.csv: empty input: no rankings\n"},
		{name: "NaN in a metric CSV", files: map[string]string{"r.csv": ratingsCSV, "m.csv": strings.Replace(scoresCSV, "0.25", "NaN", 1)},
			args: corr + "r.csv --metric m.csv", code: 2, stderr: "gecmetric: error: m.csv:3:5: score \"NaN\" is not a finite number\n"},
		{name: "Inf in a metric TSV", files: map[string]string{"r.csv": ratingsCSV, "m.tsv": "item\tsystem\tscore\n1\tA\t0.5\n2\tA\t-Inf\n"},
			args: corr + "r.csv --metric m.tsv", code: 2, stderr: "gecmetric: error: m.tsv:3:5: score \"-Inf\" is not a finite number\n"},
		{name: "infinity spelled out in a metric CSV", files: map[string]string{"r.csv": ratingsCSV, "m.csv": "system,score\nA,infinity\n"},
			args: corr + "r.csv --metric m.csv", code: 2, stderr: "gecmetric: error: m.csv:2:3: score \"infinity\" is not a finite number\n"},
		{name: "a score too large for a float", files: map[string]string{"r.csv": ratingsCSV, "m.csv": "system,score\nA,1e999\n"},
			args: corr + "r.csv --metric m.csv", code: 2, stderr: "gecmetric: error: m.csv:2:3: score \"1e999\" is not a number\n"},
		{name: "a score too large in metric JSON Lines", files: map[string]string{"r.csv": ratingsCSV, "m.jsonl": "{\"system\": \"A\", \"score\": 1e999}\n"},
			args: corr + "r.csv --metric m.jsonl", code: 2, stderr: "gecmetric: error: m.jsonl:1:31: json: cannot unmarshal number 1e999 into Go struct field .score of type float64\n"},
		{name: "invalid UTF-8 in a metric file", files: map[string]string{"r.csv": ratingsCSV, "m.csv": "item,system,score\n1,\xe9,0.5\n"},
			args: corr + "r.csv --metric m.csv", code: 2, stderr: "gecmetric: error: m.csv:2:3: invalid UTF-8: byte 0xe9\n"},
	})
}

// TestBadSwedishImports: `annotate import` of Swedish annotator files that
// are not JSON or not text names the file, line and column.
func TestBadSwedishImports(t *testing.T) {
	prefix := "gecmetric: error: "
	notSwedish := "not an annotation file of the Swedish format: "
	runBadInputs(t, []badInput{
		{name: "cut short", files: map[string]string{"a.json": swedishOK[:60] + "\n" + swedishOK[60:90]},
			args: "annotate import --db t.db a.json", code: 2, stderr: prefix + "a.json:2:31: " + notSwedish + "malformed rating data: example 1: unexpected end of file\n"},
		{name: "a comma too many", files: map[string]string{"a.json": strings.Replace(swedishOK, `"a b",`, `"a b",,`, 1)},
			args: "annotate import --db t.db a.json", code: 2, stderr: prefix + "a.json:1:30: " + notSwedish + "malformed rating data: example 1: invalid character ',' looking for beginning of object key string\n"},
		{name: "a bad literal", files: map[string]string{"a.json": strings.Replace(swedishOK, `"next_item": 0}`, "\n\"next_item\": tru}", 1)},
			args: "annotate import --db t.db a.json", code: 2, stderr: prefix + "a.json:2:17: " + notSwedish + "malformed rating data: \"next_item\": invalid character '}' in literal true (expecting 'e')\n"},
		{name: "empty", files: map[string]string{"a.json": ""},
			args: "annotate import --db t.db a.json", code: 2, stderr: prefix + "a.json:1:1: " + notSwedish + "malformed rating data: want a JSON object: unexpected end of file\n"},
		{name: "invalid UTF-8", files: map[string]string{"a.json": strings.Replace(swedishOK, `"a c", "annotators"`, "\"a \xe4 c\", \"annotators\"", 1)},
			args: "annotate import --db t.db a.json", code: 2, stderr: prefix + "a.json:1:82: " + notSwedish + "invalid UTF-8: byte 0xe4\n"},
		{name: "NUL", files: map[string]string{"a.json": strings.Replace(swedishOK, `"a b"`, "\"a\x00b\"", 1)},
			args: "annotate import --db t.db a.json", code: 2, stderr: prefix + "a.json:1:26: " + notSwedish + "NUL byte\n"},
		{name: "invalid UTF-8 in the second file", files: map[string]string{"a.json": swedishOK, "b.json": strings.Replace(swedishOK, `"x"`, "\"\xff\"", 1)},
			args: "annotate import --db t.db a.json b.json", code: 2, stderr: prefix + "b.json:1:102: " + notSwedish + "invalid UTF-8: byte 0xff\n"},
	})
}

// TestEmptyEditsInputs: `gecmetric edits` on files without a sentence says
// so instead of writing nothing and exiting 0.
func TestEmptyEditsInputs(t *testing.T) {
	empty := "gecmetric: error: %s: empty input: the file has no sentences\n"
	runBadInputs(t, []badInput{
		{name: "empty source and target", files: map[string]string{"src.txt": "", "tgt.txt": ""},
			args: "edits --source src.txt --target tgt.txt", code: 2, stderr: fmt.Sprintf(empty, "src.txt")},
		{name: "blank source and target", files: map[string]string{"src.txt": "\n \n", "tgt.txt": "\n\n"},
			args: "edits --source src.txt --target tgt.txt", code: 2, stderr: fmt.Sprintf(empty, "src.txt")},
		{name: "empty target", files: map[string]string{"src.txt": srcTxt, "tgt.txt": ""},
			args: "edits --source src.txt --target tgt.txt", code: 2, stderr: fmt.Sprintf(empty, "tgt.txt")},
		{name: "empty source and target to -o", files: map[string]string{"src.txt": "", "tgt.txt": ""},
			args: "edits --source src.txt --target tgt.txt -o out.m2", code: 2, stderr: fmt.Sprintf(empty, "src.txt")},
		{name: "empty M2 with --reclassify", files: map[string]string{"gold.m2": ""},
			args: "edits --m2 gold.m2 --reclassify", code: 2, stderr: fmt.Sprintf(empty, "gold.m2")},
		{name: "blank M2 with --reclassify", files: map[string]string{"gold.m2": "\n\n\n"},
			args: "edits --m2 gold.m2 --reclassify", code: 2, stderr: fmt.Sprintf(empty, "gold.m2")},
		{name: "empty M2, re-extracted", files: map[string]string{"gold.m2": ""},
			args: "edits --m2 gold.m2", code: 2, stderr: fmt.Sprintf(empty, "gold.m2")},
		{name: "empty M2 with --reclassify to -o", files: map[string]string{"gold.m2": ""},
			args: "edits --m2 gold.m2 --reclassify -o out.m2", code: 2, stderr: fmt.Sprintf(empty, "gold.m2")},
	})
}
