package stat

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

var nan = math.NaN()

func near(got, want, tol float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= tol
}

func TestCorrelation(t *testing.T) {
	tests := []struct {
		name string
		f    func(x, y []float64) float64
		x, y []float64
		want float64
		tol  float64
	}{
		// scipy.stats.pearsonr documentation example.
		{"pearson/scipy", Pearson, []float64{1, 2, 3, 4, 5, 6, 7}, []float64{10, 9, 2.5, 6, 4, 3, 2}, -0.828503883588428, 1e-12},
		{"pearson/perfect", Pearson, []float64{1, 2, 3}, []float64{2, 4, 6}, 1, 1e-15},
		{"pearson/constant", Pearson, []float64{1, 1, 1}, []float64{1, 2, 3}, nan, 0},
		{"pearson/one", Pearson, []float64{1}, []float64{2}, nan, 0},
		// scipy.stats.spearmanr documentation example (a tie in y).
		{"spearman/scipy", Spearman, []float64{1, 2, 3, 4, 5}, []float64{5, 6, 7, 8, 7}, 0.8207826816681233, 1e-12},
		// scipy.stats.kendalltau documentation example (ties in both).
		{"kendall/scipy", KendallTauB, []float64{12, 2, 1, 12, 2}, []float64{1, 4, 7, 1, 0}, -0.47140452079103173, 1e-12},
		// Hand: 5 concordant, 1 pair tied in y: 5/sqrt(6·5).
		{"kendall/tie-y", KendallTauB, []float64{1, 2, 3, 4}, []float64{1, 1, 2, 3}, 5 / math.Sqrt(30), 1e-15},
		// gonum's stat.Kendall gives 1 here; tau-b is undefined.
		{"kendall/constant", KendallTauB, []float64{1, 1, 1, 1}, []float64{1, 2, 3, 4}, nan, 0},
		{"kendall/reversed", KendallTauB, []float64{1, 2, 3}, []float64{3, 2, 1}, -1, 1e-15},
	}
	for _, tt := range tests {
		if got := tt.f(tt.x, tt.y); !near(got, tt.want, tt.tol) {
			t.Errorf("%s = %.15g, want %.15g", tt.name, got, tt.want)
		}
	}
}

func TestRanks(t *testing.T) {
	got := Ranks([]float64{10, 20, 10, 30, 20, 20})
	want := []float64{1.5, 4, 1.5, 6, 4, 4}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Ranks = %v, want %v", got, want)
	}
}

func TestPairwise(t *testing.T) {
	h := []float64{1, 2, 2, 3}
	m := []float64{0.1, 0.5, 0.5, 0.4}
	// Pairs: (0,1) h< m< agree; (0,2) agree; (0,3) agree; (1,2) tie/tie agree;
	// (1,3) h< m> disagree; (2,3) disagree. acc_eq = 4/6.
	if got := PairwiseAccuracy(h, m, 0); !near(got, 4.0/6, 1e-15) {
		t.Errorf("acc_eq = %v, want 4/6", got)
	}
	// With epsilon 0.1 the metric also ties (1,3) and (2,3): still disagree
	// with the humans' strict order; (0,1)..(0,3) stay strict. 4/6.
	if got := PairwiseAccuracy(h, m, 0.1); !near(got, 4.0/6, 1e-15) {
		t.Errorf("acc_eq eps=0.1 = %v, want 4/6", got)
	}
	// With epsilon 0.45 the metric ties every pair: only the human tie
	// (1,2) agrees, 1/6.
	if got := PairwiseAccuracy(h, m, 0.45); !near(got, 1.0/6, 1e-15) {
		t.Errorf("acc_eq eps=0.45 = %v, want 1/6", got)
	}
	// WMT: human tie (1,2) skipped; C = 3, D = 2 → 1/5.
	if got := WMTKendall(h, m); !near(got, 0.2, 1e-15) {
		t.Errorf("WMTKendall = %v, want 0.2", got)
	}
	// A metric tie on a human-ordered pair is discordant under WMT.
	if got := WMTKendall([]float64{1, 2}, []float64{5, 5}); got != -1 {
		t.Errorf("WMTKendall metric tie = %v, want -1", got)
	}
	if got := WMTKendall([]float64{1, 1}, []float64{1, 2}); !math.IsNaN(got) {
		t.Errorf("WMTKendall all human ties = %v, want NaN", got)
	}
}

