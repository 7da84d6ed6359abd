package annotate

import (
	"fmt"
	"slices"
	"strings"
)

// TEMPORARY: a private copy of the shape of calibrate/human.Scale until the
// ratings helper's package lands on main; then this file is replaced by an
// import of calibrate/human.

type label struct {
	Name  string
	Value float64
	Codes []string
}

type scale struct {
	Name       string
	Labels     []label
	Other      string
	OtherCodes []string
}

func numbered(lo, hi int, names ...string) []label {
	var ls []label
	for v := lo; v <= hi; v++ {
		ls = append(ls, label{Name: names[v-lo], Value: float64(v), Codes: []string{fmt.Sprint(v)}})
	}
	return ls
}

var (
	grammaticality4 = &scale{Name: "grammaticality", Labels: numbered(1, 4, "Incomprehensible", "Somewhat comprehensible", "Comprehensible", "Perfect"), Other: "Other", OtherCodes: []string{"0"}}
	fluency4        = &scale{Name: "fluency", Labels: numbered(1, 4, "Extremely unnatural", "Somewhat unnatural", "Somewhat natural", "Extremely natural"), Other: "Other", OtherCodes: []string{"0"}}
	meaning4        = &scale{Name: "meaning", Labels: numbered(1, 4, "Substantially different", "Moderate differences", "Minor differences", "Identical"), Other: "Other", OtherCodes: []string{"0"}}
	semantics5      = &scale{Name: "semantics", Labels: numbered(1, 5, "1", "2", "3", "4", "5")}
	errorCount3     = &scale{Name: "grammaticality", Labels: []label{{Name: "0", Value: 0}, {Name: "1", Value: 1}, {Name: "2 or more", Value: 2}}}
	overcorrection4 = &scale{Name: "overcorrection", Labels: []label{{Name: "No", Value: 0}, {Name: "Minor over-correction", Value: 1}, {Name: "Moderate over-correction", Value: 2}, {Name: "Substantial over-correction", Value: 3}}}
	fluency5        = &scale{Name: "fluency", Labels: numbered(1, 5, "terrible", "poor", "okay", "good", "excellent")}
	commonsense5    = &scale{Name: "commonsense", Labels: numbered(1, 5, "this wouldn't happen!", "mostly unreasonable", "neutral", "mostly reasonable", "this is reasonable+plausible!")}
)

var protocols = map[string][]*scale{
	"swedish": {grammaticality4, fluency4, meaning4},
	"seed000": {semantics5, errorCount3, overcorrection4},
	"seed003": {fluency5, commonsense5},
}

func (s *scale) index(l string) (int, bool, error) {
	l = strings.TrimSpace(l)
	for i, lab := range s.Labels {
		if strings.EqualFold(l, lab.Name) || slices.ContainsFunc(lab.Codes, func(c string) bool { return strings.EqualFold(l, c) }) {
			return i, false, nil
		}
	}
	if s.Other != "" && (strings.EqualFold(l, s.Other) || slices.ContainsFunc(s.OtherCodes, func(c string) bool { return strings.EqualFold(l, c) })) {
		return -1, true, nil
	}
	return -1, false, fmt.Errorf("unknown label %q on scale %s", l, s.Name)
}
