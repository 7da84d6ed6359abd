package judge

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/corpora"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/metrics/evidence"
)

// A Dataset is a rating set made ready for fitting: rated units with the
// sentences evidence is computed from.
type Dataset struct {
	Name     string            // e.g. "sottana2023"
	Language string            // "en" or "sv"
	Ratings  calibrate.Ratings // as read by corpora
	// Refs maps an item to its reference corrections (tokenised); items
	// without references are missing.
	Refs map[string][][]string
	// Tokenised says the sources and outputs are already tokenised (split
	// on spaces); otherwise they are tokenised with edits.Tokenize.
	Tokenised bool
	// Progress, when not nil, is told how many of the outputs whose
	// evidence Evidence computes are done (stage "outputs"), from any
	// goroutine.
	Progress func(stage string, done, total int)

	// memo keeps the evidence already computed for an output, so that the
	// models of several scales over the same outputs compute it once.
	mu   sync.Mutex
	memo map[evidenceKey]evidence.Values
}

// An evidenceKey names one computation of Evidence: the extractor, the
// form, and the rated output of one item.
type evidenceKey struct {
	x                    *evidence.Extractor
	form                 evidence.Form
	item, source, output string
}

// LoadSottana reads Sottana et al. (2023)'s study folder
// (…/data/outputs/potato_and_GPT4_full_annotations): three humans and GPT-4
// rating four candidates per sentence on the seed-000 scales. The
// gold_reference candidate is also each item's reference, as it was in the
// queries put to GPT-4.
func LoadSottana(dir string) (*Dataset, error) {
	rs, err := human.ReadRatings(dir, "sottana", nil)
	if err != nil {
		return nil, err
	}
	ds := &Dataset{Name: "sottana2023", Language: "en", Ratings: rs, Refs: map[string][][]string{}}
	for _, r := range rs {
		if r.System == "gold_reference" && ds.Refs[r.Item] == nil {
			ds.Refs[r.Item] = [][]string{edits.Tokenize(r.Output)}
		}
	}
	return ds, nil
}

// LoadSwedish reads Östling et al. (2024)'s annotations (the folder with
// balanced_A, balanced_B, balanced_C) and the references of the balanced
// test sets (…/data/balanced_test/Nyberg.CEFR_X.balanced_test.corr.txt):
// an item "balanced_X:n" has line n of level X's reference.
func LoadSwedish(annotations, balanced string) (*Dataset, error) {
	rs, err := human.ReadRatings(annotations, "swedish", nil)
	if err != nil {
		return nil, err
	}
	ds := &Dataset{Name: "swedish2024", Language: "sv", Tokenised: true, Refs: map[string][][]string{}}
	refs := map[string]*corpora.TextFile{}
	srcs := map[string]*corpora.TextFile{}
	for _, lvl := range []string{"A", "B", "C"} {
		base := filepath.Join(balanced, "Nyberg.CEFR_"+lvl+".balanced_test.")
		files, err := corpora.ReadParallel(base+"orig.txt", base+"corr.txt")
		if err != nil {
			return nil, err
		}
		srcs["balanced_"+lvl], refs["balanced_"+lvl] = files[0], files[1]
	}
	for _, r := range rs {
		set, num, ok := strings.Cut(r.Item, ":")
		ref, known := refs[set]
		if !ok || !known {
			continue // rounds outside the balanced test sets have no reference
		}
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > len(ref.Lines) {
			return nil, fmt.Errorf("%s: item %q has no line in %s", r.Pos, r.Item, ref.Name)
		}
		if got, want := strings.Join(strings.Fields(r.Source), " "), strings.Join(srcs[set].Tokens[n-1], " "); got != want {
			return nil, fmt.Errorf("%s: item %q: source %q differs from line %d of %s", r.Pos, r.Item, got, n, srcs[set].Name)
		}
		ds.Refs[r.Item] = [][]string{ref.Tokens[n-1]}
		ds.Ratings = append(ds.Ratings, r)
	}
	if len(ds.Ratings) == 0 {
		return nil, fmt.Errorf("%s: no ratings of the balanced test sets", annotations)
	}
	return ds, nil
}

