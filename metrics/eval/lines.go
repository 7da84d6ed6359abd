package eval

import (
	"fmt"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/m2"
)

// Lines returns the test set of the sentences at the given 0-based lines of
// set, in that order (a line may repeat): the sources, every reference's
// corrections and edits, and the gold read from M2 files, shared with set,
// not copied. A benchmark that judged a subset of a test set (SEEDA's 391
// CoNLL-2014 sentences) scores its systems on Lines(subset) against the
// whole set's references. A line outside the set is an error.
func (set *TestSet) Lines(idx []int) (*TestSet, error) {
	out := &TestSet{Source: make([][]string, len(idx)), Refs: make([]Reference, len(set.Refs))}
	for k, r := range set.Refs {
		out.Refs[k].Name = r.Name
		out.Refs[k].Tokens = make([][]string, len(idx))
		if r.Edits != nil {
			out.Refs[k].Edits = make([][]edits.Edit, len(idx))
		}
	}
	if set.m2Gold != nil {
		out.m2Gold = make([]*m2.Sentence, len(idx))
	}
	if set.errantRefs != nil {
		out.errantRefs = make([]*errant.Sentence, len(idx))
	}
	for i, l := range idx {
		if l < 0 || l >= len(set.Source) {
			return nil, fmt.Errorf("eval: line %d of a test set of %d sentences", l, len(set.Source))
		}
		out.Source[i] = set.Source[l]
		for k, r := range set.Refs {
			out.Refs[k].Tokens[i] = r.Tokens[l]
			if r.Edits != nil {
				out.Refs[k].Edits[i] = r.Edits[l]
			}
		}
		if set.m2Gold != nil {
			out.m2Gold[i] = set.m2Gold[l]
		}
		if set.errantRefs != nil {
			out.errantRefs[i] = set.errantRefs[l]
		}
	}
	return out, nil
}

// Lines returns the system's outputs of the sentences at the given lines
// (see TestSet.Lines); the lines must be in range.
func (s System) Lines(idx []int) System {
	out := System{Name: s.Name, Tokens: make([][]string, len(idx))}
	if s.Edits != nil {
		out.Edits = make([][]edits.Edit, len(idx))
	}
	if s.M2Tokens != nil {
		out.M2Tokens = make([][]string, len(idx))
	}
	for i, l := range idx {
		out.Tokens[i] = s.Tokens[l]
		if s.Edits != nil {
			out.Edits[i] = s.Edits[l]
		}
		if s.M2Tokens != nil {
			out.M2Tokens[i] = s.M2Tokens[l]
		}
	}
	return out
}
