package human

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// A Rating is one annotator's judgement of one system output on one scale.
type Rating struct {
	Item      string  // id of the rated source sentence (unique within a data set)
	Group     string  // subset the item belongs to (data split, CEFR level, study part); may be empty
	Source    string  // the source sentence, when the file gives it
	System    string  // the system (or reference) whose output was rated
	Output    string  // the rated output, when the file gives it
	Annotator string  // who rated: an annotator id, "gpt4", "expert", ...
	Model     bool    // the rater is a language model (answers read by Seed000.ReadAnswers: GPT-4 in the Sottana data), not a person
	Scale     *Scale  // the scale rated on
	Label     string  // canonical label name (Scale.Labels[i].Name or Scale.Other)
	Value     float64 // the label's value; NaN when Other
	Other     bool    // the Other label: kept apart, never averaged
	PostEdit  string  // the annotator's corrected version of Output, if any (seeds 001/004)
	Pos       string  // where it was read, "file:line", for messages
}

// Ratings is a table of ratings in reading order.
type Ratings []Rating

// Where returns the ratings for which keep is true.
func (rs Ratings) Where(keep func(*Rating) bool) Ratings {
	var out Ratings
	for i := range rs {
		if keep(&rs[i]) {
			out = append(out, rs[i])
		}
	}
	return out
}

// OnScale returns the ratings on the scale called name.
func (rs Ratings) OnScale(name string) Ratings {
	return rs.Where(func(r *Rating) bool { return r.Scale != nil && r.Scale.Name == name })
}

// By returns the ratings of one annotator.
func (rs Ratings) By(annotator string) Ratings {
	return rs.Where(func(r *Rating) bool { return r.Annotator == annotator })
}

// Scales returns the distinct scales in order of first appearance.
func (rs Ratings) Scales() []*Scale {
	var out []*Scale
	seen := map[string]bool{}
	for _, r := range rs {
		if r.Scale != nil && !seen[r.Scale.Name] {
			seen[r.Scale.Name] = true
			out = append(out, r.Scale)
		}
	}
	return out
}

// Systems returns the distinct systems in order of first appearance.
func (rs Ratings) Systems() []string { return distinct(rs, func(r Rating) string { return r.System }) }

// Annotators returns the distinct annotators in order of first appearance.
func (rs Ratings) Annotators() []string {
	return distinct(rs, func(r Rating) string { return r.Annotator })
}

// Items returns the distinct item ids in order of first appearance.
func (rs Ratings) Items() []string { return distinct(rs, func(r Rating) string { return r.Item }) }

func distinct(rs Ratings, key func(Rating) string) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range rs {
		k := key(r)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// A Unit is what several annotators rate independently: one system's output
// for one item on one scale. It is the identity of a rated output, usable
// as a map key; calibrate.Unit is one aggregated with its ratings and texts
// for fitting (calibrate.Unit.Key gives this Unit back).
type Unit struct{ Item, System string }

// Matrix returns the ratings of one scale as a reliability matrix:
// rows are annotators (in the order given), columns units (in order of first
// appearance), cells the values, NaN where an annotator did not rate the
// unit or chose Other. It is the input of Krippendorff's alpha. A unit
// rated twice by one annotator is an error.
func (rs Ratings) Matrix(scale string, annotators []string) ([][]float64, []Unit, error) {
	on := rs.OnScale(scale)
	var units []Unit
	col := map[Unit]int{}
	for _, r := range on {
		u := Unit{r.Item, r.System}
		if _, ok := col[u]; !ok {
			col[u] = len(units)
			units = append(units, u)
		}
	}
	row := map[string]int{}
	m := make([][]float64, len(annotators))
	for i, a := range annotators {
		row[a] = i
		m[i] = make([]float64, len(units))
		for j := range m[i] {
			m[i][j] = math.NaN()
		}
	}
	seen := map[[2]int]bool{}
	for _, r := range on {
		i, ok := row[r.Annotator]
		if !ok {
			continue
		}
		j := col[Unit{r.Item, r.System}]
		if seen[[2]int{i, j}] {
			return nil, nil, fmt.Errorf("%s: annotator %s rated item %s system %s on %s twice", r.Pos, r.Annotator, r.Item, r.System, scale)
		}
		seen[[2]int{i, j}] = true
		if !r.Other {
			m[i][j] = r.Value
		}
	}
	return m, units, nil
}

// A Ranking is one annotator's ranking of several outputs for one item:
// Ranks[i] is the rank of Systems[i], 1 best, equal ranks for ties.
type Ranking struct {
	Item      string
	Annotator string
	Systems   []string
	Ranks     []int
	Pos       string // "file:line" where it was read
}

// Outcome is the result of a pairwise comparison from A's side.
type Outcome int

const (
	Loss Outcome = -1 // A ranked worse than B
	Tie  Outcome = 0
	Win  Outcome = 1 // A ranked better than B
)

// A Comparison is one pairwise outcome derived from a ranking.
type Comparison struct {
	Item, Annotator string
	A, B            string
	Outcome         Outcome
}

// Comparisons expands rankings into all pairs of distinct systems within
// each ranking (WMT's convention: a 5-way ranking gives 10 comparisons).
// Pairs of the same system (collapsed identical outputs) are skipped.
func Comparisons(rankings []Ranking) []Comparison {
	var out []Comparison
	for _, r := range rankings {
		for i := 0; i < len(r.Systems); i++ {
			for j := i + 1; j < len(r.Systems); j++ {
				if r.Systems[i] == r.Systems[j] {
					continue
				}
				o := Outcome(-cmp.Compare(r.Ranks[i], r.Ranks[j]))
				out = append(out, Comparison{Item: r.Item, Annotator: r.Annotator, A: r.Systems[i], B: r.Systems[j], Outcome: o})
			}
		}
	}
	return out
}

// RankedSystems returns the distinct systems of the rankings, sorted.
func RankedSystems(rankings []Ranking) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range rankings {
		for _, s := range r.Systems {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return out
}
