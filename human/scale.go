package human

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Direction says which end of a scale is better.
type Direction int

const (
	HigherIsBetter Direction = iota // e.g. semantics 1-5, grammaticality 1-4
	LowerIsBetter                   // e.g. number of remaining errors, over-correction
)

func (d Direction) String() string {
	if d == LowerIsBetter {
		return "lower is better"
	}
	return "higher is better"
}

// A Label is one point of a scale.
type Label struct {
	Name  string   // canonical name, e.g. "Perfect" or "2 or more"
	Value float64  // numeric value used for means and interval statistics
	Codes []string // other spellings accepted when reading (numbers, typos); matched case-insensitively
}

// A Scale is an ordered set of labels. Labels run from the lowest Value to
// the highest; Direction says which end is better. Other, when non-empty,
// is the label for "cannot be rated" (malfunctioning output, not a
// sentence): it is not a point of the scale, has no value and is never
// averaged.
type Scale struct {
	Name       string  // short name used in tables and files, e.g. "grammaticality"
	Labels     []Label // in increasing Value
	Direction  Direction
	Other      string   // name of the Other label; "" if the scale has none
	OtherCodes []string // other spellings of Other, e.g. "0", "O"
	Doc        string   // where the scale comes from
}

// ErrUnknownLabel is wrapped by the error Parse returns for a label that is
// not on the scale.
var ErrUnknownLabel = errors.New("unknown label")

// Index returns the position of the label named or coded s (case and
// surrounding space ignored), -1 and other=true for the Other label, or an
// error wrapping ErrUnknownLabel.
func (s *Scale) Index(label string) (i int, other bool, err error) {
	l := strings.TrimSpace(label)
	for i, lab := range s.Labels {
		if strings.EqualFold(l, lab.Name) || slices.ContainsFunc(lab.Codes, func(c string) bool { return strings.EqualFold(l, c) }) {
			return i, false, nil
		}
	}
	if s.Other != "" && (strings.EqualFold(l, s.Other) || slices.ContainsFunc(s.OtherCodes, func(c string) bool { return strings.EqualFold(l, c) })) {
		return -1, true, nil
	}
	return -1, false, fmt.Errorf("%w %q on scale %s (want %s)", ErrUnknownLabel, label, s.Name, s.describe())
}

// Parse returns the canonical label name, its value (NaN for Other) and
// whether it is Other.
func (s *Scale) Parse(label string) (name string, value float64, other bool, err error) {
	i, other, err := s.Index(label)
	if err != nil {
		return "", 0, false, err
	}
	if other {
		return s.Other, math.NaN(), true, nil
	}
	return s.Labels[i].Name, s.Labels[i].Value, false, nil
}

// ParseValue maps a number to the label with exactly that value. Codes are
// tried too, so 0 can name Other on a scale whose Other is coded "0".
func (s *Scale) ParseValue(v float64) (name string, value float64, other bool, err error) {
	for _, lab := range s.Labels {
		if lab.Value == v {
			return lab.Name, lab.Value, false, nil
		}
	}
	return s.Parse(strconv.FormatFloat(v, 'f', -1, 64))
}

// Values returns the numeric values of the labels in order.
func (s *Scale) Values() []float64 {
	v := make([]float64, len(s.Labels))
	for i, l := range s.Labels {
		v[i] = l.Value
	}
	return v
}

// Better reports whether value a is better than value b on this scale.
func (s *Scale) Better(a, b float64) bool {
	if s.Direction == LowerIsBetter {
		return a < b
	}
	return a > b
}

func (s *Scale) describe() string {
	var names []string
	for _, l := range s.Labels {
		names = append(names, strconv.Quote(l.Name))
	}
	if s.Other != "" {
		names = append(names, strconv.Quote(s.Other))
	}
	return strings.Join(names, ", ")
}

func (s *Scale) String() string { return s.Name }

