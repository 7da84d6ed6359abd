package judge

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/corpora/degenerate"
	"github.com/gecmetric/gecmetric/human"
)

// LoadTMUGFM reads the shared half of TMU-GFM (root/tmu-gfm-half): English
// outputs of five systems rated by five raters for grammaticality, fluency
// and meaning (human.ReadTMUGFM). The text is raw and is tokenised; there
// are no references.
func LoadTMUGFM(root string) (*Dataset, error) {
	rs, err := human.ReadRatings(filepath.Join(root, "tmu-gfm-half", "tmu-gfm-half.csv"), "tmu-gfm", nil)
	if err != nil {
		return nil, err
	}
	return &Dataset{Name: "tmu-gfm", Language: "en", Ratings: rs}, nil
}

// GMEGSystems are the rated outputs of GMEG's dev split besides the
// references (whose rated "ref" is not named in the data): the six systems
// and the unchanged source.
var GMEGSystems = []string{"amu", "marian", "nus", "lstm", "lstm-r", "source", "transformer"}

// LoadGMEG reads one domain ("fce" or "wiki") of GMEG's dev split (Napoles
// et al., TACL 2019; root/gmeg-dev): each pair of outputs of a sentence
// whose mean human ratings (0-100, DOMAIN-segment-scores.csv, one row per
// line) differ is a preference weighted by the difference over 100; every
// output is judged against the four references. The negative control
// (source+error, the source with errors inserted) is in the set as an
// output, unrated, so system-level scores can rank it. An empty score is
// an output nobody rated: it is in the set, in no preference.
func LoadGMEG(root, domain string) (*PrefSet, error) {
	systems := append(slices.Clone(GMEGSystems), "source+error")
	g, err := readGMEG(root, domain, systems...)
	if err != nil {
		return nil, err
	}
	src := g.source
	scorePath := filepath.Join(root, "gmeg-dev", domain+"-segment-scores.csv")
	rows, err := readCSV(scorePath)
	if err != nil {
		return nil, err
	}
	if len(rows) != len(src)+1 {
		return nil, fmt.Errorf("%s: %d score rows for %d sentences", scorePath, len(rows)-1, len(src))
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, s := range GMEGSystems {
		if _, ok := col[s]; !ok {
			return nil, fmt.Errorf("%s:1: no column %q", scorePath, s)
		}
	}
	b := newPrefBuilder("gmeg-"+domain, "en")
	for i := range src {
		refs := g.lineRefs(i)
		item := strconv.Itoa(i)
		idx := make([]int, len(systems))
		score := make([]float64, len(GMEGSystems))
		for k, s := range systems {
			idx[k] = b.output(item, s, src[i], g.outputs[k][i], refs)
			if k < len(GMEGSystems) {
				score[k] = math.NaN()
				if strings.TrimSpace(rows[i+1][col[s]]) == "" {
					continue // not rated
				}
				v, err := strconv.ParseFloat(rows[i+1][col[s]], 64)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %s: %w", scorePath, i+2, s, err)
				}
				score[k] = v
			}
		}
		for a := range GMEGSystems {
			for c := range GMEGSystems {
				if d := score[a] - score[c]; d > 0 {
					b.prefer(idx[a], idx[c], d/100)
				}
			}
		}
	}
	return b.set, nil
}

// GMEGCorpusScores reads root/gmeg-dev/DOMAIN-corpus-scores.csv: each
// system's mean human rating.
func GMEGCorpusScores(root, domain string) (map[string]float64, error) {
	p := filepath.Join(root, "gmeg-dev", domain+"-corpus-scores.csv")
	rows, err := readCSV(p)
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for i, r := range rows[1:] {
		if len(r) != 2 {
			return nil, fmt.Errorf("%s:%d: %d fields, want 2", p, i+2, len(r))
		}
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", p, i+2, err)
		}
		out[r[0]] = v
	}
	return out, nil
}

// GMEGControl is the preference true by construction in GMEG's dev split:
// the source over the source with errors inserted (source+error), judged
// against the four references.
func GMEGControl(root, domain string) (*PrefSet, error) {
	g, err := readGMEG(root, domain, "source+error")
	if err != nil {
		return nil, err
	}
	b := newPrefBuilder("gmeg-"+domain+" source over source+error", "en")
	for i, src := range g.source {
		refs := g.lineRefs(i)
		item := strconv.Itoa(i)
		b.prefer(b.output(item, "source", src, src, refs), b.output(item, "source+error", src, g.outputs[0][i], refs), 1)
	}
	return b.set, nil
}

// CorrectionsOverInput is the check that a human correction beats the
// unchanged input: for every line and every reference k, reference k over
// the source, both judged against the n references that follow k (the
// first following the last), in file order; refs[k] is the k-th reference
// file's lines. n = len(refs)-1 judges against every other reference;
// n = 1 is the "with one reference" (CoNLL-2014's two references
// give the same either way). A reference equal to its source makes no
// preference.
func CorrectionsOverInput(name string, src [][]string, refs [][][]string, n int) *PrefSet {
	b := newPrefBuilder(name, "en")
	for i, s := range src {
		item := strconv.Itoa(i)
		for k := range refs {
			var others [][]string
			for o := range refs {
				if d := (o - k + len(refs)) % len(refs); d >= 1 && d <= n {
					others = append(others, refs[o][i])
				}
			}
			b.prefer(b.output(item, fmt.Sprintf("ref%d", k), s, refs[k][i], others), b.output(item, "INPUT", s, s, others), 1)
		}
	}
	return b.set
}

