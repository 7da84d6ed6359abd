package human

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gecmetric/gecmetric/internal/textcheck"
	"github.com/gecmetric/gecmetric/parseerr"
)

// GUGSystem is the System of GUG ratings: the learner sentences themselves
// are rated, not corrections of them.
const GUGSystem = "learner"

// GUGCrowd are the annotators of GUG's five crowd judgements, whose mean
// is the corpus's Average column and the usual target (correlate's
// default for --format gug); "expert" is the sixth.
var GUGCrowd = []string{"crowd1", "crowd2", "crowd3", "crowd4", "crowd5"}

// ReadGUG reads the GUG corpus (Heilman et al. 2014, gug_annotations.tsv):
// a header line, then tab-separated Id, Sentence, Expert Judgement, Crowd
// Flower Judgements ("[3, 3, 3, 4, 2]", or "[]" when the expert chose
// Other and the sentence was not sent to the crowd), Average, Dataset
// (train/dev/test/none). Fields are not quoted. Judgements are on
// Grammaticality4; the expert's Other is written 0 (the README's
// "O" is accepted too).
//
// Each sentence gives one rating by annotator "expert" and one by
// "crowd1".."crowd5" in list order. The crowd positions are not persistent
// workers (CrowdFlower assigned workers per sentence), so agreement
// statistics over them treat each position as one coder, as is usual for
// this data set. Group is the Dataset column, System is GUGSystem, Output
// the sentence.
func ReadGUG(r io.Reader, name string) (Ratings, error) {
	sc := bufio.NewScanner(textcheck.Reader(r, name))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	var out Ratings
	n := 0
	want := []string{"Id", "Sentence", "Expert Judgement", "Crowd Flower Judgements", "Average", "Dataset"}
	for sc.Scan() {
		n++
		line := strings.TrimSuffix(sc.Text(), "\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\xef\xbb\xbf")
			hdr := strings.Split(line, "\t")
			if !slices.Equal(hdr, want) {
				return nil, parseErr(name, 1, 0, ErrMissingColumn, "GUG header is %q, want %q", hdr, want)
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != len(want) {
			return nil, parseErr(name, n, 0, ErrRatingSyntax, "%d fields, want %d", len(f), len(want))
		}
		id, sent, expert, crowd, split := f[0], f[1], f[2], f[3], f[5]
		pos := fmt.Sprintf("%s:%d", name, n)
		add := func(annotator, label string) error {
			lab, val, other, err := Grammaticality4.Parse(label)
			if err != nil {
				return labelErr(name, n, annotator, err)
			}
			out = append(out, Rating{Item: id, Group: split, Source: sent, System: GUGSystem, Output: sent,
				Annotator: annotator, Scale: Grammaticality4, Label: lab, Value: val, Other: other, Pos: pos})
			return nil
		}
		if err := add("expert", expert); err != nil {
			return nil, err
		}
		list := strings.TrimSpace(crowd)
		if !strings.HasPrefix(list, "[") || !strings.HasSuffix(list, "]") {
			return nil, parseErr(name, n, 0, ErrRatingSyntax, "crowd judgements %q are not a [..] list", crowd)
		}
		list = strings.TrimSpace(list[1 : len(list)-1])
		if list == "" {
			continue
		}
		for i, j := range strings.Split(list, ",") {
			if err := add(fmt.Sprintf("crowd%d", i+1), strings.Trim(strings.TrimSpace(j), `'"`)); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, parseerr.Wrap(name, n+1, 0, err)
	}
	if n == 0 {
		return nil, parseErr(name, 0, 0, parseerr.ErrEmptyInput, "no GUG header")
	}
	return out, nil
}
