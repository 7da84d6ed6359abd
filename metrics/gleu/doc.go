// Package gleu computes GLEU (Napoles et al., ACL 2015; multi-reference
// update of 2016; brevity-penalty fix of 2017) with the numbers of the
// official scripts, cnap/gec-ranking scripts/compute_gleu and gleu.py.
//
// # The statistic
//
// For a hypothesis H, its source S and one reference R, and each n = 1..4,
// the matches are the n-grams of H found in R (each counted at most as
// often as in R), minus the n-grams of H found in S but not at all in R
// (each at most as often as in S), and at least 0; the total is the number
// of n-grams of H. These eight numbers and the two lengths form [Counts],
// which add up over sentences. GLEU of summed Counts is
//
//	exp(min(0, 1 - |R|/|H|) + (1/4) Σ log(matches_n / total_n))
//
// and 0 if any count is 0. The brevity penalty uses the reference length
// over the hypothesis length (the 2017 fix).
//
// # Several references
//
// compute_gleu picks one reference per sentence at random, scores the
// corpus, and repeats 500 times; the score is the mean over iterations.
// Before iteration j it calls random.seed(j*101) and draws the references
// of all sentences in order with random.randint(0, refs-1), under Python
// 2.7. This package reproduces those draws exactly: a Mersenne Twister
// seeded by init_by_array as CPython does, random() from two 32-bit words,
// and Python 2's randint as int(random()*n). [Python3] draws as Python 3's
// randint instead (rejection sampling of getrandbits). With one reference
// there is a single iteration.
//
// The summary is numpy's mean and population standard deviation of the
// iteration scores (summed in numpy's pairwise order) and scipy's normal
// interval mean ± 1.96·std, NaN when std is 0. [WriteScore] prints
// compute_gleu's line ("name mean" with six decimals) and [WriteSentences]
// its -d output, where each sentence's line summarises its GLEU against
// each reference with every zero count smoothed to 1.
//
// # Sufficient statistics
//
// The official score is a mean of a non-linear function over sampled
// reference sets, so no per-sentence row that adds up reproduces it
// exactly. [Result.Corpus] gives, per sentence, the Counts averaged over
// the references the 500 iterations drew for it (the expected Counts under
// the official draws); their sum is the average iteration's Counts, and
// GLEU of a sum is the score used for significance tests and shards. It
// differs from the official mean by the curvature of GLEU over the spread
// of the iterations: on CoNLL-2014 by under 1e-5 for five of the six
// systems, and by 1.8e-4 for CUUI, whose length lies within the spread of
// the references' lengths, where the brevity penalty bends. With one
// reference both are exact.
//
// The official score itself is still a sum in corpus order: [Scorer.Counts]
// gives one sentence's Counts against each reference (independent of other
// sentences), and [Iterations] adds them, fed in corpus order, into every
// iteration's sum with the same draws as Score, in constant memory. Shards
// compute the Counts anywhere; one ordered pass gives the official number.
//
// # Tokens
//
// Sentences are token lists, used as given. gleu.py splits lines with
// Python 2's str.split(), on ASCII white space only; callers that split on
// Unicode white space differ only for lines holding other space characters.
//
// # Performance and concurrency
//
// New counts the n-grams of sources and references once; Score counts a
// hypothesis's n-grams once and adds each iteration's Counts from those of
// the references, so 500 iterations cost little more than one. The draws
// depend only on the number of sentences and references and are cached. A
// Scorer is safe for concurrent use.
package gleu
