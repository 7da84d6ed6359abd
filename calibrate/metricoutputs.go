package calibrate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/internal/textcheck"
	"github.com/gecmetric/gecmetric/metrics"
	"github.com/gecmetric/gecmetric/metrics/chrf"
	"github.com/gecmetric/gecmetric/metrics/errant"
	"github.com/gecmetric/gecmetric/metrics/m2"
	"github.com/gecmetric/gecmetric/parseerr"
)

// Metric file formats ReadMetricFile tells apart.
const (
	MetricTable       = "table"        // item,system,score: CSV, TSV or JSON Lines (ReadMetricScores)
	MetricPerSentence = "per-sentence" // gecmetric eval --per-sentence
	MetricJudgeJSONL  = "judge-jsonl"  // gecmetric judge --jsonl
	MetricEvalJSON    = "eval-json"    // gecmetric eval --json
)

// MetricFileOptions configure ReadMetricFile. The zero value takes the
// file's only score, F0.5, and items numbered from 0.
type MetricFileOptions struct {
	// Metric names the score to take from a file that holds several: m2,
	// errant, gleu or chrf from eval's outputs, a judge quantity
	// (overall, grammaticality, fluency, meaning, overcorrection,
	// remaining_errors) from judge --jsonl. Empty takes the only one; a
	// file with several is then an error that lists them. A table holds
	// one score and takes no name.
	Metric string
	// Beta weighs recall in the F of M2 and ERRANT counts read from eval
	// --per-sentence (its lines hold counts, not F); 0 means 0.5.
	Beta float64
	// LineBase is the item of a line-numbered file's first line (eval
	// --per-sentence, judge --jsonl): 0, the src-id of Appraise XML and
	// meta-eval's item, or 1, as GUG numbers its sentences.
	LineBase int
}

// ReadMetricFile reads metric scores from any of the files gecmetric
// writes them in, telling the formats apart by their content:
//
//   - a table with columns item, system, score (CSV, TSV or JSON Lines;
//     ReadMetricScores);
//   - eval --per-sentence (JSON Lines with "system", "line" and per metric
//     its sentence statistics): per sentence the metric's sentence score
//     (M2 and ERRANT: the F_Beta of the sentence's counts, as m2.PRF and
//     errant.Score compute it; GLEU and chrF: the line's "score"), plus
//     for m2, errant and chrf each system's corpus score, the same
//     function of its summed statistics, which is eval's corpus score.
//     GLEU's corpus score is a mean over sampled reference sets that no
//     sum of lines gives: a system's GLEU is then the mean of its
//     sentence scores (use eval --json for eval's GLEU);
//   - judge --jsonl ("line", "system" and the quantities): per sentence
//     the quantity, null leaving the sentence unscored; overcorrection
//     and remaining_errors, where lower is better, are negated so that
//     higher is better for every score, as meta-eval reads them;
//   - eval --json (one document with "systems"): each system's corpus
//     score of the metric ("f" of m2 and errant, "score" of gleu and
//     chrf).
//
// A line number becomes the item strconv.Itoa(line − 1 + opt.LineBase).
// A file that is none of these is an error naming its first line and
// the formats there are; a line that breaks its file's format, or that
// repeats a system's line, is an error naming the line. It returns the
// format found.
func ReadMetricFile(r io.Reader, name string, opt MetricFileOptions) ([]MetricScore, string, error) {
	data, err := io.ReadAll(textcheck.Reader(r, name))
	if err != nil {
		return nil, "", parseerr.Wrap(name, 0, 0, err)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		if opt.Metric != "" {
			return nil, "", tableNamed(name, opt.Metric)
		}
		ms, err := ReadMetricScores(bytes.NewReader(data), name)
		if pe, ok := errors.AsType[*parseerr.Error](err); ok && pe.Line == 1 && !errors.Is(err, parseerr.ErrInvalidUTF8) && !errors.Is(err, parseerr.ErrNUL) {
			// The header is not a table's: say what files are read.
			first, _ := firstLine(data)
			if len(first) > 60 {
				first = append(first[:60:60], "…"...)
			}
			return nil, "", parseerr.At(name, 1, 0, nil, "%s; its first line is %q", notMetric, first)
		}
		return ms, MetricTable, err
	}
	first, n := firstLine(data)
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(first, &keys); err != nil {
		// Not one object a line: a JSON document (eval --json, indented).
		var doc map[string]json.RawMessage
		if derr := json.Unmarshal(data, &doc); derr != nil {
			l, c := 0, 0
			if off := jsonOffset(derr); off >= 0 {
				l, c = parseerr.Offset(data, off)
			}
			return nil, "", parseerr.At(name, l, c, nil, "%v", derr)
		}
		if _, ok := doc["systems"]; !ok {
			return nil, "", notMetricFile(name, 1, doc)
		}
		ms, err := readEvalJSON(doc, name, opt)
		return ms, MetricEvalJSON, err
	}
	_, hasLine := keys["line"]
	_, hasSystem := keys["system"]
	_, hasScore := keys["score"]
	switch {
	case keys["systems"] != nil:
		ms, err := readEvalJSON(keys, name, opt)
		return ms, MetricEvalJSON, err
	case hasSystem && hasScore:
		if opt.Metric != "" {
			return nil, "", tableNamed(name, opt.Metric)
		}
		ms, err := ReadMetricScores(bytes.NewReader(data), name)
		return ms, MetricTable, err
	case hasLine && hasSystem && slices.ContainsFunc(perSentenceMetrics, func(m string) bool { return keys[m] != nil }):
		ms, err := readPerSentence(data, name, opt)
		return ms, MetricPerSentence, err
	case hasLine && hasSystem && keys["overall"] != nil:
		ms, err := readJudgeJSONL(data, name, opt)
		return ms, MetricJudgeJSONL, err
	}
	return nil, "", notMetricFile(name, n, keys)
}

