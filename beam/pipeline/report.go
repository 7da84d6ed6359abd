package pipeline

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path"
	"strconv"
	"strings"
	"text/tabwriter"
)

// A Report is the pipeline's result: `gecmetric eval --json`'s fields for
// every system, plus the edit counts per type and the judge's means when
// asked for.
type Report struct {
	Signature string         `json:"signature"`
	Sentences int64          `json:"sentences"`
	Systems   []SystemReport `json:"systems"`
}

// A SystemReport is one system's scores.
type SystemReport struct {
	Name   string             `json:"name"`
	M2     *EditScore         `json:"m2,omitempty"`
	ERRANT *EditScore         `json:"errant,omitempty"`
	GLEU   *GLEUScore         `json:"gleu,omitempty"`
	Types  map[string]int64   `json:"edit_types,omitempty"` // edits per ERRANT type
	Judge  map[string]float64 `json:"judge,omitempty"`      // mean of each judged quantity
}

// An EditScore is an F-score of edits with its counts. For M2, FP and FN
// are proposed−correct and gold−correct.
type EditScore struct {
	TP int64   `json:"tp"`
	FP int64   `json:"fp"`
	FN int64   `json:"fn"`
	P  float64 `json:"p"`
	R  float64 `json:"r"`
	F  float64 `json:"f"`
}

// A GLEUScore is compute_gleu's mean over sampled reference sets, with the
// standard deviation and normal 95% interval of the iterations.
type GLEUScore struct {
	Score float64    `json:"score"`
	Std   float64    `json:"std"`
	CI    [2]float64 `json:"-"`
}

// MarshalJSON writes the interval as null when it is undefined (std 0),
// as `gecmetric eval --json` does.
func (g GLEUScore) MarshalJSON() ([]byte, error) {
	ci := [2]*float64{}
	for i, v := range g.CI {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			ci[i] = &v
		}
	}
	return json.Marshal(struct {
		Score float64     `json:"score"`
		Std   float64     `json:"std"`
		CI    [2]*float64 `json:"ci"`
	}{g.Score, g.Std, ci})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (g *GLEUScore) UnmarshalJSON(b []byte) error {
	var v struct {
		Score float64     `json:"score"`
		Std   float64     `json:"std"`
		CI    [2]*float64 `json:"ci"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	g.Score, g.Std, g.CI = v.Score, v.Std, [2]float64{math.NaN(), math.NaN()}
	for i, p := range v.CI {
		if p != nil {
			g.CI[i] = *p
		}
	}
	return nil
}

// JSON returns the report as indented JSON.
func (r *Report) JSON() (string, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	return string(b) + "\n", err
}

// systemName is how `gecmetric eval` names a system: its file's base name.
func systemName(in Input) string { return path.Base(in.Name) }

// WriteTable prints the report as `gecmetric eval` prints its table, then
// the judge's means and the edit types when present, then the signature.
func (r *Report) WriteTable(w io.Writer, beta float64) error {
	fb := "F" + strconv.FormatFloat(beta, 'g', -1, 64)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if len(r.Systems) == 0 {
		return nil
	}
	s0 := r.Systems[0]
	head := []string{"system"}
	if s0.M2 != nil {
		head = append(head, "M2 P", "R", fb)
	}
	if s0.ERRANT != nil {
		head = append(head, "ERRANT TP", "FP", "FN", "P", "R", fb)
	}
	if s0.GLEU != nil {
		head = append(head, "GLEU", "std", "95% CI")
	}
	if s0.Judge != nil {
		for _, q := range JudgeQuantities {
			head = append(head, q)
		}
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	f4 := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for _, s := range r.Systems {
		row := []string{s.Name}
		if m := s.M2; m != nil {
			row = append(row, f4(m.P), f4(m.R), f4(m.F))
		}
		if e := s.ERRANT; e != nil {
			row = append(row, strconv.FormatInt(e.TP, 10), strconv.FormatInt(e.FP, 10), strconv.FormatInt(e.FN, 10), f4(e.P), f4(e.R), f4(e.F))
		}
		if g := s.GLEU; g != nil {
			ci := "-"
			if !math.IsNaN(g.CI[0]) {
				ci = fmt.Sprintf("(%.3f,%.3f)", g.CI[0], g.CI[1])
			}
			row = append(row, fmt.Sprintf("%.6f", g.Score), fmt.Sprintf("%.6f", g.Std), ci)
		}
		if s.Judge != nil {
			for _, q := range JudgeQuantities {
				v, ok := s.Judge[q]
				if ok {
					row = append(row, f4(v))
				} else {
					row = append(row, "-")
				}
			}
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nsentences: %d\nsignature: %s\n", r.Sentences, r.Signature)
	return err
}

// ParseReport reads a report written by the pipeline.
func ParseReport(data []byte) (*Report, error) {
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return &r, nil
}