// The scales of the protocols in ../shared/seeds and the public data.
var (
	// Semantics5 is seed 000's meaning preservation, 1 (not preserved) to 5
	// (fully preserved). Potato stores it as "scale_1".."scale_5".
	Semantics5 = &Scale{
		Name: "semantics", Direction: HigherIsBetter,
		Labels: numbered(1, 5, "scale_"),
		Doc:    "seed 000 (Sottana et al. 2023): meaning preservation, 1-5",
	}
	// ErrorCount3 is seed 000's grammaticality: the number of errors left,
	// "0", "1" or "2 or more" (values 0, 1, 2); lower is better.
	ErrorCount3 = &Scale{
		Name: "grammaticality", Direction: LowerIsBetter,
		Labels: []Label{{Name: "0", Value: 0}, {Name: "1", Value: 1}, {Name: "2 or more", Value: 2}},
		Doc:    "seed 000 (Sottana et al. 2023): remaining errors 0 / 1 / 2 or more",
	}
	// Overcorrection4 is seed 000's over-correction, No to Substantial
	// (values 0-3); lower is better. The Potato files spell the last label
	// "Substatial over-correction".
	Overcorrection4 = &Scale{
		Name: "overcorrection", Direction: LowerIsBetter,
		Labels: []Label{
			{Name: "No", Value: 0},
			{Name: "Minor over-correction", Value: 1},
			{Name: "Moderate over-correction", Value: 2},
			{Name: "Substantial over-correction", Value: 3, Codes: []string{"Substatial over-correction"}},
		},
		Doc: "seed 000 (Sottana et al. 2023): over-correction No / Minor / Moderate / Substantial",
	}
	// Grammaticality4 is Heilman et al. (2014)'s ordinal grammaticality,
	// used by GUG and by seeds 001/004: 1 Incomprehensible to 4 Perfect,
	// with Other (GUG "O" or 0, Swedish 0).
	Grammaticality4 = &Scale{
		Name: "grammaticality", Direction: HigherIsBetter,
		Labels: []Label{
			{Name: "Incomprehensible", Value: 1, Codes: []string{"1"}},
			{Name: "Somewhat comprehensible", Value: 2, Codes: []string{"2"}},
			{Name: "Comprehensible", Value: 3, Codes: []string{"3"}},
			{Name: "Perfect", Value: 4, Codes: []string{"4"}},
		},
		Other: "Other", OtherCodes: []string{"0", "O", "Other/Incomplete"},
		Doc: "Heilman et al. 2014 (GUG); seeds 001/004 (Östling et al. 2024)",
	}
	// Fluency4 is seeds 001/004's fluency (Lau et al. 2015 labels).
	Fluency4 = &Scale{
		Name: "fluency", Direction: HigherIsBetter,
		Labels: []Label{
			{Name: "Extremely unnatural", Value: 1, Codes: []string{"1"}},
			{Name: "Somewhat unnatural", Value: 2, Codes: []string{"2"}},
			{Name: "Somewhat natural", Value: 3, Codes: []string{"3"}},
			{Name: "Extremely natural", Value: 4, Codes: []string{"4"}},
		},
		Other: "Other", OtherCodes: []string{"0"},
		Doc: "seeds 001/004 (Östling et al. 2024): fluency",
	}
	// Meaning4 is seeds 001/004's meaning preservation against the
	// reference (Yoshimura et al. 2020 labels).
	Meaning4 = &Scale{
		Name: "meaning", Direction: HigherIsBetter,
		Labels: []Label{
			{Name: "Substantially different", Value: 1, Codes: []string{"1"}},
			{Name: "Moderate differences", Value: 2, Codes: []string{"2"}},
			{Name: "Minor differences", Value: 3, Codes: []string{"3"}},
			{Name: "Identical", Value: 4, Codes: []string{"4"}},
		},
		Other: "Other", OtherCodes: []string{"0"},
		Doc: "seeds 001/004 (Östling et al. 2024): meaning preservation",
	}
	// Fluency5 is seed 003's fluency/grammaticality, 1 terrible to 5 excellent.
	Fluency5 = &Scale{
		Name: "fluency", Direction: HigherIsBetter,
		Labels: []Label{
			{Name: "terrible", Value: 1, Codes: []string{"1", "1/5"}},
			{Name: "poor", Value: 2, Codes: []string{"2", "2/5"}},
			{Name: "okay", Value: 3, Codes: []string{"3", "3/5"}},
			{Name: "good", Value: 4, Codes: []string{"4", "4/5"}},
			{Name: "excellent", Value: 5, Codes: []string{"5", "5/5"}},
		},
		Doc: "seed 003: fluency/grammaticality 1-5",
	}
	// Commonsense5 is seed 003's commonsense plausibility, 1 to 5.
	Commonsense5 = &Scale{
		Name: "commonsense", Direction: HigherIsBetter,
		Labels: []Label{
			{Name: "this wouldn't happen!", Value: 1, Codes: []string{"1", "1/5"}},
			{Name: "mostly unreasonable", Value: 2, Codes: []string{"2", "2/5"}},
			{Name: "neutral", Value: 3, Codes: []string{"3", "3/5"}},
			{Name: "mostly reasonable", Value: 4, Codes: []string{"4", "4/5"}},
			{Name: "this is reasonable+plausible!", Value: 5, Codes: []string{"5", "5/5"}},
		},
		Doc: "seed 003: commonsense 1-5",
	}
)

