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
