package sv

import "testing"

// Pairs from the published Swedish vocabulary and output lists of the
// Snowball project: the stemmer is wired in as the algorithm publishes it.
func TestStem(t *testing.T) {
	tests := map[string]string{
		"jaktkarlarne": "jaktkarl",
		"klokheten":    "klok",
		"friskt":       "frisk",
		"fröknarnn":    "fröknarn",
		"bilarna":      "bil",
		"flickorna":    "flick",
		"huset":        "huset",
		"husen":        "hus",
		"springer":     "spring",
		"sprang":       "sprang",
		"kraftlös":     "kraftlös",
		"kraftlöst":    "kraftlös",
		"kärleksfullt": "kärleksfull",
		"vänlig":       "vän",
		"hus":          "hus",
		"boken":        "bok",
		"böcker":       "böck",
		"pojkens":      "pojk",
		"år":           "år",
		"":             "",
	}
	for w, want := range tests {
		if got := stem(w); got != want {
			t.Errorf("stem(%q) = %q, want %q", w, got, want)
		}
	}
}
