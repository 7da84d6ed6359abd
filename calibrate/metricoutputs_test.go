package calibrate

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gecmetric/gecmetric/parseerr"
)

// chrfStats is a chrF statistics row with only unigrams: hyp, ref and
// matching character counts.
func chrfStats(hyp, ref, match int) string {
	s := []string{fmt.Sprint(hyp), fmt.Sprint(ref), fmt.Sprint(match)}
	for range 15 {
		s = append(s, "0")
	}
	return "[" + strings.Join(s, ",") + "]"
}

// Two systems, two lines each, as eval --per-sentence writes them.
var perSentenceFile = `{"system":"A","line":1,"m2":{"correct":1,"proposed":2,"gold":1,"annotator":0},"errant":{"tp":1,"fp":1,"fn":0,"hyp_coder":0,"ref_coder":0},"gleu":{"counts":[],"expected":[],"score":0.5},"chrf":{"stats":` + chrfStats(2, 2, 1) + `,"score":0.5},"edits":[]}
{"system":"B","line":1,"m2":{"correct":0,"proposed":0,"gold":1,"annotator":0},"errant":{"tp":0,"fp":0,"fn":1,"hyp_coder":0,"ref_coder":0},"gleu":{"counts":[],"expected":[],"score":0.25},"chrf":{"stats":` + chrfStats(2, 2, 0) + `,"score":0}}
{"system":"A","line":2,"m2":{"correct":0,"proposed":0,"gold":1,"annotator":1},"errant":{"tp":0,"fp":0,"fn":1,"hyp_coder":0,"ref_coder":0},"gleu":{"counts":[],"expected":[],"score":0.75},"chrf":{"stats":` + chrfStats(2, 2, 2) + `,"score":1}}
{"system":"B","line":2,"m2":{"correct":1,"proposed":1,"gold":1,"annotator":0},"errant":{"tp":1,"fp":0,"fn":0,"hyp_coder":0,"ref_coder":0},"gleu":{"counts":[],"expected":[],"score":1},"chrf":{"stats":` + chrfStats(2, 2, 2) + `,"score":1}}
`

var judgeFile = `{"line":1,"system":"A","grammaticality":3.5,"overcorrection":0.25,"overall":0.9,"labels":{"grammaticality":"Perfect"},"evidence":"reference"}
{"line":2,"system":"A","grammaticality":2,"overcorrection":1.5,"overall":null,"labels":{},"evidence":"reference"}
`

var evalJSON = `{
  "signature": "gecmetric:0.1.0|refs:2,text",
  "systems": [
    {"name": "A", "m2": {"p": 1, "r": 0.5, "f": 0.8333}, "gleu": {"score": 0.61, "std": 0.01}},
    {"name": "B", "m2": {"p": 0.5, "r": 0.5, "f": 0.5}, "gleu": {"score": 0.4, "std": 0.02}}
  ]
}
`

