package en

import "testing"

func TestLancasterStem(t *testing.T) {
	// The first rows are the examples of NLTK's LancasterStemmer doctest.
	tests := []struct{ word, want string }{
		{"maximum", "maxim"},     // -um removed while intact
		{"presumably", "presum"}, // -um kept once no longer intact
		{"multiply", "multiply"}, // -ply protected
		{"provision", "provid"},  // -sion -> -j, then the j rules
		{"owed", "ow"},           // vowel start: 2 letters are enough
		{"ear", "ear"},           // ... but not fewer
		{"saying", "say"},        // consonant start: 3 letters with a vowel
		{"crying", "cry"},        // y counts as a vowel
		{"string", "string"},     // "str" has no vowel
		{"meant", "meant"},       // "me" is too short
		{"cement", "cem"},        // -ment, then stop at 3 letters
		{"Maximum", "maxim"},     // lower-cased first
		{"happiness", "happy"},   // -ness, then -i -> -y
		{"happily", "happy"},     // -ily -> -y
		{"running", "run"},       // -ing, then -nn -> -n
		{"cats", "cat"},          // -s while intact
		{"abc1", "abc1"},         // rules for 'c' do not match "c1"
		{"", ""},
	}
	for _, tt := range tests {
		if got := lancasterStem(tt.word); got != tt.want {
			t.Errorf("lancasterStem(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

func BenchmarkLancasterStem(b *testing.B) {
	for b.Loop() {
		lancasterStem("presumably")
	}
}