func TestCohenKappa(t *testing.T) {
	// Hand-computed: confusion (0,0)=2 (1,1)=1 (1,2)=1 (2,1)=1, marginals
	// 2,2,1 both sides. p_o = .6, p_e = .36 → .375; linear 1−2/4; quadratic
	// 1−2/5.6.
	a := []int{0, 1, 2, 0, 1}
	b := []int{0, 1, 1, 0, 2}
	for _, tt := range []struct {
		w    Weighting
		want float64
	}{{Unweighted, 0.375}, {Linear, 0.5}, {Quadratic, 1 - 2/5.6}} {
		if got := CohenKappa(a, b, 3, tt.w); !near(got, tt.want, 1e-12) {
			t.Errorf("%v kappa = %v, want %v", tt.w, got, tt.want)
		}
	}
	if got := CohenKappa([]int{1, 1}, []int{1, 1}, 3, Unweighted); !math.IsNaN(got) {
		t.Errorf("kappa with one category = %v, want NaN", got)
	}
	// Observed-values convention: 0 and 4 with no 1..3 between them are one
	// step apart, so linear equals unweighted.
	x := []float64{0, 4, 4, 0, 4}
	y := []float64{0, 4, 0, 0, 4}
	if u, l := CohenKappaValues(x, y, Unweighted), CohenKappaValues(x, y, Linear); !near(u, l, 1e-15) {
		t.Errorf("two observed values: unweighted %v != linear %v", u, l)
	}
	// With a single kind of disagreement the weights cancel, so the full
	// 0..4 scale gives the same quadratic kappa as the observed values.
	if got := CohenKappa([]int{0, 4, 4, 0, 4}, []int{0, 4, 0, 0, 4}, 5, Quadratic); !near(got, CohenKappaValues(x, y, Quadratic), 1e-12) {
		t.Errorf("kappa scale vs values differ: %v", got)
	}
}

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", the
// example with four coders, twelve units and missing values; the same data
// are the doctest of the krippendorff Python package.
var kripp2011 = [][]float64{
	{1, 2, 3, 3, 2, 1, 4, 1, 2, nan, nan, nan},
	{1, 2, 3, 3, 2, 2, 4, 1, 2, 5, nan, 3},
	{nan, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, nan},
	{1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, nan},
}

// The krippendorff package's first doctest (three coders, fifteen units).
var krippDoc = [][]float64{
	{nan, nan, nan, nan, nan, 3, 4, 1, 2, 1, 1, 3, 3, nan, 3},
	{1, nan, 2, 1, 3, 3, 4, 3, nan, nan, nan, nan, nan, nan, nan},
	{nan, nan, 2, 1, 3, 4, 4, nan, 2, 1, 1, 3, 3, nan, 4},
}

func TestKrippendorffAlpha(t *testing.T) {
	tests := []struct {
		name  string
		data  [][]float64
		level Level
		want  float64
		tol   float64
	}{
		{"2011/nominal", kripp2011, Nominal, 0.743, 5e-4},
		{"2011/ordinal", kripp2011, Ordinal, 0.815, 5e-4},
		{"2011/interval", kripp2011, Interval, 0.849, 5e-4},
		{"2011/ratio", kripp2011, Ratio, 0.797, 5e-4},
		{"doc/nominal", krippDoc, Nominal, 0.691358, 5e-7},
		{"doc/interval", krippDoc, Interval, 0.810845, 5e-7},
		{"perfect", [][]float64{{1, 2, 3}, {1, 2, 3}}, Ordinal, 1, 1e-15},
		{"one value", [][]float64{{1, 1}, {1, 1}}, Nominal, nan, 0},
		{"unpairable", [][]float64{{1, nan}, {nan, 2}}, Interval, nan, 0},
		// Hand: units (1,1) (1,2): o11=2 o12=o21=1 o22=0; n1=3 n2=1 n=4;
		// nominal α = 1 − 3·2 / (3·1+1·3) = 0.
		{"hand/nominal", [][]float64{{1, 1}, {1, 2}}, Nominal, 0, 1e-15},
	}
	for _, tt := range tests {
		if got := KrippendorffAlpha(tt.data, tt.level); !near(got, tt.want, tt.tol) {
			t.Errorf("%s: alpha = %.6f, want %.6f", tt.name, got, tt.want)
		}
	}
}

