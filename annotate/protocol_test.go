package annotate

import (
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/human"
)

// Every annotation page is a scale set of package human under the same
// name, rating exactly its scales, so that --rating NAME/SCALE reads what
// the page wrote; the sets' earlier names reach the same page.
func TestProtocolsAreScaleSets(t *testing.T) {
	for _, p := range protocolList {
		ss, err := human.LookupScaleSet(p.Name)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		var scales []*human.Scale
		for _, r := range p.Scales {
			scales = append(scales, r.Scale)
		}
		if ss.Name != p.Name || !slices.Equal(scales, ss.Scales) {
			t.Errorf("page %s rates %v, scale set %s has %v", p.Name, scales, ss.Name, ss.Scales)
		}
		for _, alias := range ss.Aliases {
			if q, err := LookupProtocol(alias); err != nil || q != p {
				t.Errorf("LookupProtocol(%q) = %v, %v; want the %s page", alias, q, err, p.Name)
			}
		}
	}
	for name, want := range map[string]string{
		"gug":   "scale set gug has no annotation page (want grue, llm-judge, swell)",
		"stars": `unknown scale set "stars" (want grue, llm-judge, swell)`,
	} {
		if _, err := LookupProtocol(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("LookupProtocol(%q): %v, want %q", name, err, want)
		}
	}
}

// TestKeys: the page's keys are the labels' numbers on their scales, as
// the raters' guidelines give them, in the menus' order (best first, Other
// last).
func TestKeys(t *testing.T) {
	tests := []struct {
		protocol, scale string
		labels, keys    string
	}{
		{"swell", "grammaticality", "Perfect|Comprehensible|Somewhat comprehensible|Incomprehensible|Other", "4|3|2|1|0"},
		{"swell", "meaning", "Identical|Minor differences|Moderate differences|Substantially different|Other", "4|3|2|1|0"},
		{"llm-judge", "semantics", "5|4|3|2|1|Other", "5|4|3|2|1|"},
		{"llm-judge", "grammaticality", "0|1|2 or more|Other", "0|1|2|"},
		{"llm-judge", "overcorrection", "No|Minor over-correction|Moderate over-correction|Substantial over-correction|Other", "0|1|2|3|"},
	}
	for _, tt := range tests {
		p, err := LookupProtocol(tt.protocol)
		if err != nil {
			t.Fatal(err)
		}
		var found bool
		for _, sc := range p.Scales {
			if sc.Scale.Name != tt.scale {
				continue
			}
			found = true
			if got := strings.Join(sc.Labels(), "|"); got != tt.labels {
				t.Errorf("%s %s: labels %s, want %s", tt.protocol, tt.scale, got, tt.labels)
			}
			if got := strings.Join(sc.Keys(), "|"); got != tt.keys {
				t.Errorf("%s %s: keys %s, want %s", tt.protocol, tt.scale, got, tt.keys)
			}
		}
		if !found {
			t.Errorf("%s has no scale %s", tt.protocol, tt.scale)
		}
	}
}