// LoadGUG reads the GUG corpus (Heilman et al. 2014): learner sentences
// rated for grammaticality 1-4 by an expert and five crowd workers, with a
// train/dev/test split in each rating's Group.
func LoadGUG(path string) (*Dataset, error) {
	rs, err := human.ReadRatings(path, "gug", nil)
	if err != nil {
		return nil, err
	}
	return &Dataset{Name: "gug", Language: "en", Ratings: rs}, nil
}

// GUGCrowdUnits returns the units of ds (LoadGUG) whose sentences are in
// one of splits ("train", "dev", "test"), each valued by the crowd
// workers (GUG's expert judgement left out), and the crowd workers' names.
func GUGCrowdUnits(ds *Dataset, splits ...string) ([]calibrate.Unit, []string) {
	crowd := slices.DeleteFunc(ds.Ratings.Annotators(), func(a string) bool { return !strings.HasPrefix(a, "crowd") })
	part := ds.Ratings.Where(func(r *human.Rating) bool { return slices.Contains(splits, r.Group) })
	return calibrate.Units(part, Grammaticality, crowd), crowd
}

func (ds *Dataset) tokens(s string) []string {
	if ds.Tokenised {
		return strings.Fields(s)
	}
	return edits.Tokenize(s)
}

// Evidence computes the feature values of every unit in the richest form
// the data allows (capped at maxForm's richness: FormAlone computes from
// outputs only), annotating each source and reference once.
func (ds *Dataset) Evidence(x *evidence.Extractor, units []calibrate.Unit, form evidence.Form) []evidence.Values {
	out := make([]evidence.Values, len(units))
	key := func(u calibrate.Unit) evidenceKey { return evidenceKey{x, form, u.Item, u.Source, u.Output} }
	// Outputs seen before (the same outputs rated on another scale) come
	// from the memo; the rest are computed below.
	var todo []int
	ds.mu.Lock()
	for i, u := range units {
		if v, ok := ds.memo[key(u)]; ok {
			out[i] = v
		} else {
			todo = append(todo, i)
		}
	}
	ds.mu.Unlock()
	type item struct {
		src      *edits.Sentence
		refs     []*edits.Sentence
		refEdits [][]edits.Edit
	}
	items := map[string]*item{}
	for _, i := range todo {
		u := units[i]
		if items[u.Item] != nil {
			continue
		}
		it := &item{}
		if form <= evidence.FormSource {
			it.src = x.Lang.Annotate(ds.tokens(u.Source))
		}
		if form == evidence.FormReference {
			for _, r := range ds.Refs[u.Item] {
				rs := x.Lang.Annotate(r)
				it.refs = append(it.refs, rs)
				it.refEdits = append(it.refEdits, edits.Extract(x.Lang, it.src, rs, x.Options))
			}
		}
		items[u.Item] = it
	}
	var done atomic.Int64
	if ds.Progress != nil {
		ds.Progress("outputs", 0, len(todo))
	}
	edits.Parallel(len(todo), func(k int) {
		u := units[todo[k]]
		it := items[u.Item]
		in := evidence.Input{Source: it.src, Hyp: x.Lang.Annotate(ds.tokens(u.Output)), Refs: it.refs, RefEdits: it.refEdits}
		out[todo[k]], _ = x.Compute(in)
		if ds.Progress != nil {
			ds.Progress("outputs", int(done.Add(1)), len(todo))
		}
	})
	ds.mu.Lock()
	if ds.memo == nil {
		ds.memo = map[evidenceKey]evidence.Values{}
	}
	for _, i := range todo {
		ds.memo[key(units[i])] = out[i]
	}
	ds.mu.Unlock()
	return out
}
