package stat

import "math"

// ExpectedWins returns each system's Expected Wins score (Koehn 2012; Bojar
// et al. 2013; Sakaguchi et al. 2014) from a win matrix, wins[i][j] being
// how often system i was ranked above system j (ties are not counted):
//
//	ExpWins(i) = 1/(|S|−1) Σ_{j≠i} wins[i][j] / (wins[i][j] + wins[j][i])
//
// A pair never compared without a tie adds nothing, as in Sakaguchi's
// infer_EW.py. The result is the expected probability that i beats a
// randomly chosen other system.
func ExpectedWins(wins [][]float64) []float64 {
	n := len(wins)
	out := make([]float64, n)
	if n < 2 {
		for i := range out {
			out[i] = math.NaN()
		}
		return out
	}
	for i := 0; i < n; i++ {
		s := 0.0
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			if t := wins[i][j] + wins[j][i]; t > 0 {
				s += wins[i][j] / t
			}
		}
		out[i] = s / float64(n-1)
	}
	return out
}

// A Match is one pairwise comparison for TrueSkill: Winner beat Loser, or
// they drew (the order of the two is then immaterial).
type Match struct {
	Winner, Loser int
	Draw          bool
}

// TrueSkillParams are the parameters of the TrueSkill model (Herbrich,
// Minka and Graepel 2007).
type TrueSkillParams struct {
	Mu, Sigma float64 // prior mean and standard deviation of every skill
	Beta      float64 // performance noise
	Tau       float64 // dynamics: added to every sigma before a match
	DrawProb  float64 // prior probability of a draw between equal players
}

// DefaultTrueSkill are the TrueSkill package defaults (mu 25, sigma 25/3,
// beta sigma/2, tau sigma/100, draw probability 0.10).
var DefaultTrueSkill = TrueSkillParams{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Tau: 25.0 / 300, DrawProb: 0.10}

// WMTTrueSkill returns the parameters of Sakaguchi, Post and Van Durme
// (2014)'s TrueSkill for WMT, as in their wmt-trueskill infer_TS.py and as
// used by WMT 2014-2016 and GEC rankings (Grundkiewicz et al. 2015): mu 0,
// sigma 0.5, tau 0, draw probability 0.25, and beta = sigma·matches/40,
// where matches is the number of pairwise comparisons played.
func WMTTrueSkill(matches int) TrueSkillParams {
	return TrueSkillParams{Mu: 0, Sigma: 0.5, Beta: 0.5 * float64(matches) / 40, Tau: 0, DrawProb: 0.25}
}

// A Skill is a TrueSkill posterior.
type Skill struct{ Mu, Sigma float64 }

// TrueSkill plays the matches in order among n players, starting from the
// prior, and returns each player's posterior. Each two-player update is the
// closed form of TrueSkill's factor graph for two teams of one (Herbrich et
// al. 2007, Table 1), with draw margin ε = Φ⁻¹((p+1)/2)·√2·β:
//
//	c² = 2β² + σ_w² + σ_l²,  t = (μ_w − μ_l)/c
//	μ_w += σ_w²/c · v(t, ε/c),  μ_l −= σ_l²/c · v(t, ε/c)
//	σ² ×= 1 − σ²/c² · w(t, ε/c)
//
// with v, w the win or draw correction functions. The result depends on the
// order of the matches; callers who want an order-free estimate shuffle with
// a fixed seed (see calibrate.TrueSkill).
func TrueSkill(n int, matches []Match, p TrueSkillParams) []Skill {
	sk := make([]Skill, n)
	for i := range sk {
		sk[i] = Skill{p.Mu, p.Sigma}
	}
	for _, m := range matches {
		if m.Winner < 0 || m.Winner >= n || m.Loser < 0 || m.Loser >= n {
			panic("stat: TrueSkill: player out of range")
		}
		if m.Winner == m.Loser {
			continue
		}
		sk[m.Winner], sk[m.Loser] = p.Rate(sk[m.Winner], sk[m.Loser], m.Draw)
	}
	return sk
}

// Rate returns the posteriors of two players after one match that w won
// (or, with draw, that w and l drew): the update TrueSkill applies for
// each match, for callers that choose the next match from the current
// skills (Sakaguchi et al. 2014's active sampling).
func (p TrueSkillParams) Rate(w, l Skill, draw bool) (Skill, Skill) {
	eps := normPPF((p.DrawProb+1)/2) * math.Sqrt2 * p.Beta
	vw := w.Sigma*w.Sigma + p.Tau*p.Tau
	vl := l.Sigma*l.Sigma + p.Tau*p.Tau
	c := math.Sqrt(2*p.Beta*p.Beta + vw + vl)
	t := (w.Mu - l.Mu) / c
	e := eps / c
	var v, ww float64
	if draw {
		v, ww = vDraw(t, e), wDraw(t, e)
	} else {
		v, ww = vWin(t, e), wWin(t, e)
	}
	return Skill{w.Mu + vw/c*v, math.Sqrt(vw * math.Max(1-vw/(c*c)*ww, 0))},
		Skill{l.Mu - vl/c*v, math.Sqrt(vl * math.Max(1-vl/(c*c)*ww, 0))}
}

func normPDF(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }
func normCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
func normPPF(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// vWin and wWin are the mean and variance corrections for a win with
// performance difference t and draw margin e (both in units of c).
func vWin(t, e float64) float64 {
	x := t - e
	d := normCDF(x)
	if d < 1e-300 {
		return -x
	}
	return normPDF(x) / d
}

func wWin(t, e float64) float64 {
	x := t - e
	v := vWin(t, e)
	w := v * (v + x)
	if w < 0 {
		return 0
	}
	if w > 1 {
		return 1
	}
	return w
}

// vDraw and wDraw are the corrections for a draw.
func vDraw(t, e float64) float64 {
	at := math.Abs(t)
	a, b := e-at, -e-at
	den := normCDF(a) - normCDF(b)
	var v float64
	if den < 1e-300 {
		v = a
	} else {
		v = (normPDF(b) - normPDF(a)) / den
	}
	if t < 0 {
		return -v
	}
	return v
}

func wDraw(t, e float64) float64 {
	at := math.Abs(t)
	a, b := e-at, -e-at
	den := normCDF(a) - normCDF(b)
	if den < 1e-300 {
		return 1
	}
	v := vDraw(at, e)
	return v*v + (a*normPDF(a)-b*normPDF(b))/den
}
