package benchmark

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
	"github.com/gecmetric/gecmetric/calibrate/metaeval/toolbox"
	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/eval"
)

// Names lists the benchmarks Load knows.
var Names = []string{"seeda", "gjg15"}

// Human system scores: the names of Ranking.Human's entries.
const (
	TrueSkill    = "trueskill"
	ExpectedWins = "expected_wins"
)

// A Benchmark is a set of human rankings with the outputs they rank and
// the protocol their authors meta-evaluate metrics by.
type Benchmark struct {
	Name string
	// Systems are the ranked systems in the protocol's order (SEEDA: the
	// authors' alphabetical order, which decides corr_sentence.py's
	// metric ties).
	Systems []string
	Sets    []SystemSet
	// Rankings are the human rankings (SEEDA: edit- and sentence-based).
	Rankings []Ranking
	// Items[i] is the rankings' item of line i of Set and Outputs.
	Items []string
	// Set is the judged sentences with the test set's references, and
	// Outputs each system's outputs of them, in the order of Systems.
	Set     *eval.TestSet
	Outputs []eval.System
	// Whole and WholeOutputs are the whole test set and the outputs of
	// it, when the judged sentences are a subset (SEEDA); else nil.
	Whole        *eval.TestSet
	WholeOutputs []eval.System
	// Refs says which references the metrics are computed against: m2
	// (conll14-errant/m2/gold.m2) or text (conll14-errant/text).
	Refs string
}

// A SystemSet is the systems a correlation is computed over.
type SystemSet struct {
	Name    string   // the authors' name (base, +REF-F_GPT-3.5, +INPUT, all)
	Label   string   // a short label for tables (Base, +Fluency, ...)
	Systems []string // in the protocol's order
}

// A Ranking is one kind of human ranking of the benchmark.
type Ranking struct {
	Name       string // edit, sent; gjg15
	Label      string // SEEDA-E, SEEDA-S; GJG15
	Judgements *metaeval.Judgements
	// Human[TrueSkill] and Human[ExpectedWins] are the human system
	// scores, in the order of Benchmark.Systems.
	Human map[string][]float64
	// Published says whether Human was read as published (SEEDA) or
	// computed from the rankings (GJG15).
	Published bool
}

// SEEDASystems are SEEDA's 15 systems in the authors' order.
var SEEDASystems = []string{"BART", "BERT-fuse", "GECToR-BERT", "GECToR-ens", "GPT-3.5", "INPUT", "LM-Critic", "PIE",
	"REF-F", "REF-M", "Riken-Tohoku", "T5", "TemplateGEC", "TransGEC", "UEDIN-MS"}

// seedaSets are corr_system.py's and corr_sentence.py's --systems: the
// systems each leaves out.
var seedaSets = []struct {
	name, label string
	drop        []string
}{
	{"base", "Base", []string{"GPT-3.5", "INPUT", "REF-F"}},
	{"+REF-F_GPT-3.5", "+Fluency", []string{"INPUT"}},
	{"+INPUT", "+INPUT", []string{"GPT-3.5", "REF-F"}},
	{"all", "All", nil},
}

// LoadOptions configure Load.
type LoadOptions struct {
	// TrueSkill computes the human TrueSkill of benchmarks that do not
	// publish it (GJG15).
	TrueSkill metaeval.TrueSkillOptions
	// TextRefs scores SEEDA against the plain-text references
	// (conll14-errant/text/ref0.txt and ref1.txt, their edits extracted
	// by gecmetric as `eval --ref ref0.txt --ref ref1.txt` does) instead
	// of the M2 gold (conll14-errant/m2/gold.m2).
	TextRefs bool
}

// Load loads a benchmark by name ("seeda" or "gjg15") from the shared data
// folder root (datadir.Root).
func Load(name, root string, opt LoadOptions) (*Benchmark, error) {
	if root == "" {
		return nil, errors.New("benchmark: no data folder (set GECMETRIC_DATA or --data to the shared data folder)")
	}
	switch name {
	case "seeda":
		return LoadSEEDA(root, opt.TextRefs)
	case "gjg15":
		return LoadGJG15(root, opt.TrueSkill)
	}
	return nil, fmt.Errorf("benchmark: unknown benchmark %q (want %s)", name, strings.Join(Names, " or "))
}

