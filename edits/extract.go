package edits

import (
	"runtime"
	"sync"
)

// Extract returns the typed edits that turn the source o into the
// correction c: it aligns them (Align), groups the steps into edits
// (Merge with opts.Merge) and gives each edit lang's type. Identical token
// sequences give no edits; writing M2's "noop" for them is the caller's
// business (see Noop).
//
// o and c must have been annotated by lang. A source is annotated once and
// may be passed to Extract with any number of corrections. Extract is safe
// for concurrent use.
func Extract(lang Language, o, c *Sentence, opts Options) []Edit {
	return finishExtract(lang, o, c, Align(o, c, opts), opts)
}

// finishExtract merges and classifies the alignment ops of o and c.
func finishExtract(lang Language, o, c *Sentence, ops []AlignOp, opts Options) []Edit {
	es := Merge(lang, o, c, ops, opts.Merge)
	for i := range es {
		es[i].Type = lang.Classify(o, c, es[i])
	}
	return es
}

// Noop returns M2's placeholder edit for a sentence left unchanged.
func Noop() Edit {
	return Edit{OStart: -1, OEnd: -1, CStart: -1, CEnd: -1, Type: "noop"}
}

// A CorrectionAnnotator is a Language that annotates a correction faster
// given its source, already annotated: AnnotateCorrection(src, tokens)
// must be exactly Annotate(tokens), field for field.
type CorrectionAnnotator interface {
	AnnotateCorrection(src *Sentence, tokens []string) *Sentence
}

// AnnotateCorrection annotates tokens, a correction of the source src
// (annotated by lang), as lang.Annotate(tokens) does, reusing the work done
// on the source where lang can (a CorrectionAnnotator). English copies the
// tags of the words around an edit rather than tagging them again.
func AnnotateCorrection(lang Language, src *Sentence, tokens []string) *Sentence {
	if ca, ok := lang.(CorrectionAnnotator); ok && src != nil {
		return ca.AnnotateCorrection(src, tokens)
	}
	return lang.Annotate(tokens)
}

// AnnotateAll annotates every token sequence with lang, in parallel over
// the available cores.
func AnnotateAll(lang Language, sentences [][]string) []*Sentence {
	out := make([]*Sentence, len(sentences))
	Parallel(len(sentences), func(i int) { out[i] = lang.Annotate(sentences[i]) })
	return out
}

// ExtractAll extracts the edits from sources[i] to targets[i] for every
// i, in parallel over the available cores; targets[i] may be nil, giving
// no edits. Sources may repeat (the same *Sentence for several targets).
func ExtractAll(lang Language, sources, targets []*Sentence, opts Options) [][]Edit {
	out := make([][]Edit, len(targets))
	Parallel(len(targets), func(i int) {
		if targets[i] != nil {
			out[i] = Extract(lang, sources[i], targets[i], opts)
		}
	})
	return out
}

// Parallel calls fn(i) for i in [0, n) on GOMAXPROCS goroutines and
// returns when all calls have returned. Work is handed out in chunks in
// index order.
func Parallel(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	const chunk = 16
	var (
		mu   sync.Mutex
		next int
		wg   sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				start := next
				next += chunk
				mu.Unlock()
				if start >= n {
					return
				}
				for i := start; i < min(start+chunk, n); i++ {
					fn(i)
				}
			}
		}()
	}
	wg.Wait()
}
