package significance

import (
	"math"
	"slices"
	"testing"

	"github.com/gecmetric/gecmetric/metrics"
)

// meanCorpus is a metric whose rows are {correct, 1}: its corpus score is
// the fraction of correct sentences, which makes resampling distributions
// computable by hand.
func meanCorpus(name string, correct ...float64) *metrics.Corpus {
	c := metrics.NewCorpus(name, 2, func(s metrics.Stats) float64 {
		if s[1] == 0 {
			return 0
		}
		return s[0] / s[1]
	})
	for _, v := range correct {
		c.Add(metrics.Stats{v, 1})
	}
	return c
}

// f1Corpus is a metric with rows {TP, FP, FN} and score F1 = 2TP/(2TP+FP+FN)
// (1 when there is nothing to find and nothing proposed).
func f1Corpus(rows ...metrics.Stats) *metrics.Corpus {
	c := metrics.NewCorpus("f1", 3, func(s metrics.Stats) float64 {
		if d := 2*s[0] + s[1] + s[2]; d > 0 {
			return 2 * s[0] / d
		}
		return 1
	})
	for _, r := range rows {
		c.Add(r)
	}
	return c
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The hand-computed fixture: eight sentences, the candidate gets six of
// them wrong that the baseline got right (per-sentence difference −1 on six
// sentences, 0 on two); observed delta = −6/8.
//
// Randomisation: only the six differing sentences change under a swap;
// |delta'| = |Σ ±1|/8 reaches 6/8 only when all six keep or all six flip
// their sign: 2 of 2^6 = 64 patterns, p = 2/64 = 0.03125 (exact).
//
// Bootstrap: a resample's delta is −X/8 with X ~ Binomial(8, 3/4) the number
// of draws that fall on a differing sentence. P(X ≤ 2) = 0.0042,
// P(X ≤ 3) = 0.0273, P(X = 8) = 0.1001, so the 2.5% point of X is 3 and the
// 97.5% point is 8: the 95% interval of delta is [−8/8, −3/8] = [−1, −0.375],
// entirely below 0, and P(delta < 0) = 1 − (1/4)^8 = 0.999985. Both tests
// say "significantly worse".
func TestHandFixture(t *testing.T) {
	base := meanCorpus("acc", 1, 1, 1, 1, 1, 1, 0, 1)
	cand := meanCorpus("acc", 0, 0, 0, 0, 0, 0, 0, 1)

	ar := ApproxRandomization(base, cand, 1000, 1)
	if !ar.Exact || ar.Trials != 64 || ar.Count != 2 || ar.P != 0.03125 || ar.Differing != 6 {
		t.Errorf("randomisation = %+v, want exact 2/64 = 0.03125 over 6 differing sentences", ar)
	}

	bs := PairedBootstrap(base, cand, 100000, 1)
	if bs.Low != -1 || bs.High != -0.375 {
		t.Errorf("bootstrap 95%% interval = [%v, %v], want [-1, -0.375]", bs.Low, bs.High)
	}
	if !near(bs.Worse, 0.999985, 1e-4) || bs.Better != 0 {
		t.Errorf("bootstrap worse/better = %v/%v, want 0.999985/0", bs.Worse, bs.Better)
	}
	// P(X = 6) = 28 (3/4)^6 (1/4)^2 = 0.3115: the share of resamples with delta −6/8.
	n := 0
	for _, d := range bs.Deltas {
		if d == -0.75 {
			n++
		}
	}
	if got := float64(n) / float64(len(bs.Deltas)); !near(got, 0.3115, 0.006) {
		t.Errorf("share of resamples with delta -6/8 = %v, want 0.3115", got)
	}

	res, err := Compare([]*metrics.Corpus{base}, []*metrics.Corpus{cand}, Options{Resamples: 100000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := res[0]
	if r.Delta != -0.75 || r.Baseline != 7.0/8 || r.Candidate != 1.0/8 {
		t.Errorf("scores %v → %v, delta %v; want 7/8 → 1/8, -0.75", r.Baseline, r.Candidate, r.Delta)
	}
	// The two tests agree in direction.
	if !(r.Significant(0.05) && r.High < 0 && r.Delta < 0) {
		t.Errorf("AR and bootstrap disagree: p = %v, interval [%v, %v]", r.P, r.Low, r.High)
	}
	if regs := (Gate{}).Check(res); len(regs) != 1 || regs[0].Metric != "acc" {
		t.Errorf("gate regressions = %v, want acc", regs)
	}
	// The reverse comparison is an improvement, not a regression.
	rev, _ := Compare([]*metrics.Corpus{cand}, []*metrics.Corpus{base}, Options{Resamples: 100000, Seed: 1})
	if rev[0].P != 0.03125 || rev[0].Low != 0.375 || rev[0].High != 1 {
		t.Errorf("reverse: p = %v, interval [%v, %v], want 0.03125, [0.375, 1]", rev[0].P, rev[0].Low, rev[0].High)
	}
	if regs := (Gate{}).Check(rev); len(regs) != 0 {
		t.Errorf("reverse gate regressions = %v, want none", regs)
	}
}

// An F1 fixture whose score is not a mean of sentence scores. The
// candidate loses the baseline's true positive on sentences 1 and 2
// (TP 1 → FP 1, FN 1); sentence 3 is the same in both.
// Baseline sum {3,0,1}: F1 = 6/7; candidate sum {1,2,3}: F1 = 2/7.
// Swapping one of the two differing sentences gives {2,1,2} on both sides
// (delta' = 0), swapping both gives +4/7: p = 2/4 exactly.
// Bootstrap: with m draws on the differing sentences and c = 3 − m on
// sentence 3, the baseline sums to {3, 0, c} (F1 = 6/(6+c)) and the
// candidate to {c, m, 3} (F1 = 2c/(2c+m+3)):
//
//	m = 3, P = 8/27:  delta = 0 − 1       = −1
//	m = 2, P = 12/27: delta = 2/7 − 6/7   = −4/7
//	m = 1, P = 6/27:  delta = 1/2 − 3/4   = −1/4
//	m = 0, P = 1/27:  delta = 0
//
// so P(delta < 0) = 26/27, and as P(m = 0) = 0.037 > 0.025 the 95% interval
// is [−1, 0]: it touches 0, in line with p = 0.5.
func TestF1Fixture(t *testing.T) {
	base := f1Corpus(metrics.Stats{1, 0, 0}, metrics.Stats{1, 0, 0}, metrics.Stats{1, 0, 1})
	cand := f1Corpus(metrics.Stats{0, 1, 1}, metrics.Stats{0, 1, 1}, metrics.Stats{1, 0, 1})
	ar := ApproxRandomization(base, cand, 1000, 7)
	if !ar.Exact || ar.P != 0.5 || ar.Count != 2 {
		t.Errorf("randomisation = %+v, want exact p = 2/4", ar)
	}
	bs := PairedBootstrap(base, cand, 50000, 7)
	if !near(bs.Worse, 26.0/27, 0.004) || bs.Better != 0 {
		t.Errorf("bootstrap worse = %v better = %v, want 26/27 and 0", bs.Worse, bs.Better)
	}
	if bs.Low != -1 || bs.High != 0 {
		t.Errorf("interval [%v, %v], want [-1, 0]", bs.Low, bs.High)
	}
	share := map[float64]float64{}
	for _, d := range bs.Deltas {
		share[d] += 1 / float64(len(bs.Deltas))
	}
	for d, p := range map[float64]float64{-1: 8.0 / 27, 2.0/7 - 6.0/7: 12.0 / 27, -0.25: 6.0 / 27, 0: 1.0 / 27} {
		if !near(share[d], p, 0.01) {
			t.Errorf("share of delta %v = %v, want %v", d, share[d], p)
		}
	}
}

// Twelve differing sentences: 2^12 = 4096 swap patterns, more than the
// trials, so the test samples. Seven sentences −1 and five +1 give
// |delta| = 2/12; a pattern reaches it unless exactly six signs are
// negative: p = 1 − C(12,6)/4096 = 3172/4096 = 0.7744. All twelve −1 give
// p = 2/4096 exactly.
func TestRandomizationSampled(t *testing.T) {
	for _, tc := range []struct {
		name      string
		base      []float64
		cand      []float64
		trials    int
		exact     bool
		want, tol float64
	}{
		{"mixed sampled", ones(12), append(zeros(7), twos(5)...), 4000, false, 3172.0 / 4096, 0.025},
		{"mixed exact", ones(12), append(zeros(7), twos(5)...), 4096, true, 3172.0 / 4096, 0},
		{"all worse sampled", ones(12), zeros(12), 2000, false, 0.5 / 1000, 0.003},
		{"all worse exact", ones(12), zeros(12), 5000, true, 2.0 / 4096, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, cand := meanCorpus("m", tc.base...), meanCorpus("m", tc.cand...)
			r := ApproxRandomization(base, cand, tc.trials, 3)
			if r.Exact != tc.exact || !near(r.P, tc.want, tc.tol) {
				t.Errorf("got %+v, want p = %v ± %v (exact %v)", r, tc.want, tc.tol, tc.exact)
			}
			if !r.Exact && r.P != float64(r.Count+1)/float64(tc.trials+1) {
				t.Errorf("p = %v is not (count+1)/(trials+1) for %+v", r.P, r)
			}
		})
	}
}

func ones(n int) []float64  { return fill(n, 1) }
func zeros(n int) []float64 { return fill(n, 0) }
func twos(n int) []float64  { return fill(n, 2) }
func fill(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestIdentical(t *testing.T) {
	c := f1Corpus(metrics.Stats{1, 0, 2}, metrics.Stats{0, 3, 0}, metrics.Stats{2, 1, 1})
	for _, n := range []int{0, 1, 1000} {
		res, err := Compare([]*metrics.Corpus{c}, []*metrics.Corpus{c}, Options{Resamples: n})
		if err != nil {
			t.Fatal(err)
		}
		r := res[0]
		if r.Delta != 0 || r.P != 1 || r.Low != 0 || r.High != 0 || r.Randomization.Differing != 0 {
			t.Errorf("resamples %d: identical systems give %+v, want delta 0, p 1, interval [0,0]", n, r)
		}
	}
}

func TestDeterminism(t *testing.T) {
	base := meanCorpus("a", 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1)
	cand := meanCorpus("a", 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 1, 1)
	other := f1Corpus(slices.Repeat([]metrics.Stats{{1, 0, 1}}, 25)...)
	otherC := f1Corpus(slices.Repeat([]metrics.Stats{{0, 1, 1}}, 25)...)
	a := PairedBootstrap(base, cand, 500, 42)
	b := PairedBootstrap(base, cand, 500, 42)
	c := PairedBootstrap(base, cand, 500, 43)
	if !slices.Equal(a.Deltas, b.Deltas) {
		t.Error("same seed, different bootstrap")
	}
	if slices.Equal(a.Deltas, c.Deltas) {
		t.Error("different seeds, same bootstrap")
	}
	ar := ApproxRandomization(base, cand, 500, 42)
	if ar.Exact || ar != ApproxRandomization(base, cand, 500, 42) {
		t.Errorf("randomisation not sampled or not deterministic: %+v", ar)
	}
	// Compare gives each metric what the single-metric functions give,
	// whatever other metrics are compared alongside.
	res, err := Compare([]*metrics.Corpus{other, base}, []*metrics.Corpus{otherC, cand}, Options{Resamples: 500, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res[1].Bootstrap.Deltas, a.Deltas) || res[1].Randomization != ar {
		t.Errorf("Compare differs from PairedBootstrap/ApproxRandomization")
	}
}

func TestMismatch(t *testing.T) {
	a := meanCorpus("a", 1, 0)
	for name, c := range map[string]*metrics.Corpus{
		"metric":    meanCorpus("b", 1, 0),
		"sentences": meanCorpus("a", 1),
		"width":     metrics.CorpusOf("a", []metrics.Stats{{1, 1, 1}, {1, 1, 1}}, a.Score),
	} {
		if _, err := Compare([]*metrics.Corpus{a}, []*metrics.Corpus{c}, Options{}); err == nil {
			t.Errorf("%s mismatch: no error", name)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s mismatch: PairedBootstrap did not panic", name)
				}
			}()
			PairedBootstrap(a, c, 10, 1)
		}()
	}
}

func TestGate(t *testing.T) {
	res := []Result{
		{Metric: "m2", Delta: -0.02, P: 0.01},
		{Metric: "errant", Delta: -0.02, P: 0.2},
		{Metric: "gleu", Delta: -0.004, P: 0.001},
		{Metric: "overall", Delta: 0.05, P: 0.001},
	}
	for _, tc := range []struct {
		name string
		gate Gate
		want []string
	}{
		{"zero gate", Gate{}, []string{"m2", "gleu"}},
		{"tolerated gleu drop", Gate{MaxDrop: map[string]float64{"gleu": 0.005}}, []string{"m2"}},
		{"tolerance below the drop", Gate{MaxDrop: map[string]float64{"m2": 0.01}}, []string{"m2", "gleu"}},
		{"strict alpha", Gate{Alpha: 0.005}, []string{"gleu"}},
		{"loose alpha", Gate{Alpha: 0.5}, []string{"m2", "errant", "gleu"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, r := range tc.gate.Check(res) {
				got = append(got, r.Metric)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("regressions %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRank(t *testing.T) {
	// best and close differ on one sentence (not significant); poor is
	// worse than both on twelve.
	best := meanCorpus("acc", append(ones(15), zeros(5)...)...)
	close := meanCorpus("acc", append(ones(14), zeros(6)...)...)
	poor := meanCorpus("acc", append(ones(2), zeros(18)...)...)
	rk, err := Rank([]string{"poor", "close", "best"}, []*metrics.Corpus{poor, close, best}, Options{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	want := []Ranked{{"best", 0.75, 1, 1}, {"close", 0.7, 2, 1}, {"poor", 0.1, 3, 2}}
	if !slices.Equal(rk.Systems, want) {
		t.Errorf("ranking %+v, want %+v", rk.Systems, want)
	}
	if rk.P[1][2] != 1 || rk.P[0][2] >= 0.05 || rk.P[0][2] != rk.P[2][0] {
		t.Errorf("p-values %v", rk.P)
	}
}

func TestInterval(t *testing.T) {
	b := Bootstrap{Deltas: make([]float64, 1000)}
	for i := range b.Deltas {
		b.Deltas[i] = float64(i)
	}
	if lo, hi := b.Interval(0.95); lo != 25 || hi != 974 {
		t.Errorf("Interval(0.95) over 0..999 = [%v, %v], want [25, 974] as sacreBLEU", lo, hi)
	}
	if lo, hi := b.Interval(0.9); lo != 50 || hi != 949 {
		t.Errorf("Interval(0.9) = [%v, %v], want [50, 949]", lo, hi)
	}
	if lo, _ := (&Bootstrap{}).Interval(0.95); !math.IsNaN(lo) {
		t.Errorf("empty interval = %v, want NaN", lo)
	}
}
