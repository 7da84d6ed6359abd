package calibrate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"

	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/usage"
)

// A MetricSource says where metric scores come from: a file, or the
// standard output of a shell command (gecmetric correlate's --metric and
// --metric-cmd). Exactly one of File and Command is set.
type MetricSource struct {
	File    string
	Command string    // run with sh -c
	Stderr  io.Writer // receives the command's standard error; nil discards it
	// Options say which score to take from eval's and judge's outputs.
	Options MetricFileOptions
}

// Read reads the metric scores with ReadMetricFile.
func (m MetricSource) Read(ctx context.Context) ([]MetricScore, error) {
	switch {
	case m.File != "" && m.Command != "":
		return nil, usage.Errorf("give --metric or --metric-cmd, not both")
	case m.File != "":
		f, err := os.Open(m.File)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		ms, _, err := ReadMetricFile(f, m.File, m.Options)
		return ms, err
	case m.Command != "":
		var out bytes.Buffer
		c := exec.CommandContext(ctx, "sh", "-c", m.Command)
		c.Stdout, c.Stderr = &out, m.Stderr
		if err := c.Run(); err != nil {
			return nil, fmt.Errorf("--metric-cmd %q: %w", m.Command, err)
		}
		ms, _, err := ReadMetricFile(&out, m.Name(), m.Options)
		return ms, err
	}
	return nil, usage.Errorf("correlate needs --metric FILE or --metric-cmd COMMAND")
}

// Name names the scores' origin in messages: the file, or "--metric-cmd
// output".
func (m MetricSource) Name() string {
	if m.File != "" {
		return m.File
	}
	return "--metric-cmd output"
}

// CorrelateJudgements reads the human ratings sel names and the metric
// scores, and correlates them with Correlate on every scale (in order of
// first appearance). It is gecmetric correlate on ratings; rankings
// (sel.IsRankings) are metaeval.CorrelateJudgements' and an error here.
func CorrelateJudgements(ctx context.Context, sel human.Selection, metric MetricSource, opt CorrelateOptions) ([]Correlation, error) {
	if sel.IsRankings() {
		return nil, fmt.Errorf("calibrate: %s: rankings (--format %s) are correlated by metaeval.CorrelateJudgements", sel.Path, sel.Format)
	}
	rs, err := sel.ReadRatings()
	if err != nil {
		return nil, err
	}
	ms, err := metric.Read(ctx)
	if err != nil {
		return nil, err
	}
	var out []Correlation
	for _, sc := range rs.Scales() {
		c, err := Correlate(rs, sc.Name, ms, opt)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// An AnnotatorRanks is the system ranking (RankSystems) from one group of
// rankings: all annotators together, or one annotator's.
type AnnotatorRanks struct {
	Annotator string // "all annotators" for the pooled ranking
	Systems   []SystemRank
}

// RankSystemsByAnnotator ranks the systems from all rankings together and,
// when there are several annotators, from each annotator's alone (in order
// of first appearance). It is gecmetric agreement on a ranking format.
func RankSystemsByAnnotator(rankings []human.Ranking, seed uint64) []AnnotatorRanks {
	out := []AnnotatorRanks{{Annotator: "all annotators", Systems: RankSystems(rankings, seed)}}
	byAnn := map[string][]human.Ranking{}
	var anns []string
	for _, r := range rankings {
		if _, ok := byAnn[r.Annotator]; !ok {
			anns = append(anns, r.Annotator)
		}
		byAnn[r.Annotator] = append(byAnn[r.Annotator], r)
	}
	if len(anns) > 1 {
		for _, a := range anns {
			out = append(out, AnnotatorRanks{Annotator: a, Systems: RankSystems(byAnn[a], seed)})
		}
	}
	return out
}
