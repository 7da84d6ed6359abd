// Package human holds human judgements as data: rating scales (labels in
// order, direction, and an "Other" label kept apart), single ratings, and
// rankings of system outputs.
//
// It also reads and writes every rating and ranking file format (see
// "Reading rating and ranking files" below). It imports only the
// standard library and parseerr; calibrate and annotate import human.
// Readers check every label against its Scale while they still know the
// file and line; the statistics never see a label they cannot place.
//
// # Scales
//
// A Scale lists its labels from the lowest numeric value to the highest,
// each with the value used when ratings are averaged and the codes by
// which files spell it ("4", "Perfect", ...). Direction says whether a
// higher value is better (semantics 1-5) or worse (the number of remaining
// errors). The Other label ("O", 0, "Other") is not on the scale: a rating
// of Other has Other set, Value NaN, and is skipped by every mean and
// agreement statistic unless a caller asks for it explicitly.
//
// The scales of the rating protocols gecmetric knows are package variables
// (Semantics5, ErrorCount3, Overcorrection4, Grammaticality4, Fluency4,
// Meaning4, Fluency5, Commonsense5) and can be looked up by name with
// Lookup.
//
// # Ratings and rankings
//
// A Rating is one judgement: item (sentence) id, source, system, output,
// annotator, scale, label and value. Ratings is a table of them with
// selection helpers. A Ranking is one annotator's relative ranking of
// several system outputs for one item (WMT/Appraise style, 1 = best, ties
// allowed); Comparisons expands rankings into pairwise outcomes.
//
// # Reading rating and ranking files
//
// The rating readers return Ratings, with scales checked while the file and
// line are known: Seed000.ReadPotato, ReadAnswers and ReadSottanaDir (Sottana
// et al. 2023: Potato annotated_instances.jsonl, GPT-4 output.jsonl),
// ReadQueries/WriteQuery (the seed-000 query format), ReadSwedish and
// ReadSwedishDir (Östling et al. 2024, ratings and post-edits), ReadGUG
// (Heilman et al. 2014), RatingTable.ReadCSV/ReadJSONL for any table with
// named columns, and Seed003Crowd for MTurk-style batch CSVs
// (Input.*/Answer.* columns). ReadWMTRankings (WMT CSV, JFLEG's
// pairwise.csv) and ReadAppraiseRankings (Appraise XML, the CoNLL-2014
// ranking sets) return Ranking values. A label that is not on its
// scale is an error wrapping ErrUnknownLabel; other malformed rating data
// wraps ErrRatingSyntax. Every error names the file and line (and column
// where it helps) as a *parseerr.Error.
package human
