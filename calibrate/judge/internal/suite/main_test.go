package main

import (
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/judge"
)

func TestDropped(t *testing.T) {
	for _, c := range []struct {
		name, pattern string
		want          bool
	}{
		{"oc.outside", "oc.outside", true},
		{"oc.outside_rate", "oc.outside", true},
		{"oc.outside", "oc.outside$", true},
		{"oc.outside_rate", "oc.outside$", false},
		{"re.missed", "", false},
		{"re.missed", "$", false},
		{"ls.ref_kept", "ls.ref_", true},
	} {
		if got := dropped(c.name, c.pattern); got != c.want {
			t.Errorf("dropped(%q, %q) = %v, want %v", c.name, c.pattern, got, c.want)
		}
	}
}

func TestNamed(t *testing.T) {
	s := &judge.SuiteSet{PrefSet: &judge.PrefSet{Name: "gmeg-wiki refs over input"}}
	for _, c := range []struct {
		names string
		want  bool
	}{
		{"gmeg-wiki refs", true},
		{"sottana,refs over", true},
		{"gmeg-fce", false},
		{"", false},
		{",", false},
	} {
		if got := named(s, c.names); got != c.want {
			t.Errorf("named(%q, %q) = %v, want %v", s.Name, c.names, got, c.want)
		}
	}
}
