package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestEditsParallel(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"src.txt": "He go to school .\n\nIt is fine .\nThe the cat sat\n",
		"a,1.txt": "He goes to school .\nignored\nIt is fine .\nThe cat sat\n", // a comma in the name
		"b.txt":   "He go to school .\n\nIt is fine !\nThe  the cat sat\n",     // spacing only: no edit line
	})
	out, errOut, code := gecmetric(t, "", "edits", "--lang", "xx",
		"--source", filepath.Join(dir, "src.txt"), "--target", filepath.Join(dir, "a,1.txt"), "--target", filepath.Join(dir, "b.txt"))
	want := `S He go to school .
A 1 2|||R:SPELL|||goes|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S It is fine .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 3 4|||R:PUNCT|||!|||REQUIRED|||-NONE-|||1

S The the cat sat
A 0 2|||R:OTHER|||The|||REQUIRED|||-NONE-|||0

`
	if code != 0 || out != want {
		t.Errorf("code %d, stderr %q, got\n%s\nwant\n%s", code, errOut, out, want)
	}
	// --output writes the same M2 to a file and nothing to stdout.
	outFile := filepath.Join(dir, "out.m2")
	out, _, code = gecmetric(t, "", "edits", "--lang", "xx", "--output", outFile,
		"--source", filepath.Join(dir, "src.txt"), "--target", filepath.Join(dir, "a,1.txt"), "--target", filepath.Join(dir, "b.txt"))
	data, err := os.ReadFile(outFile)
	if code != 0 || out != "" || err != nil || string(data) != want {
		t.Errorf("--output: code %d, stdout %q, file %q, %v", code, out, data, err)
	}
}

func TestEditsTokenize(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"src.txt": "He don't like it.\n",
		"a.txt":   "He doesn't like it.\n",
	})
	out, errOut, code := gecmetric(t, "", "edits", "--lang", "xx", "--tokenize",
		"--source", filepath.Join(dir, "src.txt"), "--target", filepath.Join(dir, "a.txt"))
	want := "S He do n't like it .\nA 1 2|||R:SPELL|||does|||REQUIRED|||-NONE-|||0\n\n"
	if code != 0 || out != want {
		t.Errorf("code %d, stderr %q, got %q, want %q", code, errOut, out, want)
	}
}

func TestEditsErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"src.txt": "a b\nc d\n",
		"short":   "a b\n",
		"bad.m2":  "S a b\nX 1 2\n",
	})
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"line counts", []string{"--source", filepath.Join(dir, "src.txt"), "--target", filepath.Join(dir, "short")}, "short:2: line counts differ: 1 lines, but the source"},
		{"missing file", []string{"--source", filepath.Join(dir, "nope"), "--target", filepath.Join(dir, "short")}, "nope"},
		{"no target", []string{"--source", filepath.Join(dir, "src.txt")}, "give --source and at least one --target"},
		{"bad merge", []string{"--merge", "some", "--source", filepath.Join(dir, "src.txt"), "--target", filepath.Join(dir, "src.txt")}, "unknown merge strategy"},
		{"bad m2", []string{"--m2", filepath.Join(dir, "bad.m2"), "--reclassify"}, "bad.m2:2:1:"},
		{"reclassify without m2", []string{"--reclassify"}, "--reclassify needs --m2"},
	}
	for _, tt := range tests {
		_, errOut, code := gecmetric(t, "", append([]string{"edits"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%s: code %d, stderr %q, want %q", tt.name, code, errOut, tt.want)
		}
	}
}

func TestEditsReclassify(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"gold.m2": `S He have eaten the cake .
A 1 3|||Vt|||has eaten|||REQUIRED|||-NONE-|||0
A 4 5|||Um|||cakes|||REQUIRED|||-NONE-|||0
A 5 6|||Wform||||||REQUIRED|||-NONE-|||1

S Fine .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
`,
	})
	out, errOut, code := gecmetric(t, "", "edits", "--lang", "xx", "--m2", filepath.Join(dir, "gold.m2"), "--reclassify")
	want := `S He have eaten the cake .
A 1 2|||R:SPELL|||has|||REQUIRED|||-NONE-|||0
A 4 5|||UNK|||cakes|||REQUIRED|||-NONE-|||0
A 5 6|||U:PUNCT||||||REQUIRED|||-NONE-|||1

S Fine .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
`
	if code != 0 || out != want {
		t.Errorf("code %d, stderr %q, got\n%s\nwant\n%s", code, errOut, out, want)
	}
	out, _, code = gecmetric(t, "", "edits", "--lang", "xx", "--m2", filepath.Join(dir, "gold.m2"), "--reclassify",
		"--compare-with", filepath.Join(dir, "gold.m2"))
	if code != 0 || !strings.Contains(out, "coder 0") || !strings.Contains(out, "Wform          → U:PUNCT") {
		t.Errorf("--compare-with: code %d, out\n%s", code, out)
	}
}

