package judge

import (
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/corpora/degenerate"
	"github.com/gecmetric/gecmetric/human"
)

// MeaningAnchorLabels gives the meaning label, on seed 001's scale
// (human.Meaning4), of each degenerate form of a sentence that serves as a
// meaning anchor (MeaningAnchors). The guidelines place an output whose
// second half means something else on the border of "Substantially
// different" and call anything further from the reference "Substantially
// different": an unrelated sentence (constant, other), half the sentence
// (truncate), its words in a random order (shuffle) and the sentence with
// another one after it (append) are all further. Every fourth word
// deleted loses a quarter of the words, some of them content words:
// "Moderate differences". Every word lower-cased keeps what the sentence
// says: "Identical" (labelled "Minor differences", the anchors taught the
// model that lost capitals are lost meaning, and a lower-cased copy fell to
// 2.20-2.64 on the gaming corpora's sources). A degenerate form without a
// label here is no anchor.
var MeaningAnchorLabels = map[string]string{
	"constant":  "Substantially different",
	"other":     "Substantially different",
	"truncate":  "Substantially different",
	"shuffle":   "Substantially different",
	"append":    "Substantially different",
	"delete":    "Moderate differences",
	"lowercase": "Identical",
}

// MeaningAnchorWeight is the weight of each meaning anchor's one
// observation against a rating's 1. The anchors are separable from rated
// outputs, so a light weight already sets the ends of the scale. On
// TMU-GFM's meaning (the suite's 10-fold CV by source, -tmunoanchors and
// -tmuanchorweight), same-source pairwise accuracy is 0.764 without
// anchors and 0.764 / 0.761 / 0.751 with them at 0.1 / 0.3 / 1, output-level
// Pearson 0.633 and 0.614 / 0.604 / 0.584, while an unrelated sentence's
// meaning falls from 3.77 to 1.02 on CoNLL-2014's sources (the README's
// meaning paragraph).
const MeaningAnchorWeight = 0.1

// MeaningAnchors returns the meaning anchors of ds's distinct sources
// (those of units, sorted by item): each source's degenerate forms
// (package degenerate, seed 1, "other" and "append" taking the next
// source in item order) as outputs of that source, labelled by
// MeaningAnchorLabels, one value each. A form equal to the source (a
// sentence too short to lose a fourth word) is no anchor. Rated outputs
// of GEC systems rarely lose their sentence, so a meaning model fitted on
// them alone extrapolates where outputs do; the anchors (FitOptions.Anchors)
// show it those ends of the scale.
func MeaningAnchors(ds *Dataset, units []calibrate.Unit) []calibrate.Unit {
	src := map[string]string{}
	var items []string
	for _, u := range units {
		if _, ok := src[u.Item]; !ok {
			src[u.Item] = u.Source
			items = append(items, u.Item)
		}
	}
	slices.Sort(items)
	lines := make([][]string, len(items))
	for i, it := range items {
		lines[i] = ds.tokens(src[it])
	}
	var out []calibrate.Unit
	for _, name := range degenerate.Names {
		label, ok := MeaningAnchorLabels[name]
		if !ok {
			continue
		}
		_, value, _, err := human.Meaning4.Parse(label)
		if err != nil {
			panic(err) // MeaningAnchorLabels holds only Meaning4's labels
		}
		outs, err := degenerate.Outputs(name, lines, 1)
		if err != nil {
			panic(err) // and only degenerate systems
		}
		for i, it := range items {
			if slices.Equal(outs[i], lines[i]) {
				continue
			}
			out = append(out, calibrate.Unit{Item: it, System: "anchor:" + name, Source: src[it], Output: strings.Join(outs[i], " "), Values: []float64{value}})
		}
	}
	return out
}
