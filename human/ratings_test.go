package human

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
	"github.com/gecmetric/gecmetric/parseerr"
)

const potatoFixture = `{"id": "a1", "displayed_text": "He go home .", "summary_1": "He goes home .", "summary_2": "He go home .", "summary_3": "He went home .", "summary_4": "He is going home now .", "label_annotations": {"semantics": {"scale_5": "5"}, "grammaticality": {"0": "1"}, "overcorrection": {"No": "1"}, "semantics_2": {"scale_5": "5"}, "grammaticality_2": {"1": "2"}, "overcorrection_2": {"No": "1"}, "semantics_3": {"scale_4": "4"}, "grammaticality_3": {"0": "1"}, "overcorrection_3": {"Minor over-correction": "2"}, "semantics_4": {"scale_3": "3"}, "grammaticality_4": {"2 or more": "3"}, "overcorrection_4": {"Substatial over-correction": "4"}}}
`

func TestReadPotato(t *testing.T) {
	rs, err := Sottana.ReadPotato(strings.NewReader(potatoFixture), "p.jsonl", "ann1")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 12 {
		t.Fatalf("%d ratings, want 12", len(rs))
	}
	type row struct {
		sys, scale, label string
		value             float64
	}
	var got []row
	for _, r := range rs {
		got = append(got, row{r.System, r.Scale.Name, r.Label, r.Value})
		if r.Annotator != "ann1" || r.Item != "a1" || r.Source != "He go home ." || r.Pos != "p.jsonl:1" {
			t.Errorf("bad rating %+v", r)
		}
	}
	want := []row{
		{"gold_reference", "semantics", "5", 5}, {"gold_reference", "grammaticality", "0", 0}, {"gold_reference", "overcorrection", "No", 0},
		{"opt-iml-max-30b", "semantics", "5", 5}, {"opt-iml-max-30b", "grammaticality", "1", 1}, {"opt-iml-max-30b", "overcorrection", "No", 0},
		{"text-davinci-003", "semantics", "4", 4}, {"text-davinci-003", "grammaticality", "0", 0}, {"text-davinci-003", "overcorrection", "Minor over-correction", 1},
		{"gpt-3.5-turbo", "semantics", "3", 3}, {"gpt-3.5-turbo", "grammaticality", "2 or more", 2}, {"gpt-3.5-turbo", "overcorrection", "Substantial over-correction", 3},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	if rs[10].Output != "He is going home now ." {
		t.Errorf("summary_4 output = %q", rs[10].Output)
	}
}

func TestReadPotatoErrors(t *testing.T) {
	tests := []struct {
		name, edit, want string
		is               error
	}{
		{"unknown label", `{"No": "1"}, "semantics_2"`, `p.jsonl:2: overcorrection_4: unknown label "Huge over-correction" on scale overcorrection`, ErrUnknownLabel},
		{"position mismatch", `{"No": "1"}, "semantics_2"`, `p.jsonl:2: malformed rating data: grammaticality_2: label "1" is position 2 on the scale but the file says "3"`, ErrRatingSyntax},
	}
	for i, tt := range tests {
		in := potatoFixture
		if i == 0 {
			in += strings.Replace(potatoFixture, `"Substatial over-correction": "4"`, `"Huge over-correction": "4"`, 1)
		} else {
			in += strings.Replace(potatoFixture, `"grammaticality_2": {"1": "2"}`, `"grammaticality_2": {"1": "3"}`, 1)
		}
		_, err := Sottana.ReadPotato(strings.NewReader(in), "p.jsonl", "x")
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || !errors.Is(err, tt.is) {
			t.Errorf("%s: got %v, want prefix %q", tt.name, err, tt.want)
		}
	}
	_, err := Sottana.ReadPotato(strings.NewReader(strings.Replace(potatoFixture, `"summary_3"`, `"summary_x"`, 1)), "p.jsonl", "x")
	if !errors.Is(err, ErrMissingColumn) || !strings.Contains(err.Error(), "p.jsonl:1:") {
		t.Errorf("missing summary_3: %v", err)
	}
}

func TestReadAnswers(t *testing.T) {
	in := `{"gold_reference": {"semantics": 5, "grammaticality": "0", "overcorrection": "No"}, "zz-model": {"semantics": 4.5, "grammaticality": "2 or more", "overcorrection": "Moderate over-correction"}, "id": "a1"}
{"gold_reference": {"semantics": 3.5, "grammaticality": "1", "overcorrection": "Minor over-correction"}, "id": "a2"}
`
	rs, err := Sottana.ReadAnswers(strings.NewReader(in), "o.jsonl", "gpt4")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 9 {
		t.Fatalf("%d ratings, want 9", len(rs))
	}
	// 4.5 rounds half to even (4), 3.5 to 4, as Python's round().
	if rs[3].System != "zz-model" || rs[3].Value != 4 || rs[6].Value != 4 || rs[4].Label != "2 or more" || rs[5].Value != 2 {
		t.Errorf("got %+v / %+v", rs[3], rs[6])
	}
	strict := Sottana
	strict.Strict = true
	if _, err := strict.ReadAnswers(strings.NewReader(in), "o.jsonl", "gpt4"); !errors.Is(err, ErrUnknownLabel) || !strings.HasPrefix(err.Error(), "o.jsonl:1: zz-model: semantics: unknown label \"4.5\"") {
		t.Errorf("strict: %v", err)
	}
	bad := strings.Replace(in, `"grammaticality": "1"`, `"grammaticality": "3"`, 1)
	if _, err := Sottana.ReadAnswers(strings.NewReader(bad), "o.jsonl", "gpt4"); err == nil || !strings.HasPrefix(err.Error(), "o.jsonl:2: gold_reference: grammaticality: unknown label") {
		t.Errorf("bad label: %v", err)
	}
}

func TestQueries(t *testing.T) {
	in := `{"original_input": "He go home .", "gold_reference": "He goes home .", "sys-b": "He went home .", "id": "q1"}` + "\n"
	qs, err := ReadQueries(strings.NewReader(in), "q.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 1 || qs[0].ID != "q1" || qs[0].Source != "He go home ." || fmt.Sprint(qs[0].Systems) != "[gold_reference sys-b]" || qs[0].Outputs[1] != "He went home ." {
		t.Fatalf("got %+v", qs)
	}
	var b strings.Builder
	if err := WriteQuery(&b, qs[0]); err != nil {
		t.Fatal(err)
	}
	if b.String() != in {
		t.Errorf("round trip:\n got %q\nwant %q", b.String(), in)
	}
}

const swedishFixture = `{
    "data": [
        {
            "original": "Jag har en bok",
            "reference": "Jag har en bok .",
            "systems": {
                "sysA": {"annotators": {"k": {"Fluency": 4, "Grammaticality": 3, "Meaning Preservation": 0, "corrected": "Jag har en bok ."}}, "output": "Jag har en bok"},
                "sysB": {"annotators": {}, "output": "Jag har bok ."}
            }
        },
        {
            "original": "Hon springa",
            "reference": "Hon springer .",
            "systems": {
                "sysA": {"annotators": {"k": {"Fluency": 2, "Grammaticality": 1, "Meaning Preservation": 4, "corrected": "Hon springer ."}}, "output": "Hon springa ."}
            }
        }
    ],
    "item_order": [0, 1],
    "next_item": 2
}`

func TestReadSwedish(t *testing.T) {
	rs, err := ReadSwedish(strings.NewReader(swedishFixture), "k.json", "set1")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 6 {
		t.Fatalf("%d ratings, want 6", len(rs))
	}
	r := rs[2] // first example, meaning preservation 0 = Other
	if r.Item != "set1:1" || r.Scale != Meaning4 || !r.Other || !math.IsNaN(r.Value) || r.PostEdit != "Jag har en bok ." || r.Output != "Jag har en bok" {
		t.Errorf("got %+v", r)
	}
	if rs[3].Item != "set1:2" || rs[3].Label != "Incomprehensible" || rs[4].Label != "Somewhat unnatural" || rs[3].Pos != "k.json:11" {
		t.Errorf("got %+v %+v", rs[3], rs[4])
	}
	bad := strings.Replace(swedishFixture, `"Fluency": 2`, `"Fluency": 7`, 1)
	_, err = ReadSwedish(strings.NewReader(bad), "k.json", "")
	if !errors.Is(err, ErrUnknownLabel) || !strings.HasPrefix(err.Error(), `k.json:11: example 2 sysA k Fluency: unknown label "7"`) {
		t.Errorf("bad label: %v", err)
	}
}

func TestReadSwedishSyntaxPosition(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"bad byte", "{\"data\": [\n  {\"original\": \"a\",, \"reference\": \"b\"}]}", "k.json:2:20: malformed rating data: example 1: invalid character ','"},
		{"truncated", "{\"data\": [\n", "k.json:2:1: malformed rating data: unexpected end of file"},
		{"not a list", "{\"data\": 3}", `k.json:1:10: malformed rating data: "data" is not a list`},
		{"type", "{\"data\": [\n {\"systems\": 4}]}", `k.json:2:2: malformed rating data: example 1: "systems": json: cannot unmarshal`},
		{"no data", "{}", `k.json:1: missing column: no "data" list`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadSwedish(strings.NewReader(tc.in), "k.json", "")
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want prefix %q", err, tc.want)
			}
			if _, ok := errors.AsType[*parseerr.Error](err); !ok {
				t.Errorf("%v is not a *parseerr.Error", err)
			}
		})
	}
}

