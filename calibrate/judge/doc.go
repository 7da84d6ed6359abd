// Package judge says what human raters would say of a correction: its
// grammaticality, fluency and meaning preservation on the 1-4 scales of
// the Swedish annotation guidelines (seed 001), its over-correction on the
// No/Minor/Moderate/Substantial scale of the LLM-judge protocol (seed 000),
// an estimate of the errors left in it, and an overall score: the
// probability that raters prefer the output to its unchanged source (0.5
// for the source itself), the Bradley-Terry reading of a ranker's scores
// of the two with a slope fitted to raters' preferences
// (calibrate.RankModel.Prefer). Overall needs the source; it compares
// systems on the same sentences, not across test sets.
//
// Each judgement comes from a calibrated model (calibrate.Model) over the
// evidence of package metrics/evidence, fitted to public human ratings and
// validated by cross-validation grouped by source sentence. The default
// models are fitted by one reproducible command (go generate, running
// ./internal/gen on ../shared/data) and embedded, so a Judge works out of
// the box; users fit their own with `gecmetric calibrate fit`.
//
// Which data each default model learns from:
//
//	quantity          en                                      sv
//	grammaticality    TMU-GFM, five raters (1-4), output alone Swedish main rater (1-4)
//	fluency           TMU-GFM, five raters (1-4), output alone Swedish main rater (1-4)
//	meaning           TMU-GFM, five raters (1-4), with source  Swedish main rater (1-4),
//	                                                           judged against the reference
//	semantics5        Sottana semantics (1-5)
//	overcorrection    Sottana over-correction (0-3)           the Sottana model restricted to
//	                                                           language-independent features
//	remaining_errors  Sottana remaining errors (0/1/2 or more) edits from the output to the
//	                                                           main rater's post-edit (0-4+)
//	overall           every English preference set (LoadSuite: Swedish main rater's G, F, M
//	                  GJG15, Sottana, TMU-GFM, GMEG dev, and    as preferences
//	                  preferences true by construction)
//
// The English scale models are spread as far as the raters' means
// (calibrate.Spread): their expected values separate outputs as raters'
// means do, in the same order as the ordinal model's.
//
// Swedish meaning is judged against the reference where one is given
// (seed 001: "meaning preservation is with respect to the reference");
// without one the source-form model compares with the source. English
// meaning compares with the source, as TMU-GFM's raters did. Grammaticality and fluency
// are properties of the output alone. Ratings of "Other" are never used as
// numbers in training.
//
// Judge.Report summarises a stream of outputs as `gecmetric judge` prints
// it (Report.WriteText; htmlreport.Judge draws it as a page): the
// unchanged input (every source judged as an output) beside the systems,
// per system the mean of every quantity and its difference from the input
// with paired Poisson-bootstrap intervals (Summary), the share of each
// label, and the sentences that pull it down the most; with each scale's
// range and direction (Scale), the evidence used, and the models with a
// hash of them all (ModelInfos) in a signature. Memory does not grow with
// the number of sentences.
package judge
