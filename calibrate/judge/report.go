package judge

import (
	"cmp"
	"container/heap"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/eval"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// InputName names the unchanged input (every source judged as its own
// output) among a Report's systems.
const InputName = "(input)"

// DefaultWorst is the number of sentences per system a Report lists by
// default as pulling the system down the most.
const DefaultWorst = 5

// ReportOptions configure Judge.Report. The zero value is usable.
type ReportOptions struct {
	// Seed seeds the bootstrap resamples: the same input and seed give the
	// same intervals.
	Seed uint64
	// Worst is the number of sentences listed per system that pull it
	// down the most; 0 lists none. Only that many are kept as the
	// sentences stream past (a heap per system).
	Worst int
	// Version, when set, is gecmetric's version, named in the signature.
	Version string
	// ModelFiles names the models that are not embedded defaults (read by
	// the caller from files), by the file they came from.
	ModelFiles map[*calibrate.Model]string
	// NoInput leaves the unchanged input out: no differences from it, and
	// the sentences listed are those of lowest overall score. The sources
	// are still judged where an output differs from its source and a
	// ranker gives the overall score, which compares with the source.
	NoInput bool
	// Each, when not nil, receives every sentence's judgements of the
	// systems (not the input's) as Stream gives them.
	Each func(i int, js []Judgement) error
	// Progress and Batch are passed on to Stream.
	Progress func(done int)
	Batch    int
}

// A Report is what `gecmetric judge` prints: per system the mean of every
// quantity with its interval, the difference from the unchanged input, the
// share of each label and the sentences that pull it down the most, with
// what a reader needs to read them: each scale's range and direction, the
// evidence the judgements used, and the models behind them.
type Report struct {
	// Signature names what the numbers depend on, as eval's signature
	// does: the language, the models (a hash of all of them), the
	// evidence, gecmetric's version and the bootstrap.
	Signature string `json:"signature"`
	Language  string `json:"language"`
	Sentences int    `json:"sentences"`
	// Evidence counts the sentences judged with each form of evidence.
	Evidence []EvidenceCount `json:"evidence"`
	// Scales say how to read each quantity, in the order of Quantities.
	Scales []Scale `json:"scales"`
	// Models lists every model of the judge; ModelsHash is the hash of
	// them all that the signature names.
	Models     []ModelInfo `json:"models"`
	ModelsHash string      `json:"models_hash"`
	Resamples  int         `json:"resamples"`
	Seed       uint64      `json:"seed"`
	// Systems holds the unchanged input first (when the sentences have
	// sources), then every system in the order of the names.
	Systems []SystemSummary `json:"systems"`
}

// An EvidenceCount is the number of sentences judged with one form of
// evidence, and the fewest and most references they had.
type EvidenceCount struct {
	Form      string `json:"form"` // "reference", "source" or "alone"
	Sentences int    `json:"sentences"`
	MinRefs   int    `json:"min_refs"`
	MaxRefs   int    `json:"max_refs"`
}

// Describe reads the form as a user would: "references (2 per
// sentence)", "source only", "output only".
func (e EvidenceCount) Describe() string {
	f, _ := evidence.ParseForm(e.Form)
	switch f {
	case evidence.FormReference:
		n := strconv.Itoa(e.MinRefs)
		if e.MaxRefs != e.MinRefs {
			n += "-" + strconv.Itoa(e.MaxRefs)
		}
		return "the source and references (" + n + " per sentence)"
	case evidence.FormSource:
		return "the source only (no references)"
	}
	return "the output only (no source)"
}

// A Scale says how to read one quantity: its range, its labels lowest
// value first (none for overall), which end is better, and the models
// that gave it for the evidence at hand.
type Scale struct {
	Quantity       string    `json:"quantity"`
	Low            float64   `json:"low"`
	High           float64   `json:"high"`
	Labels         []string  `json:"labels,omitempty"`
	Values         []float64 `json:"values,omitempty"`
	HigherIsBetter bool      `json:"higher_is_better"`
	Note           string    `json:"note,omitempty"`
	// Reading, when set, says in a sentence what the number means where
	// the range and labels do not (overall, meaning).
	Reading string `json:"reading,omitempty"`
	// Neutral says that a difference from the unchanged input is neither
	// a gain nor a loss in itself (meaning: every correction changes the
	// source), so a report does not colour it as one.
	Neutral bool     `json:"neutral,omitempty"`
	Models  []string `json:"models"`
}

// MeaningReading says what meaning's number, and its drop from the
// unchanged input, mean.
const MeaningReading = "meaning: how close an output stays to its source: every correction moves it, " +
	"so a correcting system's drop from the input is the size of its changes, not a loss " +
	"(judge a reference as a --hyp to see a human correction's)"

// MeanReading says what overall is without a ranker.
const MeanReading = "overall: the mean of the other quantities, each mapped to 0-1 with 1 the best end"

// NoSourceReading says why overall is missing without a source.
const NoSourceReading = "overall needs the source (--source): it is the chance that raters prefer an output to its unchanged source"

// Range is the scale's range, e.g. "1-4".
func (s Scale) Range() string { return scaleNum(s.Low) + "-" + scaleNum(s.High) }

// Ends names the labels at either end of the scale where they are more
// than their numbers, e.g. "1 = Incomprehensible, 4 = Perfect", "2 = 2 or
// more"; "" for a scale without labels.
func (s Scale) Ends() string {
	if len(s.Labels) == 0 || len(s.Labels) != len(s.Values) {
		return ""
	}
	var out []string
	for _, k := range []int{0, len(s.Labels) - 1} {
		if v := scaleNum(s.Values[k]); s.Labels[k] != v {
			out = append(out, v+" = "+s.Labels[k])
		}
	}
	return strings.Join(out, ", ")
}

// Direction is "higher is better" or "lower is better".
func (s Scale) Direction() string {
	if s.HigherIsBetter {
		return "higher is better"
	}
	return "lower is better"
}

// String reads the scale in one line, e.g. "grammaticality 1-4 (1 =
// Incomprehensible, 4 = Perfect), higher is better".
func (s Scale) String() string {
	out := s.Quantity + " " + s.Range()
	if e := s.Ends(); e != "" {
		out += " (" + e + ")"
	}
	out += ", " + s.Direction()
	if s.Note != "" {
		out += "; " + s.Note
	}
	return out
}

// Better reports whether a difference d on the scale is an improvement
// (for a lower-is-better scale, a negative d is).
func (s Scale) Better(d float64) bool {
	if s.HigherIsBetter {
		return d > 0
	}
	return d < 0
}

func scaleNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// A ModelInfo names one model of a judge: the embedded file it comes from,
// or the file a user model was read from, with a hash of its content.
type ModelInfo struct {
	Name     string `json:"name"`
	Quantity string `json:"quantity"` // the model set's key: a quantity, semantics5, errorcount3 or overall
	Form     string `json:"form"`
	Embedded bool   `json:"embedded"`
	// SHA256 is the first 12 hex digits of the SHA-256 of the model's
	// JSON encoding (calibrate.Model or calibrate.RankModel as written).
	SHA256 string `json:"sha256"`
}

// A WorstSentence is a sentence that pulls a system down: its line
// (counted from 1), the texts (tokens joined by spaces), the system's
// judgement of it and the unchanged input's, and Delta, the overall score
// less the input's (with no input, the overall score itself).
type WorstSentence struct {
	Line           int        `json:"line"`
	Delta          float64    `json:"delta"`
	Source         string     `json:"source,omitempty"`
	Output         string     `json:"output"`
	Refs           []string   `json:"refs,omitempty"`
	Judgement      Judgement  `json:"judgement"`
	InputJudgement *Judgement `json:"input_judgement,omitempty"`
}

// Report judges every system's output of every sentence of src, and the
// unchanged input (each source as its own output) beside them where the
// sentences have sources, and summarises them as `gecmetric judge`
// prints them. Like Stream, it keeps nothing per sentence: the summary is
// a Summary, the sentences that pull a system down are the opt.Worst
// lowest seen so far. names must not contain InputName.
//
// A sentence pulls a system down by its overall score less the input's:
// only sentences where the output scores below the unchanged input are
// listed, worst first, ties by line. Without the input (NoInput), they
// are the sentences of lowest overall score; without sources, none (there
// is no overall score).
func (j *Judge) Report(ctx context.Context, src eval.Sentences, names []string, opt ReportOptions) (*Report, error) {
	if slices.Contains(names, InputName) {
		return nil, fmt.Errorf("judge: the system name %s is the unchanged input's", InputName)
	}
	all, off, input := names, 0, -1
	if !opt.NoInput {
		all, off, input = append([]string{InputName}, names...), 1, 0
	}
	sum := NewSummaryWithInput(all, input, opt.Seed)
	worst := make([]worstHeap, len(names))
	forms := map[evidence.Form]*EvidenceCount{}
	n := 0
	err := j.stream(ctx, src, StreamOptions{Progress: opt.Progress, Batch: opt.Batch}, !opt.NoInput, func(i int, s *eval.Sentence, js []Judgement) error {
		n++
		if opt.Each != nil {
			if err := opt.Each(i, js[off:]); err != nil {
				return err
			}
		}
		sum.Add(js)
		// Every output of a sentence has the same evidence.
		f := js[off].Form
		c := forms[f]
		if c == nil {
			c = &EvidenceCount{Form: f.String(), MinRefs: len(s.Refs), MaxRefs: len(s.Refs)}
			forms[f] = c
		}
		c.Sentences++
		c.MinRefs, c.MaxRefs = min(c.MinRefs, len(s.Refs)), max(c.MaxRefs, len(s.Refs))
		if opt.Worst <= 0 {
			return nil
		}
		in := nanJudgement
		if off == 1 {
			in = js[0]
		}
		hasInput := !math.IsNaN(in.Overall)
		for h := range names {
			jd := js[h+off]
			d := jd.Overall
			if hasInput {
				d -= in.Overall
				if !(d < 0) {
					continue
				}
			}
			if math.IsNaN(d) {
				continue
			}
			w := &worst[h]
			if w.Len() == opt.Worst && !before(d, i+1, w.items[0].Delta, w.items[0].Line) {
				continue
			}
			ws := WorstSentence{Line: i + 1, Delta: d, Source: strings.Join(s.Source, " "), Output: strings.Join(s.Hyps[h].Tokens, " "), Judgement: jd}
			for _, r := range s.Refs {
				ws.Refs = append(ws.Refs, strings.Join(r.Tokens, " "))
			}
			if hasInput {
				ws.InputJudgement = &in
			}
			if w.Len() < opt.Worst {
				heap.Push(w, ws)
			} else {
				w.items[0] = ws
				heap.Fix(w, 0)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rep := &Report{Language: j.Evidence.Lang.Name(), Sentences: n, Resamples: SummaryResamples, Seed: opt.Seed}
	var seen []evidence.Form
	for f := evidence.FormReference; f <= evidence.FormAlone; f++ {
		if c := forms[f]; c != nil {
			rep.Evidence = append(rep.Evidence, *c)
			seen = append(seen, f)
		}
	}
	rep.Models, rep.ModelsHash = j.ModelInfos(opt.ModelFiles)
	rep.Scales = j.Scales(seen, opt.ModelFiles)
	sum.Scales = rep.Scales
	rep.Systems = sum.Systems()
	for k := range rep.Systems {
		h := slices.Index(names, rep.Systems[k].Name)
		if h < 0 || rep.Systems[k].Input {
			continue
		}
		items := worst[h].items
		slices.SortFunc(items, func(a, b WorstSentence) int {
			if before(a.Delta, a.Line, b.Delta, b.Line) {
				return -1
			}
			return 1
		})
		rep.Systems[k].Worst = items
	}
	rep.Signature = rep.signature(opt.Version)
	return rep, nil
}

// signature builds the report's signature.
func (r *Report) signature(version string) string {
	var forms, refs []string
	lo, hi := -1, 0
	for _, e := range r.Evidence {
		forms = append(forms, e.Form)
		if e.Form == evidence.FormReference.String() {
			if lo < 0 || e.MinRefs < lo {
				lo = e.MinRefs
			}
			hi = max(hi, e.MaxRefs)
		}
	}
	switch {
	case lo < 0:
		refs = []string{"0"}
	case lo == hi:
		refs = []string{strconv.Itoa(lo)}
	default:
		refs = []string{strconv.Itoa(lo), strconv.Itoa(hi)}
	}
	parts := []string{"judge:" + r.Language, "models:" + r.ModelsHash, "evidence:" + strings.Join(forms, "+"), "refs:" + strings.Join(refs, "-")}
	if version != "" {
		parts = append(parts, "gecmetric:"+version)
	}
	parts = append(parts, fmt.Sprintf("bootstrap:poisson,n=%d,seed=%d", r.Resamples, r.Seed))
	return strings.Join(parts, "|")
}

// before orders sentences that pull a system down: the lower difference
// first, ties by line.
func before(d1 float64, line1 int, d2 float64, line2 int) bool {
	if d1 != d2 {
		return d1 < d2
	}
	return line1 < line2
}

// A worstHeap keeps the sentences that pull a system down the most seen so
// far, the least bad on top, so that a worse one replaces it
// (container/heap).
type worstHeap struct{ items []WorstSentence }

func (h *worstHeap) Len() int { return len(h.items) }
func (h *worstHeap) Less(i, k int) bool {
	a, b := h.items[i], h.items[k]
	return before(b.Delta, b.Line, a.Delta, a.Line)
}
func (h *worstHeap) Swap(i, k int) { h.items[i], h.items[k] = h.items[k], h.items[i] }
func (h *worstHeap) Push(x any)    { h.items = append(h.items, x.(WorstSentence)) }
func (h *worstHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}

// higherIsBetter gives each quantity's direction, as Judgement documents
// it.
var higherIsBetter = map[string]bool{Grammaticality: true, Fluency: true, Meaning: true, Overcorrection: false, RemainingErrors: false, Overall: true}

// quantityNotes say what a quantity's number is where its name does not.
var quantityNotes = map[string]string{
	RemainingErrors: "expected errors left",
}

// modelFor returns the model that gives quantity q on evidence of form f,
// as JudgeEvidence picks it, with its key in the model set: q's own, or for
// meaning and remaining errors the seed-000 scales they are mapped from.
func (j *Judge) modelFor(q string, f evidence.Form) (string, *calibrate.Model) {
	if m := j.Models.best(q, f); m != nil {
		return q, m
	}
	alt := map[string]string{Meaning: Semantics5, RemainingErrors: ErrorCount3}[q]
	if m := j.Models.best(alt, f); alt != "" && m != nil {
		return alt, m
	}
	return "", nil
}

// Scales says how to read each quantity the judge gives for evidence of
// the given forms, in the order of Quantities: range and labels from the
// model that gives it (meaning mapped from seed 000's 1-5 semantics reads
// on the 1-4 meaning scale, as JudgeEvidence maps it), and the models
// behind it, named as ModelInfos names them (files naming the user's).
// A quantity no model gives for any of the forms is left out, except
// overall, which is then the mean of the others.
func (j *Judge) Scales(forms []evidence.Form, files map[*calibrate.Model]string) []Scale {
	lang := j.Evidence.Lang.Name()
	var out []Scale
	for _, q := range Quantities {
		sc := Scale{Quantity: q.Name, HigherIsBetter: higherIsBetter[q.Name], Note: quantityNotes[q.Name]}
		if q.Name == Overall {
			sc.Low, sc.High = 0, 1
			for _, f := range forms {
				name := "the mean of the other quantities, each mapped to 0-1"
				if r := j.Rankers.best(f); r != nil {
					if f == evidence.FormAlone {
						continue // overall needs the source
					}
					name = j.rankerName(lang, r)
					sc.Reading = PreferOverSource
					if r.Composition != nil && sc.Note == "" {
						sc.Note = r.Composition.String()
					}
				} else if sc.Reading == "" {
					sc.Reading = MeanReading
				}
				if !slices.Contains(sc.Models, name) {
					sc.Models = append(sc.Models, name)
				}
			}
			if sc.Models != nil {
				out = append(out, sc)
			}
			continue
		}
		if q.Name == Meaning {
			sc.Reading, sc.Neutral = MeaningReading, true
		}
		for _, f := range forms {
			key, m := j.modelFor(q.Name, f)
			if m == nil {
				continue
			}
			if sc.Labels == nil {
				sc.Labels, sc.Values = m.Labels, m.Values
				if key == Semantics5 {
					sc.Labels, sc.Values = nil, human.Meaning4.Values()
					for _, l := range human.Meaning4.Labels {
						sc.Labels = append(sc.Labels, l.Name)
					}
				}
				sc.Low, sc.High = slices.Min(sc.Values), slices.Max(sc.Values)
			}
			if name := j.modelName(lang, key, m, files); !slices.Contains(sc.Models, name) {
				sc.Models = append(sc.Models, name)
			}
		}
		if sc.Models != nil {
			out = append(out, sc)
		}
	}
	return out
}

// modelName names a model: its embedded file name when it is an embedded
// default, else the file it was read from (files), else its would-be file
// name marked as the user's.
func (j *Judge) modelName(lang, key string, m *calibrate.Model, files map[*calibrate.Model]string) string {
	f, _ := evidence.ParseForm(m.Form)
	name := ModelFileName(lang, key, f)
	if d, err := Defaults(lang); err == nil && d[key][f] == m {
		return name
	}
	return cmp.Or(files[m], name+" (user model)")
}

func (j *Judge) rankerName(lang string, r *calibrate.RankModel) string {
	f, _ := evidence.ParseForm(r.Form)
	name := ModelFileName(lang, Overall, f)
	if d, err := DefaultOverall(lang); err == nil && d[f] == r {
		return name
	}
	return name + " (user model)"
}

// ModelInfos lists every model of the judge, sorted by name, each with
// the hash of its JSON encoding, and returns the hash of them all: the
// first 12 hex digits of the SHA-256 of every model's name and full hash,
// one line each. The same models give the same hash whatever the order
// they were added in; replacing any changes it.
func (j *Judge) ModelInfos(files map[*calibrate.Model]string) ([]ModelInfo, string) {
	lang := j.Evidence.Lang.Name()
	type entry struct {
		info ModelInfo
		sum  string
	}
	var all []entry
	add := func(info ModelInfo, v any) {
		b, err := json.Marshal(v)
		sum := "unhashable: " + fmt.Sprint(err)
		if err == nil {
			h := sha256.Sum256(b)
			sum = hex.EncodeToString(h[:])
		}
		info.SHA256 = sum[:min(12, len(sum))]
		all = append(all, entry{info, sum})
	}
	for _, q := range j.Models.Quantities() {
		for f := evidence.FormReference; f <= evidence.FormAlone; f++ {
			if m := j.Models[q][f]; m != nil {
				name := j.modelName(lang, q, m, files)
				add(ModelInfo{Name: name, Quantity: q, Form: f.String(), Embedded: name == ModelFileName(lang, q, f)}, m)
			}
		}
	}
	for f := evidence.FormReference; f <= evidence.FormAlone; f++ {
		if r := j.Rankers[f]; r != nil {
			name := j.rankerName(lang, r)
			add(ModelInfo{Name: name, Quantity: Overall, Form: f.String(), Embedded: name == ModelFileName(lang, Overall, f)}, r)
		}
	}
	slices.SortFunc(all, func(a, b entry) int { return strings.Compare(a.info.Name, b.info.Name) })
	h := sha256.New()
	out := make([]ModelInfo, len(all))
	for k, e := range all {
		out[k] = e.info
		fmt.Fprintf(h, "%s %s\n", e.info.Name, e.sum)
	}
	return out, hex.EncodeToString(h.Sum(nil))[:12]
}