func TestReadGUG(t *testing.T) {
	in := "Id\tSentence\tExpert Judgement\tCrowd Flower Judgements\tAverage\tDataset\n" +
		"1\tHe go home.\t3\t[3, 2, 3, 4, 3]\t3.0\ttrain\n" +
		"2\tBla \"bla.\t0\t[]\t\tnone\n"
	rs, err := ReadGUG(strings.NewReader(in), "g.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 7 {
		t.Fatalf("%d ratings, want 7", len(rs))
	}
	if rs[0].Annotator != "expert" || rs[0].Label != "Comprehensible" || rs[2].Annotator != "crowd2" || rs[2].Value != 2 || rs[0].Group != "train" {
		t.Errorf("got %+v %+v", rs[0], rs[2])
	}
	if last := rs[6]; !last.Other || last.Label != "Other" || last.Output != `Bla "bla.` {
		t.Errorf("expert Other: %+v", last)
	}
	_, err = ReadGUG(strings.NewReader(strings.Replace(in, "[3, 2, 3, 4, 3]", "[3, 2, 5, 4, 3]", 1)), "g.tsv")
	if !errors.Is(err, ErrUnknownLabel) || !strings.HasPrefix(err.Error(), `g.tsv:2: crowd3: unknown label "5"`) {
		t.Errorf("bad label: %v", err)
	}
}

