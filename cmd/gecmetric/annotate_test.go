package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// annotateTask writes a two-sentence task and returns the files' flags.
func annotateTask(t *testing.T) (dir string, flags []string) {
	dir = t.TempDir()
	src := writeFile(t, dir, "src.txt", "He go to work .\nThey was happy .\n")
	ref := writeFile(t, dir, "ref.txt", "He goes to work .\nThey were happy .\n")
	a := writeFile(t, dir, "a.txt", "He goes to work .\nThey was happy .\n")
	b := writeFile(t, dir, "b.txt", "He go to the work .\nThey were happy .\n")
	return dir, []string{"--source", src, "--ref", ref, "--output", "A=" + a, "--output", "B=" + b}
}

var linkLine = regexp.MustCompile(`^(\w+)\thttp://127\.0\.0\.1:8080/#token=[0-9a-f]{32}$`)

func TestAnnotateInitAndAnnotators(t *testing.T) {
	dir, flags := annotateTask(t)
	db := filepath.Join(dir, "task.db")
	out, errOut, code := gecmetric(t, "", append([]string{"annotate", "init", "--db", db, "--annotator", "alice"}, flags...)...)
	if code != 0 || !linkLine.MatchString(strings.TrimSpace(out)) || !strings.Contains(errOut, "2 items, 2 systems, swell scales") {
		t.Fatalf("init: code %d, out %q, err %q", code, out, errOut)
	}
	_, errOut, code = gecmetric(t, "", append([]string{"annotate", "init", "--db", db}, flags...)...)
	if code != 2 || !strings.Contains(errOut, "already exists") {
		t.Errorf("init over a task: code %d, err %q", code, errOut)
	}
	out, _, code = gecmetric(t, "", "annotate", "annotators", "--db", db, "bob")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || !strings.HasPrefix(lines[0], "alice\t") || !strings.HasPrefix(lines[1], "bob\t") {
		t.Errorf("annotators: code %d, out %q", code, out)
	}
	out, _, code = gecmetric(t, "", "annotate", "export", "--db", db, "--format", "jsonl")
	if code != 0 || out != "" {
		t.Errorf("export of a task without confirmations: code %d, out %q", code, out)
	}
	// The swell-json file holds the texts as the rater sees them: annotate
	// init shows tokenised files detokenised.
	out, _, code = gecmetric(t, "", "annotate", "export", "--db", db, "--format", "swell-json", "--annotator", "alice")
	if code != 0 || !strings.HasPrefix(out, "{\n    \"data\": [\n") || !strings.Contains(out, `"output": "He go to the work."`) {
		t.Errorf("swell-json export: code %d, out %q", code, out)
	}
	out, errOut, code = gecmetric(t, "", "annotate", "agreement", "--db", db)
	if code != 0 || out != "" || !strings.Contains(errOut, "no confirmed ratings yet") {
		t.Errorf("agreement without ratings: code %d, out %q, err %q", code, out, errOut)
	}
}

func TestAnnotateErrors(t *testing.T) {
	dir, flags := annotateTask(t)
	short := writeFile(t, dir, "short.txt", "one line .\n")
	db := filepath.Join(dir, "x.db")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"line count", append([]string{"annotate", "init", "--db", db, "--output", "C=" + short}, flags...), "short.txt:2: line counts differ"},
		{"scales", append([]string{"annotate", "init", "--db", db, "--scales", "stars"}, flags...), `unknown scale set "stars" (want grue, llm-judge, swell)`},
		{"output flag", []string{"annotate", "init", "--db", db, "--source", short, "--ref", short, "--output", "nofile"}, "want NAME=FILE"},
		{"no ref", []string{"annotate", "init", "--db", db, "--source", short, "--output", "A=" + short}, "give --ref FILE"},
		{"no db", []string{"annotate", "serve", "--db", filepath.Join(dir, "none.db")}, "annotate init"},
		{"format", []string{"annotate", "export", "--db", db, "--format", "xml"}, `unknown --format "xml"`},
		{"import nothing", []string{"annotate", "import", "--db", db}, "name at least one annotator file"},
		{"import bad", []string{"annotate", "import", "--db", db, short}, "short.txt:1:1: not an annotation file"},
	} {
		_, errOut, code := gecmetric(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: code %d, stderr %q, want %q", tc.name, code, errOut, tc.want)
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a failed init left a database behind")
	}
}

func TestAnnotateServe(t *testing.T) {
	dir, flags := annotateTask(t)
	db := filepath.Join(dir, "task.db")
	if _, errOut, code := gecmetric(t, "", append([]string{"annotate", "init", "--db", db, "--annotator", "alice"}, flags...)...); code != 0 {
		t.Fatal(errOut)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"gecmetric", "annotate", "serve", "--db", db, "--addr", "127.0.0.1:0"}, strings.NewReader(""), &out, &errb)
	if code != 0 || !regexp.MustCompile(`serving .* on http://127\.0\.0\.1:\d+`).MatchString(errb.String()) ||
		!regexp.MustCompile(`alice\thttp://127\.0\.0\.1:\d+/#token=[0-9a-f]{32}`).MatchString(errb.String()) {
		t.Errorf("serve: code %d, stderr %q", code, errb.String())
	}
}

func TestAnnotateSwellRoundTrip(t *testing.T) {
	root := testdata.Dir(t, "swedish-gec-evaluation", "annotations", "round2")
	dir := t.TempDir()
	db := filepath.Join(dir, "task.db")
	files := []string{filepath.Join(root, "katarina.json"), filepath.Join(root, "robert.json")}
	if _, errOut, code := gecmetric(t, "", append([]string{"annotate", "import", "--db", db}, files...)...); code != 0 {
		t.Fatal(errOut)
	}
	if _, errOut, code := gecmetric(t, "", "annotate", "export", "--db", db, "--format", "swell-json", "--out", filepath.Join(dir, "out")); code != 0 {
		t.Fatal(errOut)
	}
	for _, f := range files {
		want, _ := os.ReadFile(f)
		got, err := os.ReadFile(filepath.Join(dir, "out", filepath.Base(f)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: exported file differs (%v)", f, err)
		}
	}
	out, _, code := gecmetric(t, "", "annotate", "agreement", "--db", db)
	if code != 0 || !strings.Contains(out, "katarina-robert") || !strings.Contains(out, "mean normalised edit distance") {
		t.Errorf("agreement: code %d, out %q", code, out)
	}
	out, _, _ = gecmetric(t, "", "annotate", "export", "--db", db, "--format", "jsonl")
	if n := strings.Count(out, "\n"); n != 2*40*3 { // 2 annotators × 40 outputs × 3 scales
		t.Errorf("jsonl export has %d lines, want 240", n)
	}
}