func tableNamed(name, metric string) error {
	return parseerr.At(name, 0, 0, nil, "a table of item, system, score holds one score: --metric-name %s is for eval's and judge's outputs", metric)
}

// perSentenceMetrics are the metrics of eval --per-sentence, in its order.
var perSentenceMetrics = []string{"m2", "errant", "gleu", "chrf"}

// lowerIsBetter are the judge quantities where lower is better (judge.Overcorrection,
// judge.RemainingErrors), negated on reading.
var lowerIsBetter = []string{"overcorrection", "remaining_errors"}

// firstLine returns the first non-blank line of data and its number.
func firstLine(data []byte) ([]byte, int) {
	for n, l := range bytes.Split(data, []byte("\n")) {
		if t := bytes.TrimSpace(l); len(t) > 0 {
			return t, n + 1
		}
	}
	return nil, 0
}

const notMetric = "not a metric file correlate reads (an item,system,score table as CSV, TSV or JSON Lines, " +
	"or the output of eval --per-sentence, judge --jsonl or eval --json)"

func notMetricFile(name string, line int, keys map[string]json.RawMessage) error {
	return parseerr.At(name, line, 0, nil, "%s; its keys are %s", notMetric, strings.Join(slices.Sorted(maps.Keys(keys)), ", "))
}

// pickMetric returns the metric opt names among those the file has, or
// its only one.
func pickMetric(name string, line int, has []string, opt MetricFileOptions, what string) (string, error) {
	if opt.Metric == "" {
		if len(has) == 1 {
			return has[0], nil
		}
		return "", parseerr.At(name, line, 0, nil, "%s output with %s: name one with --metric-name", what, strings.Join(has, ", "))
	}
	if !slices.Contains(has, opt.Metric) {
		return "", parseerr.At(name, line, 0, nil, "no %s in this %s output (it has %s)", opt.Metric, what, strings.Join(has, ", "))
	}
	return opt.Metric, nil
}

// jsonLines calls f on every non-blank line of data with its number,
// decoding it into a map; a line that is not a JSON object is an error
// naming it.
func jsonLines(data []byte, name string, f func(n int, keys map[string]json.RawMessage) error) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(line, &keys); err != nil {
			return parseerr.At(name, n, jsonColumn(sc.Bytes(), err), nil, "%v", err)
		}
		if err := f(n, keys); err != nil {
			return err
		}
	}
	return nil
}

