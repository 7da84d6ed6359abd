// Package lm scores English sentences with a broad-coverage back-off
// trigram language model: the CMU Sphinx US English model (72,547 words,
// 2,051,541 bigrams, 1,669,625 trigrams, trained on lower-cased text
// without punctuation; Carnegie Mellon University and Alpha Cephei, BSD-2
// licence, see package internal/cmulm), as shipped by Debian's
// pocketsphinx-en-us package and converted losslessly by a committed
// generator (go generate ./metrics/lm/...).
//
// P(w | u v) is Katz back-off as in ARPA models and sphinxbase's trie
// scorer: the trigram probability if the model has "u v w", else the
// bigram P(w | v) times the back-off weight of "u v", else the unigram
// P(w) times the weights of "u v" and "v". Probabilities and back-offs are
// quantised to 65,536 levels per table, as in the source file; the
// generator checks that its output gives the values sphinxbase's
// sphinx_lm_eval reports and that P(· | h) sums to 1.
//
// Score maps tokens to the model's words (lower case, punctuation skipped,
// Penn Treebank clitics joined, numbers and words outside the vocabulary
// handled as its doc comment says) and scores the sentence between <s>
// and </s>, returning each token's log probability (natural logarithm) so
// that callers can measure the surprisal of the tokens an edit touched.
//
// The model is embedded (15 MB) and decoded once, on first use (Default:
// about 0.25 s of CPU, by a CPU profile of BenchmarkDecode, and 60 MB
// allocated); commands that never score with it do not pay for
// it. Scoring a 25-token sentence costs a few microseconds (see the
// benchmarks): one hash lookup per token and up to three binary searches
// over sibling lists. A Model is safe for concurrent use.
package lm
