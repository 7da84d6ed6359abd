package judge

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"

	"github.com/gecmetric/gecmetric/corpora/degenerate"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// A GamingCorpus is a test set with real systems' outputs, on which the
// degenerate systems of package degenerate are judged.
type GamingCorpus struct {
	Name    string
	Source  [][]string
	Refs    [][][]string // Refs[k][i]: reference k of line i
	Systems []string
	Outputs [][][]string // Outputs[s][i]: system s's line i
}

// LoadGamingCorpora reads the corpora of the gaming check from root: GJG15's
// 13 CoNLL-2014 systems with the test set's two references, and GMEG dev's
// six systems in each domain with its four references. lines > 0 keeps the
// first lines of each.
func LoadGamingCorpora(root string, lines int) ([]*GamingCorpus, error) {
	var out []*GamingCorpus
	add := func(name string, systems []string, c *sideBySide, err error) error {
		if err != nil {
			return err
		}
		n := len(c.source)
		if lines > 0 {
			n = min(n, lines)
		}
		g := &GamingCorpus{Name: name, Source: c.source[:n], Systems: systems}
		for _, r := range c.refs {
			g.Refs = append(g.Refs, r[:n])
		}
		for _, o := range c.outputs {
			g.Outputs = append(g.Outputs, o[:n])
		}
		out = append(out, g)
		return nil
	}
	text := filepath.Join(root, "conll14-errant", "text")
	outs := filepath.Join(root, "gjg15", "outputs")
	entries, err := os.ReadDir(outs)
	if err != nil {
		return nil, err
	}
	var sys, paths []string
	for _, e := range entries {
		sys = append(sys, e.Name())
		paths = append(paths, filepath.Join(outs, e.Name()))
	}
	c, err := readSideBySide(filepath.Join(text, "source.txt"), []string{filepath.Join(text, "ref0.txt"), filepath.Join(text, "ref1.txt")}, paths)
	if err := add("gjg15", sys, c, err); err != nil {
		return nil, err
	}
	real := slices.DeleteFunc(slices.Clone(GMEGSystems), func(s string) bool { return s == "source" })
	for _, d := range []string{"fce", "wiki"} {
		c, err := readGMEG(root, d, real...)
		if err := add("gmeg-"+d, real, c, err); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// A GamingRow is one system's mean overall score in a gaming check.
type GamingRow struct {
	System string
	Kind   string // "real", "input", "degenerate" or "oracle" (GamingOracle)
	Mean   float64
}

// GamingOracle names the degenerate system that picks, per sentence, the
// degenerate output the judge scores highest.
const GamingOracle = "best-of-degenerate"

// Gaming judges every real system of c, the unchanged input and every
// degenerate system (over the sources) with j, with references when
// withRefs, and returns each one's mean overall score, best first; one
// more degenerate row, GamingOracle, takes per sentence the best of the
// degenerate outputs by j's own score (a gamer choosing among destructive
// outputs with the judge in hand).
func Gaming(j *Judge, c *GamingCorpus, withRefs bool) ([]GamingRow, error) {
	type sys struct {
		name, kind string
		lines      [][]string
	}
	var all []sys
	for s, name := range c.Systems {
		all = append(all, sys{name, "real", c.Outputs[s]})
	}
	all = append(all, sys{"INPUT", "input", c.Source})
	for _, name := range degenerate.Names {
		out, err := degenerate.Outputs(name, c.Source, 1)
		if err != nil {
			return nil, err
		}
		all = append(all, sys{name, "degenerate", out})
	}
	lang := j.Evidence.Lang
	n := len(c.Source)
	src := make([]*edits.Sentence, n)
	refs := make([][]*edits.Sentence, n)
	edits.Parallel(n, func(i int) {
		src[i] = lang.Annotate(c.Source[i])
		if withRefs {
			for _, r := range c.Refs {
				refs[i] = append(refs[i], lang.Annotate(r[i]))
			}
		}
	})
	rows := make([]GamingRow, len(all), len(all)+1)
	best := make([]float64, n) // per sentence, the best degenerate output's score
	for i := range best {
		best[i] = math.Inf(-1)
	}
	for k, s := range all {
		vals := make([]float64, n)
		edits.Parallel(n, func(i int) {
			vals[i] = j.JudgeEvidence(evidence.Input{Source: src[i], Hyp: lang.Annotate(s.lines[i]), Refs: refs[i]}).Overall
		})
		sum := 0.0
		for i, v := range vals {
			sum += v
			if s.kind == "degenerate" {
				best[i] = math.Max(best[i], v)
			}
		}
		rows[k] = GamingRow{System: s.name, Kind: s.kind, Mean: sum / float64(n)}
	}
	// The gamer who sees the judge's scores: per sentence, whichever
	// degenerate output it scores highest.
	sum := 0.0
	for _, v := range best {
		sum += v
	}
	rows = append(rows, GamingRow{System: GamingOracle, Kind: "oracle", Mean: sum / float64(n)})
	slices.SortStableFunc(rows, func(a, b GamingRow) int { return cmp.Compare(b.Mean, a.Mean) })
	return rows, nil
}

// GamingVerdict checks rows: every degenerate system (and the oracle)
// below every real system, and below the input or within tie of it. It
// returns the violations in words (none: the judge resisted).
func GamingVerdict(rows []GamingRow, tie float64) []string {
	worstReal, input := math.Inf(1), math.NaN()
	for _, r := range rows {
		switch r.Kind {
		case "real":
			worstReal = math.Min(worstReal, r.Mean)
		case "input":
			input = r.Mean
		}
	}
	var out []string
	for _, r := range rows {
		if r.Kind != "degenerate" && r.Kind != "oracle" {
			continue
		}
		if r.Mean >= worstReal {
			out = append(out, fmt.Sprintf("%s %.4f not below the worst real system %.4f", r.System, r.Mean, worstReal))
		}
		if r.Mean > input+tie {
			out = append(out, fmt.Sprintf("%s %.4f above the input %.4f", r.System, r.Mean, input))
		}
	}
	return out
}
