package judge

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/pairwise"
	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// A PrefSet holds human preferences between outputs of the same source
// sentence: the training data of the overall score and the test of every
// judgement's ordering. Outputs are tokenised.
type PrefSet struct {
	Name     string
	Language string
	Outputs  []PrefOutput
	Pairs    []pairwise.Pair // indices into Outputs: Better preferred over Worse
}

// A PrefOutput is one distinct output of one source.
type PrefOutput struct {
	Item    string     // the source sentence's id, unique within the set
	Systems []string   // the systems (or references) that produced it
	Source  []string   // the source sentence
	Output  []string   // the output
	Refs    [][]string // the references it is judged against
}

// builder collects outputs and pairs, giving each distinct (item, output)
// one index.
type prefBuilder struct {
	set   *PrefSet
	index map[string]int
}

func newPrefBuilder(name, lang string) *prefBuilder {
	return &prefBuilder{set: &PrefSet{Name: name, Language: lang}, index: map[string]int{}}
}

func (b *prefBuilder) output(item, system string, src, out []string, refs [][]string) int {
	k := item + "\x00" + strings.Join(out, " ")
	for _, r := range refs {
		k += "\x00" + strings.Join(r, " ")
	}
	if i, ok := b.index[k]; ok {
		o := &b.set.Outputs[i]
		if !slices.Contains(o.Systems, system) {
			o.Systems = append(o.Systems, system)
		}
		return i
	}
	b.index[k] = len(b.set.Outputs)
	b.set.Outputs = append(b.set.Outputs, PrefOutput{Item: item, Systems: []string{system}, Source: src, Output: out, Refs: refs})
	return len(b.set.Outputs) - 1
}

func (b *prefBuilder) prefer(better, worse int, weight float64) {
	if better != worse {
		b.set.Pairs = append(b.set.Pairs, pairwise.Pair{Better: better, Worse: worse, Weight: weight})
	}
}

