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
