package metaeval

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
)

// DefaultTrueSkillRuns is the number of TrueSkill runs averaged when
// TrueSkillOptions.Runs is 0. Grundkiewicz et al. (2015) averaged 1,000; 100
// take a tenth of the time (about 5 s of CPU on GJG15's 109,098
// comparisons) and keep a system's mean mu within 0.003 of the paper's
// (measured over seeds 0-5; two 100-run estimates with different seeds
// differ by up to 0.0043, against mu from −0.36 to 0.27).
const DefaultTrueSkillRuns = 100

// TrueSkillOptions configure the TrueSkill estimate of system quality.
//
// Each run is Sakaguchi, Post and Van Durme (2014)'s infer_TS.py with two
// players a match (-n 2) and as many matches as there are comparisons plus
// one (-d 0), which is how Grundkiewicz et al. (2015) ranked the CoNLL-2014
// systems (their scripts/wmt-trueskill/TS.py): mu 0, sigma 0.5, tau 0,
// draw probability 0.25, beta = sigma·matches/40 (stat.WMTTrueSkill). A
// match picks the system with the largest sigma (the last by name on a
// tie), an opponent with probability proportional to exp(−|mu_a − mu_b|)
// among the systems it was compared with, and one of the pair's human
// comparisons uniformly at random (with replacement), and updates both
// skills. The estimate is the mean mu over Runs runs, as their cluster.py
// reports it.
//
// The runs draw from PCGs seeded with (Seed, run), so a seed gives the same
// estimate on every machine; runs are spread over the cores and summed in
// run order. Python's unseeded random.random of the original cannot be
// replayed, so published TrueSkill figures are reproduced up to the
// procedure's own run-to-run variation.
type TrueSkillOptions struct {
	Runs int    `json:"runs"` // runs averaged; 0 means DefaultTrueSkillRuns
	Seed uint64 `json:"seed"` // seed of the runs' random draws
}

func (o TrueSkillOptions) runs() int {
	if o.Runs <= 0 {
		return DefaultTrueSkillRuns
	}
	return o.Runs
}

// pairTable holds a set of comparisons grouped by pair of systems, as
// infer_TS.py's comparison_d: outcomes[a*n+b] for a < b from a's side.
type pairTable struct {
	n        int
	outcomes [][]human.Outcome
	total    int
	active   []bool // systems with at least one comparison
}

func newPairTable(n int, cs []Comparison) *pairTable {
	t := &pairTable{n: n, outcomes: make([][]human.Outcome, n*n), total: len(cs), active: make([]bool, n)}
	for _, c := range cs {
		t.outcomes[c.A*n+c.B] = append(t.outcomes[c.A*n+c.B], c.Outcome)
		t.active[c.A], t.active[c.B] = true, true
	}
	return t
}

// trueSkill returns the mean mu of opt.runs() runs over the comparisons;
// done, when not nil, is called after each run.
func trueSkill(n int, cs []Comparison, opt TrueSkillOptions, done func()) []float64 {
	t := newPairTable(n, cs)
	runs := opt.runs()
	mus := make([][]float64, runs)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < min(runs, runtime.GOMAXPROCS(0)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range next {
				mus[r] = t.run(rand.New(rand.NewPCG(opt.Seed, uint64(r))))
				if done != nil {
					done()
				}
			}
		}()
	}
	for r := 0; r < runs; r++ {
		next <- r
	}
	close(next)
	wg.Wait()
	out := make([]float64, n)
	for _, mu := range mus {
		for i, v := range mu {
			out[i] += v
		}
	}
	for i := range out {
		out[i] /= float64(runs)
	}
	return out
}

// run plays one infer_TS.py run and returns each system's mu.
func (t *pairTable) run(rng *rand.Rand) []float64 {
	n := t.n
	matches := t.total + 1 // infer_TS.py -d 0: comparisons / 1 + 1
	p := stat.WMTTrueSkill(matches)
	sk := make([]stat.Skill, n)
	for i := range sk {
		sk[i] = stat.Skill{Mu: p.Mu, Sigma: p.Sigma}
	}
	// exp(−|mu_a − mu_k|) is min(e_k/e_a, e_a/e_k) with e = exp(mu): two
	// exponentials a match (the two updated systems) instead of n−1.
	e := make([]float64, n)
	for i := range e {
		e[i] = math.Exp(p.Mu)
	}
	weight := make([]float64, n)
	for m := 0; m < matches; m++ {
		a := -1
		for i := 0; i < n; i++ {
			if t.active[i] && (a < 0 || sk[i].Sigma >= sk[a].Sigma) {
				a = i
			}
		}
		if a < 0 {
			break
		}
		sum := 0.0
		for k := 0; k < n; k++ {
			weight[k] = 0
			if k != a && len(t.outcomes[pairIndex(n, a, k)]) > 0 {
				weight[k] = min(e[k]/e[a], e[a]/e[k])
			}
			sum += weight[k]
		}
		x := rng.Float64() * sum
		b := -1
		for k := 0; k < n; k++ {
			if weight[k] == 0 {
				continue
			}
			b = k
			if x < weight[k] {
				break
			}
			x -= weight[k]
		}
		lo, hi := min(a, b), max(a, b)
		obs := t.outcomes[lo*n+hi]
		switch obs[rng.IntN(len(obs))] {
		case human.Win:
			sk[lo], sk[hi] = p.Rate(sk[lo], sk[hi], false)
		case human.Loss:
			sk[hi], sk[lo] = p.Rate(sk[hi], sk[lo], false)
		default:
			sk[lo], sk[hi] = p.Rate(sk[lo], sk[hi], true)
		}
		e[lo], e[hi] = math.Exp(sk[lo].Mu), math.Exp(sk[hi].Mu)
	}
	mu := make([]float64, n)
	for i, s := range sk {
		mu[i] = s.Mu
	}
	return mu
}

func pairIndex(n, a, b int) int {
	if a > b {
		a, b = b, a
	}
	return a*n + b
}
