package human

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
)

// SwedishFeatures maps the feature names of the Swedish annotation tool
// (Östling et al. 2024; seeds 001/004) to their scales. The files store
// ratings as numbers, 1-4 with 0 for Other.
var SwedishFeatures = []struct {
	Name  string
	Scale *Scale
}{
	{"Grammaticality", Grammaticality4},
	{"Fluency", Fluency4},
	{"Meaning Preservation", Meaning4},
}

type swedishExample struct {
	Original  string `json:"original"`
	Reference string `json:"reference"`
	Systems   map[string]struct {
		Output     string                                `json:"output"`
		Annotators map[string]map[string]json.RawMessage `json:"annotators"`
	} `json:"systems"`
}

// ReadSwedish reads one annotation file of the Swedish GEC evaluation
// (robertostling/gec-evaluation, annotations/<set>/<annotator>.json):
//
//	{"data": [{"original": ..., "reference": ...,
//	           "systems": {"<system>": {"output": ...,
//	               "annotators": {"<name>": {"Grammaticality": 4, "Fluency": 3,
//	                   "Meaning Preservation": 4, "corrected": "<post-edit>"}}}}}],
//	 "item_order": [...], "next_item": n}
//
// Every example's position (1-based) is its item id, prefixed by group and
// ":" when group is not empty, so that the files of one set, one per
// annotator, line up. The rating's PostEdit is the annotator's corrected
// version of the output. Systems are read in sorted order. Ratings with a
// number that is not on the scale are errors naming the example's line.
func ReadSwedish(r io.Reader, name, group string) (Ratings, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	lineAt := func(off int64) int { return 1 + bytes.Count(data[:off], []byte("\n")) }
	syntax := func(off int64, format string, args ...any) error {
		return parseErr(name, lineAt(off), 0, ErrRatingSyntax, format, args...)
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, syntax(dec.InputOffset(), "want a JSON object")
	}
	var out Ratings
	found := false
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, syntax(dec.InputOffset(), "%v", err)
		}
		if kt != "data" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, syntax(dec.InputOffset(), "%v", err)
			}
			continue
		}
		found = true
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return nil, syntax(dec.InputOffset(), `"data" is not a list`)
		}
		for n := 1; dec.More(); n++ {
			start := dec.InputOffset()
			var ex swedishExample
			if err := dec.Decode(&ex); err != nil {
				return nil, syntax(start, "example %d: %v", n, err)
			}
			line := lineAt(skipSpaceComma(data, start))
			item := strconv.Itoa(n)
			if group != "" {
				item = group + ":" + item
			}
			for _, sys := range slices.Sorted(maps.Keys(ex.Systems)) {
				res := ex.Systems[sys]
				for _, a := range slices.Sorted(maps.Keys(res.Annotators)) {
					fields := res.Annotators[a]
					var post string
					if raw, ok := fields["corrected"]; ok {
						if err := json.Unmarshal(raw, &post); err != nil {
							return nil, parseErr(name, line, 0, ErrRatingSyntax, "example %d %s %s: corrected is not a string", n, sys, a)
						}
					}
					for _, f := range SwedishFeatures {
						raw, ok := fields[f.Name]
						if !ok {
							continue
						}
						var v float64
						if err := json.Unmarshal(raw, &v); err != nil {
							return nil, parseErr(name, line, 0, ErrRatingSyntax, "example %d %s %s: %s is not a number", n, sys, a, f.Name)
						}
						lab, val, other, err := f.Scale.ParseValue(v)
						if err != nil {
							return nil, labelErr(name, line, fmt.Sprintf("example %d %s %s %s", n, sys, a, f.Name), err)
						}
						out = append(out, Rating{
							Item: item, Group: group, Source: ex.Original, System: sys, Output: res.Output,
							Annotator: a, Scale: f.Scale, Label: lab, Value: val, Other: other, PostEdit: post,
							Pos: fmt.Sprintf("%s:%d", name, line),
						})
					}
				}
			}
		}
		if _, err := dec.Token(); err != nil {
			return nil, syntax(dec.InputOffset(), "%v", err)
		}
	}
	if !found {
		return nil, parseErr(name, 1, 0, ErrMissingColumn, `no "data" list`)
	}
	return out, nil
}

// ReadSwedishFile reads one annotation file; group is the name of the
// folder it is in (e.g. "balanced_A").
func ReadSwedishFile(path string) (Ratings, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return ReadSwedish(fh, path, filepath.Base(filepath.Dir(path)))
}

// ReadSwedishDir reads every annotations/<set>/<annotator>.json under dir
// whose set matches the glob pattern sets (e.g. "balanced_*"), in sorted
// order.
func ReadSwedishDir(dir, sets string) (Ratings, error) {
	paths, err := filepath.Glob(filepath.Join(dir, sets, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: no %s/*.json", dir, sets)
	}
	return readSwedishFiles(paths)
}

// readSwedishFiles reads the annotation files at paths in sorted order.
func readSwedishFiles(paths []string) (Ratings, error) {
	slices.Sort(paths)
	var all Ratings
	for _, p := range paths {
		rs, err := ReadSwedishFile(p)
		if err != nil {
			return nil, err
		}
		all = append(all, rs...)
	}
	return all, nil
}

// skipSpaceComma returns the offset of the first byte at or after off that
// is neither JSON white space nor a comma: where the next value starts.
func skipSpaceComma(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ',':
			off++
			continue
		}
		break
	}
	return off
}