func TestReadWMTRankings(t *testing.T) {
	in := "srclang,trglang,srcIndex,documentId,segmentId,judgeId,system1Number,system2Number,system1Id,system2Id,system1rank,system2rank\n" +
		"gug,gug,7,7,7,annotA,-1,-1,AMU,CAMB,1,2\n" +
		"gug,gug,7,7,7,annotB,-1,-1,AMU,CAMB,2,2\n" +
		"gug,gug,8,8,8,annotB,-1,-1,AMU,CAMB,-1,1\n"
	rk, err := ReadWMTRankings(strings.NewReader(in), "p.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(rk) != 2 || rk[0].Item != "7" || rk[1].Annotator != "annotB" || fmt.Sprint(rk[0].Ranks) != "[1 2]" || rk[1].Pos != "p.csv:3" {
		t.Fatalf("got %+v", rk)
	}
	cs := Comparisons(rk)
	if len(cs) != 2 || cs[0].Outcome != Win || cs[1].Outcome != Tie {
		t.Errorf("comparisons %+v", cs)
	}
	_, err = ReadWMTRankings(strings.NewReader(strings.Replace(in, "CAMB,1,2", "CAMB,x,2", 1)), "p.csv")
	if !errors.Is(err, ErrRatingSyntax) || !strings.HasPrefix(err.Error(), "p.csv:2:") {
		t.Errorf("bad rank: %v", err)
	}
	// Appraise XML given as WMT CSV: said so, not a CSV quoting error.
	_, err = ReadWMTRankings(strings.NewReader("\xef\xbb\xbf\n  "+appraiseFixture), "a.xml")
	if want := "a.xml:1:1: malformed rating data: XML, not WMT's CSV rankings (Appraise XML is --format appraise)"; err == nil || err.Error() != want || !errors.Is(err, ErrRatingSyntax) {
		t.Errorf("XML as WMT: %v, want %s", err, want)
	}
}

