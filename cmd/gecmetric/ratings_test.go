package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

const gugFixture = "Id\tSentence\tExpert Judgement\tCrowd Flower Judgements\tAverage\tDataset\n" +
	"1\tShe walk to school every days.\t2\t[2, 2, 3, 2, 1]\t2.0\ttrain\n" +
	"2\tThe results was surprising for everyone.\t3\t[3, 3, 4, 3, 3]\t3.17\ttrain\n" +
	"3\tWe visited the museum yesterday.\t4\t[4, 4, 4, 3, 4]\t3.83\tdev\n" +
	"4\tBecause of.\t0\t[]\t\tnone\n" +
	"5\tHim no want go.\t1\t[1, 2, 1, 1, 1]\t1.17\ttest\n"

func writeRatingFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCorrelateCLI(t *testing.T) {
	dir := writeRatingFiles(t, map[string]string{
		"gug.tsv":    gugFixture,
		"metric.csv": "item,system,score\n1,learner,0.3\n2,learner,0.5\n3,learner,0.9\n4,learner,0.2\n5,learner,0.1\n",
	})
	out, errOut, code := gecmetric(t, "", "correlate", "--human", filepath.Join(dir, "gug.tsv"), "--format", "gug",
		"--metric", filepath.Join(dir, "metric.csv"), "--resamples", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// Item 4 is Other for the expert and has no crowd ratings: 4 units.
	// The metric orders items exactly as the mean ratings (5 < 1 < 2 < 3).
	for _, want := range []string{
		"# grammaticality (higher is better) sentence level: 4 units, 4 items, 1 systems; 95% bootstrap interval, 200 resamples over items, seed 1",
		"spearman         1.0000", "kendall_tau_b    1.0000", "acc_eq           1.0000",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// JSON, and the same numbers from --metric-cmd.
	js, _, code := gecmetric(t, "", "correlate", "--human", filepath.Join(dir, "gug.tsv"), "--format", "gug",
		"--metric-cmd", "cat "+filepath.Join(dir, "metric.csv"), "--json", "--resamples", "0")
	if code != 0 {
		t.Fatalf("json exit %d", code)
	}
	var res []struct {
		Scale string
		Units int
		Stats []struct {
			Name  string
			Value float64
			Lo    *float64
		} `json:"statistics"`
	}
	if err := json.Unmarshal([]byte(js), &res); err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	if len(res) != 1 || res[0].Units != 4 || res[0].Stats[1].Name != "spearman" || res[0].Stats[1].Value != 1 || res[0].Stats[1].Lo != nil {
		t.Errorf("json: %+v", res)
	}
}

func TestCorrelateErrors(t *testing.T) {
	dir := writeRatingFiles(t, map[string]string{
		"bad.tsv":    strings.Replace(gugFixture, "[3, 3, 4, 3, 3]", "[3, 3, 7, 3, 3]", 1),
		"gug.tsv":    gugFixture,
		"metric.csv": "item,system,score\n1,learner,x\n",
	})
	_, errOut, code := gecmetric(t, "", "correlate", "--human", filepath.Join(dir, "bad.tsv"), "--format", "gug", "--metric", filepath.Join(dir, "metric.csv"))
	if code != 2 || !strings.Contains(errOut, "bad.tsv:3: crowd3: unknown label \"7\"") {
		t.Errorf("bad label: exit %d, %s", code, errOut)
	}
	_, errOut, code = gecmetric(t, "", "correlate", "--human", filepath.Join(dir, "gug.tsv"), "--format", "gug", "--metric", filepath.Join(dir, "metric.csv"))
	if code != 2 || !strings.Contains(errOut, "metric.csv:2:11: score \"x\" is not a number") {
		t.Errorf("bad score: exit %d, %s", code, errOut)
	}
	_, errOut, code = gecmetric(t, "", "correlate", "--human", filepath.Join(dir, "gug.tsv"), "--format", "nope", "--metric", filepath.Join(dir, "metric.csv"))
	if code != 2 || !strings.Contains(errOut, `unknown rating format "nope"`) {
		t.Errorf("bad format: exit %d, %s", code, errOut)
	}
	_, _, code = gecmetric(t, "", "correlate", "--human", filepath.Join(dir, "gug.tsv"), "--format", "gug")
	if code != 2 {
		t.Errorf("no metric: exit %d", code)
	}
}

func TestAgreementCLI(t *testing.T) {
	dir := writeRatingFiles(t, map[string]string{
		"r.csv": "item,system,annotator,g,f\n1,A,x,4,Somewhat natural\n1,A,y,3,Somewhat natural\n2,A,x,2,Extremely unnatural\n2,A,y,2,\n3,A,x,O,Other\n3,A,y,1,Extremely unnatural\n",
	})
	out, errOut, code := gecmetric(t, "", "agreement", "--human", filepath.Join(dir, "r.csv"), "--format", "csv",
		"--rating", "g=gug/grammaticality", "--rating", "f=swedish/fluency")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !hasRow(out, "grammaticality A x 3.0000 1.0000 2 1") {
		t.Errorf("x's grammaticality mean:\n%s", out)
	}
	// fluency: units 1 (3,3) only pairable once 2/y is empty and 3/x Other:
	// one unit, so alpha is undefined; grammaticality: units 1 and 2.
	for _, want := range []string{
		"# fluency (higher is better): 2 annotators, 1 units rated by two or more",
		"# grammaticality (higher is better): 2 annotators, 2 units rated by two or more",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestAgreementRankingsCLI(t *testing.T) {
	dir := writeRatingFiles(t, map[string]string{
		"r.csv": "srclang,trglang,srcIndex,documentId,segmentId,judgeId,system1Id,system2Id,system1rank,system2rank\n" +
			"en,en,1,1,1,j1,A,B,1,2\nen,en,2,2,2,j1,A,B,1,1\nen,en,3,3,3,j2,B,A,2,1\n",
	})
	out, errOut, code := gecmetric(t, "", "agreement", "--human", filepath.Join(dir, "r.csv"), "--format", "wmt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// Expected Wins by hand: A won the only decided comparisons. TrueSkill
	// puts A above B.
	if !hasRowPrefix(out, "all annotators A 2 0 1 1.0000 0.") || !hasRowPrefix(out, "all annotators B 0 2 1 0.0000 -0.") {
		t.Errorf("output:\n%s", out)
	}
}

// The Sottana means through the CLI, against gec.csv's printed values.
func TestAgreementSottana(t *testing.T) {
	dir := testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations")
	out, errOut, code := gecmetric(t, "", "agreement", "--human", dir, "--format", "sottana", "--scale", "semantics", "--include-models")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !hasRow(out, "semantics opt-iml-max-30b gpt4 4.3700 0.7301 100 0") {
		t.Errorf("output:\n%s", out)
	}
	// krippendorff_alpha_scores.json: gec SEMANTICS with GPT-4 0.2188 /
	// 0.3438 / 0.3438, without 0.5926 / 0.8778 / 0.8778.
	if !hasRow(out, "system_rank_alpha nominal 0.2188 ordinal 0.3438 interval 0.3438") {
		t.Errorf("with GPT-4:\n%s", out)
	}
	out, _, _ = gecmetric(t, "", "agreement", "--human", dir, "--format", "sottana", "--scale", "semantics",
		"--annotator", "57e2b7c38e00270001b43aba", "--annotator", "5995e3cf9845ef00014de380", "--annotator", "61102f9292f5e6301b5bea45")
	if !hasRow(out, "system_rank_alpha nominal 0.5926 ordinal 0.8778 interval 0.8778") {
		t.Errorf("without GPT-4:\n%s", out)
	}
	// GPT-4 is not a rater unless asked: the default is the three humans.
	if byDefault, _, _ := gecmetric(t, "", "agreement", "--human", dir, "--format", "sottana", "--scale", "semantics"); byDefault != out {
		t.Errorf("default differs from the three humans:\n%s", diffLines(out, byDefault))
	}
}

// hasRow reports whether a line of out has the white-space separated fields
// of row.
func hasRow(out, row string) bool { return hasRowPrefix(out, row+"\n") }

// hasRowPrefix reports whether a line of out, its fields joined by single
// spaces and followed by a newline, starts with prefix.
func hasRowPrefix(out, prefix string) bool {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.Join(strings.Fields(l), " ")+"\n", prefix) {
			return true
		}
	}
	return false
}

func TestCorrelateRankingsCLI(t *testing.T) {
	dir := writeRatingFiles(t, map[string]string{
		"r.csv": "srclang,trglang,srcIndex,documentId,segmentId,judgeId,system1Id,system2Id,system1rank,system2rank\n" +
			"en,en,1,1,1,j1,A,B,1,2\nen,en,2,2,2,j1,B,C,1,2\nen,en,3,3,3,j2,A,C,1,2\nen,en,4,4,4,j2,C,B,2,1\n",
		"m.tsv": "system\tscore\nA\t0.9\nB\t0.5\nC\t0.1\n",
	})
	out, errOut, code := gecmetric(t, "", "correlate", "--human", filepath.Join(dir, "r.csv"), "--format", "wmt",
		"--metric", filepath.Join(dir, "m.tsv"), "--resamples", "100")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// Expected Wins: A 1, B 0.5, C 0: the metric's order.
	if !strings.Contains(out, "# expected_wins (higher is better) system level: 4 pairwise comparisons, 4 items, 3 systems") || !hasRowPrefix(out, "spearman 1.0000") {
		t.Errorf("output:\n%s", out)
	}
}

// Östling et al. (2024) Table 4 through the CLI: the main rater's means on
// the three balanced sets (a glob of set folders), Other counted apart.
func TestAgreementSwedish(t *testing.T) {
	dir := testdata.Dir(t, "swedish-gec-evaluation", "annotations")
	out, errOut, code := gecmetric(t, "", "agreement", "--human", filepath.Join(dir, "balanced_*"), "--format", "swedish", "--annotator", "katarina")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, row := range []string{
		"grammaticality granska katarina 3.0052 0.9066 191 1",
		"meaning granska katarina 3.4809 0.8922 183 9",
		"fluency s2 katarina 3.5812 0.7108 191 1",
	} {
		if !hasRow(out, row) {
			t.Errorf("no row %q:\n%s", row, out)
		}
	}
	// The doubly annotated set: both annotators, 55 shared units.
	out, _, code = gecmetric(t, "", "agreement", "--human", filepath.Join(dir, "balanced_A"), "--format", "swedish", "--scale", "grammaticality")
	if code != 0 || !hasRow(out, "katarina robert 55 0.9091 0.7812 0.7946 0.8170") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}
