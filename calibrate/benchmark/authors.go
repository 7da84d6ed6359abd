package benchmark

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/metaeval"
)

// The SEEDA authors' layout of a metric's scores (their README, "Meta-
// evaluate evaluation metrics using SEEDA"), which corr_system.py,
// corr_sentence.py and window_analysis_system.py read:
//
//	DIR/system_score.txt          one system score a line, systems in the
//	                              protocol's order (Benchmark.Systems)
//	DIR/sentence_score/SYS.txt    one sentence score a line, the judged
//	                              sentences in order (outputs/subset)
//
// WriteAuthors writes a metric's scores so; ReadAuthors reads them back.

// WriteAuthors writes s (keyed by the rankings' items) in the authors'
// layout under dir, the system scores under the corpus aggregate, numbers
// with the given decimals (-1: the shortest that reads back exactly). A
// system score or a sentence score s lacks is an error: the authors'
// scripts need every one.
func (b *Benchmark) WriteAuthors(dir string, s metaeval.Scores, decimals int) error {
	sys := b.systemScores(b.Rankings[0], &s, AggCorpus, metaeval.TrueSkillOptions{})
	var buf strings.Builder
	for k, v := range sys {
		if math.IsNaN(v) {
			return fmt.Errorf("%s: no system score for %s", s.Name, b.Systems[k])
		}
		if k > 0 {
			buf.WriteByte('\n')
		}
		buf.WriteString(strconv.FormatFloat(v, 'f', decimals, 64))
	}
	if err := os.MkdirAll(filepath.Join(dir, "sentence_score"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "system_score.txt"), []byte(buf.String()), 0o644); err != nil {
		return err
	}
	if s.Sentence == nil {
		return nil
	}
	for _, name := range b.Systems {
		buf.Reset()
		for i, item := range b.Items {
			v, ok := s.Sentence[name][item]
			if !ok {
				return fmt.Errorf("%s: no score for %s's output of item %s", s.Name, name, item)
			}
			if i > 0 {
				buf.WriteByte('\n')
			}
			buf.WriteString(strconv.FormatFloat(v, 'f', decimals, 64))
		}
		if err := os.WriteFile(filepath.Join(dir, "sentence_score", name+".txt"), []byte(buf.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// ReadAuthors reads a metric's scores from the authors' layout under dir:
// system_score.txt (optional when sentence_score/ is there) and
// sentence_score/SYS.txt for every system (optional when system_score.txt
// is there), keyed by the rankings' items.
func (b *Benchmark) ReadAuthors(name, dir string) (metaeval.Scores, error) {
	s := metaeval.Scores{Name: name}
	sysPath := filepath.Join(dir, "system_score.txt")
	v, err := readScores(sysPath, len(b.Systems))
	switch {
	case err == nil:
		s.System = map[string]float64{}
		for k, x := range v {
			s.System[b.Systems[k]] = x
		}
	case !errors.Is(err, os.ErrNotExist):
		return s, err
	}
	if _, err := os.Stat(filepath.Join(dir, "sentence_score")); err == nil {
		s.Sentence = map[string]map[string]float64{}
		for _, sys := range b.Systems {
			p := filepath.Join(dir, "sentence_score", sys+".txt")
			v, err := readScores(p, len(b.Items))
			if err != nil {
				return s, err
			}
			m := make(map[string]float64, len(v))
			for i, x := range v {
				m[b.Items[i]] = x
			}
			s.Sentence[sys] = m
		}
	}
	if s.System == nil && s.Sentence == nil {
		return s, fmt.Errorf("%s: neither system_score.txt nor sentence_score/ (the SEEDA authors' layout)", dir)
	}
	return s, nil
}
