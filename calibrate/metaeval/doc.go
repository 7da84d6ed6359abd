// Package metaeval meta-evaluates metrics against relative human rankings
// (the WMT/Appraise ranking format, as in Grundkiewicz, Junczys-Dowmunt
// and Gillian 2015, "Human Evaluation of Grammatical Error Correction
// Systems", GJG15): how well a metric's system scores and sentence scores
// agree with what human judges preferred.
//
// # From rankings to comparisons
//
// A ranking item is one judge's ranking of up to five outputs of one
// source sentence (rank 1 best; equal ranks tie). Systems whose outputs
// were identical are shown once and share the element's rank. NewJudgements
// expands every ranking into one comparison per pair of distinct systems
// (win, loss or tie), exactly as GJG15's print_pairs.pl and EW.pl do: the
// members of a collapsed group tie with each other, and each member is
// compared with every other element on its own. On GJG15 (2,306 rankings,
// 13 items skipped by their judges) that gives 109,098 comparisons, 59,117
// of them ties.
//
// # System level
//
// Human system scores:
//
//   - Expected Wins (Koehn 2012; Bojar et al. 2013): for system i, the mean
//     over the other systems j of wins(i,j)/(wins(i,j)+wins(j,i)), ties left
//     out, a pair never decided adding 0, divided by |S|−1. This is GJG15's
//     EW.pl/EW.py; on the full data it gives the paper's Table 3b to the
//     third decimal for all 13 systems (the paper prints the mean over 1,000
//     resamples of the comparisons, which rounds to the same values).
//   - TrueSkill (Herbrich et al. 2007) as Sakaguchi, Post and Van Durme
//     (2014) adapted it for WMT and GJG15 ran it: see TrueSkillOptions. The
//     mean mu over 1,000 runs lies within 0.0015 of every value of GJG15's
//     Table 3c.
//
// A metric's system score is its corpus-level score, the mean of its
// sentence scores, or the TrueSkill of its sentence-level preferences over
// the comparisons the humans made (Aggregate). SystemLevel gives Pearson's
// r and Spearman's rho against both human scores with percentile
// bootstrap intervals over judged items, and, with a window size k, the
// correlations over every k systems adjacent in each human ranking (as
// in Kobayashi et al. 2024's window analysis, which shows where in the
// quality range a metric stops telling systems apart). CorrelateSystems
// (gecmetric correlate on rankings) measures the same points and
// resamples with every statistic of calibrate.Correlate.
//
// # Sentence level
//
// SentenceLevel compares the metric's two sentence scores with every
// comparison a human decided. Human ties (equal ranks, collapsed identical
// outputs) are left out of both conventions, and counted. Of the rest, a
// pair agrees when the metric scores the preferred output higher,
// disagrees when lower, and is a metric tie when equal:
//
//	accuracy = agree / (agree + disagree + ties)
//	tau      = (agree − disagree − ties) / (agree + disagree + ties)
//	accuracy (no ties) = agree / (agree + disagree)
//	tau (no ties)      = (agree − disagree) / (agree + disagree)
//
// The first pair counts a metric tie as a disagreement, the convention of
// the WMT relative-ranking tau (Ma et al. 2018) and of recent GEC
// meta-evaluation (Kobayashi et al. 2024); the second leaves ties out.
// (gec-metrics' GJG and SEEDA code counts a metric tie as agreement when
// the human preferred the second system of the pair and as disagreement
// otherwise, an artefact of comparing with <=; neither convention here
// depends on the order of a pair.) Every judge's comparisons of an item
// count, so an item ranked by three judges weighs three times.
//
// # Items
//
// Scores name sentences by the rankings' items. For Appraise XML the item
// is the src-id, which in GJG15's judgments.xml is the 0-based line of the
// outputs: members of a collapsed group have identical output at that line
// in 2,743 of 2,759 groups, and at the line before in 613. LineScores
// keys line-indexed scores that way.
//
// # Reproducibility
//
// Every random draw (bootstrap resamples, TrueSkill runs) comes from a PCG
// with an explicit seed; results do not depend on the number of cores.
package metaeval
