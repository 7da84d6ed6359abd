package human

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/parseerr"
)

// RatingFormats names the formats ReadRatings accepts, for help texts.
var RatingFormats = []string{"sottana", "potato", "seed000-answers", "swedish", "gug", "tmu-gfm", "seed003-crowd", "csv", "tsv", "jsonl"}

// RankingFormats names the formats ReadRankings accepts.
var RankingFormats = []string{"wmt", "appraise"}

// ReadRatings reads human ratings from path in the named format:
//
//	sottana          a Sottana et al. study folder (Seed000.ReadSottanaDir)
//	potato           one annotated_instances.jsonl; annotator = its folder's name
//	seed000-answers  model answers (output.jsonl); annotator "gpt4"
//	swedish          annotator JSON files: a file, a set folder of <annotator>.json,
//	                 a folder of <set>/<annotator>.json, or a glob of these
//	                 ("annotations/balanced_*")
//	gug              gug_annotations.tsv
//	tmu-gfm          TMU-GFM's CSV (ReadTMUGFM)
//	seed003-crowd    an MTurk-style batch CSV (Seed003Crowd)
//	csv, tsv, jsonl  a table described by table (required for these)
//
// A path that holds no rating at all (a header alone, say) is an error
// wrapping parseerr.ErrEmptyInput.
func ReadRatings(path, format string, table *RatingTable) (Ratings, error) {
	rs, err := readRatings(path, format, table)
	if err == nil && len(rs) == 0 {
		err = parseerr.At(path, 0, 0, parseerr.ErrEmptyInput, "no ratings")
	}
	return rs, err
}

func readRatings(path, format string, table *RatingTable) (Ratings, error) {
	if format == "swedish" {
		return readSwedishPath(path)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	file := func(read func(f io.Reader) (Ratings, error)) (Ratings, error) {
		if fi.IsDir() {
			return nil, fmt.Errorf("%s: is a folder; format %s reads a file", path, format)
		}
		return readFileWith(path, read)
	}
	switch format {
	case "sottana":
		if !fi.IsDir() {
			return nil, fmt.Errorf("%s: format sottana reads a folder (potato_and_GPT4_full_annotations)", path)
		}
		return Sottana.ReadSottanaDir(path)
	case "potato":
		return file(func(f io.Reader) (Ratings, error) {
			return Sottana.ReadPotato(f, path, filepath.Base(filepath.Dir(path)))
		})
	case "seed000-answers":
		return file(func(f io.Reader) (Ratings, error) { return Sottana.ReadAnswers(f, path, "gpt4") })
	case "gug":
		return file(func(f io.Reader) (Ratings, error) { return ReadGUG(f, path) })
	case "tmu-gfm":
		return file(func(f io.Reader) (Ratings, error) { return ReadTMUGFM(f, path) })
	case "seed003-crowd":
		return file(func(f io.Reader) (Ratings, error) { return Seed003Crowd.ReadCSV(f, path, ',') })
	case "csv", "tsv", "jsonl":
		if table == nil {
			return nil, fmt.Errorf("format %s needs a column description (item, system, annotator and rating columns)", format)
		}
		return file(func(f io.Reader) (Ratings, error) {
			switch format {
			case "csv":
				return table.ReadCSV(f, path, ',')
			case "tsv":
				return table.ReadCSV(f, path, '\t')
			}
			return table.ReadJSONL(f, path)
		})
	}
	return nil, fmt.Errorf("unknown rating format %q (want one of %s, or a ranking format: %s)", format,
		strings.Join(RatingFormats, ", "), strings.Join(RankingFormats, ", "))
}

// ReadRankings reads relative rankings from path: format "wmt" (WMT CSV)
// or "appraise" (Appraise XML). A file that holds no ranking is an error
// wrapping parseerr.ErrEmptyInput.
func ReadRankings(path, format string) ([]Ranking, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rk []Ranking
	switch format {
	case "wmt":
		rk, err = ReadWMTRankings(f, path)
	case "appraise":
		rk, err = ReadAppraiseRankings(f, path)
	default:
		return nil, fmt.Errorf("unknown ranking format %q (want %s)", format, strings.Join(RankingFormats, " or "))
	}
	if err == nil && len(rk) == 0 {
		err = parseerr.At(path, 0, 0, parseerr.ErrEmptyInput, "no rankings")
	}
	return rk, err
}

// IsRankingFormat reports whether format names a ranking format.
func IsRankingFormat(format string) bool { return slices.Contains(RankingFormats, format) }

// readSwedishPath reads the Swedish annotation files that path (a file, a
// set folder, a folder of sets, or a glob pattern of those) names.
func readSwedishPath(path string) (Ratings, error) {
	matches, err := filepath.Glob(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(matches) == 0 {
		return nil, fmt.Errorf("%s: no such file or folder", path)
	}
	var all Ratings
	for _, m := range matches {
		fi, err := os.Stat(m)
		if err != nil {
			return nil, err
		}
		var rs Ratings
		switch {
		case !fi.IsDir():
			rs, err = ReadSwedishFile(m)
		default:
			if files, _ := filepath.Glob(filepath.Join(m, "*.json")); len(files) > 0 {
				rs, err = readSwedishFiles(files)
			} else {
				rs, err = ReadSwedishDir(m, "*")
			}
		}
		if err != nil {
			return nil, err
		}
		all = append(all, rs...)
	}
	return all, nil
}
