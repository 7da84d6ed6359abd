package annotate

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gecmetric/gecmetric/internal/usage"
)

func TestCreateTask(t *testing.T) {
	dir := t.TempDir()
	src := writeLines(t, dir, "src.txt", fixture.source)
	ref := writeLines(t, dir, "ref.txt", fixture.ref)
	a := writeLines(t, dir, "a.txt", fixture.sysA)
	short := writeLines(t, dir, "short.txt", fixture.sysA[:1])
	for _, tc := range []struct {
		name    string
		in      Init
		err     string
		isUsage bool
	}{
		{"unknown scales", Init{Scales: "nope", Source: src, Ref: ref, Outputs: []string{"A=" + a}}, "unknown", true},
		{"bad output", Init{Scales: "swell", Source: src, Ref: ref, Outputs: []string{a}}, "", true},
		{"swell without reference", Init{Scales: "swell", Source: src, Outputs: []string{"A=" + a}}, "the swell procedure reveals a reference after Save", true},
		{"short output", Init{Scales: "swell", Source: src, Ref: ref, Outputs: []string{"A=" + short}}, short + ":2: line counts differ", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := CreateTask(filepath.Join(dir, tc.name+".db"), tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.err) || usage.Is(err) != tc.isUsage {
				t.Errorf("error %v (usage %v), want one containing %q (usage %v)", err, usage.Is(err), tc.err, tc.isUsage)
			}
			if _, serr := os.Stat(filepath.Join(dir, tc.name+".db")); serr == nil {
				t.Error("a failed init left a database")
			}
		})
	}
	path := filepath.Join(dir, "task.db")
	task, err := CreateTask(path, Init{Scales: "swell", Source: src, Ref: ref, Outputs: []string{"A=" + a}})
	if err != nil {
		t.Fatal(err)
	}
	if len(task.Items) != 2 || task.Protocol.Name != "swell" {
		t.Errorf("task: %d items, %s", len(task.Items), task.Protocol.Name)
	}
	as, err := AddAnnotators(path, []string{"bob", "alice"})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 2 || as[0].Name != "alice" || as[1].Name != "bob" || as[0].Token == "" {
		t.Errorf("annotators %+v, want alice and bob with tokens", as)
	}
	if again, err := AddAnnotators(path, nil); err != nil || len(again) != 2 || again[0].Token != as[0].Token {
		t.Errorf("listing again: %+v, %v", again, err)
	}
}

func TestExport(t *testing.T) {
	dir := t.TempDir()
	path := createTask(t, dir, "swell", fixture.source, fixture.ref, map[string][]string{"A": fixture.sysA})
	if _, err := AddAnnotators(path, []string{"alice", "bob"}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, format, annotator, dir string
		err                          string
		isUsage                      bool
	}{
		{"jsonl", "jsonl", "", "", "", false},
		{"swell-json of one", "swell-json", "alice", "", "", false},
		{"swell-json to a folder", "swell-json", "", filepath.Join(dir, "out"), "", false},
		{"swell-json without annotator", "swell-json", "", "", "swell-json holds one annotator", true},
		{"unknown format", "xml", "", "", `unknown --format "xml"`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Export(&out, path, tc.format, tc.annotator, tc.dir)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) || usage.Is(err) != tc.isUsage {
					t.Fatalf("error %v, want usage error %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.format == "swell-json" && tc.dir == "" && !strings.HasPrefix(out.String(), "{\n    \"data\": [") {
				t.Errorf("swell-json output starts %.30q", out.String())
			}
		})
	}
	for _, name := range []string{"alice", "bob"} {
		if _, err := ReadSwellFile(filepath.Join(dir, "out", name+".json")); err != nil {
			t.Errorf("exported folder: %v", err)
		}
	}
	scales, dists, err := AgreementOf(path)
	if err != nil || len(scales) != 0 || len(dists) != 0 {
		t.Errorf("agreement without ratings: %v %v %v", scales, dists, err)
	}
}

func TestStartServe(t *testing.T) {
	dir := t.TempDir()
	path := createTask(t, dir, "swell", fixture.source, fixture.ref, map[string][]string{"A": fixture.sysA})
	if _, err := AddAnnotators(path, []string{"alice"}); err != nil {
		t.Fatal(err)
	}
	s, err := Start(path, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if s.Public || !strings.HasPrefix(s.Base, "http://127.0.0.1:") || len(s.Annotators) != 1 {
		t.Errorf("session %+v", s)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	var log bytes.Buffer
	if err := s.Serve(ctx, &log); err != nil {
		t.Errorf("Serve after the context ended: %v", err)
	}
	if _, err := Start(filepath.Join(dir, "missing.db"), "127.0.0.1:0"); err == nil {
		t.Error("Start on a missing database succeeded")
	}
}
