package annotate

import (
	"strconv"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
)

// HumanRatings returns the confirmed ratings (of one annotator, or of all
// when annotator is "") as calibrate's ratings table: one Rating per
// annotator, item, system and scale, with the source, output and post-edit.
// Item ids are the items' line numbers from 0. Other is kept apart as
// calibrate expects (Other set, Value NaN), also on scales whose protocol
// has no Other label of its own.
func (d *DB) HumanRatings(annotator string) (human.Ratings, error) {
	js, err := d.Judgements(annotator)
	if err != nil {
		return nil, err
	}
	var out human.Ratings
	for _, j := range js {
		it := &d.items[j.Item]
		for _, r := range d.Protocol.Scales {
			l, ok := j.Ratings[r.Scale.Name]
			if !ok {
				continue
			}
			v, onScale := r.Value(l)
			out = append(out, human.Rating{
				Item: strconv.Itoa(j.Item), Source: it.Source, System: j.System, Output: it.Outputs[j.System],
				Annotator: j.Annotator, Scale: r.Scale, Label: l, Value: v, Other: !onScale, PostEdit: j.PostEdit,
				Pos: d.path,
			})
		}
	}
	return out, nil
}

// Agreement returns, for every scale, Krippendorff's alpha over all
// annotators and Cohen's kappa (unweighted, linear, quadratic) for every
// pair (calibrate.Agreement), and, when the protocol post-edits, the mean
// normalised edit distance from each system's outputs to the annotators'
// post-edits (calibrate.PostEditDistance, the character-level NLD of
// Östling et al. 2024). Ratings of Other are left out of the statistics.
func (d *DB) Agreement() ([]calibrate.AgreementResult, []calibrate.PostEditScore, error) {
	rs, err := d.HumanRatings("")
	if err != nil {
		return nil, nil, err
	}
	agr, err := calibrate.Agreement(rs)
	if err != nil {
		return nil, nil, err
	}
	var ped []calibrate.PostEditScore
	if d.Protocol.PostEdit {
		// Post-edits were written against the output as shown.
		shown := make(human.Ratings, len(rs))
		for i, r := range rs {
			r.Output = d.Shown(r.Output)
			shown[i] = r
		}
		ped = calibrate.PostEditDistance(shown)
	}
	return agr, ped, nil
}