// LoadGJG15 reads Grundkiewicz et al. (2015)'s human rankings of the 13
// CoNLL-2014 systems (root/gjg15: judgments.xml and outputs/SYSTEM) with
// the CoNLL-2014 test set's source and two references
// (root/conll14-errant/text): every ranked pair of distinct outputs of a
// ranking item is one preference (rank 1 best; equal ranks give none). The
// ranking items' src-id is the 0-based line of the test set. Every line of
// every system is an output of the set, ranked or not, so that system-level
// scores can average over the whole test set (SystemMeans).
func LoadGJG15(root string) (*PrefSet, error) {
	dir := filepath.Join(root, "gjg15")
	f, err := os.Open(filepath.Join(dir, "judgments.xml"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rankings, err := human.ReadAppraiseRankings(f, f.Name())
	if err != nil {
		return nil, err
	}
	text := filepath.Join(root, "conll14-errant", "text")
	tf, err := corpora.ReadParallel(filepath.Join(text, "source.txt"), filepath.Join(text, "ref0.txt"), filepath.Join(text, "ref1.txt"))
	if err != nil {
		return nil, err
	}
	src, ref0, ref1 := tf[0].Tokens, tf[1].Tokens, tf[2].Tokens
	systems, err := os.ReadDir(filepath.Join(dir, "outputs"))
	if err != nil {
		return nil, err
	}
	b := newPrefBuilder("gjg15", "en")
	// Every output of every system is in the set, ranked or not, so that
	// system-level scores average over the whole test set.
	index := map[string][]int{}
	for _, e := range systems {
		s := e.Name()
		of, err := corpora.ReadParallel(filepath.Join(text, "source.txt"), filepath.Join(dir, "outputs", s))
		if err != nil {
			return nil, err
		}
		for line, out := range of[1].Tokens {
			index[s] = append(index[s], b.output(strconv.Itoa(line), s, src[line], out, [][]string{ref0[line], ref1[line]}))
		}
	}
	for _, r := range rankings {
		line, err := strconv.Atoi(r.Item)
		if err != nil || line < 0 || line >= len(src) {
			return nil, fmt.Errorf("%s: src-id %q is not a line of %s", r.Pos, r.Item, tf[0].Name)
		}
		idx := make([]int, len(r.Systems))
		for i, s := range r.Systems {
			if index[s] == nil {
				return nil, fmt.Errorf("%s: system %s has no file in %s", r.Pos, s, filepath.Join(dir, "outputs"))
			}
			idx[i] = index[s][line]
		}
		// Systems with identical outputs are listed apart with one rank;
		// each pair of distinct outputs counts once per ranking.
		seen := map[[2]int]bool{}
		for i := range idx {
			for j := range idx {
				if k := [2]int{idx[i], idx[j]}; r.Ranks[i] < r.Ranks[j] && !seen[k] {
					seen[k] = true
					b.prefer(idx[i], idx[j], 1)
				}
			}
		}
	}
	return b.set, nil
}

// RatedPrefs turns the ratings of a Dataset into preferences: per item,
// each output's utility is the mean over scales and raters of the rating
// mapped to [0, 1] with 1 the better end, and every pair of outputs whose
// utilities differ by at least minDiff is a preference weighted by the
// difference. Only the named annotators count (all when nil).
func RatedPrefs(ds *Dataset, scales []string, annotators []string, minDiff float64) *PrefSet {
	type acc struct{ sum, n float64 }
	util := map[[2]string]*acc{}
	var keys [][2]string
	sources := map[string]string{}
	outputs := map[[2]string]string{}
	for _, sc := range scales {
		for _, u := range calibrate.Units(ds.Ratings, sc, annotators) {
			s := ds.Ratings.OnScale(sc)[0].Scale
			k := [2]string{u.Item, u.System}
			if util[k] == nil {
				util[k] = &acc{}
				keys = append(keys, k)
			}
			util[k].sum += unitInterval(s, u.Mean())
			util[k].n++
			sources[u.Item], outputs[k] = u.Source, u.Output
		}
	}
	b := newPrefBuilder(ds.Name, ds.Language)
	byItem := map[string][]int{}
	var items []string
	value := map[int]float64{}
	for _, k := range keys {
		a := util[k]
		if a.n != float64(len(scales)) {
			continue // not rated on every scale
		}
		i := b.output(k[0], k[1], ds.tokens(sources[k[0]]), ds.tokens(outputs[k]), ds.Refs[k[0]])
		if _, ok := byItem[k[0]]; !ok {
			items = append(items, k[0])
		}
		if !slices.Contains(byItem[k[0]], i) {
			byItem[k[0]] = append(byItem[k[0]], i)
		}
		value[i] = a.sum / a.n
	}
	for _, it := range items {
		outs := byItem[it]
		for _, a := range outs {
			for _, c := range outs {
				if d := value[a] - value[c]; d >= minDiff && d > 0 {
					b.prefer(a, c, d)
				}
			}
		}
	}
	return b.set
}

// unitInterval maps a value of scale s to [0, 1], 1 the better end.
func unitInterval(s *human.Scale, v float64) float64 {
	vals := s.Values()
	lo, hi := slices.Min(vals), slices.Max(vals)
	x := (v - lo) / (hi - lo)
	if s.Direction == human.LowerIsBetter {
		x = 1 - x
	}
	return x
}

// LoadJFLEG reads the test split of the JFLEG corpus (Napoles et al.
// 2017; root/jfleg/test): each of the four fluency corrections of a
// sentence is preferred over the learner's sentence, judged against the
// other three corrections (so no output is its own reference). The dev
// split is left out: its sentences are GUG's test split, on which the
// judge's grammaticality is measured.
func LoadJFLEG(root string) (*PrefSet, error) {
	b := newPrefBuilder("jfleg", "en")
	for _, split := range []string{"test"} {
		tf, err := readJFLEG(root, split)
		if err != nil {
			return nil, err
		}
		for i, src := range tf[0].Tokens {
			for k := range 4 {
				var refs [][]string
				for o := range 4 {
					if o != k {
						refs = append(refs, tf[1+o].Tokens[i])
					}
				}
				item := fmt.Sprintf("%s:%d:%d", split, i+1, k)
				ref := b.output(item, fmt.Sprintf("ref%d", k), src, tf[1+k].Tokens[i], refs)
				in := b.output(item, "source", src, src, refs)
				b.prefer(ref, in, 1)
			}
		}
	}
	return b.set, nil
}

// readJFLEG reads one split of JFLEG (root/jfleg/SPLIT/SPLIT.src and its
// four references .ref0-.ref3), side by side.
func readJFLEG(root, split string) ([]*corpora.TextFile, error) {
	base := filepath.Join(root, "jfleg", split, split)
	paths := []string{base + ".src"}
	for k := range 4 {
		paths = append(paths, fmt.Sprintf("%s.ref%d", base, k))
	}
	return corpora.ReadParallel(paths...)
}

// Evidence computes the features of every output in form, annotating each
// source and its references once per item and set of references.
func (ps *PrefSet) Evidence(x *evidence.Extractor, form evidence.Form) []evidence.Values {
	// A context is a source with the references its outputs are judged
	// against: one item may have several (CorrectionsOverInput judges
	// each correction against the others), so it is keyed by both.
	type context struct {
		first    PrefOutput
		src      *edits.Sentence
		refs     []*edits.Sentence
		refEdits [][]edits.Edit
	}
	contextKey := func(o PrefOutput) string {
		k := o.Item
		for _, r := range o.Refs {
			k += "\x00" + strings.Join(r, " ")
		}
		return k
	}
	contexts := map[string]*context{}
	var order []*context
	for _, o := range ps.Outputs {
		if k := contextKey(o); contexts[k] == nil {
			contexts[k] = &context{first: o}
			order = append(order, contexts[k])
		}
	}
	edits.Parallel(len(order), func(k int) {
		c := order[k]
		if form <= evidence.FormSource {
			c.src = x.Lang.Annotate(c.first.Source)
		}
		if form == evidence.FormReference {
			for _, r := range c.first.Refs {
				rs := x.Lang.Annotate(r)
				c.refs = append(c.refs, rs)
				c.refEdits = append(c.refEdits, edits.Extract(x.Lang, c.src, rs, x.Options))
			}
		}
	})
	out := make([]evidence.Values, len(ps.Outputs))
	edits.Parallel(len(ps.Outputs), func(k int) {
		o := ps.Outputs[k]
		c := contexts[contextKey(o)]
		out[k], _ = x.Compute(evidence.Input{Source: c.src, Hyp: x.Lang.Annotate(o.Output), Refs: c.refs, RefEdits: c.refEdits})
	})
	return out
}

// Accuracy is the share of ps's pairs (weighted) whose preferred output
// scores higher; ties count as wrong.
func (ps *PrefSet) Accuracy(score []float64) float64 {
	var ok, all float64
	for _, p := range ps.Pairs {
		w := p.Weight
		if w == 0 {
			w = 1
		}
		all += w
		if score[p.Better] > score[p.Worse] {
			ok += w
		}
	}
	if all == 0 {
		return math.NaN()
	}
	return ok / all
}

// SystemMeans returns each system's mean score over its outputs, systems
// in order of first appearance.
func (ps *PrefSet) SystemMeans(score []float64) ([]string, []float64) {
	sum := map[string]float64{}
	n := map[string]float64{}
	var order []string
	for i, o := range ps.Outputs {
		for _, s := range o.Systems {
			if _, ok := n[s]; !ok {
				order = append(order, s)
			}
			sum[s] += score[i]
			n[s]++
		}
	}
	means := make([]float64, len(order))
	for i, s := range order {
		means[i] = sum[s] / n[s]
	}
	return order, means
}

// ReferencesOverInput is the check of a judge on CoNLL-2014 (root/
// conll14-errant/text): for every sentence where an annotator's correction
// differs from the learner's sentence, the correction should be preferred
// to the unchanged sentence, both judged against the other annotator's
// correction only. Both annotators' corrections are in the set (systems
// "ref0" and "ref1"); the item is the sentence, so cross-validation
// grouped by item never judges a sentence with a model that saw it.
func ReferencesOverInput(root string) (*PrefSet, error) {
	text := filepath.Join(root, "conll14-errant", "text")
	tf, err := corpora.ReadParallel(filepath.Join(text, "source.txt"), filepath.Join(text, "ref0.txt"), filepath.Join(text, "ref1.txt"))
	if err != nil {
		return nil, err
	}
	return CorrectionsOverInput("conll14 refs over input", tf[0].Tokens, [][][]string{tf[1].Tokens, tf[2].Tokens}, 1), nil
}

// Subset returns the pairs of ps whose preferred output was produced by
// system (the outputs are shared).
func (ps *PrefSet) Subset(system string) *PrefSet {
	out := &PrefSet{Name: ps.Name + " (" + system + ")", Language: ps.Language, Outputs: ps.Outputs}
	for _, p := range ps.Pairs {
		if slices.Contains(ps.Outputs[p.Better].Systems, system) {
			out.Pairs = append(out.Pairs, p)
		}
	}
	return out
}