func TestOrdinalUsesFrequencies(t *testing.T) {
	// Ordinal alpha depends on ranks, not spacing: relabelling 1,2,3 as
	// 1,10,100 leaves it unchanged, while interval alpha changes.
	a := [][]float64{{1, 2, 3, 1, 2}, {1, 3, 3, 2, 2}}
	b := [][]float64{{1, 10, 100, 1, 10}, {1, 100, 100, 10, 10}}
	if x, y := KrippendorffAlpha(a, Ordinal), KrippendorffAlpha(b, Ordinal); !near(x, y, 1e-12) {
		t.Errorf("ordinal not invariant to spacing: %v vs %v", x, y)
	}
	if x, y := KrippendorffAlpha(a, Interval), KrippendorffAlpha(b, Interval); near(x, y, 1e-6) {
		t.Errorf("interval unexpectedly invariant: %v", x)
	}
}

func TestExpectedWins(t *testing.T) {
	// A beat B 3-1, A beat C 2-2, B beat C 1-0.
	w := [][]float64{{0, 3, 2}, {1, 0, 1}, {2, 0, 0}}
	got := ExpectedWins(w)
	want := []float64{(0.75 + 0.5) / 2, (0.25 + 1) / 2, (0.5 + 0) / 2}
	for i := range want {
		if !near(got[i], want[i], 1e-15) {
			t.Errorf("ExpWins[%d] = %v, want %v", i, got[i], want[i])
		}
	}
}

func TestTrueSkill(t *testing.T) {
	// The trueskill package's documented 1-vs-1 examples with its default
	// environment: a win gives 29.396/7.171 and 20.604/7.171, a draw
	// 25.000/6.458 for both.
	got := TrueSkill(2, []Match{{Winner: 0, Loser: 1}}, DefaultTrueSkill)
	if !near(got[0].Mu, 29.396, 5e-4) || !near(got[0].Sigma, 7.171, 5e-4) ||
		!near(got[1].Mu, 20.604, 5e-4) || !near(got[1].Sigma, 7.171, 5e-4) {
		t.Errorf("win: %+v", got)
	}
	got = TrueSkill(2, []Match{{Winner: 0, Loser: 1, Draw: true}}, DefaultTrueSkill)
	if !near(got[0].Mu, 25, 5e-4) || !near(got[0].Sigma, 6.458, 5e-4) || !near(got[1].Sigma, 6.458, 5e-4) {
		t.Errorf("draw: %+v", got)
	}
	// Repeated wins order the players.
	ms := []Match{{0, 1, false}, {1, 2, false}, {0, 2, false}, {0, 1, false}, {1, 2, false}}
	sk := TrueSkill(3, ms, WMTTrueSkill(len(ms)))
	if !(sk[0].Mu > sk[1].Mu && sk[1].Mu > sk[2].Mu) {
		t.Errorf("WMT TrueSkill order: %+v", sk)
	}
}

func TestBootstrap(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	mean := func(idx []int) float64 {
		s := 0.0
		for _, i := range idx {
			s += x[i]
		}
		return s / float64(len(idx))
	}
	a := Bootstrap(len(x), 2000, 42, 0.95, mean)
	b := Bootstrap(len(x), 2000, 42, 0.95, mean)
	c := Bootstrap(len(x), 2000, 43, 0.95, mean)
	if a != b {
		t.Errorf("same seed, different intervals: %+v %+v", a, b)
	}
	if a == c {
		t.Errorf("different seeds, same interval: %+v", a)
	}
	// The mean is 5.5, the standard error about 0.91: the 95% interval
	// is about 5.5 ± 1.8.
	if !(a.Lo > 3 && a.Lo < 4.5 && a.Hi > 6.5 && a.Hi < 8 && a.N == 2000) {
		t.Errorf("interval %+v not around 5.5 ± 1.8", a)
	}
}

func TestQuantile(t *testing.T) {
	x := []float64{4, 1, 3, 2}
	for _, tt := range []struct{ q, want float64 }{{0, 1}, {1, 4}, {0.5, 2.5}, {0.25, 1.75}} {
		if got := Quantile(x, tt.q); got != tt.want {
			t.Errorf("Quantile(%v) = %v, want %v", tt.q, got, tt.want)
		}
	}
}

