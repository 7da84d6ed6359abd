// Package benchmark runs the meta-evaluation protocols of public GEC
// benchmarks as their authors run them, so that a metric's figures on a
// benchmark need no assembling of files and can be compared across papers.
//
// # SEEDA
//
// SEEDA (Kobayashi, Mita and Komachi, "Revisiting Meta-evaluation for
// Grammatical Error Correction", TACL 2024; github.com/tmu-nlp/SEEDA) ranks
// the outputs of 15 systems on a subset of the CoNLL-2014 test set:
//
//   - Sentences: the 391 CoNLL-2014 sentences its rankings judge. The
//     rankings' src-id is the 1-based line of the whole test set;
//     outputs/subset holds the systems' outputs of those lines, in order.
//     LoadSEEDA derives the subset from the rankings (the sorted distinct
//     src-ids) and checks it against outputs/subset line by line.
//   - Systems, in the authors' (alphabetical) order: BART, BERT-fuse,
//     GECToR-BERT, GECToR-ens, GPT-3.5, INPUT, LM-Critic, PIE, REF-F,
//     REF-M, Riken-Tohoku, T5, TemplateGEC, TransGEC, UEDIN-MS.
//   - System sets (utils/corr_system.py, corr_sentence.py): base drops
//     GPT-3.5, INPUT and REF-F (12 systems); +REF-F_GPT-3.5 ("+Fluency")
//     drops INPUT (14); +INPUT drops GPT-3.5 and REF-F (13); all keeps the
//     15.
//   - Human rankings: edit-based (SEEDA-E, data/judgments_edit.xml) and
//     sentence-based (SEEDA-S, data/judgments_sent.xml), each as published
//     system scores, TrueSkill and Expected Wins (scores/human/
//     {TS,EW}_{edit,sent}.txt, 3 decimals).
//
// System level: Pearson's r and Spearman's rho (average ranks for ties,
// as scipy.stats) between the published human scores and the metric's
// system scores over a set's systems, as corr_system.py.
//
// Sentence level, as corr_sentence.py counts: every ranking item (an item
// ranked by several annotators counts once for each) gives one comparison
// per pair of systems of the set with different ranks (human ties are left
// out). Of a pair, the system earlier in the authors' order is "first".
// The metric prefers the first system when its score is strictly higher,
// and the second otherwise, so a metric tie counts as a preference for the
// second system: an agreement when the human preferred it, a disagreement
// when the human preferred the first. Then
//
//	accuracy = agree / pairs
//	tau      = (agree − disagree) / pairs
//
// Beside it, gecmetric's convention (metaeval.SentenceLevel), which does
// not depend on the order of a pair: a metric tie is a tie, counted as a
// disagreement (accuracy = agree / pairs, tau = (agree − disagree − ties)
// / pairs), and with ties left out (agree / (agree + disagree)).
//
// Window analysis, as window_analysis_system.py: the set's systems sorted
// by the human score, best first (equal scores: the later system in the
// authors' order first, as numpy's argsort reversed), and r and rho over
// each run of k adjacent systems.
//
// # GJG15
//
// GJG15 (Grundkiewicz, Junczys-Dowmunt and Gillian, EMNLP 2015) ranks the
// 13 CoNLL-2014 shared-task systems on the whole test set; its one
// ranking's human scores are computed from judgments.xml by
// metaeval.Judgements (Expected Wins; TrueSkill as their scripts run it).
// Its one system set, all, keeps the 13.
//
// # Aggregates
//
// A metric's system score is, by default, its corpus-level score when it
// has one (M2, ERRANT, GLEU, chrF on the judged sentences), else the mean
// of its sentence scores (SentM2, SentERRANT, the judge), as the benchmarks'
// authors computed them. With Options.Aggregates, also: every human
// comparison replayed with the metric's sentence-level preference and the
// systems ranked by TrueSkill or by Expected Wins over those (Goto, Sakai
// and Watanabe, ACL 2025).
//
// SEEDA is a test set: nothing in gecmetric is fitted or selected on it,
// so every figure on it, the judge's included, is a held-out figure.
package benchmark
