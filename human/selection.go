package human

import (
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/internal/usage"
)

// A Selection names human judgements on disk and which of them to use:
// what gecmetric's --human, --format, --rating, --scale and --annotator
// flags say, for correlate, agreement and calibrate fit alike.
type Selection struct {
	Path   string // a file, or a folder for the sottana and swedish formats
	Format string // one of RatingFormats or RankingFormats

	// Columns names the columns of a csv, tsv or jsonl table (Item,
	// System, Annotator, and Source and Output where the rated texts are
	// needed); its Scales come from Ratings.
	Columns RatingTable
	// Ratings maps columns of a table to scales: "COLUMN=SET/SCALE", a
	// ScaleSet and one of its scales, e.g. "g=swell/grammaticality". Without any, the format's own reader
	// (or its default table) applies.
	Ratings []string

	Scales     []string // keep only these scales (all when empty); each must have ratings
	Annotators []string // keep only these annotators (all people when empty); each must have rated

	// Models keeps the ratings of language models (Rating.Model: GPT-4's
	// answers in the Sottana data) beside the people's when Annotators is
	// empty. Without it they are left out, unless no person rated anything
	// (a file of model answers alone); naming a model in Annotators keeps
	// it either way.
	Models bool
}

// IsRankings reports whether the selection names rankings rather than
// ratings.
func (s Selection) IsRankings() bool { return IsRankingFormat(s.Format) }

// ReadRankings reads the rankings of a ranking format.
func (s Selection) ReadRankings() ([]Ranking, error) { return ReadRankings(s.Path, s.Format) }

// ReadRatings reads the ratings and keeps the scales and annotators asked
// for; without annotators, the people's ratings (see Models). A malformed --rating spec, an unknown scale, or a scale or
// annotator list that keeps nothing is a usage error (internal/usage);
// bad data is the reader's *parseerr.Error.
func (s Selection) ReadRatings() (Ratings, error) {
	table, err := s.table()
	if err != nil {
		return nil, err
	}
	rs, err := ReadRatings(s.Path, s.Format, table)
	if err != nil {
		return nil, err
	}
	if keep := s.Annotators; len(keep) > 0 {
		all := rs.Annotators()
		for _, a := range keep {
			if !slices.Contains(all, a) {
				return nil, usage.Errorf("--annotator %s: no ratings by that annotator in %s (its annotators: %s)", a, s.Path, annotatorList(rs))
			}
		}
		rs = rs.Where(func(r *Rating) bool { return slices.Contains(keep, r.Annotator) })
	} else if !s.Models {
		if people := rs.Where(func(r *Rating) bool { return !r.Model }); len(people) > 0 {
			rs = people
		}
	}
	if keep := s.Scales; len(keep) > 0 {
		for _, k := range keep {
			if len(rs.OnScale(k)) == 0 {
				var names []string
				for _, sc := range rs.Scales() {
					names = append(names, sc.Name)
				}
				return nil, usage.Errorf("--scale %s: no ratings on that scale in %s (its scales: %s)", k, s.Path, strings.Join(names, ", "))
			}
		}
		rs = rs.Where(func(r *Rating) bool { return slices.Contains(keep, r.Scale.Name) })
	}
	return rs, nil
}

// annotatorList names rs's annotators for a message, a language model
// marked as such.
func annotatorList(rs Ratings) string {
	model := map[string]bool{}
	for _, r := range rs {
		if r.Model {
			model[r.Annotator] = true
		}
	}
	names := rs.Annotators()
	for i, a := range names {
		if model[a] {
			names[i] += " (a language model)"
		}
	}
	return strings.Join(names, ", ")
}

// table is the table described by Columns and Ratings, nil without
// Ratings.
func (s Selection) table() (*RatingTable, error) {
	if len(s.Ratings) == 0 {
		return nil, nil
	}
	t := s.Columns
	t.Scales = map[string]*Scale{}
	for _, spec := range s.Ratings {
		col, sc, ok := strings.Cut(spec, "=")
		if !ok {
			return nil, usage.Errorf("--rating %q: want COLUMN=SET/SCALE", spec)
		}
		scale, err := Lookup(sc, "")
		if err != nil {
			return nil, usage.Errorf("--rating %q: %v", spec, err)
		}
		t.Scales[col] = scale
	}
	return &t, nil
}

// Outputs returns the output text of system for every item that has one,
// whether or not it was rated, by anyone, on any scale (a reference system
// needs no ratings of its own): the rows of a csv, tsv or jsonl table with
// that system, else the outputs of the format's ratings. Reading follows
// the selection's path, format and columns and ignores its Scales,
// Annotators and Models. A system with no output text is an error listing
// the systems that have some.
func (s Selection) Outputs(system string) (map[string]string, error) {
	var rs Ratings
	var err error
	switch s.Format {
	case "csv", "tsv", "jsonl":
		var table *RatingTable
		if table, err = s.table(); err != nil {
			return nil, err
		}
		if table == nil {
			return nil, usage.Errorf("format %s needs --rating COLUMN=SET/SCALE", s.Format)
		}
		table.texts = true
		rs, err = readRatings(s.Path, s.Format, table)
	default:
		rs, err = readRatings(s.Path, s.Format, nil)
	}
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	var systems []string
	for _, r := range rs {
		if r.Output == "" {
			continue
		}
		if !slices.Contains(systems, r.System) {
			systems = append(systems, r.System)
		}
		if _, ok := out[r.Item]; !ok && r.System == system {
			out[r.Item] = r.Output
		}
	}
	if len(out) == 0 {
		slices.Sort(systems)
		return nil, usage.Errorf("--ref-system %s: no outputs of that system in %s (systems with outputs: %s)", system, s.Path, strings.Join(systems, ", "))
	}
	return out, nil
}
