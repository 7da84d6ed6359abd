package metaeval_test

import (
	"sync"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
)

// Judgements.Progress hears of every TrueSkill run on all items and every
// bootstrap resample, each stage ending at its total; reports come from
// several goroutines.
func TestJudgementsProgress(t *testing.T) {
	j, err := metaeval.NewJudgements(fixture)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	last, calls := map[string]int{}, map[string]int{}
	j.Progress = func(stage string, done, total int) {
		mu.Lock()
		defer mu.Unlock()
		calls[stage]++
		if done > total {
			t.Errorf("%s: %d of %d", stage, done, total)
		}
		if done == total {
			last[stage] = total
		}
	}
	s := metaeval.Scores{Name: "m", System: map[string]float64{"A": 3, "B": 2, "C": 1, "D": 0}}
	opt := metaeval.SystemOptions{Resamples: 30, TrueSkill: metaeval.TrueSkillOptions{Runs: 7}}
	if _, err := metaeval.SystemLevel(j, s, opt); err != nil {
		t.Fatal(err)
	}
	// Each stage reports 0 of total first, then once per unit.
	for stage, want := range map[string]int{"TrueSkill runs": 7, "resamples": 30} {
		if last[stage] != want || calls[stage] != want+1 {
			t.Errorf("%s: ended at %d after %d reports; want %d and %d", stage, last[stage], calls[stage], want, want+1)
		}
	}
}