const appraiseFixture = `<?xml version="1.0" encoding="UTF-8"?>
<appraise-results>
<ranking-result source-language="en" id="none" target-language="en">
  <ranking-item doc-id="none" id="3" duration="00:00:20.6" user="judge1">
    <translation system="SYS1" rank="2" />
    <translation system="SYS2,SYS3" rank="1" />
    <translation system="SYS4" rank="4" />
  </ranking-item>
  <ranking-item doc-id="none" id="9" duration="00:00:05.0" user="judge2">
    <translation system="SYS1" rank="1" />
    <translation system="SYS4" rank="1" />
  </ranking-item>
  <ranking-item doc-id="none" id="10" src-id="7" skipped="true" user="judge2"/>
  <ranking-item doc-id="none" id="11" src-id="0" user="judge2">
    <translation system="SYS1 SYS4" rank="2" />
    <translation system="SYS2" rank="1" />
  </ranking-item>
</ranking-result>
</appraise-results>
`

func TestReadAppraise(t *testing.T) {
	rk, err := ReadAppraiseRankings(strings.NewReader(appraiseFixture), "a.xml")
	if err != nil {
		t.Fatal(err)
	}
	// The skipped item is left out; src-id, when present, is the item;
	// systems are split at commas and at white space.
	if len(rk) != 3 || fmt.Sprint(rk[0].Systems) != "[SYS1 SYS2 SYS3 SYS4]" || fmt.Sprint(rk[0].Ranks) != "[2 1 1 4]" || rk[1].Annotator != "judge2" || rk[0].Pos != "a.xml:4" ||
		rk[0].Item != "3" || rk[2].Item != "0" || fmt.Sprint(rk[2].Systems) != "[SYS1 SYS4 SYS2]" || fmt.Sprint(rk[2].Ranks) != "[2 2 1]" {
		t.Fatalf("got %+v", rk)
	}
	// 4 systems → 6 pairs, plus 1, plus 3 → 10; SYS2 vs SYS3 is a tie.
	cs := Comparisons(rk)
	if len(cs) != 10 || cs[0].Outcome != Loss || cs[3].A != "SYS2" || cs[3].B != "SYS3" || cs[3].Outcome != Tie {
		t.Errorf("comparisons %+v", cs)
	}
	_, err = ReadAppraiseRankings(strings.NewReader(strings.Replace(appraiseFixture, `rank="4"`, `rank="four"`, 1)), "a.xml")
	if !errors.Is(err, ErrRatingSyntax) || !strings.HasPrefix(err.Error(), "a.xml:7:") {
		t.Errorf("bad rank: %v", err)
	}
}

func TestReadSeed003Crowd(t *testing.T) {
	in := "HITId,WorkerId,Input.id,Input.system,Input.machine_completion,Answer.fluency,Answer.commonsense,Answer.feedback\n" +
		"H1,W1,s1,sysA,The man wore a glove .,5,4/5,\n" +
		"H1,W2,s1,sysA,The man wore a glove .,okay,,fine\n"
	rs, err := Seed003Crowd.ReadCSV(strings.NewReader(in), "batch.csv", ',')
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 3 {
		t.Fatalf("%d ratings, want 3", len(rs))
	}
	// Columns sorted: Answer.commonsense before Answer.fluency.
	if rs[0].Scale != Commonsense5 || rs[0].Value != 4 || rs[1].Label != "excellent" || rs[2].Value != 3 || rs[2].Annotator != "W2" || rs[2].Output != "The man wore a glove ." {
		t.Errorf("got %+v", rs)
	}
	onehot := "HITId,WorkerId,Input.machine_completion,Answer.fluency.1.on,Answer.fluency.2.on,Answer.commonsense.3,Answer.commonsense.5\n" +
		"H9,W1,Wear glove .,false,true,true,false\n"
	rs, err = Seed003Crowd.ReadCSV(strings.NewReader(onehot), "b.csv", ',')
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].Item != "H9" || rs[0].Value != 3 || rs[1].Value != 2 {
		t.Errorf("one-hot: %+v", rs)
	}
	_, err = Seed003Crowd.ReadCSV(strings.NewReader(strings.Replace(in, ",okay,", ",meh,", 1)), "batch.csv", ',')
	if !errors.Is(err, ErrUnknownLabel) || !strings.HasPrefix(err.Error(), `batch.csv:3: Answer.fluency: unknown label "meh"`) {
		t.Errorf("bad label: %v", err)
	}
}

