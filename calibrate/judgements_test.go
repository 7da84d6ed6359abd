package calibrate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/usage"
)

const gugTSV = "Id\tSentence\tExpert Judgement\tCrowd Flower Judgements\tAverage\tDataset\n" +
	"1\tShe walk to school every days.\t2\t[2, 2, 3, 2, 1]\t2.0\ttrain\n" +
	"2\tThe results was surprising for everyone.\t3\t[3, 3, 4, 3, 3]\t3.17\ttrain\n" +
	"3\tWe visited the museum yesterday.\t4\t[4, 4, 4, 3, 4]\t3.83\tdev\n" +
	"5\tHim no want go.\t1\t[1, 2, 1, 1, 1]\t1.17\ttest\n"

func TestMetricSource(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "m.csv")
	if err := os.WriteFile(file, []byte("item,system,score\n1,learner,0.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		src     MetricSource
		n       int
		err     string
		isUsage bool
	}{
		{"file", MetricSource{File: file}, 1, "", false},
		{"command", MetricSource{Command: `printf 'item,system,score\n1,a,1\n2,a,2\n'`}, 2, "", false},
		{"both", MetricSource{File: file, Command: "true"}, 0, "give --metric or --metric-cmd, not both", true},
		{"neither", MetricSource{}, 0, "correlate needs --metric FILE or --metric-cmd COMMAND", true},
		{"failing command", MetricSource{Command: "exit 3"}, 0, `--metric-cmd "exit 3": exit status 3`, false},
		{"bad output", MetricSource{Command: `printf 'system,score\na,x\n'`}, 0, `--metric-cmd output:2:3: score "x"`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ms, err := tc.src.Read(context.Background())
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) || usage.Is(err) != tc.isUsage {
					t.Fatalf("error %v (usage %v), want prefix %q (usage %v)", err, usage.Is(err), tc.err, tc.isUsage)
				}
				return
			}
			if err != nil || len(ms) != tc.n {
				t.Fatalf("%d scores, %v; want %d", len(ms), err, tc.n)
			}
		})
	}
}

func TestCorrelateJudgements(t *testing.T) {
	dir := t.TempDir()
	gug := filepath.Join(dir, "gug.tsv")
	if err := os.WriteFile(gug, []byte(gugTSV), 0o644); err != nil {
		t.Fatal(err)
	}
	// The metric orders the four sentences as the crowd means do.
	metric := MetricSource{Command: `printf 'item,system,score\n1,learner,0.2\n2,learner,0.6\n3,learner,0.9\n5,learner,0.1\n'`}
	opt := CorrelateOptions{Level: SentenceLevel, Resamples: -1}
	cs, err := CorrelateJudgements(context.Background(), human.Selection{Path: gug, Format: "gug"}, metric, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || cs[0].Scale.Name != "grammaticality" || cs[0].Units != 4 {
		t.Fatalf("got %+v", cs)
	}
	spearman := 0.0
	for _, s := range cs[0].Stats {
		if s.Name == "spearman" {
			spearman = s.Value
		}
	}
	if spearman != 1 {
		t.Errorf("spearman %v, want 1 (same order)", spearman)
	}
	if _, err := CorrelateJudgements(context.Background(), human.Selection{Path: gug, Format: "gug"}, MetricSource{}, opt); !usage.Is(err) {
		t.Errorf("no metric: %v, want a usage error", err)
	}
}

func TestRankSystemsByAnnotator(t *testing.T) {
	rk := []human.Ranking{
		{Item: "1", Annotator: "j1", Systems: []string{"A", "B"}, Ranks: []int{1, 2}},
		{Item: "2", Annotator: "j2", Systems: []string{"A", "B"}, Ranks: []int{2, 1}},
		{Item: "3", Annotator: "j1", Systems: []string{"A", "B"}, Ranks: []int{1, 2}},
	}
	got := RankSystemsByAnnotator(rk, 1)
	if len(got) != 3 || got[0].Annotator != "all annotators" || got[1].Annotator != "j1" || got[2].Annotator != "j2" {
		t.Fatalf("groups %+v", got)
	}
	wins := map[string]int{}
	for _, s := range got[0].Systems {
		wins[s.System] = s.Wins
	}
	if wins["A"] != 2 || wins["B"] != 1 {
		t.Errorf("pooled wins %v, want A 2, B 1", wins)
	}
	if one := RankSystemsByAnnotator(rk[:1], 1); len(one) != 1 {
		t.Errorf("one annotator: %d groups, want the pooled one only", len(one))
	}
}
