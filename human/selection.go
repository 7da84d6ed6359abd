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
	// Ratings maps columns of a table to scales: "COLUMN=PROTOCOL/SCALE",
	// e.g. "g=gug/grammaticality". Without any, the format's own reader
	// (or its default table) applies.
	Ratings []string

	Scales     []string // keep only these scales (all when empty); each must have ratings
	Annotators []string // keep only these annotators (all when empty); one must have rated
}

// IsRankings reports whether the selection names rankings rather than
// ratings.
func (s Selection) IsRankings() bool { return IsRankingFormat(s.Format) }

// ReadRankings reads the rankings of a ranking format.
func (s Selection) ReadRankings() ([]Ranking, error) { return ReadRankings(s.Path, s.Format) }

// ReadRatings reads the ratings and keeps the scales and annotators asked
// for. A malformed --rating spec, an unknown scale, or a scale or
// annotator list that keeps nothing is a usage error (internal/usage);
// bad data is the reader's *parseerr.Error.
func (s Selection) ReadRatings() (Ratings, error) {
	var table *RatingTable
	if len(s.Ratings) > 0 {
		t := s.Columns
		t.Scales = map[string]*Scale{}
		for _, spec := range s.Ratings {
			col, sc, ok := strings.Cut(spec, "=")
			if !ok {
				return nil, usage.Errorf("--rating %q: want COLUMN=PROTOCOL/SCALE", spec)
			}
			scale, err := Lookup(sc, "")
			if err != nil {
				return nil, usage.Errorf("--rating %q: %v", spec, err)
			}
			t.Scales[col] = scale
		}
		table = &t
	}
	rs, err := ReadRatings(s.Path, s.Format, table)
	if err != nil {
		return nil, err
	}
	if keep := s.Annotators; len(keep) > 0 {
		all := rs.Annotators()
		rs = rs.Where(func(r *Rating) bool { return slices.Contains(keep, r.Annotator) })
		if len(rs) == 0 {
			return nil, usage.Errorf("--annotator: none of %q rated anything in %s (its annotators: %s)", keep, s.Path, strings.Join(all, ", "))
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
