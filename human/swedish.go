package human

import (
	"fmt"
	"io"
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
	f, err := DecodeSwedish(r, name)
	if err != nil {
		return nil, err
	}
	var out Ratings
	for n, ex := range f.Examples {
		item := strconv.Itoa(n + 1)
		if group != "" {
			item = group + ":" + item
		}
		for _, o := range ex.Systems {
			for _, j := range o.Judgements {
				for _, feat := range SwedishFeatures {
					num, ok := j.Ratings[feat.Name]
					if !ok {
						continue
					}
					v, err := num.Float64()
					if err != nil {
						return nil, parseErr(name, ex.Line, 0, ErrRatingSyntax, "example %d %s %s: %s is not a number", n+1, o.System, j.Annotator, feat.Name)
					}
					lab, val, other, err := feat.Scale.ParseValue(v)
					if err != nil {
						return nil, labelErr(name, ex.Line, fmt.Sprintf("example %d %s %s %s", n+1, o.System, j.Annotator, feat.Name), err)
					}
					out = append(out, Rating{
						Item: item, Group: group, Source: deref(ex.Original), System: o.System, Output: deref(o.Output),
						Annotator: j.Annotator, Scale: feat.Scale, Label: lab, Value: val, Other: other, PostEdit: deref(j.PostEdit),
						Pos: f.Pos(&ex),
					})
				}
			}
		}
	}
	return out, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
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
