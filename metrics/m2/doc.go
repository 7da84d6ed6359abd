// Package m2 computes the MaxMatch (M2) score of the NUS M2 scorer 3.2
// (Dahlmeier and Ng, 2012; nusnlp/m2scorer) with the same numbers, to the
// last printed digit, and in milliseconds where the original takes
// seconds per system and minutes on one unrelated hypothesis line.
//
// # What it computes
//
// For each sentence the hypothesis is aligned with the source token by
// token. Every cheapest alignment under two Levenshtein cost models
// (substitution costing 1, and costing 2) becomes a path in an edit
// lattice; runs of adjacent edits joined by at most MaxUnchangedWords
// unchanged words are added as single arcs. For each annotator, arcs that
// equal one of the annotator's gold edits get a large negative weight and
// the others a small positive one, and the cheapest path gives the system
// edits that agree best with that annotator. A system edit is correct when
// it has a gold edit's span, original text and one of its alternative
// corrections. Of a sentence's annotators the one that maximises the F
// score of the running totals is chosen (ties: more correct edits, then
// fewer proposed + beta²·gold, then the first visited), and the corpus
// precision, recall and F_beta are those of the chosen totals. The
// comparison of a sentence with its annotators does not depend on other
// sentences, only the choice does: a [Chooser] makes the choices from
// per-annotator Stats given in corpus order, so shards can compare
// sentences anywhere and one ordered pass over three numbers per annotator
// gives Score's result exactly (the gecmetric-beam pipeline does this).
//
// # Compatibility with the original
//
// The scorer's numbers depend on details of its implementation, all of
// which are reproduced:
//
//   - Input (ReadGold, ReadHypotheses, Tokenize): its own M2 reader, which
//     accepts several S lines per block (each a sentence that receives the
//     block's edits whose offsets, counted over the whole block, fit), turns
//     edits of type noop into -1 -1, drops edits with negative offsets or
//     offsets past the end, maps "-NONE-" to "" per alternative and keys
//     annotators by the sixth field; Python 2's unicode white space and line
//     breaks; Python 2's dict order of annotator ids.
//   - The edge list: edges found in both Levenshtein lattices appear twice,
//     which lengthens the list (the gold weight is minus its length) and adds
//     epsilon twice to such edges; merged arcs that are shortened later
//     appear twice too.
//   - The removal of noop arcs while iterating over the same list, which
//     skips the element after each removal.
//   - set_weights: insertions at one position are matched against gold
//     insertions from both ends of the sorted list at once; arcs jumped over
//     get epsilon even when already visited or matched, and the test meant
//     to spare noop arcs compares a tuple with a string and never does.
//   - Bellman-Ford's choice among equally cheap paths and its float sums.
//   - One system edit that equals two identical gold edits counts twice.
//
// NewSentence builds the gold from corpora's M2 blocks (one S line per
// block) with the same rules; a correction with irregular inner white
// space then reads as single-spaced, where the scorer would keep it as
// written (and never match it).
//
// # Speed
//
// The original closes the lattice over all vertex triples and runs
// Bellman-Ford for |V|-1 passes over all edges. Here the closure visits
// only existing arcs: when vertex k is processed, the arcs out of k are
// still its base edges (at most three) and the arcs into k are final, so
// the work is the number of arcs times three. The cheapest path is found
// by one sweep in topological order that computes, besides each vertex's
// distance, when Bellman-Ford would assign it (pass and list position):
// that decides which of several equally cheap predecessors Bellman-Ford
// keeps. Where paths of equal cost sum to different floats, Bellman-Ford's
// choice depends on the order of its intermediate values; the sweep
// tracks those too (only the ones within float noise of the final value
// can matter). Both the closure and the sweep are checked against a
// literal port of the original on random cases.
//
// On one core, the six CoNLL-2014 systems score in about 0.1 s of CPU
// together (the original: 6 to 10 s each), and a 54-token source with an
// unrelated 37-token hypothesis in a few milliseconds (the original: over
// a minute). The lattice of a hypothesis that shares no word with its
// source grows as the square of the number of alignment cells; a sentence
// whose lattice would pass Options.MaxLatticeArcs makes Score fail with
// ErrLatticeTooLarge instead of exhausting memory.
//
// Long sentences. The Levenshtein matrices of a long pair are filled only
// in a band of diagonals around the one from (0, 0) to (n, m), widened
// until the band's optimum is below the least cost of any path leaving it
// (|m-n| + 2(w+1) for half-width w): then every cheapest path lies in the
// band and its cells and back pointers are the whole matrix's, so the
// lattice and the scores are the same (checked on every CoNLL-2014
// sentence of 19 system files, banded against whole). The band takes two
// bytes a cell and everything after it is indexed by lattice vertex, so
// memory grows with the length times the edit distance: an 8,029-token
// sentence of CoNLL-2014 sentences joined, against AMU's output, takes
// 0.2 s and 44 MB (the whole matrix: 64 million cells, gigabytes).
// Options.MaxCells bounds the band (ErrLatticeTooLarge beyond it).
//
// # Verbose output
//
// [VerboseWriter] writes the scorer's -v report, sentence by sentence;
// [NewVeryVerboseWriter] adds its --very_verbose dumps (matrices, back
// pointers, edit dicts, the transitive-arc and weighting traces, the
// graph and the path) in Python 2.7's layout and dict order. The lattice
// above does not keep what those dumps show (whole matrices, the order in
// which the scorer's dicts got their keys), so they come from a plain
// re-run of the scorer's construction, used only for printing and limited
// to 4,194,304 matrix cells a sentence; on the first 200 CoNLL-2014
// sentences of six systems the output equals the scorer's byte for byte.
//
// # Concurrency
//
// Score compares sentences in parallel on GOMAXPROCS goroutines; results
// do not depend on it. Values of this package are not shared mutable
// state; a Result may be read from several goroutines.
package m2
