package main

import "testing"

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
