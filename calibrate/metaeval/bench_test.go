package metaeval_test

import (
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
)

// BenchmarkTrueSkillRun plays one TrueSkill run (109,099 matches) over
// GJG15's comparisons.
func BenchmarkTrueSkillRun(b *testing.B) {
	j := gjg15(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j.TrueSkill(nil, metaeval.TrueSkillOptions{Runs: 1, Seed: uint64(i)})
	}
}

// BenchmarkExpectedWins computes Expected Wins over GJG15's comparisons.
func BenchmarkExpectedWins(b *testing.B) {
	j := gjg15(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j.ExpectedWins(nil)
	}
}
