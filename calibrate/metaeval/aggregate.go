package metaeval

import "math"

// SystemScores returns the metric's score of each of j's systems (in the
// order of j.Systems; NaN for a system it has none for) under the
// aggregate, TrueSkill runs as opt says: the system scores SystemLevel
// correlates, for callers with their own human scores (a benchmark's
// published ones).
func (s *Scores) SystemScores(j *Judgements, agg Aggregate, opt TrueSkillOptions) []float64 {
	return s.systemScores(j, agg, nil, opt)
}

// ReplayedExpectedWins returns the Expected Wins of every system (in the
// order of j.Systems) over the human comparisons replayed with the
// outcomes the metric's sentence scores give (equal scores a tie, left out
// as the humans' ties are), the aggregate Goto, Sakai and Watanabe (ACL
// 2025) pair with TrueSkill; NaN for a system without a replayed
// comparison.
func (s *Scores) ReplayedExpectedWins(j *Judgements) []float64 {
	cs := s.metricComparisons(j, nil)
	rj := &Judgements{Systems: j.Systems, Items: j.Items, Comparisons: cs}
	ew := rj.ExpectedWins(nil)
	played := newPairTable(len(j.Systems), cs).active
	for i, ok := range played {
		if !ok {
			ew[i] = math.NaN()
		}
	}
	return ew
}
