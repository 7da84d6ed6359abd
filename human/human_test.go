package human

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestScaleParse(t *testing.T) {
	tests := []struct {
		scale *Scale
		in    string
		name  string
		value float64
		other bool
		err   bool
	}{
		{Semantics5, "scale_3", "3", 3, false, false},
		{Semantics5, "5", "5", 5, false, false},
		{Semantics5, "6", "", 0, false, true},
		{ErrorCount3, "2 or more", "2 or more", 2, false, false},
		{ErrorCount3, "2", "", 0, false, true},
		{Overcorrection4, "Substatial over-correction", "Substantial over-correction", 3, false, false},
		{Overcorrection4, "no", "No", 0, false, false},
		{Grammaticality4, "O", "Other", math.NaN(), true, false},
		{Grammaticality4, "0", "Other", math.NaN(), true, false},
		{Grammaticality4, " perfect ", "Perfect", 4, false, false},
		{Fluency4, "Somewhat natural", "Somewhat natural", 3, false, false},
		{Meaning4, "Identical", "Identical", 4, false, false},
		{Fluency5, "4/5", "good", 4, false, false},
		{Commonsense5, "this wouldn't happen!", "this wouldn't happen!", 1, false, false},
		{Commonsense5, "Other", "", 0, false, true},
	}
	for _, tt := range tests {
		name, v, other, err := tt.scale.Parse(tt.in)
		if tt.err {
			if !errors.Is(err, ErrUnknownLabel) {
				t.Errorf("%s.Parse(%q): err %v, want ErrUnknownLabel", tt.scale, tt.in, err)
			}
			continue
		}
		if err != nil || name != tt.name || other != tt.other || !(v == tt.value || math.IsNaN(v) && math.IsNaN(tt.value)) {
			t.Errorf("%s.Parse(%q) = %q %v %v %v, want %q %v %v", tt.scale, tt.in, name, v, other, err, tt.name, tt.value, tt.other)
		}
	}
	if _, _, _, err := Fluency4.ParseValue(2.5); err == nil {
		t.Error("ParseValue(2.5) on Fluency4: no error")
	}
	if name, _, other, err := Meaning4.ParseValue(0); err != nil || !other || name != "Other" {
		t.Errorf("ParseValue(0) on Meaning4 = %q %v %v", name, other, err)
	}
}

func TestDirection(t *testing.T) {
	if !ErrorCount3.Better(0, 1) || Semantics5.Better(1, 2) || !Semantics5.Better(5, 4) {
		t.Error("Better ignores direction")
	}
	for _, ss := range ScaleSets {
		for _, s := range ss.Scales {
			for i := 1; i < len(s.Labels); i++ {
				if s.Labels[i].Value <= s.Labels[i-1].Value {
					t.Errorf("%s: labels not in increasing value", s.Name)
				}
			}
		}
	}
}

// Lookup takes a scale set by its name or an earlier one; an unknown set
// or scale is an error listing what there is.
func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		set, name string
		want      *Scale
		err       string
	}{
		{"swell/fluency", "", Fluency4, ""},
		{"swedish/fluency", "", Fluency4, ""},
		{"swell", "meaning", Meaning4, ""},
		{"llm-judge/semantics", "", Semantics5, ""},
		{"seed000/overcorrection", "", Overcorrection4, ""},
		{"grue/commonsense", "", Commonsense5, ""},
		{"seed003/fluency", "", Fluency5, ""},
		{"gug/grammaticality", "", Grammaticality4, ""},
		{"seed000", "fluency", nil, `scale set llm-judge has no scale "fluency" (its scales: semantics, grammaticality, overcorrection)`},
		{"swel/fluency", "", nil, `unknown scale set "swel" (scale sets: grue, gug, llm-judge, swell)`},
	} {
		s, err := Lookup(tc.set, tc.name)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Lookup(%q, %q): error %v, want %q", tc.set, tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || s != tc.want {
			t.Errorf("Lookup(%q, %q) = %v, %v; want %s", tc.set, tc.name, s, err, tc.want.Name)
		}
	}
}

func TestMatrixAndComparisons(t *testing.T) {
	rs := Ratings{
		{Item: "1", System: "A", Annotator: "x", Scale: Fluency4, Value: 4},
		{Item: "1", System: "A", Annotator: "y", Scale: Fluency4, Value: 3},
		{Item: "1", System: "B", Annotator: "y", Scale: Fluency4, Other: true, Value: math.NaN()},
		{Item: "1", System: "B", Annotator: "x", Scale: Meaning4, Value: 2},
	}
	m, units, err := rs.Matrix("fluency", []string{"x", "y"})
	if err != nil || len(units) != 2 || fmt.Sprint(m) != "[[4 NaN] [3 NaN]]" {
		t.Errorf("Matrix = %v %v %v", m, units, err)
	}
	rs = append(rs, Rating{Item: "1", System: "A", Annotator: "x", Scale: Fluency4, Value: 1, Pos: "f:9"})
	if _, _, err := rs.Matrix("fluency", []string{"x"}); err == nil {
		t.Error("duplicate rating: no error")
	}
	cs := Comparisons([]Ranking{{Systems: []string{"A", "B", "C"}, Ranks: []int{2, 1, 2}}})
	if fmt.Sprint(cs) != "[{  A B -1} {  A C 0} {  B C 1}]" {
		t.Errorf("Comparisons = %v", cs)
	}
}
