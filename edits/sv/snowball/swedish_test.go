package snowball

import "testing"

// Pairs from the published Swedish vocabulary and output lists of the
// Snowball project, checked by hand against the algorithm.
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
		if got := Stem(w); got != want {
			t.Errorf("Stem(%q) = %q, want %q", w, got, want)
		}
	}
}