// lineKey reads the "system" and "line" of a line-numbered JSON line; seen
// maps (system, line) to the line of the file where it was first met.
func lineKey(name string, n int, keys map[string]json.RawMessage, seen map[[2]string]int, opt MetricFileOptions) (sys, item string, err error) {
	var line int
	if json.Unmarshal(keys["system"], &sys) != nil || sys == "" {
		return "", "", parseerr.At(name, n, 0, nil, "want \"system\", a non-empty string")
	}
	if json.Unmarshal(keys["line"], &line) != nil || line < 1 {
		return "", "", parseerr.At(name, n, 0, nil, "want \"line\", a line number from 1")
	}
	k := [2]string{sys, strconv.Itoa(line)}
	if at, dup := seen[k]; dup {
		return "", "", parseerr.At(name, n, 0, nil, "system %s, line %d again (first at line %d)", sys, line, at)
	}
	seen[k] = n
	return sys, strconv.Itoa(line - 1 + opt.LineBase), nil
}

// readPerSentence reads eval --per-sentence.
func readPerSentence(data []byte, name string, opt MetricFileOptions) ([]MetricScore, error) {
	beta := opt.Beta
	if beta == 0 {
		beta = 0.5
	}
	var metric string
	var out []MetricScore
	sums := map[string]metrics.Stats{}
	var order []string
	seen := map[[2]string]int{}
	err := jsonLines(data, name, func(n int, keys map[string]json.RawMessage) error {
		if metric == "" {
			var has []string
			for _, m := range perSentenceMetrics {
				if keys[m] != nil {
					has = append(has, m)
				}
			}
			var err error
			if metric, err = pickMetric(name, n, has, opt, "eval --per-sentence"); err != nil {
				return err
			}
		}
		sys, item, err := lineKey(name, n, keys, seen, opt)
		if err != nil {
			return err
		}
		raw, ok := keys[metric]
		if !ok || string(raw) == "null" {
			return parseerr.At(name, n, 0, nil, "no %q on this line, unlike the first", metric)
		}
		var v struct {
			Correct, Proposed, Gold *float64 // m2
			TP, FP, FN              *int     // errant
			Stats                   []float64
			Score                   *float64 // gleu, chrf
		}
		if err := json.Unmarshal(raw, &v); err != nil {
			return parseerr.At(name, n, 0, nil, "%q: %v", metric, err)
		}
		var score float64
		var st metrics.Stats
		switch metric {
		case "m2":
			if v.Correct == nil || v.Proposed == nil || v.Gold == nil {
				return parseerr.At(name, n, 0, nil, "\"m2\" needs correct, proposed and gold")
			}
			st = make(metrics.Stats, 3)
			st[m2.Correct], st[m2.Proposed], st[m2.Gold] = *v.Correct, *v.Proposed, *v.Gold
			_, _, score = m2.PRF(st, beta)
		case "errant":
			if v.TP == nil || v.FP == nil || v.FN == nil {
				return parseerr.At(name, n, 0, nil, "\"errant\" needs tp, fp and fn")
			}
			st = metrics.Stats{float64(*v.TP), float64(*v.FP), float64(*v.FN)}
			_, _, score = errant.Score(errant.Counts{TP: *v.TP, FP: *v.FP, FN: *v.FN}, beta)
		default:
			if v.Score == nil {
				return parseerr.At(name, n, 0, nil, "%q needs a score", metric)
			}
			score = *v.Score
			if metric == "chrf" {
				if len(v.Stats) != 3*chrf.Order {
					return parseerr.At(name, n, 0, nil, "\"chrf\" needs %d stats, not %d", 3*chrf.Order, len(v.Stats))
				}
				st = v.Stats
			}
		}
		if math.IsNaN(score) || math.IsInf(score, 0) {
			return parseerr.At(name, n, 0, nil, "%s score is not a finite number", metric)
		}
		out = append(out, MetricScore{Item: item, System: sys, Value: score})
		if st != nil {
			if sums[sys] == nil {
				order = append(order, sys)
				sums[sys] = make(metrics.Stats, len(st))
			}
			sums[sys].Add(st)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, sys := range order {
		s := sums[sys]
		var f float64
		switch metric {
		case "m2":
			_, _, f = m2.PRF(s, beta)
		case "errant":
			_, _, f = errant.Score(errant.Counts{TP: int(s[0]), FP: int(s[1]), FN: int(s[2])}, beta)
		case "chrf":
			f = chrf.Score(s)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, parseerr.At(name, 0, 0, nil, "the %s of system %s's summed statistics is not a finite number", metric, sys)
		}
		out = append(out, MetricScore{System: sys, Value: f})
	}
	if len(out) == 0 {
		return nil, parseerr.At(name, 0, 0, parseerr.ErrEmptyInput, "no metric scores")
	}
	return out, nil
}

// readJudgeJSONL reads judge --jsonl.
func readJudgeJSONL(data []byte, name string, opt MetricFileOptions) ([]MetricScore, error) {
	var q string
	var out []MetricScore
	seen := map[[2]string]int{}
	err := jsonLines(data, name, func(n int, keys map[string]json.RawMessage) error {
		if q == "" {
			var has []string
			for k, raw := range keys {
				var v *float64
				if k != "line" && json.Unmarshal(raw, &v) == nil {
					has = append(has, k)
				}
			}
			slices.Sort(has)
			var err error
			if q, err = pickMetric(name, n, has, opt, "judge --jsonl"); err != nil {
				return err
			}
		}
		sys, item, err := lineKey(name, n, keys, seen, opt)
		if err != nil {
			return err
		}
		raw, ok := keys[q]
		if !ok {
			return parseerr.At(name, n, 0, nil, "no %q on this line, unlike the first", q)
		}
		var v *float64
		if err := json.Unmarshal(raw, &v); err != nil {
			return parseerr.At(name, n, 0, nil, "%q: want a number or null: %v", q, err)
		}
		if v == nil {
			return nil // no model for this quantity here: unscored
		}
		if slices.Contains(lowerIsBetter, q) {
			*v = -*v
		}
		out = append(out, MetricScore{Item: item, System: sys, Value: *v})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, parseerr.At(name, 0, 0, parseerr.ErrEmptyInput, "no %s scores", q)
	}
	return out, nil
}

// readEvalJSON reads eval --json's document.
func readEvalJSON(doc map[string]json.RawMessage, name string, opt MetricFileOptions) ([]MetricScore, error) {
	var systems []map[string]json.RawMessage
	if err := json.Unmarshal(doc["systems"], &systems); err != nil {
		return nil, parseerr.At(name, 0, 0, nil, "eval --json: \"systems\": %v", err)
	}
	if len(systems) == 0 {
		return nil, parseerr.At(name, 0, 0, parseerr.ErrEmptyInput, "eval --json: no systems")
	}
	var has []string
	for _, m := range perSentenceMetrics {
		if systems[0][m] != nil {
			has = append(has, m)
		}
	}
	if len(has) == 0 {
		// Another report with systems, such as judge --json.
		return nil, notMetricFile(name, 1, doc)
	}
	metric, err := pickMetric(name, 0, has, opt, "eval --json")
	if err != nil {
		return nil, err
	}
	var out []MetricScore
	for k, s := range systems {
		var sys string
		if json.Unmarshal(s["name"], &sys) != nil || sys == "" {
			return nil, parseerr.At(name, 0, 0, nil, "eval --json: system %d has no \"name\"", k+1)
		}
		var v struct{ F, Score *float64 }
		if raw, ok := s[metric]; !ok || json.Unmarshal(raw, &v) != nil || (v.F == nil && v.Score == nil) {
			return nil, parseerr.At(name, 0, 0, nil, "eval --json: system %s has no %s score", sys, metric)
		}
		score := v.F
		if score == nil {
			score = v.Score
		}
		out = append(out, MetricScore{System: sys, Value: *score})
	}
	return out, nil
}