func TestEditsReextract(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"gold.m2": "S He have eaten the cake .\nA 1 3|||Vt|||has eaten|||REQUIRED|||-NONE-|||0\nA 4 5|||Um|||cakes|||REQUIRED|||-NONE-|||0\n\n",
	})
	out, errOut, code := gecmetric(t, "", "edits", "--lang", "xx", "--m2", filepath.Join(dir, "gold.m2"))
	want := "S He have eaten the cake .\nA 1 2|||R:SPELL|||has|||REQUIRED|||-NONE-|||0\nA 4 5|||UNK|||cakes|||REQUIRED|||-NONE-|||0\n\n"
	if code != 0 || out != want {
		t.Errorf("code %d, stderr %q, got %q, want %q", code, errOut, out, want)
	}
}

// The CLI reproduces the agreement the library test measures.
func TestEditsCompareCoNLL(t *testing.T) {
	dir := testdata.Dir(t, "conll14-errant")
	out, errOut, code := gecmetric(t, "", "edits", "--source", filepath.Join(dir, "text", "source.txt"),
		"--target", filepath.Join(dir, "text", "IPN.txt"), "--compare-with", filepath.Join(dir, "m2", "IPN.m2"))
	if code != 0 || !strings.HasPrefix(out, "coder 0  sentences  1312  TP") {
		t.Errorf("code %d, stderr %q, out\n%s", code, errOut, out)
	}
}

func TestEditsOptions(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"src.txt": "we saw red big cars\n",
		"a.txt":   "We saw big red car\n",
		"sv.txt":  "Jag har två bil .\n",
		"sv2.txt": "Jag har två bilar .\n",
	})
	src, a := filepath.Join(dir, "src.txt"), filepath.Join(dir, "a.txt")
	tests := []struct {
		args []string
		want string // the A lines
	}{
		{[]string{"--lang", "xx", "--source", src, "--target", a},
			"A 0 1|||R:ORTH|||We|||REQUIRED|||-NONE-|||0\nA 2 4|||R:WO|||big red|||REQUIRED|||-NONE-|||0\nA 4 5|||R:SPELL|||car|||REQUIRED|||-NONE-|||0\n"},
		{[]string{"--lang", "xx", "--lev", "--source", src, "--target", a},
			"A 0 1|||R:ORTH|||We|||REQUIRED|||-NONE-|||0\nA 2 3|||R:OTHER|||big|||REQUIRED|||-NONE-|||0\nA 3 4|||R:OTHER|||red|||REQUIRED|||-NONE-|||0\nA 4 5|||R:SPELL|||car|||REQUIRED|||-NONE-|||0\n"},
		{[]string{"--lang", "xx", "--merge", "all-merge", "--lev", "--source", src, "--target", a},
			"A 0 1|||R:ORTH|||We|||REQUIRED|||-NONE-|||0\nA 2 5|||R:OTHER|||big red car|||REQUIRED|||-NONE-|||0\n"},
		{[]string{"--lang", "sv", "--source", filepath.Join(dir, "sv.txt"), "--target", filepath.Join(dir, "sv2.txt")},
			"A 3 4|||R:MORPH|||bilar|||REQUIRED|||-NONE-|||0\n"},
	}
	for _, tt := range tests {
		out, errOut, code := gecmetric(t, "", append([]string{"edits"}, tt.args...)...)
		var as strings.Builder
		for _, line := range strings.SplitAfter(out, "\n") {
			if strings.HasPrefix(line, "A ") {
				as.WriteString(line)
			}
		}
		if code != 0 || as.String() != tt.want {
			t.Errorf("%v: code %d, stderr %q, got\n%s\nwant\n%s", tt.args, code, errOut, as.String(), tt.want)
		}
	}
}
