package pipeline

import (
	"fmt"
	"slices"

	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/gleu"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// orderedFn is the ordered pass: it receives every sentence's statistics
// (under one key), puts them in corpus order and makes the choices that
// depend on the sentences before: M2's annotator, ERRANT's coder pair,
// GLEU's sampled references. Its memory is the compact statistics of the
// whole corpus (about 60 bytes per sentence and system for the three
// metrics with two references).
type orderedFn struct {
	Cfg     Config
	Version string
}

func (f *orderedFn) ProcessElement(_ int, rows func(*SentenceStats) bool, counts func(*ShardCount) bool) (string, error) {
	var all []SentenceStats
	var s SentenceStats
	for rows(&s) {
		all = append(all, s)
		s = SentenceStats{}
	}
	slices.SortFunc(all, func(a, b SentenceStats) int { return int(a.Index - b.Index) })
	for i := range all {
		if all[i].Index != int64(i) {
			return "", fmt.Errorf("ordered pass: sentence %d missing or repeated", i+1)
		}
	}
	coders := coderLists(len(f.Cfg.inputs()), counts)
	refs := 0
	for r := f.Cfg.firstRef(); r < f.Cfg.firstHyp(); r++ {
		if f.Cfg.inputs()[r].Format == M2 {
			refs += len(coders[r])
		} else {
			refs++
		}
	}
	rep, err := f.score(all, refs)
	if err != nil {
		return "", err
	}
	return rep.JSON()
}

func (f *orderedFn) score(all []SentenceStats, nref int) (*Report, error) {
	cfg := &f.Cfg
	H := len(cfg.Hyps)
	rep := &Report{Sentences: int64(len(all))}
	for _, h := range cfg.Hyps {
		rep.Systems = append(rep.Systems, SystemReport{Name: systemName(h)})
	}
	refs := 0
	if cfg.has(eval.GLEU) {
		refs = nref
	}
	beta := cfg.beta()
	m2c := make([]*m2.Chooser, H)
	erc := make([]*errant.Chooser, H)
	gi := make([]*gleu.Iterations, H)
	erOpt, _ := cfg.errantOptions()
	gOpt, _ := cfg.gleuOptions()
	for h := range H {
		m2c[h] = m2.NewChooser(beta)
		erc[h] = errant.NewChooser(erOpt)
		if refs > 0 {
			gi[h] = gleu.NewIterations(refs, gOpt)
		}
	}
	var stats []metrics.Stats
	var pairs []errant.Pair
	gc := make([]gleu.Counts, refs)
	for _, s := range all {
		mi, ei, g := 0, 0, s.GLEU
		for h := range H {
			if cfg.has(eval.M2) {
				a := int(s.M2[mi])
				stats = stats[:0]
				for k := range a {
					v := s.M2[mi+1+3*k : mi+4+3*k]
					stats = append(stats, metrics.Stats{float64(v[0]), float64(v[1]), float64(v[2])})
				}
				m2c[h].Next(stats)
				mi += 1 + 3*a
			}
			if cfg.has(eval.ERRANT) {
				p := int(s.ERRANT[ei])
				pairs = pairs[:0]
				for k := range p {
					v := s.ERRANT[ei+1+3*k : ei+4+3*k]
					pairs = append(pairs, errant.Pair{Counts: errant.Counts{TP: int(v[0]), FP: int(v[1]), FN: int(v[2])}})
				}
				erc[h].Next(pairs)
				ei += 1 + 3*p
			}
			if refs > 0 {
				for k := range gc {
					for x := range gc[k] {
						gc[k][x] = int(g[0])
						g = g[1:]
					}
				}
				gi[h].Add(gc)
			}
		}
	}
	for h := range H {
		sr := &rep.Systems[h]
		if cfg.has(eval.M2) {
			t := m2c[h].Totals()
			p, r, fs := m2.PRF(t, beta)
			sr.M2 = &EditScore{TP: int64(t[m2.Correct]), FP: int64(t[m2.Proposed] - t[m2.Correct]), FN: int64(t[m2.Gold] - t[m2.Correct]), P: p, R: r, F: fs}
		}
		if cfg.has(eval.ERRANT) {
			c := erc[h].Counts()
			p, r, fs := errant.Score(c, beta)
			sr.ERRANT = &EditScore{TP: int64(c.TP), FP: int64(c.FP), FN: int64(c.FN), P: p, R: r, F: fs}
		}
		if refs > 0 {
			sm := gi[h].Summary()
			sr.GLEU = &GLEUScore{Score: sm.Mean, Std: sm.Std, CI: sm.CI}
		}
	}
	rep.Signature = cfg.Signature(nref, f.Version)
	return rep, nil
}