// CorrectionsMean returns the mean of score (one value per output of ps)
// over the human corrections of a set made by CorrectionsOverInput, its
// outputs of systems ref0, ref1, ..., and how many there are: the human
// corrections judged as a system. A correction equal to its source is the
// input's output (it prefers nothing) and counts, as an unchanged sentence
// counts in any system's mean.
func (ps *PrefSet) CorrectionsMean(score []float64) (float64, int) {
	sum, n := 0.0, 0
	for i, o := range ps.Outputs {
		if slices.ContainsFunc(o.Systems, func(s string) bool { return strings.HasPrefix(s, "ref") }) {
			sum += score[i]
			n++
		}
	}
	return sum / float64(n), n
}

// GMEGCorrectionsOverInput is CorrectionsOverInput on one GMEG domain,
// each output judged against n of the four references.
func GMEGCorrectionsOverInput(root, domain string, n int) (*PrefSet, error) {
	g, err := readGMEG(root, domain)
	if err != nil {
		return nil, err
	}
	name := "gmeg-" + domain + " refs over input"
	if n == 1 {
		name += ", one ref"
	}
	return CorrectionsOverInput(name, g.source, g.refs, n), nil
}

// JFLEGCorrectionsOverInput is CorrectionsOverInput on JFLEG's test split
// (LoadJFLEG's sentences), each output judged against n of the four
// references.
func JFLEGCorrectionsOverInput(root string, n int) (*PrefSet, error) {
	tf, err := readJFLEG(root, "test")
	if err != nil {
		return nil, err
	}
	var refs [][][]string
	for _, f := range tf[1:] {
		refs = append(refs, f.Tokens)
	}
	name := "jfleg refs over input"
	if n == 1 {
		name += ", one ref"
	}
	return CorrectionsOverInput(name, tf[0].Tokens, refs, n), nil
}

// A sideBySide is a test set read line by line in step: the source, the
// references (refs[k][i]: line i of reference k) and outputs (outputs[s][i]).
type sideBySide struct {
	source        [][]string
	refs, outputs [][][]string
}

// readSideBySide reads the source, reference and output files side by
// side (corpora.ReadParallel: the same number of lines in each).
func readSideBySide(source string, refs, outputs []string) (*sideBySide, error) {
	tf, err := corpora.ReadParallel(append(append([]string{source}, refs...), outputs...)...)
	if err != nil {
		return nil, err
	}
	c := &sideBySide{source: tf[0].Tokens}
	for _, f := range tf[1 : 1+len(refs)] {
		c.refs = append(c.refs, f.Tokens)
	}
	for _, f := range tf[1+len(refs):] {
		c.outputs = append(c.outputs, f.Tokens)
	}
	return c, nil
}

// lineRefs returns the references of line i.
func (c *sideBySide) lineRefs(i int) [][]string {
	out := make([][]string, len(c.refs))
	for k, r := range c.refs {
		out[k] = r[i]
	}
	return out
}

// readGMEG reads one domain of GMEG's dev split (root/gmeg-dev/DOMAIN):
// the source, the four references ref0..ref3 and the named outputs.
func readGMEG(root, domain string, outputs ...string) (*sideBySide, error) {
	dir := filepath.Join(root, "gmeg-dev", domain)
	var refs, outs []string
	for k := range 4 {
		refs = append(refs, filepath.Join(dir, fmt.Sprintf("ref%d", k)))
	}
	for _, o := range outputs {
		outs = append(outs, filepath.Join(dir, o))
	}
	return readSideBySide(filepath.Join(dir, "source"), refs, outs)
}

// readCSV reads a whole CSV file, its errors naming the file.
func readCSV(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rows, nil
}

// Degraded is the set of preferences true by construction: each good
// output of a line over every degenerate form of it (package degenerate),
// all judged against the same references. goods[g][i] is line i of the
// g-th good output (a source, a reference); refs[i] the references of line
// i (nil for none).
func Degraded(name string, src [][]string, goods [][][]string, refs [][][]string, seed uint64) (*PrefSet, error) {
	b := newPrefBuilder(name, "en")
	for g, good := range goods {
		for _, sys := range degenerate.Names {
			bad, err := degenerate.Outputs(sys, good, seed+uint64(g))
			if err != nil {
				return nil, err
			}
			for i := range src {
				item := strconv.Itoa(i)
				var r [][]string
				if refs != nil {
					r = refs[i]
				}
				b.prefer(b.output(item, fmt.Sprintf("good%d", g), src[i], good[i], r), b.output(item, sys, src[i], bad[i], r), 1)
			}
		}
	}
	return b.set, nil
}