func ExampleKendallTauB() {
	// Ties in both variables (scipy's kendalltau example).
	fmt.Printf("%.4f\n", KendallTauB([]float64{12, 2, 1, 12, 2}, []float64{1, 4, 7, 1, 0}))
	// Output: -0.4714
}

func ExampleKrippendorffAlpha() {
	// Two coders, three units, one disagreement by one step. By hand:
	// n = (2, 3, 1) for values 1, 2, 3; nominal 1 − 5·2/22, interval
	// 1 − 5·2/34.
	data := [][]float64{{1, 2, 3}, {1, 2, 2}}
	fmt.Printf("nominal %.3f interval %.3f\n", KrippendorffAlpha(data, Nominal), KrippendorffAlpha(data, Interval))
	// Output: nominal 0.545 interval 0.706
}

func BenchmarkKendallTauB(b *testing.B) {
	x := make([]float64, 1000)
	y := make([]float64, 1000)
	for i := range x {
		x[i] = float64(i % 7)
		y[i] = float64((i * 31) % 11)
	}
	for b.Loop() {
		KendallTauB(x, y)
	}
}

// naivePairs counts pairs by definition, O(n²), to check countPairs.
func naivePairs(x, y []float64) (c, d, tx, ty, txy float64) {
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			sx, sy := sign(x[i]-x[j]), sign(y[i]-y[j])
			switch {
			case sx == 0 && sy == 0:
				tx, ty, txy = tx+1, ty+1, txy+1
			case sx == 0:
				tx++
			case sy == 0:
				ty++
			case sx == sy:
				c++
			default:
				d++
			}
		}
	}
	return
}

func TestFastPairCountsMatchDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 300; trial++ {
		n := rng.IntN(40)
		x := make([]float64, n)
		y := make([]float64, n)
		k := 1 + rng.IntN(6) // few distinct values: many ties
		for i := range x {
			x[i] = float64(rng.IntN(k))
			y[i] = float64(rng.IntN(k))
		}
		c, d, tx, ty, txy := naivePairs(x, y)
		got := countPairs(x, y)
		if got.concordant != c || got.discordant != d || got.tx != tx || got.ty != ty || got.txy != txy {
			t.Fatalf("x=%v y=%v: got %+v, want C=%v D=%v tx=%v ty=%v txy=%v", x, y, got, c, d, tx, ty, txy)
		}
		if n < 2 {
			continue
		}
		// acc_eq with epsilon 0 against its definition (the O(n²) path
		// with a negative epsilon is the same definition).
		if a, b := PairwiseAccuracy(x, y, 0), (c+txy)/(float64(n)*float64(n-1)/2); !near(a, b, 1e-12) {
			t.Fatalf("acc_eq %v, want %v", a, b)
		}
		if a, b := PairwiseAccuracy(x, y, 0), PairwiseAccuracy(x, y, -1e-300); !near(a, b, 1e-12) && !(math.IsNaN(a) && math.IsNaN(b)) {
			t.Fatalf("acc_eq fast %v, slow %v", a, b)
		}
		if w := (c - d - (ty - txy)) / (c + d + ty - txy); !near(WMTKendall(x, y), w, 1e-12) {
			t.Fatalf("WMTKendall %v, want %v", WMTKendall(x, y), w)
		}
	}
}

func BenchmarkKrippendorffAlpha(b *testing.B) {
	data := make([][]float64, 3)
	for i := range data {
		data[i] = make([]float64, 3000)
		for u := range data[i] {
			data[i][u] = float64(1 + (u*7+i*3)%4)
		}
	}
	for b.Loop() {
		KrippendorffAlpha(data, Ordinal)
	}
}

func BenchmarkBootstrapKendall(b *testing.B) {
	x := make([]float64, 2000)
	y := make([]float64, 2000)
	for i := range x {
		x[i] = float64(i % 4)
		y[i] = float64((i * 17) % 101)
	}
	bx := make([]float64, len(x))
	by := make([]float64, len(y))
	for b.Loop() {
		Bootstrap(len(x), 100, 1, 0.95, func(idx []int) float64 {
			for k, i := range idx {
				bx[k], by[k] = x[i], y[i]
			}
			return KendallTauB(bx, by)
		})
	}
}