func TestReadMetricFile(t *testing.T) {
	// M2 and ERRANT by hand, F0.5 = 1.25·P·R / (0.25·P + R): A line 1
	// P 1/2, R 1 → 0.625/1.125; A line 2 P 1 (nothing proposed), R 0 → 0;
	// A's sum 1 of 2 proposed, 1 of 2 gold → 0.5. B: 0, then 1; sum 1/1,
	// 1/2 → 0.625/0.75. chrF (β 2) of unigram counts: A's sum 3 of 4
	// both ways → 0.75; B's 2 of 4 → 0.5. GLEU: the lines' scores and no
	// corpus score.
	f := 0.625 / 1.125
	for _, tc := range []struct {
		name, in string
		opt      MetricFileOptions
		format   string
		want     string
	}{
		{"table", "item,system,score\n1,A,0.5\n", MetricFileOptions{}, MetricTable, "1/A=0.5"},
		{"table as JSON Lines", `{"item":"1","system":"A","score":0.5}`, MetricFileOptions{}, MetricTable, "1/A=0.5"},
		{"per-sentence m2", perSentenceFile, MetricFileOptions{Metric: "m2"}, MetricPerSentence,
			fmt.Sprintf("0/A=%.4f 0/B=0 1/A=0 1/B=1 /A=0.5 /B=%.4f", f, 0.625/0.75)},
		{"per-sentence errant", perSentenceFile, MetricFileOptions{Metric: "errant"}, MetricPerSentence,
			fmt.Sprintf("0/A=%.4f 0/B=0 1/A=0 1/B=1 /A=0.5 /B=%.4f", f, 0.625/0.75)},
		{"per-sentence m2, F1, from 1", perSentenceFile, MetricFileOptions{Metric: "m2", Beta: 1, LineBase: 1}, MetricPerSentence,
			fmt.Sprintf("1/A=%.4f 1/B=0 2/A=0 2/B=1 /A=0.5 /B=%.4f", 2.0/3, 2.0/3)},
		{"per-sentence gleu", perSentenceFile, MetricFileOptions{Metric: "gleu"}, MetricPerSentence, "0/A=0.5 0/B=0.25 1/A=0.75 1/B=1"},
		{"per-sentence chrf", perSentenceFile, MetricFileOptions{Metric: "chrf"}, MetricPerSentence, "0/A=0.5 0/B=0 1/A=1 1/B=1 /A=0.75 /B=0.5"},
		{"judge overall: null unscored", judgeFile, MetricFileOptions{Metric: "overall"}, MetricJudgeJSONL, "0/A=0.9"},
		{"judge overcorrection negated", judgeFile, MetricFileOptions{Metric: "overcorrection", LineBase: 1}, MetricJudgeJSONL, "1/A=-0.25 2/A=-1.5"},
		{"judge grammaticality", judgeFile, MetricFileOptions{Metric: "grammaticality"}, MetricJudgeJSONL, "0/A=3.5 1/A=2"},
		{"eval json", evalJSON, MetricFileOptions{Metric: "m2"}, MetricEvalJSON, "/A=0.8333 /B=0.5"},
		{"eval json gleu", evalJSON, MetricFileOptions{Metric: "gleu"}, MetricEvalJSON, "/A=0.61 /B=0.4"},
		{"eval json on one line", `{"systems":[{"name":"A","m2":{"f":0.25}}]}`, MetricFileOptions{}, MetricEvalJSON, "/A=0.25"},
		{"one metric needs no name", `{"system":"A","line":3,"chrf":{"stats":` + chrfStats(2, 2, 1) + `,"score":0.5}}`, MetricFileOptions{}, MetricPerSentence, "2/A=0.5 /A=0.5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ms, format, err := ReadMetricFile(strings.NewReader(tc.in), "m", tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range ms {
				got = append(got, fmt.Sprintf("%s/%s=%s", m.Item, m.System, strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.4f", m.Value), "0"), ".")))
			}
			if format != tc.format || strings.Join(got, " ") != tc.want {
				t.Errorf("%s %s, want %s %s", format, strings.Join(got, " "), tc.format, tc.want)
			}
		})
	}
}

func TestReadMetricFileRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		opt      MetricFileOptions
		want     string
	}{
		{"several metrics, none named", perSentenceFile, MetricFileOptions{}, "m:1: eval --per-sentence output with m2, errant, gleu, chrf: name one with --metric-name"},
		{"judge, none named", judgeFile, MetricFileOptions{}, "m:1: judge --jsonl output with grammaticality, overall, overcorrection: name one with --metric-name"},
		{"unknown name", evalJSON, MetricFileOptions{Metric: "bleu"}, "m: no bleu in this eval --json output (it has m2, gleu)"},
		{"a name for a table", "system,score\nA,1\n", MetricFileOptions{Metric: "m2"}, "m: a table of item, system, score holds one score: --metric-name m2 is for eval's and judge's outputs"},
		{"repeated line", judgeFile + `{"line":2,"system":"A","overall":1}` + "\n", MetricFileOptions{Metric: "overall"}, "m:3: system A, line 2 again (first at line 2)"},
		{"metric missing later", perSentenceFile + `{"system":"C","line":1,"gleu":{"score":1}}`, MetricFileOptions{Metric: "m2"}, `m:5: no "m2" on this line, unlike the first`},
		{"m2 counts missing", `{"system":"A","line":1,"m2":{"correct":1}}`, MetricFileOptions{}, `m:1: "m2" needs correct, proposed and gold`},
		{"line 0", `{"system":"A","line":0,"overall":1}`, MetricFileOptions{}, `m:1: want "line", a line number from 1`},
		{"no system", `{"line":1,"overall":1}`, MetricFileOptions{}, "m:1: not a metric file correlate reads (an item,system,score table as CSV, TSV or JSON Lines, or the output of eval --per-sentence, judge --jsonl or eval --json); its keys are line, overall"},
		{"judge text value", judgeFile + `{"line":3,"system":"A","overall":"high"}`, MetricFileOptions{Metric: "overall"}, `m:3: "overall": want a number or null: json: cannot unmarshal string into Go value of type float64`},
		{"broken JSON line", judgeFile + `{"line":3,` + "\n", MetricFileOptions{Metric: "overall"}, "m:3:11: unexpected end of JSON input"},
		{"judge --json report", `{"signature":"judge:en","systems":[{"name":"A","means":{}}]}`, MetricFileOptions{}, "m:1: not a metric file correlate reads (an item,system,score table as CSV, TSV or JSON Lines, or the output of eval --per-sentence, judge --jsonl or eval --json); its keys are signature, systems"},
		{"an M2 file", "S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n", MetricFileOptions{}, `m:1: not a metric file correlate reads (an item,system,score table as CSV, TSV or JSON Lines, or the output of eval --per-sentence, judge --jsonl or eval --json); its first line is "S He go ."`},
		{"a table's bad score", "system,score\nA,x\n", MetricFileOptions{}, `m:2:3: score "x" is not a number`},
		{"eval json without scores", `{"systems":[{"name":"A","m2":{"p":1}}]}`, MetricFileOptions{}, "m: eval --json: system A has no m2 score"},
		{"eval json no systems", `{"systems":[]}`, MetricFileOptions{}, "m: empty input: eval --json: no systems"},
		{"a broken document", "{\n  \"systems\": [\n}", MetricFileOptions{}, "m:3:2: invalid character '}' looking for beginning of value"},
		{"invalid UTF-8", "system,score\n\xff,1\n", MetricFileOptions{}, "m:2:1: invalid UTF-8: byte 0xff"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ReadMetricFile(strings.NewReader(tc.in), "m", tc.opt)
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v\nwant  %s", err, tc.want)
			}
			if _, ok := errors.AsType[*parseerr.Error](err); !ok {
				t.Errorf("error %v (%T) is not positioned", err, err)
			}
		})
	}
}

// FuzzReadMetricFile reads every metric file format: an error is
// positioned; a success holds at least one score, every one finite, with
// text names.
func FuzzReadMetricFile(f *testing.F) {
	f.Add(perSentenceFile, "m2")
	f.Add(perSentenceFile, "chrf")
	f.Add(judgeFile, "overall")
	f.Add(evalJSON, "gleu")
	f.Add("item,system,score\n1,A,0.5\n", "")
	f.Fuzz(func(t *testing.T, in, metric string) {
		ms, _, err := ReadMetricFile(strings.NewReader(in), "m", MetricFileOptions{Metric: metric})
		if err != nil {
			if _, ok := errors.AsType[*parseerr.Error](err); !ok {
				t.Fatalf("error %v (%T) is not positioned", err, err)
			}
			return
		}
		if len(ms) == 0 {
			t.Fatal("no scores and no error")
		}
		for _, m := range ms {
			if math.IsNaN(m.Value) || math.IsInf(m.Value, 0) {
				t.Fatalf("score %+v is not finite", m)
			}
			if !utf8.ValidString(m.Item) || !utf8.ValidString(m.System) {
				t.Fatalf("score %+v is not text", m)
			}
		}
	})
}
