package gleu

import "fmt"

// Counts returns the Counts of hypothesis hyp for sentence i against each
// of the sentence's references: the per-sentence statistics that Score
// adds up. They do not depend on other sentences, so shards can compute
// them in parallel (each with a Scorer of its own sentences) and feed them
// in corpus order to Iterations.
func (s *Scorer) Counts(i int, hyp []string) []Counts {
	c, _ := s.sents[i].stats(hyp, nil)
	return c
}

// Iterations adds up sentences' per-reference Counts, given one sentence at
// a time in corpus order, into the corpus Counts of every sampling
// iteration, drawing the references exactly as Score does: one Mersenne
// Twister per iteration j, seeded with j*101, advanced by one draw per
// sentence. It holds one generator (2.5 KB) and one Counts per iteration,
// whatever the number of sentences, so a corpus of any length is scored in
// constant memory with the numbers of Score. The zero value is not usable;
// call NewIterations.
type Iterations struct {
	refs  int
	draws *Draws
	acc   *Accumulator
	n     int
}

// NewIterations returns an empty sum for sentences with refs references
// each, scored with opt's iterations and sampler.
func NewIterations(refs int, opt Options) *Iterations {
	if refs < 1 || refs > 255 {
		panic(fmt.Sprintf("gleu: NewIterations with %d references", refs))
	}
	return &Iterations{refs: refs, draws: NewDraws(refs, opt), acc: NewAccumulator(refs, opt)}
}

// Add adds the next sentence's Counts against each reference (as
// Scorer.Counts returns them; as many as the references).
func (it *Iterations) Add(refs []Counts) {
	if len(refs) != it.refs {
		panic(fmt.Sprintf("gleu: Iterations.Add with %d references, want %d", len(refs), it.refs))
	}
	it.acc.Add(refs, it.draws.Next())
	it.n++
}

// Len returns the number of sentences added.
func (it *Iterations) Len() int { return it.n }

// Scores returns the corpus GLEU of each iteration, as Result.Iterations.
func (it *Iterations) Scores() []float64 { return it.acc.Result().Iterations }

// Summary returns the summary of the iterations' scores, as Result.Summary:
// Mean is the official GLEU.
func (it *Iterations) Summary() Summary { return Summarize(it.Scores()) }
