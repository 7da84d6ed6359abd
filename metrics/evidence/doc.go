// Package evidence computes, for one corrected sentence, the per-sentence
// evidence from which gecmetric predicts what a human rater would say:
// over-correction, remaining errors, meaning drift and fluency.
//
// Evidence comes from a source sentence, a hypothesis (the system's
// correction) and zero or more references. Every feature has a defined
// value in each of three forms, so one feature vector layout serves every
// calibrated model:
//
//   - FormReference: source, hypothesis and references (the full evidence);
//   - FormSource: source and hypothesis, no reference;
//   - FormAlone: the hypothesis alone (the lone-sentence crowd task).
//
// Features that a form cannot see are left out of that form's vector
// (Names lists them per form), never filled with invented values.
//
// The features, by family (names as in Names):
//
//	over-correction  oc.edits, oc.edit_rate, oc.unmatched, oc.ter, oc.word_order,
//	                 oc.multi_token, oc.content_subs, oc.length_change
//	remaining errors re.to_ref, re.to_ref_rate, re.ref_minor, re.ref_grammar, re.ref_order,
//	                 re.ref_content, re.missed, re.oov, re.oov_rate, re.oov_kept, re.src_oov,
//	                 re.ref_oov, re.missed_rate, re.patterns, re.patterns_fixed
//	meaning          me.content_src, me.content_ref, me.chrf_src, me.chrf_ref, me.ter_ref,
//	                 me.rewrite, me.negation, me.numbers, me.names
//	fluency          fl.word_lp, fl.min_word_lp, fl.tag_lp, fl.min_tag_lp, fl.unknown, fl.length
//
// Names lists those (the layout of the models fitted before the next
// families existed); AllNames adds, with the same names in every release:
//
//	language model   lm.mean, lm.min, lm.low3, lm.oov_rate, lm.slor (alone);
//	                 lm.mean_diff_src, lm.sum_diff_src, lm.slor_diff_src, lm.edit_gain,
//	                 lm.edit_worst (source); lm.mean_diff_ref, lm.sum_diff_ref,
//	                 lm.slor_diff_ref (reference)
//	error detector   ged.expected, ged.max, ged.mean, ged.detected (alone);
//	                 ged.src_expected, ged.expected_diff_src, ged.max_diff_src,
//	                 ged.fixed, ged.left, ged.introduced (source);
//	                 ged.expected_diff_ref, ged.missed (reference)
//	reference metrics ref.gleu, ref.errant_f, ref.errant_p, ref.errant_r (reference)
//	errors left      re.left, re.left_rate, oc.outside, oc.outside_rate (reference)
//	loss             ls.final, ls.lower_start, ls.junk (alone); ls.src_kept,
//	                 ls.src_bigrams, ls.lost2, ls.broken2, ls.added, ls.len_ratio, ls.case_lost, ls.repeats,
//	                 ls.names_lost (source); ls.ref_kept,
//	                 ls.ref_bigrams, ls.added_ref (reference): see lossfeatures.go
//
// The lm.* features come from package lm's broad-coverage trigram model
// (natural-log probabilities; see lmfeatures.go for each definition):
// the hypothesis's mean, least and three least per-word log
// probabilities, its share of words outside the model's vocabulary and its
// SLOR (mean log probability less the words' unigram log probabilities);
// the differences of mean, whole-sentence log probability and SLOR from
// the source and from the closest reference; and, per edit from the source,
// the change in log probability of the edited tokens and the two tokens
// after them (summed over edits, and the worst edit). The ged.* features
// come from package ged's per-token error probabilities (see
// gedfeatures.go): the hypothesis's expected number of erroneous tokens,
// its worst token, mean and count over ged.Threshold; the source's
// expected errors and the differences from it; the error mass of the
// source tokens the edits touched (fixed) and left alone (left), and of the
// tokens the edits wrote (introduced); and with a reference, the
// difference from the closest reference and the error mass of the source
// tokens that reference edits but the hypothesis does not (missed). The
// ref.* features are the toolbox's own reference metrics per sentence
// (see reffeatures.go): sentence GLEU averaged over the references, and
// ERRANT's sentence F0.5 with its precision and recall against the best
// reference; chrF is me.chrf_ref.
//
// The lexicon features separate an output that is far from the reference
// because it is still wrong from one that is far because it was rewritten
// fluently: re.oov_rate is the share of words outside the language's
// lexicon, re.oov_kept the misspellings the output kept from the source,
// re.ref_oov the edits to the closest reference that start at a word
// outside the lexicon, re.src_oov the source's words outside it (how much
// there was to fix), re.missed_rate the share of that reference's edits the output did
// not make, re.left and re.left_rate the number and share of them whose
// source tokens the output left alone (an output that fixes the same
// error another way has not left it), oc.outside and oc.outside_rate the
// number and share of the hypothesis's edits that touch nothing any
// reference edited (Outside; zero with a single reference, since one
// annotator leaves out many valid corrections), and me.rewrite the
// product of the token edit rates to the
// reference and from the source (high for a rewrite, low for an output
// left as it was). re.patterns counts English checks (on Penn Treebank
// tags) and Swedish ones (on function words and package edits/sv's guesses
// of open classes): a present-tense verb after a modal or "att", a subject
// before the verb after a fronted adverbial, prepositional phrase or
// subordinate clause (V2), and a strong adjective between den/det/de and a
// definite noun.
//
// Edits are extracted by package edits with the given Language, so the
// same counts that score a system (ERRANT's) describe it here.
//
// Performance: the language-model, detector, chrF n-gram and GLEU results
// of a sentence, and its base features as an output alone, are cached by
// its text (the last 4,096 sentences, shared
// by all Extractors, safe for concurrent use), so a source and its
// references are scored once for all their outputs, and an output left as
// its source or shared by several systems once. On CoNLL-2014 (7 outputs
// of 1,312 sentences, one reference, one core) gecmetric judge took 6.3 s
// of CPU with the lm.*, ged.* and ref.* features and 6.6-6.9 s before
// them, measured at a load average of 32-38 on two cores (BenchmarkCompute,
// BenchmarkComputeUncached and BenchmarkComputeBase measure one output).
package evidence
