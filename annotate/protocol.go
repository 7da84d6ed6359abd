package annotate

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/human"
)

// A Protocol is a rating procedure: the scales an annotator rates, which of
// them only after the reference has been revealed, and whether outputs are
// post-edited and shown with their source.
type Protocol struct {
	Name       string  // the human.ScaleSet's name: "swell", "llm-judge" or "grue"
	Scales     []Rated // the set's scales, in the order they are shown
	PostEdit   bool    // the annotator edits each output into a correct sentence
	ShowSource bool    // the source sentence is shown above the outputs
	Doc        string  // where the protocol comes from
}

// A Rated scale is one scale of a protocol as the page shows it.
type Rated struct {
	Scale          *human.Scale
	Title          string // heading on the page and key in the Swedish JSON format
	Question       string // one line of guidance shown with the menu
	AfterReference bool   // rated only once Save has revealed the reference
	// Unchanged is the label expected when the post-edit equals the output
	// ("Identical" for meaning preservation, seed 004 step 5); the page
	// selects it by default.
	Unchanged string
}

// Other returns the name of the scale's Other label. Every scale of every
// protocol offers Other (seed 004, Notes), also those whose source protocol
// did not name one.
func (r Rated) Other() string {
	if r.Scale.Other != "" {
		return r.Scale.Other
	}
	return "Other"
}

// Labels returns the names of the scale's labels from best to worst
// followed by Other, the order of the page's menus.
func (r Rated) Labels() []string {
	var out []string
	for _, l := range r.Scale.Labels {
		out = append(out, l.Name)
	}
	if r.Scale.Direction == human.HigherIsBetter {
		slices.Reverse(out)
	}
	return append(out, r.Other())
}

// Keys returns, for each of Labels, the key that chooses it on the page:
// the label's one-digit code on the scale ("4" for Perfect, "0" for
// Other), as raters' guidelines number the labels, else its name when it
// is a digit, else its value when that is a whole number from 0 to 9; ""
// where the label has none, or where another label took the digit first.
func (r Rated) Keys() []string {
	digit := func(codes []string) string {
		for _, c := range codes {
			if len(c) == 1 && c[0] >= '0' && c[0] <= '9' {
				return c
			}
		}
		return ""
	}
	byName := map[string]string{}
	for _, l := range r.Scale.Labels {
		k := digit(append(l.Codes, l.Name))
		if k == "" && l.Value == math.Trunc(l.Value) && l.Value >= 0 && l.Value <= 9 {
			k = strconv.Itoa(int(l.Value))
		}
		byName[l.Name] = k
	}
	labels := r.Labels()
	out := make([]string, len(labels))
	used := map[string]bool{}
	for i, l := range labels {
		k := byName[l]
		if i == len(labels)-1 {
			k = digit(r.Scale.OtherCodes)
		}
		if k != "" && !used[k] {
			out[i], used[k] = k, true
		}
	}
	return out
}

// Canonical returns the canonical name of label l on the scale (accepting
// codes such as "4" or "0"), whether it is Other, or an error.
func (r Rated) Canonical(l string) (name string, other bool, err error) {
	if strings.EqualFold(strings.TrimSpace(l), r.Other()) {
		return r.Other(), true, nil
	}
	i, other, err := r.Scale.Index(l)
	if err != nil {
		return "", false, err
	}
	if other {
		return r.Other(), true, nil
	}
	return r.Scale.Labels[i].Name, false, nil
}

// Value returns the numeric value of label l (Scale.Parse), and NaN and
// false for Other or a label that is not on the scale.
func (r Rated) Value(l string) (float64, bool) {
	_, v, other, err := r.Scale.Parse(l)
	if err != nil || other {
		return math.NaN(), false
	}
	return v, true
}

var protocolList = []*Protocol{
	{
		Name: "swell", PostEdit: true, ShowSource: true,
		Doc: "seeds 001/004 (Östling et al. 2024): post-edit, grammaticality and fluency, then meaning against the reference",
		Scales: []Rated{
			{Scale: human.Grammaticality4, Title: "Grammaticality", Question: "Grammatical errors left in the output (not its post-edit)"},
			{Scale: human.Fluency4, Title: "Fluency", Question: "Could a native speaker have written the output?"},
			{Scale: human.Meaning4, Title: "Meaning Preservation", Question: "Does the output mean what the reference means?", AfterReference: true, Unchanged: "Identical"},
		},
	},
	{
		Name: "llm-judge", PostEdit: false, ShowSource: true,
		Doc: "seed 000 (Sottana et al. 2023): semantics 1-5, remaining errors, over-correction",
		Scales: []Rated{
			{Scale: human.Semantics5, Title: "Semantics", Question: "1 meaning not preserved … 5 meaning fully preserved"},
			{Scale: human.ErrorCount3, Title: "Grammaticality", Question: "How many errors are left in the correction?"},
			{Scale: human.Overcorrection4, Title: "Over-correction", Question: "Unnecessary edits or syntax changes?"},
		},
	},
	{
		Name: "grue", PostEdit: false, ShowSource: false,
		Doc: "seed 003: fluency/grammaticality and commonsense of a lone sentence, 1-5",
		Scales: []Rated{
			{Scale: human.Fluency5, Title: "Fluency/Grammaticality", Question: "Is the sentence grammatical, easy to read and fluent?"},
			{Scale: human.Commonsense5, Title: "Commonsense", Question: "Does it describe a plausible, realistic scenario?"},
		},
	},
}

// Protocols returns the names of the known protocols.
func Protocols() []string {
	var names []string
	for _, p := range protocolList {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	return names
}

// LookupProtocol returns the protocol of the scale set called name (see
// human.ScaleSets, whose names and aliases it takes: "swell" or
// "swedish"). A set without an annotation page, or an unknown name, is an
// error naming the sets that have one.
func LookupProtocol(name string) (*Protocol, error) {
	ss, err := human.LookupScaleSet(name)
	if err == nil {
		for _, p := range protocolList {
			if p.Name == ss.Name {
				return p, nil
			}
		}
		return nil, fmt.Errorf("scale set %s has no annotation page (want %s)", ss.Name, strings.Join(Protocols(), ", "))
	}
	return nil, fmt.Errorf("unknown scale set %q (want %s)", name, strings.Join(Protocols(), ", "))
}

// rated returns the scale of p called name (a scale name or a title).
func (p *Protocol) rated(name string) (Rated, bool) {
	for _, r := range p.Scales {
		if r.Scale.Name == name || r.Title == name {
			return r, true
		}
	}
	return Rated{}, false
}
