package floors

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/gecmetric/gecmetric"

// floorOf returns the floor of an import path in the module, or false when
// no row of Floors covers it.
func floorOf(path string) (int, bool) {
	rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
	best, floor := -1, 0
	for prefix, f := range Floors {
		if (rel == prefix || strings.HasPrefix(rel, prefix+"/")) && len(prefix) > best {
			best, floor = len(prefix), f
		}
	}
	return floor, best >= 0
}

type listed struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

// TestImportFloors runs go list -deps -json over the module and fails for
// every package that imports, directly or through another package, a
// package on a higher floor.
func TestImportFloors(t *testing.T) {
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Imports,Deps", "./...")
	cmd.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs, err := decode(out)
	if err != nil {
		t.Fatal(err)
	}
	ours := 0
	for _, p := range pkgs {
		if p.ImportPath != module && !strings.HasPrefix(p.ImportPath, module+"/") {
			continue
		}
		ours++
		for _, msg := range violations(p) {
			t.Error(msg)
		}
	}
	// measured: 45 packages of the module when this test was written; a
	// listing that finds far fewer is not looking at the module.
	if ours < 30 {
		t.Fatalf("go list found %d packages of %s, want the whole module (45 when written)", ours, module)
	}
}

// violations lists what is wrong with one package's imports.
func violations(p listed) []string {
	own, ok := floorOf(p.ImportPath)
	if !ok {
		return []string{fmt.Sprintf("%s has no floor: add its folder to Floors (internal/floors/doc.go) and README's layout", p.ImportPath)}
	}
	var out []string
	for _, dep := range p.Deps {
		if !strings.HasPrefix(dep, module+"/") {
			continue
		}
		f, ok := floorOf(dep)
		if ok && f > own {
			how := "through another package"
			for _, d := range p.Imports {
				if d == dep {
					how = "directly"
				}
			}
			out = append(out, fmt.Sprintf("%s (floor %d) imports %s (floor %d) %s", p.ImportPath, own, dep, f, how))
		}
	}
	return out
}

func decode(data []byte) ([]listed, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var pkgs []listed
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			return pkgs, nil
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %w", err)
		}
		pkgs = append(pkgs, p)
	}
}

// TestViolations checks the checker on made-up packages, so that the
// import check above cannot pass by checking nothing.
func TestViolations(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    listed
		want string
	}{
		{"up, directly", listed{ImportPath: module + "/corpora", Imports: []string{module + "/human"}, Deps: []string{module + "/human", "fmt"}},
			module + "/corpora (floor 2) imports " + module + "/human (floor 3) directly"},
		{"up, through another", listed{ImportPath: module + "/edits/en", Deps: []string{module + "/calibrate/stat"}},
			module + "/edits/en (floor 1) imports " + module + "/calibrate/stat (floor 4) through another package"},
		{"same floor", listed{ImportPath: module + "/metrics/eval", Deps: []string{module + "/corpora"}}, ""},
		{"down", listed{ImportPath: module + "/cmd/gecmetric", Deps: []string{module + "/annotate", module + "/parseerr"}}, ""},
		{"no floor", listed{ImportPath: module + "/newroom"}, module + "/newroom has no floor"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := violations(tc.p)
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("violations %q, want none", got)
			case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
				t.Errorf("violations %q, want one starting %q", got, tc.want)
			}
		})
	}
}
