package en

import "testing"

// TestTagFixRulesNamed: every rule of fixMorphTags has a name of its own,
// the one its doc and TestFixMorphTags rows refer to.
func TestTagFixRulesNamed(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range tagFixRules {
		if r.name == "" || seen[r.name] || r.fix == nil {
			t.Errorf("rule %q: empty, repeated or without a function", r.name)
		}
		seen[r.name] = true
	}
	for tag, fix := range tagRules {
		if fix == nil {
			t.Errorf("tag %s has no rule", tag)
		}
	}
}

// TestLookupShortcuts: tagRule and punctTag skip the map only for keys it
// does not hold.
func TestLookupShortcuts(t *testing.T) {
	m, err := model()
	if err != nil {
		t.Fatal(err)
	}
	for tag := range m.tagIDs {
		if got, want := tagRule(tag) != nil, tagRules[tag] != nil; got != want {
			t.Errorf("tagRule(%q) != nil is %v, want %v", tag, got, want)
		}
	}
	for tag := range tagRules {
		if tagRule(tag) == nil {
			t.Errorf("tagRule(%q) = nil", tag)
		}
	}
	for w, want := range punctTags {
		if got, ok := punctTag(w); !ok || got != want {
			t.Errorf("punctTag(%q) = %q, %v, want %q", w, got, ok, want)
		}
	}
}

// TestDepTagIndex: depTagIndex numbers exactly the tags depRules name,
// as depTags lists them.
func TestDepTagIndex(t *testing.T) {
	named := map[string]bool{}
	for _, r := range depRules {
		for _, tag := range r.tags {
			named[tag] = true
		}
	}
	if len(named) != len(depTags)-1 {
		t.Errorf("rules name %d tags, depTags lists %d", len(named), len(depTags)-1)
	}
	for i, tag := range depTags {
		if got := depTagIndex(tag); got != i {
			t.Errorf("depTagIndex(%q) = %d, want %d", tag, got, i)
		}
		if i > 0 && !named[tag] {
			t.Errorf("depTags lists %q, which no rule names", tag)
		}
	}
	for _, tag := range []string{"NN", "VB", ".", "-LRB-", "XX", "pos"} {
		if depTagIndex(tag) != 0 {
			t.Errorf("depTagIndex(%q) != 0", tag)
		}
	}
}