func TestRatingTableJSONL(t *testing.T) {
	tab := RatingTable{Item: "id", System: "sys", Annotator: "who", Scales: map[string]*Scale{"g": Grammaticality4}}
	in := `{"id": "1", "sys": "A", "who": "x", "g": 4}
{"id": "1", "sys": "B", "who": "x", "g": "O"}
{"id": "2", "sys": "A", "who": "x", "g": null}
`
	rs, err := tab.ReadJSONL(strings.NewReader(in), "t.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].Label != "Perfect" || !rs[1].Other {
		t.Fatalf("got %+v", rs)
	}
	_, err = tab.ReadJSONL(strings.NewReader(`{"id": "1", "g": 9}`), "t.jsonl")
	if !errors.Is(err, ErrUnknownLabel) || !strings.HasPrefix(err.Error(), `t.jsonl:1: g: unknown label "9"`) {
		t.Errorf("bad label: %v", err)
	}
	_, err = tab.ReadCSV(strings.NewReader("sys,g\nA,4\n"), "t.csv", ',')
	if !errors.Is(err, ErrMissingColumn) {
		t.Errorf("no id column: %v", err)
	}
}

// Golden: every public rating set reads without error, with the expected
// sizes.
func TestReadSharedRatings(t *testing.T) {
	dir := testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations")
	rs, err := Sottana.ReadSottanaDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	// 4 annotators (3 humans + GPT-4) × 100 items × 4 systems × 3 scales.
	if len(rs) != 4800 {
		t.Errorf("Sottana: %d ratings, want 4800", len(rs))
	}
	// Ids are sha256 of the lower-cased, trimmed source.
	for _, r := range rs[:12] {
		h := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(r.Source))))
		if hex.EncodeToString(h[:]) != r.Item {
			t.Errorf("item %s is not sha256 of %q", r.Item, r.Source)
		}
	}
	// The seed-000 prompt's example query is item 765d0adf…: its
	// gold_reference and opt-iml-max-30b texts are summary_1 and summary_2.
	for _, r := range rs {
		if strings.HasPrefix(r.Item, "765d0adf") && r.Annotator != "gpt4" {
			want := map[string]string{"gold_reference": "Travelling by car is also much more convenient.", "opt-iml-max-30b": "Travalling by car is also much more convenient."}
			if w, ok := want[r.System]; ok && r.Output != w {
				t.Errorf("%s output %q, prompt example has %q", r.System, r.Output, w)
			}
		}
	}

	gug, err := readGUGFile(testdata.Dir(t, "gug", "gug_annotations.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	// 3,129 expert judgements, 3,019 sentences with 5 crowd judgements.
	if n := len(gug.By("expert")); n != 3129 {
		t.Errorf("GUG expert: %d, want 3129", n)
	}
	if n := len(gug); n != 3129+5*3019 {
		t.Errorf("GUG: %d ratings, want %d", n, 3129+5*3019)
	}

	sw, err := ReadSwedishDir(testdata.Dir(t, "swedish-gec-evaluation", "annotations"), "*")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sw.By("katarina").Where(func(r *Rating) bool { return strings.HasPrefix(r.Group, "balanced") })); n != 3*64*5*3 {
		t.Errorf("Swedish katarina balanced: %d, want %d", n, 3*64*5*3)
	}

	f, err := os.Open(testdata.Dir(t, "jfleg", "EACL_exp", "mturk", "pairwise.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rk, err := ReadWMTRankings(f, "pairwise.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(rk) != 1629 {
		t.Errorf("JFLEG pairwise: %d rankings, want 1629 (549 by annotA, 1080 by annotB)", len(rk))
	}
}

func readGUGFile(path string) (Ratings, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadGUG(f, filepath.Base(path))
}

func FuzzReadPotato(f *testing.F) {
	f.Add(potatoFixture)
	f.Add(`{"id": "x"}`)
	f.Fuzz(func(t *testing.T, in string) {
		rs, err := Sottana.ReadPotato(strings.NewReader(in), "f", "a")
		if err == nil && len(rs)%12 != 0 {
			t.Errorf("%d ratings, not a multiple of 12", len(rs))
		}
	})
}

func FuzzReadSwedish(f *testing.F) {
	f.Add(swedishFixture)
	f.Fuzz(func(t *testing.T, in string) {
		rs, err := ReadSwedish(strings.NewReader(in), "f", "g")
		if err != nil {
			if _, ok := errors.AsType[*parseerr.Error](err); !ok {
				t.Errorf("error %v is not positioned", err)
			}
			return
		}
		for _, r := range rs {
			if r.Other != math.IsNaN(r.Value) {
				t.Errorf("Other %v with value %v", r.Other, r.Value)
			}
		}
	})
}

func FuzzReadRankings(f *testing.F) {
	f.Add(appraiseFixture, "srclang,trglang,srcIndex,documentId,segmentId,judgeId,system1Id,system2Id,system1rank,system2rank\na,b,1,1,1,j,A,B,1,2\n")
	f.Fuzz(func(t *testing.T, xmlIn, csvIn string) {
		for _, read := range []func() ([]Ranking, error){
			func() ([]Ranking, error) { return ReadAppraiseRankings(strings.NewReader(xmlIn), "f") },
			func() ([]Ranking, error) { return ReadWMTRankings(strings.NewReader(csvIn), "f") },
		} {
			rk, err := read()
			if err != nil {
				continue
			}
			for _, r := range rk {
				if len(r.Systems) != len(r.Ranks) || len(r.Systems) < 2 {
					t.Errorf("bad ranking %+v", r)
				}
			}
		}
	})
}

func FuzzRatingTable(f *testing.F) {
	f.Add("HITId,WorkerId,Input.id,Answer.fluency,Answer.commonsense\nH,W,1,5,3\n")
	f.Fuzz(func(t *testing.T, in string) {
		rs, err := Seed003Crowd.ReadCSV(strings.NewReader(in), "f", ',')
		if err != nil {
			return
		}
		for _, r := range rs {
			if r.Value < 1 || r.Value > 5 {
				t.Errorf("value %v off the 1-5 scale", r.Value)
			}
		}
	})
}

// TestParseAnswer: one candidate's seed-000 answer, with exactly the
// scales' fields; semantics numbers between labels rounded unless Strict.
func TestParseAnswer(t *testing.T) {
	strict := Sottana
	strict.Strict = true
	for _, tc := range []struct {
		in      string
		f       Seed000
		want    string // the labels, or the error
		rounded int
		class   error
	}{
		{`{"semantics": 5, "grammaticality": "0", "overcorrection": "No"}`, Sottana, "5 0 No", 0, nil},
		{`{"overcorrection": 3, "semantics": "scale_2", "grammaticality": 2}`, Sottana, "2 2 or more Substantial over-correction", 0, nil},
		{`{"semantics": 4.5, "grammaticality": "0", "overcorrection": "No"}`, Sottana, "4 0 No", 1, nil},
		{`{"semantics": 4.5, "grammaticality": "0", "overcorrection": "No"}`, strict, `semantics: unknown label "4.5" on scale semantics (want "1", "2", "3", "4", "5")`, 0, ErrUnknownLabel},
		{`{"semantics": 5, "grammaticality": 0.5, "overcorrection": "No"}`, Sottana, `grammaticality: unknown label "0.5" on scale grammaticality (want "0", "1", "2 or more")`, 0, ErrUnknownLabel},
		{`{"semantics": 5, "grammaticality": null, "overcorrection": "No"}`, Sottana, "grammaticality: null is not a label", 0, ErrRatingSyntax},
		{`{"semantics": 5, "grammaticality": "0"}`, Sottana, `no "overcorrection"`, 0, ErrMissingColumn},
		{`{"semantics": 5, "grammaticality": "0", "overcorrection": "No", "why": ""}`, Sottana, `unexpected key "why" (want semantics, grammaticality, overcorrection)`, 0, ErrRatingSyntax},
		{`{"semantics": 5, "semantics": 4, "grammaticality": "0", "overcorrection": "No"}`, Sottana, `key "semantics" appears twice`, 0, ErrRatingSyntax},
		{`{"semantics": [5], "grammaticality": "0", "overcorrection": "No"}`, Sottana, "semantics: [5] is neither a number nor a string", 0, ErrRatingSyntax},
		{`5`, Sottana, "not a JSON object: want a JSON object", 0, ErrRatingSyntax},
	} {
		rs, rounded, err := tc.f.ParseAnswer([]byte(tc.in))
		var got []string
		for _, r := range rs {
			got = append(got, r.Label)
		}
		if tc.class != nil {
			if !errors.Is(err, tc.class) || err.Error() != tc.want {
				t.Errorf("%s: %v, want %q (%v)", tc.in, err, tc.want, tc.class)
			}
		} else if err != nil || strings.Join(got, " ") != tc.want || rounded != tc.rounded {
			t.Errorf("%s: %q rounded %d %v, want %q rounded %d", tc.in, got, rounded, err, tc.want, tc.rounded)
		}
	}
}