// LoadSEEDA loads SEEDA from root/seeda (see the package doc) with the
// CoNLL-2014 test set and its two annotators from
// root/conll14-errant/m2/gold.m2 (ERRANT's re-annotation of the official
// gold), or with textRefs from conll14-errant/text (source.txt, ref0.txt,
// ref1.txt), and the systems' outputs of the whole test set from
// seeda/outputs/all.
func LoadSEEDA(root string, textRefs bool) (*Benchmark, error) {
	dir := filepath.Join(root, "seeda")
	b := &Benchmark{Name: "seeda", Systems: SEEDASystems, Refs: "m2"}
	opt := corpora.TestSetOptions{Refs: []string{filepath.Join(root, "conll14-errant", "m2", "gold.m2")}}
	if textRefs {
		text := filepath.Join(root, "conll14-errant", "text")
		b.Refs = "text"
		opt = corpora.TestSetOptions{Source: filepath.Join(text, "source.txt"), Refs: []string{filepath.Join(text, "ref0.txt"), filepath.Join(text, "ref1.txt")}}
	}
	for _, s := range seedaSets {
		set := SystemSet{Name: s.name, Label: s.label}
		for _, sys := range SEEDASystems {
			if !slices.Contains(s.drop, sys) {
				set.Systems = append(set.Systems, sys)
			}
		}
		b.Sets = append(b.Sets, set)
	}
	var subset []int
	for _, r := range []struct{ name, label, file, human string }{
		{"edit", "SEEDA-E", "judgments_edit.xml", "edit"},
		{"sent", "SEEDA-S", "judgments_sent.xml", "sent"},
	} {
		path := filepath.Join(dir, "data", r.file)
		rk, err := human.ReadRankings(path, "appraise")
		if err != nil {
			return nil, err
		}
		j, err := metaeval.NewJudgements(rk)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for _, s := range j.Systems {
			if !slices.Contains(SEEDASystems, s) {
				return nil, fmt.Errorf("%s: system %q is not one of SEEDA's 15", path, s)
			}
		}
		lines, err := itemLines(j.Items, path)
		if err != nil {
			return nil, err
		}
		if subset == nil {
			subset = lines
		} else if !slices.Equal(subset, lines) {
			return nil, fmt.Errorf("%s: judges other sentences than the edit-based rankings", path)
		}
		ranking := Ranking{Name: r.name, Label: r.label, Judgements: j, Human: map[string][]float64{}, Published: true}
		for key, prefix := range map[string]string{TrueSkill: "TS", ExpectedWins: "EW"} {
			p := filepath.Join(dir, "scores", "human", prefix+"_"+r.human+".txt")
			v, err := readScores(p, len(SEEDASystems))
			if err != nil {
				return nil, err
			}
			ranking.Human[key] = v
		}
		b.Rankings = append(b.Rankings, ranking)
	}
	for _, s := range SEEDASystems {
		opt.Hyps = append(opt.Hyps, filepath.Join(dir, "outputs", "all", s+".txt"))
	}
	whole, outs, err := eval.ReadTestSet(opt)
	if err != nil {
		return nil, err
	}
	for k := range outs {
		outs[k].Name = SEEDASystems[k]
	}
	b.Whole, b.WholeOutputs = whole, outs
	if b.Set, err = whole.Lines(subset); err != nil {
		return nil, err
	}
	for _, o := range outs {
		b.Outputs = append(b.Outputs, o.Lines(subset))
	}
	for _, l := range subset {
		b.Items = append(b.Items, strconv.Itoa(l+1))
	}
	// outputs/subset holds the same lines: a check that the src-ids are
	// the lines of the whole test set.
	for k, s := range SEEDASystems {
		p := filepath.Join(dir, "outputs", "subset", s+".txt")
		if err := sameLines(p, b.Outputs[k].Tokens); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// itemLines returns the 0-based test-set lines of Appraise src-ids (1-based
// lines), sorted and distinct.
func itemLines(items []string, path string) ([]int, error) {
	var out []int
	for _, it := range items {
		n, err := strconv.Atoi(it)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%s: src-id %q is not a line number (1-based)", path, it)
		}
		out = append(out, n-1)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// readScores reads n numbers, one a line (parseScores).
func readScores(path string, n int) ([]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseScores(f, path, n)
}

// parseScores parses n numbers, one a line (blank lines skipped), the
// format of SEEDA's scores/human files and of the authors' metric score
// files; errors name the file and line.
func parseScores(r io.Reader, name string, n int) ([]float64, error) {
	var out []float64
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" {
			continue
		}
		v, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%s:%d: %q is not a number", name, line, firstChars(t, 40))
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(out) != n {
		return nil, fmt.Errorf("%s: %d scores, want one for each of the %d systems or sentences", name, len(out), n)
	}
	return out, nil
}

// firstChars returns s cut to n runes.
func firstChars(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "..."
}

// sameLines checks that the file holds the given sentences, one a line
// (tokens joined by spaces, white space runs equal).
func sameLines(path string, want [][]string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != len(want) {
		return fmt.Errorf("%s: %d lines, but the rankings judge %d sentences", path, len(lines), len(want))
	}
	for i, l := range lines {
		if !slices.Equal(strings.Fields(l), want[i]) {
			return fmt.Errorf("%s:%d: not the line of outputs/all the rankings' src-id names", path, i+1)
		}
	}
	return nil
}

// GJG15Systems are GJG15's 13 systems in name order.
var GJG15Systems = toolbox.GJG15Systems

// LoadGJG15 loads GJG15 (toolbox.LoadGJG15) with its human scores
// computed from the rankings: Expected Wins, and TrueSkill run as opt
// says.
func LoadGJG15(root string, opt metaeval.TrueSkillOptions) (*Benchmark, error) {
	g, err := toolbox.LoadGJG15(root)
	if err != nil {
		return nil, err
	}
	j := g.Judgements
	b := &Benchmark{Name: "gjg15", Systems: GJG15Systems, Set: g.Set, Outputs: g.Systems,
		Sets: []SystemSet{{Name: "all", Label: "All", Systems: GJG15Systems}}, Refs: "m2"}
	ew, ts := j.Humans(opt)
	r := Ranking{Name: "gjg15", Label: "GJG15", Judgements: j, Human: map[string][]float64{}}
	r.Human[ExpectedWins] = b.inOrder(j, ew)
	r.Human[TrueSkill] = b.inOrder(j, ts)
	b.Rankings = []Ranking{r}
	for i := range g.Set.Source {
		b.Items = append(b.Items, strconv.Itoa(i))
	}
	return b, nil
}

// inOrder returns v, in the order of j.Systems, in the order of
// b.Systems (NaN for a system j does not rank).
func (b *Benchmark) inOrder(j *metaeval.Judgements, v []float64) []float64 {
	out := make([]float64, len(b.Systems))
	for k, s := range b.Systems {
		out[k] = nanf()
		if i := slices.Index(j.Systems, s); i >= 0 {
			out[k] = v[i]
		}
	}
	return out
}

// FindSet returns the system set of that name (or label).
func (b *Benchmark) FindSet(name string) (SystemSet, error) {
	return find(b, "system set", b.Sets, name, func(s SystemSet) (string, string) { return s.Name, s.Label })
}

// FindRanking returns the ranking of that name (or label).
func (b *Benchmark) FindRanking(name string) (Ranking, error) {
	return find(b, "ranking", b.Rankings, name, func(r Ranking) (string, string) { return r.Name, r.Label })
}

// find returns the item whose name is name or whose label is name in any
// case; the error lists the names there are.
func find[T any](b *Benchmark, kind string, items []T, name string, key func(T) (name, label string)) (T, error) {
	var names []string
	for _, it := range items {
		n, label := key(it)
		if n == name || strings.EqualFold(label, name) {
			return it, nil
		}
		names = append(names, n)
	}
	var zero T
	return zero, fmt.Errorf("benchmark %s: unknown %s %q (want %s)", b.Name, kind, name, strings.Join(names, ", "))
}

// LineScores turns scores given by line of Set (metaeval.LineScores'
// items "0", "1", ...) into scores keyed by the rankings' items.
func (b *Benchmark) LineScores(s metaeval.Scores) (metaeval.Scores, error) {
	out := metaeval.Scores{Name: s.Name, System: s.System}
	if s.Sentence == nil {
		return out, nil
	}
	out.Sentence = map[string]map[string]float64{}
	for sys, m := range s.Sentence {
		o := make(map[string]float64, len(m))
		for line, v := range m {
			i, err := strconv.Atoi(line)
			if err != nil || i < 0 || i >= len(b.Items) {
				return out, fmt.Errorf("%s: system %s: item %q is not a line of the %d judged sentences (0-based)", s.Name, sys, line, len(b.Items))
			}
			o[b.Items[i]] = v
		}
		out.Sentence[sys] = o
	}
	return out, nil
}