func numbered(lo, hi int, prefix string) []Label {
	var ls []Label
	for v := lo; v <= hi; v++ {
		s := strconv.Itoa(v)
		ls = append(ls, Label{Name: s, Value: float64(v), Codes: []string{prefix + s}})
	}
	return ls
}

// A ScaleSet is the scales of one rating protocol under one name: what
// `--rating COLUMN=SET/SCALE` (correlate, agreement, calibrate fit) and
// `annotate init --scales SET` both name, so that a file written by the
// annotation tool reads back with the same words.
type ScaleSet struct {
	Name    string   // the name: swell, llm-judge, grue, gug
	Aliases []string // earlier names, accepted as well (swedish, seed000, seed003)
	Scales  []*Scale
	Doc     string
}

// ScaleSets are the known scale sets, by name.
var ScaleSets = []*ScaleSet{
	{Name: "swell", Aliases: []string{"swedish"}, Scales: []*Scale{Grammaticality4, Fluency4, Meaning4},
		Doc: "seeds 001/004 (Östling et al. 2024): grammaticality, fluency, meaning 1-4"},
	{Name: "llm-judge", Aliases: []string{"seed000"}, Scales: []*Scale{Semantics5, ErrorCount3, Overcorrection4},
		Doc: "seed 000 (Sottana et al. 2023): semantics 1-5, remaining errors, over-correction"},
	{Name: "grue", Aliases: []string{"seed003"}, Scales: []*Scale{Fluency5, Commonsense5},
		Doc: "seed 003: fluency/grammaticality and commonsense 1-5"},
	{Name: "gug", Scales: []*Scale{Grammaticality4},
		Doc: "GUG (Heilman et al. 2014): grammaticality 1-4"},
}

// ScaleSetNames returns the names of the scale sets, sorted.
func ScaleSetNames() []string {
	var names []string
	for _, ss := range ScaleSets {
		names = append(names, ss.Name)
	}
	slices.Sort(names)
	return names
}

// LookupScaleSet returns the scale set called name (or one of its
// aliases); an unknown name is an error listing the names.
func LookupScaleSet(name string) (*ScaleSet, error) {
	for _, ss := range ScaleSets {
		if ss.Name == name || slices.Contains(ss.Aliases, name) {
			return ss, nil
		}
	}
	return nil, fmt.Errorf("unknown scale set %q (scale sets: %s)", name, strings.Join(ScaleSetNames(), ", "))
}

// Scale returns the scale of the set called name; an unknown name is an
// error listing the set's scales.
func (ss *ScaleSet) Scale(name string) (*Scale, error) {
	var names []string
	for _, s := range ss.Scales {
		if s.Name == name {
			return s, nil
		}
		names = append(names, s.Name)
	}
	return nil, fmt.Errorf("scale set %s has no scale %q (its scales: %s)", ss.Name, name, strings.Join(names, ", "))
}

// Lookup returns the scale called name in a scale set ("swell/fluency",
// or the set and the name separately).
func Lookup(set, name string) (*Scale, error) {
	if p, n, ok := strings.Cut(set, "/"); ok && name == "" {
		set, name = p, n
	}
	ss, err := LookupScaleSet(set)
	if err != nil {
		return nil, err
	}
	return ss.Scale(name)
}
